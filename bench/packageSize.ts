/**
 * Size of the package entries (printed, no target: the per-entry budgets are withdrawn): each entry bundled from the sources as a user's bundler
 * would (vite build of the entry with its exports kept, minified, tree-shaken), then gzipped.
 * Not a library-mode build: vite leaves the whitespace of ES library output unminified. Peer dependencies are left
 * external, as they are in a user's bundle, where they are counted once for the whole app.
 */
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { build, type Rollup } from 'vite';
import { ROOT } from '../test/support/cli.ts';

/** The entries; peers (three, three-mesh-bvh: peer dependencies) left out count navlab's own code. */
const ENTRIES = [
  { name: 'navlab (core)', entry: 'src/core/index.ts', external: [] as RegExp[] },
  { name: 'navlab/scene', entry: 'src/scene/index.ts', external: [/^zod/] },
  {
    name: 'navlab/three, without three, three-mesh-bvh',
    entry: 'src/three/index.ts',
    external: [/^three($|\/)/, /^three-mesh-bvh/, /^zod/],
  },
  { name: 'navlab/three, without three', entry: 'src/three/index.ts', external: [/^three($|\/)/, /^zod/] },
  {
    name: 'navlab/scene-three, without three, three-mesh-bvh',
    entry: 'src/scene-three/index.ts',
    external: [/^three($|\/)/, /^three-mesh-bvh/, /^zod/],
  },
  {
    name: 'navlab/helpers, without three, three-mesh-bvh',
    entry: 'src/helpers/index.ts',
    external: [/^three($|\/)/, /^three-mesh-bvh/, /^zod/],
  },
  {
    name: 'navlab/import, without three, three-mesh-bvh',
    entry: 'src/import/index.ts',
    external: [/^three($|\/)/, /^three-mesh-bvh/, /^zod/],
  },
];

async function bundledSize(entry: string, external: RegExp[]): Promise<{ min: number; gzip: number }> {
  const out = (await build({
    root: ROOT,
    configFile: false,
    logLevel: 'error',
    build: {
      write: false,
      minify: true,
      modulePreload: false,
      rollupOptions: { input: join(ROOT, entry), preserveEntrySignatures: 'strict', external: (id) => external.some((re) => re.test(id)) },
    },
  })) as Rollup.RollupOutput;
  let min = 0,
    gzip = 0;
  for (const c of out.output) {
    const code = c.type === 'chunk' ? c.code : c.source;
    min += Buffer.byteLength(code);
    gzip += gzipSync(code, { level: 9 }).length;
  }
  return { min, gzip };
}

export async function benchPackageSize(): Promise<void> {
  console.log('\n## Package size (minified, gzip -9; peers external)');
  console.log('| entry | minified | gzipped |');
  console.log('| --- | --- | --- |');
  for (const e of ENTRIES) {
    const s = await bundledSize(e.entry, e.external);
    const kb = (n: number): string => `${(n / 1000).toFixed(1)} kB`;
    console.log(`| ${e.name} | ${kb(s.min)} | ${kb(s.gzip)} |`);
  }
}
