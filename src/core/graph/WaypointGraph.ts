import { checkInstance, checkNumber, checkNumbers, checkOneOf } from '../args.ts';
import { NavlabError } from '../errors.ts';
import type { Vec3 } from '../math/vec3.ts';
import { heuristic, HEURISTICS, type HeuristicName } from '../search/heuristics.ts';
import type { NeighborSink, SearchSpace } from '../search/space.ts';

/** Above this many waypoints the N x N distance matrix is not built (2048^2 float32 = 16 MiB). */
export const DISTANCE_MATRIX_LIMIT = 2048;

/**
 * Waypoints and the links between them.
 *
 * Layout:
 *   positions : 3 float64 per waypoint (x, y, z)
 *   CSR links : neighbours of i are targets[offsets[i] .. offsets[i+1]), ascending, with
 *               costs[] (straight-line length) alongside; every link is stored both ways
 *   distances : N x N float32, row-major: link length, Infinity where not linked, 0 on the
 *               diagonal; null above DISTANCE_MATRIX_LIMIT (then `linkCost` reads the CSR)
 */
export class WaypointGraph {
  /** Number of waypoints (N); waypoints are indices 0 .. N - 1. */
  declare readonly count: number;
  /** Waypoint positions, world units: x, y, z of waypoint i at 3i .. 3i + 2. */
  declare readonly positions: Float64Array;
  /**
   * CSR row starts, N + 1 entries: the links of waypoint i are entries offsets[i] .. offsets[i + 1] - 1 of `targets` and
   * `costs`.
   */
  declare readonly offsets: Int32Array;
  /** CSR link targets (waypoint indices), ascending within each row; every link is stored both ways. */
  declare readonly targets: Int32Array;
  /** CSR link lengths (world units, straight line), alongside `targets`. */
  declare readonly costs: Float64Array;
  /** N x N link lengths, row-major (Infinity where not linked, 0 on the diagonal); null above DISTANCE_MATRIX_LIMIT waypoints. */
  declare readonly distances: Float32Array | null;

  /**
   * @param positions xyz triples, one per waypoint
   * @param pairs linked pairs as flat (i, j) couples, each pair once, in any order
   */
  constructor(positions: ArrayLike<number>, pairs: ArrayLike<number>) {
    checkNumbers('WaypointGraph: positions', positions);
    checkNumbers('WaypointGraph: pairs', pairs);
    if (positions.length % 3 !== 0) throw new NavlabError('usage', `positions: expected xyz triples, got ${positions.length} numbers`);
    if (pairs.length % 2 !== 0) throw new NavlabError('usage', `pairs: expected (i, j) couples, got ${pairs.length} numbers`);
    const n = positions.length / 3;
    this.count = n;
    this.positions = Float64Array.from(positions);
    const degree = new Int32Array(n + 1);
    for (let k = 0; k < pairs.length; k++) {
      const i = pairs[k];
      if (!Number.isInteger(i) || i < 0 || i >= n) throw new NavlabError('usage', `pairs[${k}]: waypoint index ${i} is outside [0, ${n})`);
      degree[i + 1]++;
    }
    for (let i = 0; i < n; i++) degree[i + 1] += degree[i];
    this.offsets = degree;
    const fill = degree.slice(0, n);
    this.targets = new Int32Array(pairs.length);
    for (let k = 0; k < pairs.length; k += 2) {
      const i = pairs[k];
      const j = pairs[k + 1];
      this.targets[fill[i]++] = j;
      this.targets[fill[j]++] = i;
    }
    for (let i = 0; i < n; i++) this.targets.subarray(this.offsets[i], this.offsets[i + 1]).sort();
    this.costs = new Float64Array(this.targets.length);
    for (let i = 0; i < n; i++) {
      for (let e = this.offsets[i]; e < this.offsets[i + 1]; e++) this.costs[e] = this.straightDistance(i, this.targets[e]);
    }
    this.distances = null;
    if (n <= DISTANCE_MATRIX_LIMIT) {
      const d = new Float32Array(n * n).fill(Infinity);
      for (let i = 0; i < n; i++) {
        d[i * n + i] = 0;
        for (let e = this.offsets[i]; e < this.offsets[i + 1]; e++) d[i * n + this.targets[e]] = this.costs[e];
      }
      this.distances = d;
    }
  }

  /** Number of linked pairs (each counted once). */
  get linkCount(): number {
    return this.targets.length / 2;
  }

  /** The waypoint nearest to world point (x, y, z) (ties: the lowest index), or -1 without waypoints. */
  nearest(x: number, y: number, z: number): number {
    checkNumber('WaypointGraph.nearest: x', x);
    checkNumber('WaypointGraph.nearest: y', y);
    checkNumber('WaypointGraph.nearest: z', z);
    const pos = this.positions;
    let best = -1;
    let bestD = Infinity;
    for (let i = 0; i < this.count; i++) {
      const d = (pos[3 * i] - x) ** 2 + (pos[3 * i + 1] - y) ** 2 + (pos[3 * i + 2] - z) ** 2;
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    }
    return best;
  }

  /**
   * Position of waypoint `i` (world units), written into `out` and returned. `i` is not checked: an index outside [0,
   * count) gives NaN or undefined.
   */
  position(i: number, out: Vec3): Vec3 {
    out.x = this.positions[3 * i];
    out.y = this.positions[3 * i + 1];
    out.z = this.positions[3 * i + 2];
    return out;
  }

  /** Straight-line distance between waypoints `i` and `j` (world units), linked or not. */
  straightDistance(i: number, j: number): number {
    const p = this.positions;
    const dx = p[3 * i] - p[3 * j];
    const dy = p[3 * i + 1] - p[3 * j + 1];
    const dz = p[3 * i + 2] - p[3 * j + 2];
    return Math.sqrt(dx * dx + dy * dy + dz * dz);
  }

  /** Length of the link i-j, Infinity when they are not linked, 0 when i === j. */
  linkCost(i: number, j: number): number {
    if (this.distances !== null) return this.distances[i * this.count + j];
    if (i === j) return 0;
    let lo = this.offsets[i];
    let hi = this.offsets[i + 1] - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const t = this.targets[mid];
      if (t === j) return this.costs[mid];
      if (t < j) lo = mid + 1;
      else hi = mid - 1;
    }
    return Infinity;
  }

  /** Linked pairs (i < j), sorted, as [i, j] arrays. */
  pairs(): [number, number][] {
    const out: [number, number][] = [];
    for (let i = 0; i < this.count; i++) {
      for (let e = this.offsets[i]; e < this.offsets[i + 1]; e++) if (this.targets[e] > i) out.push([i, this.targets[e]]);
    }
    return out;
  }
}

/** A WaypointGraph as a search space: `exact` is the straight-line distance. */
export class GraphSpace implements SearchSpace {
  /** The space's kind tag (SearchSpace.kind): waypoints of a graph. */
  readonly kind = 'waypoints';
  /** The graph searched (kept by reference). */
  declare readonly graph: WaypointGraph;
  /** Nodes of the space: the graph's waypoint count. */
  declare readonly nodeCount: number;
  #goal = 0;
  #heuristicName: HeuristicName = 'exact';

  /** A search space over `graph`; a value that is not a WaypointGraph throws a NavlabError (usage) naming `graph`. */
  constructor(graph: WaypointGraph) {
    this.graph = checkInstance('GraphSpace: graph', graph, WaypointGraph);
    this.nodeCount = graph.count;
  }

  /** Always true: every waypoint can be a start or a goal. */
  isTraversable(): boolean {
    return true;
  }

  /** Relaxes every link of waypoint `u` (its neighbours at their link lengths). */
  expand(u: number, sink: NeighborSink): void {
    const { offsets, targets, costs } = this.graph;
    for (let e = offsets[u]; e < offsets[u + 1]; e++) sink.relax(targets[e], costs[e]);
  }

  /**
   * Fixes the goal waypoint and the heuristic; a goal outside [0, nodeCount) or an unknown heuristic throws a NavlabError
   * (usage).
   */
  setGoal(goal: number, name: HeuristicName): void {
    if (!Number.isInteger(goal) || goal < 0 || goal >= this.nodeCount)
      throw new NavlabError('usage', `GraphSpace.setGoal: goal: expected a waypoint index in [0, ${this.nodeCount}), got ${String(goal)}`);
    checkOneOf('GraphSpace.setGoal: heuristic', name, HEURISTICS);
    this.#goal = goal;
    this.#heuristicName = name;
  }

  /** The chosen heuristic from waypoint `v` to the goal, world units (unweighted). */
  estimate(v: number): number {
    const p = this.graph.positions;
    const g = this.#goal;
    return heuristic(this.#heuristicName, p[3 * v] - p[3 * g], p[3 * v + 1] - p[3 * g + 1], p[3 * v + 2] - p[3 * g + 2], 0);
  }

  /** Straight-line distance from waypoint `v` to the goal, world units (what unreachable and partial results minimise). */
  distanceToGoal(v: number): number {
    return this.graph.straightDistance(v, this.#goal);
  }

  /** Position of waypoint `node`, written into `out` and returned. */
  position(node: number, out: Vec3): Vec3 {
    return this.graph.position(node, out);
  }
}
