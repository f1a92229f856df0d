import { defineConfig } from 'vite';

export default defineConfig({
  // Relative asset URLs: the built app works from any directory it is served from.
  base: './',
  worker: { format: 'es' },
  // Pre-bundle everything the app and its worker import, so the dev server never discovers a
  // dependency late and reloads the page in the middle of a session (or a test).
  optimizeDeps: {
    entries: ['index.html', 'src/app/workers/*.worker.ts'],
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
  server: { port: 5173, warmup: { clientFiles: ['./src/app/main.ts', './src/app/workers/*.worker.ts'] } },
  preview: { port: 4173 },
});
