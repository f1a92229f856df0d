/**
 * Sparse worlds at city scale (issue 25, "Scale"): a generated town of at least 1M triangles
 * (levelGen.ts: box buildings and bridges on a slab, faces tessellated) voxelized at the cell
 * size that makes its longest side 4,093 voxels (4,096 with the margins: no dense grid can
 * hold it), straight from its triangles (`sparseFromTriangles`). Prints the build time, the
 * process's peak memory, the world's bytes, and 1,000 seeded random queries between free
 * voxels (`findPathSparse`, components on): median and p95 time, found / unreachable counts.
 * The fill is `surface` (sparseFromTriangles' default): the insides of the closed boxes (buildings,
 * the ground slab) stay free but sealed, so about a third of the random goals are answered
 * 'unreachable' with the closest reachable voxel. `--fill auto` fills as NavWorld and `nav import`
 * would for this closed mesh (solid); printed, not judged.
 * Targets: build <= 30 s under 1 GiB peak, median <= 2 ms and p95 <= 20 ms, bake (`.navbin` with
 * the sparse section) <= 16 MB.
 *
 * Run alone: npx tsx bench/sparseCity.ts [QUERIES] [--side N] [--weight W] [--fill auto|surface|solid]   (default 1,000 queries,
 * side 4,093, the library's sparse weight SPARSE_WEIGHT). A smaller side (e.g. 1021) is a quick check while working; its numbers are
 * printed, not judged against the targets.
 */
import { isClosedMesh } from '../src/core/geometry/closedMesh.ts';
import type { VoxelFill } from '../src/core/geometry/voxelizeMesh.ts';
import { writeNavbin } from '../src/core/io/navbin.ts';
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

/** The bench's options: queries, the level's longest side in voxels, the search weight. */
export interface CityOptions {
  queries: number;
  side: number;
  /** The search's heuristic weight; undefined: the library's sparse default (SPARSE_WEIGHT). */
  weight: number | undefined;
  /** The voxelization's fill (default 'surface'); 'auto': solid when the mesh is closed (`isClosedMesh`), as NavWorld chooses. */
  fill: VoxelFill | 'auto';
}

export function benchSparseCity({ queries = 1000, side = SIDE, weight, fill: fillOption = 'surface' }: Partial<CityOptions> = {}): void {
  const judged = side === SIDE && fillOption === 'surface';
  const check = (name: string, v: number, op: '<=', limit: number, unit: string): string =>
    judged ? checkTarget(SECTION, name, v, op, limit, unit) : `(side ${side}, fill ${fillOption}: not judged)`;
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
  const buildCpu = process.cpuUsage(c0);
  const peakBuildMiB = process.resourceUsage().maxRSS / 1024;
  console.log(
    `\n## ${SECTION}: generated town, ${soup.length / 9} triangles, ${world.X}x${world.Y}x${world.Z} voxels (cell ${cellSize.toFixed(4)})`,
  );
  console.log(`fill ${fill} (${fillOption}${fillOption === 'auto' ? `: closed mesh test ${(closedMs / 1000).toFixed(1)} s` : ''})`);
  console.log(`build from triangles: ${(buildMs / 1000).toFixed(1)} s, ${world.nodeCount} nodes, ${world.brickCount} bricks`);
  console.log(`build ${(buildMs / 1000).toFixed(1)} s: ${check('build s', buildMs / 1000, '<=', 30, 's')}`);
  console.log(`peak ${peakBuildMiB.toFixed(0)} MiB after the build: ${check('peak MiB after the build', peakBuildMiB, '<=', 1024, 'MiB')}`);
  console.log(`build CPU time (user + system): ${((buildCpu.user + buildCpu.system) / 1e6).toFixed(1)} s`);
  const baked = writeNavbin({
    settings: { agentRadius: 0, maxLinkDistance: Infinity, neighborhood: 26, cornerCutting: 'forbid' },
    grid: null,
    graph: { ids: [], positions: [], offsets: [0], targets: [], costs: [] },
    sparse: world,
  }).byteLength;
  const bake = check('bake MB', baked / 1e6, '<=', 16, 'MB');
  console.log(`world in memory ${(world.byteLength / 1e6).toFixed(1)} MB; baked (.navbin) ${(baked / 1e6).toFixed(1)} MB: ${bake}`);
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
    if ((q + 1) % Math.max(1, Math.floor(queries / 10)) === 0)
      console.log(
        `  ${q + 1} queries, ${((performance.now() - tq) / 1000).toFixed(1)} s, median so far ${median(times).toFixed(2)} ms, ${median(expanded)} expansions (max ${Math.max(...expanded)})`,
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
