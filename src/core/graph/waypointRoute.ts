import { NavlabError } from '../errors.ts';
import { findPath } from '../search/AStarRun.ts';
import type { HeuristicName } from '../search/heuristics.ts';
import type { SearchContext } from '../search/SearchContext.ts';
import type { NeighborSink, SearchSpace } from '../search/space.ts';
import type { Vec3 } from '../math/vec3.ts';
import { pairClear, type LineOfSight } from './visibility.ts';
import type { WaypointGraph } from './WaypointGraph.ts';
import { nearestPoints } from './nearestPoints.ts';

/**
 * The waypoint route between two free points, as an agent would take it:
 *   1. the shortest path start -> w1 -> ... -> wk -> goal, where start links to every
 *      waypoint it sees, goal likewise, the waypoints by the graph's links, and start to goal
 *      directly when they see each other (A* on straight-line lengths);
 *   2. string-pulled greedily: from each corner, jump to the farthest later corner it sees.
 * Returns the corners (xyz triples, start and goal included) and the length; length is
 * Infinity (and `points` empty) when no such path exists.
 */
export interface WaypointRoute {
  /** Length of the string-pulled route. */
  length: number;
  /** Its corners, xyz triples, start and goal included. */
  points: number[];
  /** Length of the shortest path before string pulling (>= length). */
  unpulled: number;
}

/** Start (node count - 2) and goal (count - 1) appended to a waypoint graph, for A*. */
class RouteSpace implements SearchSpace {
  declare readonly nodeCount: number;
  /** Waypoints the start sees, and whether each waypoint sees the goal. */
  startLinks: number[] = [];
  declare seesGoal: Uint8Array;
  startSeesGoal = false;
  readonly #graph: WaypointGraph;
  readonly #xyz: Float64Array;

  constructor(graph: WaypointGraph) {
    this.#graph = graph;
    this.nodeCount = graph.count + 2;
    this.seesGoal = new Uint8Array(graph.count);
    this.#xyz = new Float64Array(3 * this.nodeCount);
    this.#xyz.set(graph.positions);
  }

  setEnds(start: ArrayLike<number>, goal: ArrayLike<number>): void {
    const n = this.#graph.count;
    for (let c = 0; c < 3; c++) {
      this.#xyz[3 * n + c] = start[c];
      this.#xyz[3 * n + 3 + c] = goal[c];
    }
  }

  isTraversable(): boolean {
    return true;
  }

  expand(u: number, sink: NeighborSink): void {
    const n = this.#graph.count;
    const goal = n + 1;
    if (u === n) {
      for (const w of this.startLinks) sink.relax(w, this.dist(u, w));
      if (this.startSeesGoal) sink.relax(goal, this.dist(u, goal));
      return;
    }
    if (u === goal) return;
    const { offsets, targets, costs } = this.#graph;
    for (let e = offsets[u]; e < offsets[u + 1]; e++) sink.relax(targets[e], costs[e]);
    if (this.seesGoal[u] !== 0) sink.relax(goal, this.dist(u, goal));
  }

  #goal = 0;
  setGoal(goal: number, _name: HeuristicName): void {
    this.#goal = goal;
  }

  estimate(v: number): number {
    return this.dist(v, this.#goal);
  }

  distanceToGoal(v: number): number {
    return this.dist(v, this.#goal);
  }

  position(node: number, out: Vec3): Vec3 {
    out.x = this.#xyz[3 * node];
    out.y = this.#xyz[3 * node + 1];
    out.z = this.#xyz[3 * node + 2];
    return out;
  }

  dist(i: number, j: number): number {
    const p = this.#xyz;
    return Math.hypot(p[3 * i] - p[3 * j], p[3 * i + 1] - p[3 * j + 1], p[3 * i + 2] - p[3 * j + 2]);
  }
}

/**
 * Routes between free points over one waypoint graph (see `WaypointRoute`). Each route runs
 * 2N + 1 line-of-sight tests to link its ends, plus those of the string pulling.
 */
export class WaypointRouter {
  readonly #space: RouteSpace;
  readonly #graph: WaypointGraph;
  readonly #los: LineOfSight;
  readonly #ctx: SearchContext | undefined;
  readonly #endLinks: number;
  readonly #order: Int32Array;
  readonly #dist: Float64Array;

  /**
   * @param endLinks link the start and the goal only to the `endLinks` nearest waypoints each
   *   sees (tested nearest first; the start-goal link is kept). The route is then never
   *   shorter than with every link (Infinity, the default, the definition of the figures),
   *   and cheaper: a quick upper bound.
   */
  constructor(graph: WaypointGraph, los: LineOfSight, ctx?: SearchContext, endLinks = Infinity) {
    if (!(endLinks >= 1)) throw new NavlabError('usage', `endLinks: expected a number >= 1, got ${endLinks}`);
    this.#graph = graph;
    this.#los = los;
    this.#ctx = ctx;
    this.#endLinks = endLinks;
    this.#space = new RouteSpace(graph);
    this.#order = new Int32Array(graph.count);
    this.#dist = new Float64Array(graph.count);
  }

  /**
   * Waypoints `point` sees: all of them, or the `endLinks` nearest. Calls `mark(w)` for each.
   */
  #linkEnd(point: ArrayLike<number>, endLinks: number, mark: (w: number) => void): void {
    const [x, y, z] = [point[0], point[1], point[2]];
    const graph = this.#graph,
      los = this.#los;
    const n = graph.count;
    const p = graph.positions;
    const sees = (w: number): boolean => pairClear(los, x, y, z, p[3 * w], p[3 * w + 1], p[3 * w + 2]);
    if (!Number.isFinite(endLinks)) {
      for (let w = 0; w < n; w++) if (sees(w)) mark(w);
      return;
    }
    // Nearest first: the 4 x endLinks nearest, then (rarely needed) all of them in order.
    const order = this.#order,
      dist = this.#dist;
    const few = Math.min(n, 4 * endLinks);
    let m = nearestPoints(p, n, x, y, z, order.subarray(0, few), dist.subarray(0, few));
    for (let k = 0, found = 0; k < n && found < endLinks; k++) {
      if (k === m) m = nearestPoints(p, n, x, y, z, order, dist);
      const w = order[k];
      if (sees(w)) {
        mark(w);
        found++;
      }
    }
  }

  /** The route from `start` to `goal`, its ends linked to at most `endLinks` (default: the router's) waypoints each. */
  route(start: ArrayLike<number>, goal: ArrayLike<number>, endLinks = this.#endLinks): WaypointRoute {
    const graph = this.#graph,
      los = this.#los,
      space = this.#space;
    const n = graph.count;
    space.setEnds(start, goal);
    space.startLinks = [];
    space.seesGoal.fill(0);
    this.#linkEnd(start, endLinks, (w) => void space.startLinks.push(w));
    this.#linkEnd(goal, endLinks, (w) => void (space.seesGoal[w] = 1));
    space.startSeesGoal = pairClear(los, start[0], start[1], start[2], goal[0], goal[1], goal[2]);
    const r = findPath(space, n, n + 1, { heuristic: 'exact' }, this.#ctx);
    if (r.status !== 'found') return { length: Infinity, points: [], unpulled: Infinity };
    const corners: number[] = [];
    const pos = { x: 0, y: 0, z: 0 };
    for (const node of r.path) {
      space.position(node, pos);
      corners.push(pos.x, pos.y, pos.z);
    }
    return { ...stringPull(corners, los), unpulled: r.cost };
  }
}

/**
 * Greedy string pulling of a polyline whose consecutive corners see each other: from each
 * kept corner, the farthest later corner it sees is kept next.
 */
export function stringPull(corners: readonly number[], los: LineOfSight): { length: number; points: number[] } {
  const k = corners.length / 3;
  const points = [corners[0], corners[1], corners[2]];
  let length = 0;
  let i = 0;
  while (i < k - 1) {
    let j = k - 1;
    while (
      j > i + 1 &&
      !pairClear(los, corners[3 * i], corners[3 * i + 1], corners[3 * i + 2], corners[3 * j], corners[3 * j + 1], corners[3 * j + 2])
    )
      j--;
    length += Math.hypot(corners[3 * j] - corners[3 * i], corners[3 * j + 1] - corners[3 * i + 1], corners[3 * j + 2] - corners[3 * i + 2]);
    points.push(corners[3 * j], corners[3 * j + 1], corners[3 * j + 2]);
    i = j;
  }
  return { length, points };
}
