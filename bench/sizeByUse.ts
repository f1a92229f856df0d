/**
 * Size by use: what a program that imports navlab pays for what it uses. Each program below is
 * a small consumer that imports the package entries by their published names (`navlab`,
 * `navlab/three`, ...; resolved to the sources, src/<entry>/index.ts) and uses a few of their
 * exports. It is built as vite builds a library (one ES module, minified, tree-shaken) with
 * the peers (three, three-mesh-bvh and their subpaths) external, as they are counted once for
 * a whole app, and gzipped (level 9). Sizes are deterministic for a given source tree, so the
 * budgets are exact byte checks (test/package/sizeByUse.test.ts) and printed by `npm run bench`.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { ROOT } from '../test/support/cli.ts';
import { checkTarget } from './targets.ts';

/** A consumer program and the most its bundle may weigh (gzipped bytes). */
export interface SizeProgram {
  name: string;
  /** The program's source (TypeScript; imports navlab's entries by their package names). */
  source: string;
  /** Budget, gzipped bytes (the bench's target). */
  budget: number;
  /**
   * While a program is over its budget: the bound the test holds it to meanwhile (so it cannot
   * grow unnoticed), and why. The bench still reports the budget missed.
   */
  ceiling?: { bytes: number; why: string };
}

export const SIZE_PROGRAMS: readonly SizeProgram[] = [
  {
    name: 'grid query (VoxelGrid, GridSpace, findPath)',
    budget: 8_000,
    source: `
import { findPath, GridSpace, VoxelGrid } from 'navlab';
export function run(n: number) {
  const grid = new VoxelGrid({ dims: [n, n, n] });
  grid.occupancy[grid.index(1, 1, 1)] = 1;
  return findPath(new GridSpace(grid), 0, grid.index(n - 1, n - 1, n - 1));
}
`,
  },
  {
    name: 'grid query with the component check (unreachable goals answered without a flood)',
    budget: 11_400,
    source: `
import { componentCheck, findPath, GridSpace, VoxelGrid } from 'navlab';
export function run(n: number) {
  const grid = new VoxelGrid({ dims: [n, n, n] });
  grid.occupancy[grid.index(1, 1, 1)] = 1;
  return findPath(new GridSpace(grid, { components: componentCheck }), 0, grid.index(n - 1, n - 1, n - 1));
}
`,
  },
  {
    name: "NavWorld.fromObject3D (waypoints 'none') + findPath",
    budget: 32_000,
    source: `
import type { Object3D, Vector3 } from 'three';
import { NavWorld } from 'navlab/three';
export function run(level: Object3D, a: Vector3, b: Vector3) {
  const world = NavWorld.fromObject3D(level, { cellSize: 0.5, agentRadius: 0.3, waypoints: 'none' });
  return world.findPath(a, b);
}
`,
  },
  {
    name: 'everything an app uses (automatic waypoints, every algorithm, agents, helpers)',
    budget: 60_000,
    ceiling: {
      bytes: 59_800,
      why: "58,963 B (within budget) before issue 26's reciprocal avoidance (2a108f1: orca.ts, linearProgram3.ts, agentGap.ts, ~2.7 kB in every simulation whether it avoids by ORCA or not; 1.9 kB of it is orca.ts + linearProgram3.ts); 61,710 -> 61,580 B by compacting the ORCA code (issue 23); 61,869 B with placement's grid capsule test and connect flood (issue 24: 1.1-4x less import CPU; a smaller slab test cost 50% of placement speed) and reciprocal avoidance's neighbour cubes (issue 26); 61,894 B with the neighbour search's remembered level and sum hash (issue 26: half the CPU per step), ties settled in the run's own search (issue 24: TiedGoals removed) and two transitional 'waypoints' messages dropped; 61,907 B with NavWorld.update's mesh walk shared with the sparse NavWorld's (moveMeshes, navWorldBuild.ts: one copy instead of two, 13 B more); 60,979 B after trimming (issue 23: #private members in the helpers and search runs, argument checks through args.ts instead of bespoke messages, one exact grid-size limit check, soupBounds and isClosedMesh via checkNumbers; 930 B less); 60,851 B with placement's cover by 8^3 blocks (issue 24: 121 B less) and a sparse NavWorld's own simulation planner (5 B more); 59,924 B after trimming (issue 23: the limits checks as constants of their own instead of the whole LIMITS table, class fields the constructor assigns as 'declare' fields (no bare definitions), one grown() for growing typed arrays, boxes through boxes.ts, fewer one-use helpers; 927 B less, within the 60,000 B budget); 59,873 B with placement's world built without its BVH and the unused box sweep proof dropped (issue 24; 51 B less); 59,919 B with the voxelizer's touch widening (a face on a voxel boundary at a cell size not exact in binary blocked neither side: closed boxes leaked; 59 B) after 16 B of trims in the sparse NavWorld's checks; 59,669 B with placement's fattened-capsule block proofs dropped (issue 24: 129 B less; the ceiling lowered from 59,930)",
    },
    source: `
import type { Object3D, Vector3 } from 'three';
import { NavWorld, autoWaypoints, createSimulation } from 'navlab/three';
import { AgentsHelper, SearchHelper, WaypointGraphHelper } from 'navlab/helpers';
export function run(level: Object3D, a: Vector3, b: Vector3, agent: Object3D) {
  const nav = NavWorld.fromObject3D(level, { cellSize: 0.5, agentRadius: 0.3, waypoints: autoWaypoints });
  const paths = [nav.findPath(a, b, { graph: 'waypoints' }), nav.findPath(a, b, { algorithm: 'jps' }), nav.findPath(a, b, { algorithm: 'lazy-theta' })];
  nav.update(level);
  const sim = createSimulation(nav);
  sim.addAgent(agent, { goal: b });
  return { paths, sim, helpers: [new AgentsHelper(), new WaypointGraphHelper(nav.graph), SearchHelper] };
}
`,
  },
];

/**
 * Whole entries (every export), printed by the bench for comparison, without a budget: a
 * program pays for what it uses. zod (navlab/scene's dependency) is bundled, not external.
 */
export const ENTRY_PROGRAMS: readonly { name: string; source: string }[] = [
  ...['navlab', 'navlab/scene', 'navlab/three', 'navlab/scene-three', 'navlab/helpers', 'navlab/import'].map((e) => ({
    name: `every export of ${e}`,
    source: `export * from '${e}';`,
  })),
  {
    name: 'every export of navlab, navlab/three and navlab/helpers',
    source: `export * from 'navlab';\nexport * from 'navlab/three';\nexport * from 'navlab/helpers';`,
  },
];

/** The package entries, by their published names. */
const ENTRIES: Record<string, string> = {
  navlab: 'src/core/index.ts',
  'navlab/scene': 'src/scene/index.ts',
  'navlab/three': 'src/three/index.ts',
  'navlab/scene-three': 'src/scene-three/index.ts',
  'navlab/helpers': 'src/helpers/index.ts',
  'navlab/import': 'src/import/index.ts',
};

/** Peers: left out of the bundle. */
const PEER = /^(three|three-mesh-bvh)($|\/)/;

export interface ProgramSize {
  /** Minified bytes. */
  min: number;
  /** Gzipped (level 9) bytes. */
  gzip: number;
  /** Source modules in the bundle, relative to the repository (ROOT), sorted. */
  modules: string[];
}

/**
 * Bundles `source` as a library (ES module, tree-shaken; minified unless `minify` is false)
 * in a temporary directory and returns its sizes and the modules that went into it. One vite
 * build, in process.
 */
export async function measureProgram(source: string, minify = true): Promise<ProgramSize> {
  const dir = mkdtempSync(join(tmpdir(), 'navlab-size-'));
  try {
    const entry = join(dir, 'program.ts');
    writeFileSync(entry, source);
    const out = join(dir, 'out');
    mkdirSync(out);
    const modules = new Set<string>();
    await build({
      root: ROOT,
      configFile: false,
      logLevel: 'error',
      resolve: {
        alias: Object.entries(ENTRIES).map(([name, file]) => ({
          find: new RegExp(`^${name.replace('/', '\\/')}$`),
          replacement: join(ROOT, file),
        })),
      },
      plugins: [
        {
          name: 'navlab-size-modules',
          generateBundle(_options, bundle) {
            for (const chunk of Object.values(bundle)) {
              if (chunk.type !== 'chunk') continue;
              for (const [id, m] of Object.entries(chunk.modules)) if (m.renderedLength > 0) modules.add(id);
            }
          },
        },
      ],
      build: {
        outDir: out,
        emptyOutDir: false,
        write: true,
        minify,
        reportCompressedSize: false,
        copyPublicDir: false,
        lib: { entry, formats: ['es'], fileName: 'program' },
        // Library mode keeps whitespace and annotations in ES output (for the app's bundler to
        // minify later); a user's app bundle has neither, so neither is counted.
        rolldownOptions: { external: (id) => PEER.test(id), output: minify ? { minify: true, comments: false } : {} },
      },
    });
    let min = 0;
    let gzip = 0;
    for (const f of readdirSync(out)) {
      const code = readFileSync(join(out, f));
      min += code.length;
      gzip += gzipSync(code, { level: 9 }).length;
    }
    const rel = [...modules].map((id) => (id.startsWith(ROOT) ? id.slice(ROOT.length + 1) : id)).sort();
    return { min, gzip, modules: rel };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const kb = (n: number): string => `${(n / 1000).toFixed(1)} kB`;

/** `npm run bench`: the size of each program against its budget (a target), then whole entries for comparison. */
export async function benchSizeByUse(): Promise<void> {
  console.log('\n## Size by use (consumer programs; vite library build, minified, gzip -9; three, three-mesh-bvh external)');
  console.log('| program | minified | gzipped | target |');
  console.log('| --- | --- | --- | --- |');
  for (const p of SIZE_PROGRAMS) {
    const s = await measureProgram(p.source);
    const verdict = checkTarget('size by use', p.name, s.gzip / 1000, '<=', p.budget / 1000, 'kB');
    console.log(`| ${p.name} | ${kb(s.min)} | ${kb(s.gzip)} | ${verdict} |`);
  }
  for (const p of ENTRY_PROGRAMS) {
    const s = await measureProgram(p.source);
    console.log(`| ${p.name} | ${kb(s.min)} | ${kb(s.gzip)} | (printed only) |`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // tsx bench/sizeByUse.ts [--modules] [--no-minify]: the sizes, and the modules in each bundle.
  const verbose = process.argv.includes('--modules');
  for (const p of SIZE_PROGRAMS) {
    const s = await measureProgram(p.source, !process.argv.includes('--no-minify'));
    console.log(`${p.name}: ${s.min} B minified, ${s.gzip} B gzipped (budget ${p.budget} B)`);
    if (verbose) for (const m of s.modules) console.log(`  ${m}`);
  }
}
