import { defineConfig, type Plugin } from 'vite';

/**
 * three's DRACOLoader names two decoders by `new URL(..., import.meta.url)`, so a build emits
 * both: the glTF one (libs/draco/gltf, what the app loads: src/app/shell/scene/draco.ts) and the
 * general one (libs/draco: wrapper, WebAssembly and a 700 kB asm.js fallback) that the app's
 * in-thread loader never fetches. This drops the general one's URLs from DRACOLoader, so the
 * build holds one Draco decoder. Warns when DRACOLoader's text no longer matches.
 */
export function dracoGltfOnly(): Plugin {
  const general =
    /new URL\(\s*'\.\.\/libs\/draco\/(draco_decoder\.wasm|draco_wasm_wrapper\.js|draco_decoder\.js)',\s*import\.meta\.url\s*\)\.toString\(\)/g;
  return {
    name: 'navlab-draco-gltf-only',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!id.replace(/\\/g, '/').endsWith('/three/examples/jsm/loaders/DRACOLoader.js')) return null;
      let count = 0;
      const out = code.replace(general, () => {
        count++;
        return "''";
      });
      if (count !== 3)
        this.warn(`expected 3 general Draco decoder URLs in DRACOLoader.js, found ${count}: the build may hold two decoders`);
      return { code: out, map: null };
    },
  };
}

export default defineConfig({
  plugins: [dracoGltfOnly()],
  // Relative asset URLs: the built app works from any directory it is served from.
  base: './',
  worker: { format: 'es' },
  // Pre-bundle everything the app and its worker import, so the dev server never discovers a
  // dependency late and reloads the page in the middle of a session (or a test).
  optimizeDeps: {
    entries: ['index.html', 'src/app/**/*.worker.ts'],
    include: ['three', 'three-mesh-bvh', 'lil-gui', 'zod', 'three/examples/jsm/controls/OrbitControls.js'],
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
    // Scene files stay files, even small ones: the app fetches them, and its Content-Security-
    // Policy (index.html) allows fetching from its own origin only, not data: URLs.
    assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
  },
  // Transform the app's modules as soon as the dev server starts, not while the first page loads.
  server: { port: 5173, warmup: { clientFiles: ['./src/app/main.ts', './src/app/**/*.worker.ts'] } },
  preview: { port: 4173 },
});
