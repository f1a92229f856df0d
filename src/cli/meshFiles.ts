import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SceneDocument } from '../scene/index.ts';
import { importMesh, MESH_LIMITS, MeshError, type ImportedMesh, type MeshImportOptions } from '../import/meshImport.ts';
import { loadSceneMeshes } from '../scene-three/sceneMeshes.ts';
import { InThreadDracoLoader, type DracoModule } from '../import/dracoDecode.ts';
import { InputError, readFileBytes } from './io.ts';

/**
 * Bytes of a mesh file (`readFileBytes`: regular files only, size checked before reading),
 * or null when absent; any other failure is a MeshError naming `label`.
 */
function readLimited(path: string, label: string): Uint8Array | null {
  try {
    return readFileBytes(path, MESH_LIMITS.fileBytes, label);
  } catch (e) {
    if (e instanceof InputError) throw new MeshError(label, e.message.slice(label.length + 2));
    throw e;
  }
}

/**
 * Reads and imports a mesh file from disk. Buffers a .gltf references are read from its
 * folder (and only from there or below: `../` out of it is refused). Throws MeshError.
 */
export async function readMeshFile(file: string): Promise<ImportedMesh> {
  const bytes = readLimited(file, file);
  if (bytes === null) throw new MeshError(file, 'no such file');
  return importMesh(file, bytes, { draco: await nodeDracoLoader(), read: siblingReader(file) });
}

/** Reads the files a .gltf at `file` references, from its folder or below. */
function siblingReader(file: string): MeshImportOptions['read'] {
  const folder = dirname(resolve(file));
  return async (uri) => {
    const path = resolve(folder, uri);
    if (relative(folder, path).startsWith('..')) throw new MeshError(file, `buffer '${uri}' lies outside the file's folder`);
    return readLimited(path, `${file}: buffer '${uri}'`);
  };
}

/** The mesh files of a scene read from disk, paths relative to `sceneFile`. Throws MeshError. */
export async function readSceneMeshes(doc: SceneDocument, sceneFile: string): Promise<Map<string, ImportedMesh>> {
  if ((doc.meshes ?? []).length === 0) return new Map();
  const folder = dirname(resolve(sceneFile));
  return loadSceneMeshes(
    doc,
    async (src) => {
      const path = resolve(folder, src);
      const bytes = readLimited(path, src);
      return bytes === null ? null : { bytes, read: siblingReader(path) };
    },
    { draco: await nodeDracoLoader() },
  );
}

let _draco: Promise<DracoModule> | null = null;

/**
 * three's glTF Draco decoder (examples/jsm/libs/draco/gltf/draco_decoder.js, the asm.js
 * build) in this process: DRACOLoader would start Web Workers, which Node does not have.
 * The script is an emscripten module that expects CommonJS `require` and `__dirname`.
 */
function dracoModule(): Promise<DracoModule> {
  _draco ??= (async () => {
    const path = fileURLToPath(import.meta.resolve('three/examples/jsm/libs/draco/gltf/draco_decoder.js'));
    const source = readFileSync(path, 'utf8');
    const factory = new Function('require', '__dirname', `${source}\nreturn DracoDecoderModule;`)(createRequire(path), dirname(path)) as (
      o: object,
    ) => Promise<DracoModule>;
    return factory({});
  })();
  return _draco;
}

let _loader: Promise<InThreadDracoLoader> | null = null;

/** The process's Node Draco loader (the decoder module loads once). */
export function nodeDracoLoader(): Promise<InThreadDracoLoader> {
  _loader ??= dracoModule().then((m) => new InThreadDracoLoader(m));
  return _loader;
}
