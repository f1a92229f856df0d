import { DRACO_GLTF_CONFIG } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { InThreadDracoLoader, type DracoModule } from '../../../import/dracoDecode.ts';

// The URLs three's DRACOLoader module already names (the build emits each file once, for it).
const wrapperUrl = DRACO_GLTF_CONFIG.js;
const wasmUrl = DRACO_GLTF_CONFIG.wasm;

/**
 * three's glTF Draco decoder (examples/jsm/libs/draco/gltf: the emscripten wrapper script and
 * its WebAssembly), served by the app itself as build assets and run on the main thread.
 * The wrapper is a classic script that defines the global `DracoDecoderModule`: it is loaded
 * with a <script> element from the app's own origin (script-src 'self'), the WebAssembly is
 * fetched from there too (connect-src 'self') and compiled ('wasm-unsafe-eval'). Nothing
 * comes from the internet, and no blob: workers are needed (see index.html). The files are
 * those DRACOLoader itself points at (DRACO_GLTF_CONFIG), so the build holds one copy of each;
 * vite.config.ts keeps the build from emitting DRACOLoader's other (non-glTF) decoder, which
 * the app never loads.
 */
let _loader: Promise<InThreadDracoLoader> | null = null;

/** The app's Draco loader; the decoder loads on first use (again after it trapped on corrupt data). */
export async function dracoLoader(): Promise<InThreadDracoLoader> {
  if (_loader !== null && (await _loader.catch(() => null))?.trapped) _loader = null;
  _loader ??= load().catch((e: unknown) => {
    _loader = null;
    throw new Error(`the Draco decoder could not be loaded (${(e as Error).message ?? e})`);
  });
  return _loader;
}

async function load(): Promise<InThreadDracoLoader> {
  const global = globalThis as unknown as { DracoDecoderModule?: (o: object) => Promise<DracoModule> };
  if (global.DracoDecoderModule === undefined) {
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = new URL(wrapperUrl, document.baseURI).href;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`cannot load ${wrapperUrl}`));
      document.head.append(script);
    });
  }
  const factory = global.DracoDecoderModule;
  if (factory === undefined) throw new Error('the wrapper script defined no DracoDecoderModule');
  const res = await fetch(new URL(wasmUrl, document.baseURI));
  if (!res.ok) throw new Error(`cannot fetch ${wasmUrl}: HTTP ${res.status}`);
  const wasmBinary = await res.arrayBuffer();
  // emscripten's module object is a thenable: unwrap it to a plain object, or awaiting it loops.
  const module = await new Promise<DracoModule>((resolve, reject) => {
    void factory({
      wasmBinary,
      onModuleLoaded: (m: DracoModule) => resolve(m),
      onAbort: (what: unknown) => reject(new Error(String(what))),
    });
  });
  return new InThreadDracoLoader(module);
}
