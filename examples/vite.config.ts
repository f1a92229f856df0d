/**
 * Builds the examples as a multi-page site (`npx vite build -c examples/vite.config.ts`).
 * `navlab` and `navlab/three` resolve to the sources here; an installed package resolves them
 * to its built `lib/` instead, with the same exports.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: './',
  resolve: {
    alias: [
      { find: /^navlab$/, replacement: here('../src/core/index.ts') },
      { find: /^navlab\/scene$/, replacement: here('../src/scene/index.ts') },
      { find: /^navlab\/three$/, replacement: here('../src/three/index.ts') },
      { find: /^navlab\/helpers$/, replacement: here('../src/helpers/index.ts') },
      { find: /^navlab\/import$/, replacement: here('../src/import/index.ts') },
    ],
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
    outDir: here('../dist-examples'),
    emptyOutDir: true,
    rollupOptions: {
      input: {
        index: here('index.html'),
        'gltf-path': here('gltf-path.html'),
        agents: here('agents.html'),
        search: here('search.html'),
      },
    },
  },
});
