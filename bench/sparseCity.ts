/**
 * Sparse worlds at city scale (issue 25, "Scale"): a generated town of at least 1M triangles
 * (levelGen.ts: box buildings and bridges on a slab, faces tessellated) voxelized at the cell
 * size that makes its longest side 4,093 voxels (4,096 with the margins: no dense grid can
 * hold it), straight from its triangles (`sparseFromTriangles`). Prints the build time, the
 * process's peak memory, the world's bytes, the bake (`.navbin` with the sparse section), which
 * is read back (`readNavbin`) into the very same tree (every array equal) and written again to
 * the same bytes, and 1,000 seeded random queries between free voxels (`findPathSparse`,
 * components on) on the world read back: median and p95 time, found / unreachable counts, and
 * the slowest queries.
 * The fill is `auto` by default, as NavWorld and `nav import` choose it: solid for this closed
 * town (`isClosedMesh`), so the insides of the buildings and of the ground slab are blocked and no
 * goal is sealed. `--fill surface` keeps the insides free but sealed (about a third of the random
 * goals are then answered 'unreachable' with the closest reachable voxel); printed, not judged.
 * Targets: build (fill included) <= 30 s under 1 GiB peak, median <= 2 ms and p95 <= 20 ms, bake
 * <= 16 MB.
 *
 * Run alone: npx tsx bench/sparseCity.ts [QUERIES] [--side N] [--weight W] [--fill auto|surface|solid]   (default 1,000 queries,
 * side 4,093, the library's sparse weight SPARSE_WEIGHT, fill auto). A smaller side (e.g. 1021) is a quick check while working; its numbers are
 * printed, not judged against the targets.
 */
import { isClosedMesh } from '../src/core/geometry/closedMesh.ts';
import type { VoxelFill } from '../src/core/geometry/voxelizeMesh.ts';
import { readNavbin, writeNavbin } from '../src/core/io/navbin.ts';
import { mulberry32 } from '../src/core/math/random.ts';
import { sparseFromTriangles } from '../src/core/sparse/fromTriangles.ts';
import { findPathSparse, SPARSE_WEIGHT } from '../src/core/sparse/SparseRun.ts';
import { SparseSpace } from '../src/core/sparse/SparseSpace.ts';
import type { SparseWorld } from '../src/core/sparse/SparseWorld.ts';
import { LargeSearchContext } from '../src/core/sparse/largeContext.ts';
import { generateLevel } from './levelGen.ts';
import { median, quantile } from './stats.ts';
import { checkTarget, recordTarget } from './targets.ts';

const SECTION = 'sparse: city scale';
const SIDE = 4093;

/** A random free voxel of the world (seeded). */
function freeVoxel(w: SparseWorld, rand: () => number): number[] {
  for (;;) {
    const p = [Math.floor(rand() * w.X), Math.floor(rand() * w.Y), Math.floor(rand() * w.Z)];
    if (!w.isBlocked(p[0], p[1], p[2])) return p;
  }
}

/** The bench's options: queries, the level's longest side in voxels, the search weight, the fill. */
export interface CityOptions {
  queries: number;
  side: number;
  /** The search's heuristic weight; undefined: the library's sparse default (SPARSE_WEIGHT). */
  weight: number | undefined;
  /** The voxelization's fill (default 'auto': solid when the mesh is closed (`isClosedMesh`), as NavWorld chooses). */
  fill: VoxelFill | 'auto';
}

/** The town voxelized (the soup lives only here, so it goes once the world is built). */
function buildCity(side: number, fillOption: VoxelFill | 'auto') {
  const soup = generateLevel(1_050_000);
  const tc = performance.now();
  const fill: VoxelFill = fillOption !== 'auto' ? fillOption : isClosedMesh(soup) ? 'solid' : 'surface';
  const closedMs = performance.now() - tc;
  const lo = [Infinity, Infinity, Infinity],
    hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < soup.length; i += 3)
    for (let a = 0; a < 3; a++) {
      lo[a] = Math.min(lo[a], soup[i + a]);
      hi[a] = Math.max(hi[a], soup[i + a]);
    }
  const extent = Math.max(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
  const cellSize = extent / side;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const world = sparseFromTriangles(soup, { cellSize, fill });
  const buildMs = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  return { world, fill, closedMs, buildMs, buildCpuS: (cpu.user + cpu.system) / 1e6, triangles: soup.length / 9, cellSize };
}

const TREE = ['levelStart', 'code', 'kind', 'level', 'firstChild', 'parents', 'coarseLink', 'maskLo', 'maskHi'] as const;

/** A hash of every array of the tree (FNV-1a over their 32-bit words or bytes), with the box. */
function treeHash(w: SparseWorld): string {
  let h = 0x811c9dc5;
  for (const k of TREE) {
    const a = w[k];
    h = Math.imul(h ^ a.length, 0x01000193);
    for (let i = 0; i < a.length; i++) h = Math.imul(h ^ a[i], 0x01000193);
  }
  return `${(h >>> 0).toString(16)}:${w.X}x${w.Y}x${w.Z}:${w.nodeCount}`;
}

const bakeOf = (w: SparseWorld): Uint8Array =>
  writeNavbin({
    settings: { agentRadius: 0, maxLinkDistance: Infinity, neighborhood: 26, cornerCutting: 'forbid' },
    grid: null,
    graph: { ids: [], positions: [], offsets: [0], targets: [], costs: [] },
    sparse: w,
  });

export function benchSparseCity({ queries = 1000, side = SIDE, weight, fill: fillOption = 'auto' }: Partial<CityOptions> = {}): void {
  const judged = side === SIDE && fillOption === 'auto';
  const check = (name: string, v: number, op: '<=', limit: number, unit: string): string =>
    judged ? checkTarget(SECTION, name, v, op, limit, unit) : `(side ${side}, fill ${fillOption}: not judged)`;
  const built = buildCity(side, fillOption);
  const { fill, buildMs } = built;
  let world: SparseWorld | null = built.world;
  built.world = null as unknown as SparseWorld;
  const peakBuildMiB = process.resourceUsage().maxRSS / 1024;
  console.log(
    `\n## ${SECTION}: generated town, ${built.triangles} triangles, ${world.X}x${world.Y}x${world.Z} voxels (cell ${built.cellSize.toFixed(4)})`,
  );
  console.log(`fill ${fill} (${fillOption}${fillOption === 'auto' ? `: closed mesh test ${(built.closedMs / 1000).toFixed(1)} s` : ''})`);
  console.log(`build from triangles: ${(buildMs / 1000).toFixed(1)} s, ${world.nodeCount} nodes, ${world.brickCount} bricks`);
  console.log(`build ${(buildMs / 1000).toFixed(1)} s: ${check('build s', buildMs / 1000, '<=', 30, 's')}`);
  console.log(`peak ${peakBuildMiB.toFixed(0)} MiB after the build: ${check('peak MiB after the build', peakBuildMiB, '<=', 1024, 'MiB')}`);
  console.log(`build CPU time (user + system): ${built.buildCpuS.toFixed(1)} s`);
  // Bake, then load the bake back and search the world read back (as a game would); the tree
  // read back must be the very tree baked, and bake to the same bytes.
  const hash = treeHash(world);
  const worldMB = world.byteLength / 1e6;
  const tb = performance.now();
  const bytes = bakeOf(world);
  const bakeMs = performance.now() - tb;
  world = null;
  const bake = check('bake MB', bytes.byteLength / 1e6, '<=', 16, 'MB');
  console.log(
    `world in memory ${worldMB.toFixed(1)} MB; baked (.navbin) ${(bytes.byteLength / 1e6).toFixed(1)} MB in ${(bakeMs / 1000).toFixed(1)} s: ${bake}`,
  );
  const tr = performance.now();
  const back = readNavbin(bytes).sparse!;
  const readMs = performance.now() - tr;
  const same = treeHash(back) === hash;
  const again = bakeOf(back);
  const sameBytes = again.byteLength === bytes.byteLength && again.every((v, i) => v === bytes[i]);
  console.log(
    `read back (readNavbin) in ${(readMs / 1000).toFixed(1)} s: ${same ? 'the same tree (every array equal)' : 'A DIFFERENT TREE'}, ${sameBytes ? 'bakes to the same bytes' : 'BAKES TO OTHER BYTES'}; peak ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`,
  );
  if (judged)
    recordTarget(SECTION, 'bake read back', same && sameBytes ? 'the same tree and bytes' : 'differs', 'the same', same && sameBytes);
  queryCity(back, queries, weight, judged, check);
}

/** The 1,000 (`queries`) seeded random queries on `world`, with the slowest listed. */
function queryCity(
  world: SparseWorld,
  queries: number,
  weight: number | undefined,
  judged: boolean,
  check: (name: string, v: number, op: '<=', limit: number, unit: string) => string,
): void {
  let space: SparseSpace;
  const t1 = performance.now();
  const c1 = process.cpuUsage();
  try {
    space = new SparseSpace(world, { components: true });
  } catch (e) {
    if (!judged) throw e;
    console.log(recordTarget(SECTION, 'search space', `failed: ${(e as Error).message}`, 'builds', false));
    return;
  }
  const spaceCpu = process.cpuUsage(c1);
  console.log(
    `search space and components: ${((performance.now() - t1) / 1000).toFixed(1)} s (CPU ${((spaceCpu.user + spaceCpu.system) / 1e6).toFixed(1)} s); peak ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`,
  );
  const rand = mulberry32(25);
  const ctx = new LargeSearchContext();
  const times: number[] = [];
  /** CPU time per query (user + system, ms): what the query cost this process on a shared machine. */
  const cpu: number[] = [];
  const counts: Record<string, number> = {};
  /** Times of the queries whose goal lay in another component (answered with the closest reachable voxel). */
  const redirected: number[] = [];
  const expanded: number[] = [];
  /** Per query (the lists above get sorted by median and quantile). */
  const asked: { a: number[]; b: number[]; status: string; cost: number; cpu: number; expanded: number }[] = [];
  const tq = performance.now();
  for (let q = 0; q < queries; q++) {
    const a = freeVoxel(world, rand),
      b = freeVoxel(world, rand);
    const c = process.cpuUsage();
    const t = performance.now();
    const r = findPathSparse(space, a, b, weight === undefined ? {} : { weight }, ctx);
    times.push(performance.now() - t);
    const dc = process.cpuUsage(c);
    cpu.push((dc.user + dc.system) / 1000);
    counts[r.status] = (counts[r.status] ?? 0) + 1;
    if (space.redirected) redirected.push(times[times.length - 1]);
    expanded.push(r.expanded);
    asked.push({ a, b, status: r.status, cost: r.cost / world.cellSize, cpu: cpu[cpu.length - 1], expanded: r.expanded });
    if ((q + 1) % Math.max(1, Math.floor(queries / 10)) === 0)
      console.log(
        `  ${q + 1} queries, ${((performance.now() - tq) / 1000).toFixed(1)} s, median so far ${median([...times]).toFixed(2)} ms, ${median([...expanded])} expansions (max ${Math.max(...expanded)})`,
      );
  }
  if (queries === 0) console.log('0 queries: the query targets are not judged');
  else {
    console.log(
      `${queries} queries: ${Object.entries(counts)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')}`,
    );
    if (redirected.length > 0)
      console.log(`goal in another component: ${redirected.length} queries, median ${median(redirected).toFixed(2)} ms`);
    console.log(
      `weight ${weight ?? `default (${SPARSE_WEIGHT})`}; expansions per query: median ${median(expanded)}, p95 ${quantile(expanded, 0.95)}, max ${Math.max(...expanded)}; ${(expanded.reduce((a, b) => a + b, 0) / ((performance.now() - tq) / 1000) / 1e3).toFixed(0)}k expansions/s`,
    );
    console.log(`CPU time per query (this process): median ${median(cpu).toFixed(2)} ms, p95 ${quantile(cpu, 0.95).toFixed(2)} ms`);
    // The slowest queries by CPU time: where they go (straight-line length, path length, y of the ends: the ground is low).
    const slow = [...asked.keys()].sort((i, j) => asked[j].cpu - asked[i].cpu).slice(0, Math.min(8, queries));
    console.log(
      'slowest queries (CPU ms, expansions, status, straight line -> path length in voxels, start -> goal, sides of the cells at the ends):',
    );
    const cellSide = (p: number[]): number => {
      const box = space.cellBox(space.cellOf(p[0], p[1], p[2]), [0, 0, 0, 0, 0, 0]);
      return Math.min(box[3], box[4], box[5]);
    };
    for (const i of slow) {
      const { a, b, status, cost, cpu: ms, expanded: e } = asked[i];
      const line = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
      console.log(
        `  #${i}: ${ms.toFixed(1)} ms, ${e} expansions, ${status}, ${line.toFixed(0)} -> ${cost.toFixed(0)}, (${a.join(', ')}) -> (${b.join(', ')}), cells ${cellSide(a)} and ${cellSide(b)}`,
      );
    }
    console.log(`median ${median(times).toFixed(2)} ms: ${check('median query ms', median(times), '<=', 2, 'ms')}`);
    console.log(`p95 ${quantile(times, 0.95).toFixed(2)} ms: ${check('p95 query ms', quantile(times, 0.95), '<=', 20, 'ms')}`);
  }
  console.log(
    `peak ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB: ${check('peak MiB', process.resourceUsage().maxRSS / 1024, '<=', 1024, 'MiB')}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const flag = (name: string): number | undefined => {
    const i = args.indexOf(name);
    return i >= 0 ? Number(args.splice(i, 2)[1]) : undefined;
  };
  const side = flag('--side');
  const weight = flag('--weight');
  const f = args.indexOf('--fill');
  const fill = f >= 0 ? (args.splice(f, 2)[1] as VoxelFill | 'auto') : undefined;
  if (fill !== undefined && !['auto', 'surface', 'solid'].includes(fill))
    throw new Error(`--fill: expected auto, surface or solid, got ${fill}`);
  benchSparseCity({ queries: args[0] ? Number(args[0]) : undefined, side, weight, fill });
}
