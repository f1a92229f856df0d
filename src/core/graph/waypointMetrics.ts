import { NavlabError } from '../errors.ts';
import type { ClearSpace } from '../grid/clearance.ts';
import { GridSpace } from '../grid/GridSpace.ts';
import { mulberry32, randInt } from '../math/random.ts';
import { findPath } from '../search/AStarRun.ts';
import { SearchContext } from '../search/SearchContext.ts';
import { pairClear, type LineOfSight } from './visibility.ts';
import type { WaypointGraph } from './WaypointGraph.ts';
import { WaypointRouter } from './waypointRoute.ts';

/**
 * Figures of a waypoint set over the clear space of an agent of radius R (`ClearSpace`):
 *
 * - `coverage`: of all clear voxels, the fraction whose centre sees at least one waypoint
 *   (line of sight `los`, the agent's capsule test), in [0, 1]; 1 when there is no clear voxel.
 * - `components.graph`: connected components of the waypoint graph (an isolated waypoint is
 *   one); `components.free`: connected components of the clear voxels.
 * - pairs: `pairs` start/goal voxels drawn with mulberry32(`seed`): the start uniformly among
 *   clear voxels of components with at least two voxels, the goal uniformly among the other
 *   voxels of the start's component.
 * - ratio of a pair: the length of the string-pulled waypoint route between the two voxel
 *   centres (`WaypointRouter`: start -> a waypoint it sees -> graph links -> a waypoint the
 *   goal sees -> goal, shortest, then string-pulled) over the grid optimum between them on the
 *   dilated grid (A*, 26 neighbours, corner cutting forbidden, world units). Infinity when there
 *   is no waypoint route. Below 1 is possible: routes are any-angle, grid paths are not.
 * - `medianRatio`, `p95Ratio`: nearest-rank percentiles of the ratios (the ceil(p * n)-th
 *   smallest); null when there is no pair or the percentile is Infinity.
 */
export interface WaypointMetrics {
  coverage: number;
  components: { graph: number; free: number };
  waypoints: number;
  pairs: number;
  medianRatio: number | null;
  p95Ratio: number | null;
  /** Every pair's ratio in drawing order (Infinity: no route). */
  ratios: Float64Array;
}

export interface MetricsOptions {
  /** Start/goal pairs. @default 1000 */
  pairs?: number;
  /** Seed of the pair sampler. @default 1 */
  seed?: number;
}

/** The figures of `WaypointMetrics` for `graph` (its positions are the waypoints). */
export function measureWaypoints(space: ClearSpace, graph: WaypointGraph, los: LineOfSight, options: MetricsOptions = {}): WaypointMetrics {
  const pairCount = options.pairs ?? 1000;
  const seed = options.seed ?? 1;
  if (!Number.isInteger(pairCount) || pairCount < 0) throw new NavlabError('usage', `pairs: expected an integer >= 0, got ${pairCount}`);
  const coverage = measureCoverage(space, graph.positions, los);
  const pairs = pairSampler(space)(pairCount, seed);
  const ratios = pairRatios(space, graph, los, pairs);
  return {
    coverage,
    components: { graph: graphComponents(graph).count, free: space.componentCount },
    waypoints: graph.count,
    pairs: ratios.length,
    medianRatio: finiteOrNull(percentile(ratios, 0.5)),
    p95Ratio: finiteOrNull(percentile(ratios, 0.95)),
    ratios,
  };
}

/** Fraction of clear voxels whose centre sees a waypoint (1 when there are none). */
export function measureCoverage(space: ClearSpace, positions: Float64Array, los: LineOfSight): number {
  const voxels = space.clearVoxels;
  if (voxels.length === 0) return 1;
  const n = positions.length / 3;
  const c = { x: 0, y: 0, z: 0 };
  let seen = 0;
  let last = 0; // neighbouring voxels usually see the same waypoint: try it first
  for (const v of voxels) {
    voxelCenter(space, v, c);
    for (let k = 0; k < n; k++) {
      const w = (last + k) % n;
      if (pairClear(los, c.x, c.y, c.z, positions[3 * w], positions[3 * w + 1], positions[3 * w + 2])) {
        seen++;
        last = w;
        break;
      }
    }
  }
  return seen / voxels.length;
}

/** Connected components of a waypoint graph: label per waypoint and their number. */
export function graphComponents(graph: WaypointGraph): { label: Int32Array; count: number } {
  const label = new Int32Array(graph.count).fill(-1);
  const stack: number[] = [];
  let count = 0;
  for (let s = 0; s < graph.count; s++) {
    if (label[s] !== -1) continue;
    label[s] = count;
    stack.push(s);
    while (stack.length > 0) {
      const u = stack.pop()!;
      for (let e = graph.offsets[u]; e < graph.offsets[u + 1]; e++) {
        const v = graph.targets[e];
        if (label[v] === -1) {
          label[v] = count;
          stack.push(v);
        }
      }
    }
    count++;
  }
  return { label, count };
}

/**
 * A sampler of start/goal voxel pairs: `sampler(count, seed)` gives `count` pairs (flat: start,
 * goal, start, goal ...), drawn as `WaypointMetrics` describes; empty when no component has two
 * voxels. The voxels are grouped by component once (a pass over every clear voxel), not per draw.
 */
export function pairSampler(space: ClearSpace): (count: number, seed: number) => Int32Array {
  const { clearVoxels, component, componentSize, componentCount } = space;
  // Clear voxels grouped by component (counting sort): members of c at first[c] .. first[c+1].
  const first = new Int32Array(componentCount + 1);
  for (let c = 0; c < componentCount; c++) first[c + 1] = first[c] + componentSize[c];
  const members = new Int32Array(clearVoxels.length);
  const fill = first.slice(0, componentCount);
  for (let k = 0; k < clearVoxels.length; k++) members[fill[component[clearVoxels[k]]]++] = clearVoxels[k];
  let eligible = 0;
  for (let c = 0; c < componentCount; c++) if (componentSize[c] >= 2) eligible += componentSize[c];
  return (count, seed) => {
    if (eligible === 0) return new Int32Array(0);
    const random = mulberry32(seed);
    const out = new Int32Array(2 * count);
    for (let k = 0; k < count; k++) {
      let start: number;
      do start = clearVoxels[randInt(random, clearVoxels.length)];
      while (componentSize[component[start]] < 2);
      const c = component[start];
      let goal: number;
      do goal = members[first[c] + randInt(random, componentSize[c])];
      while (goal === start);
      out[2 * k] = start;
      out[2 * k + 1] = goal;
    }
    return out;
  };
}

/** Ratio of the waypoint route to the dilated-grid optimum for each pair of `pairs`. */
export function pairRatios(space: ClearSpace, graph: WaypointGraph, los: LineOfSight, pairs: Int32Array): Float64Array {
  const gridSpace = new GridSpace(space.dilated, { neighborhood: 26, cornerCutting: 'forbid' });
  const ctx = new SearchContext();
  const router = new WaypointRouter(graph, los, new SearchContext());
  const out = new Float64Array(pairs.length / 2);
  const a = { x: 0, y: 0, z: 0 },
    b = { x: 0, y: 0, z: 0 };
  for (let k = 0; k < out.length; k++) {
    const s = pairs[2 * k],
      g = pairs[2 * k + 1];
    const optimum = findPath(gridSpace, s, g, {}, ctx);
    if (optimum.status !== 'found') throw new Error(`pairRatios: voxels ${s} and ${g} of one component are not connected on the grid`);
    voxelCenter(space, s, a);
    voxelCenter(space, g, b);
    out[k] = router.route([a.x, a.y, a.z], [b.x, b.y, b.z]).length / optimum.cost;
  }
  return out;
}

/** Nearest-rank percentile: the ceil(p * n)-th smallest value (NaN for no values). */
export function percentile(values: ArrayLike<number>, p: number): number {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
}

const finiteOrNull = (v: number): number | null => (Number.isFinite(v) ? v : null);

/** World centre of voxel index `v`. */
export function voxelCenter(space: ClearSpace, v: number, out: { x: number; y: number; z: number }): void {
  const g = space.grid;
  g.coords(v, out);
  g.voxelCenter(out.x, out.y, out.z, out);
}
