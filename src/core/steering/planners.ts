import { checkFunction, checkInstance, checkInteger, checkNumber, checkOptions, checkVec3 } from '../args.ts';
import { GridSpace, type GridSearchSettings } from '../grid/GridSpace.ts';
import { VoxelGrid } from '../grid/VoxelGrid.ts';
import { FREE_VOXEL_SNAP_RADIUS, nearestFreeVoxel } from '../grid/nearestFree.ts';
import { snapToVisibleWaypoint, type LineOfSight } from '../graph/visibility.ts';
import { GraphSpace, type WaypointGraph } from '../graph/WaypointGraph.ts';
import { clipped, clipSegment } from '../math/clipSegment.ts';
import type { Vec3 } from '../math/vec3.ts';
import { findPath } from '../search/AStarRun.ts';
import { componentCheck } from '../search/componentCheck.ts';
import type { SearchOptions } from '../search/options.ts';
import type { QueryOptions } from '../query/report.ts';
import type { SearchResult, SearchStatus } from '../search/result.ts';
import { SearchContext } from '../search/SearchContext.ts';
import type { NeighborSink, SearchSpace } from '../search/space.ts';

/** A path for one agent. */
export interface PlannedPath {
  /** xyz triples from the agent's position to the end of the path (at least one point). */
  points: Float64Array;
  /**
   * 'found': the path ends at the requested goal. Otherwise (the search's status) it ends at
   * the reachable point nearest the goal, which becomes the agent's goal for arrival.
   */
  status: SearchStatus;
  /** Terrain cost multiplier at each point (grid planner with terrain), else null. */
  costs: Float32Array | null;
}

/**
 * Plans paths for agents. `blockers` holds spheres to plan around besides the static world
 * (moving obstacles as they are now): x, y, z, radius per sphere.
 */
export interface PathPlanner {
  /**
   * A path from `from` to `to` for an agent of `radius` (world units), around the first `blockerCount` blocker spheres; a
   * goal it cannot reach gives the path to the closest reachable point, with that status.
   */
  plan(from: Vec3, to: Vec3, radius: number, blockers?: Float64Array, blockerCount?: number): PlannedPath;
  /**
   * The highest terrain cost multiplier along a segment. Agents skip ahead on their path
   * (string pulling) only over terrain no costlier than the path they skip, so a shortcut never
   * wades through the river the search avoided. Absent when the world has no terrain.
   */
  maxCostAlong?(ax: number, ay: number, az: number, bx: number, by: number, bz: number): number;
}

const NO_BLOCKERS = new Float64Array(0);

/** Checks the arguments of a `plan` call (`radius` only when the planner uses it). */
function checkPlan(planner: string, from: Vec3, to: Vec3, radius: number | null, blockers: Float64Array, blockerCount: number): void {
  checkVec3(`${planner}.plan: from`, from);
  checkVec3(`${planner}.plan: to`, to);
  if (radius !== null) checkNumber(`${planner}.plan: radius`, radius, 0);
  checkInstance(`${planner}.plan: blockers`, blockers, Float64Array);
  checkInteger(`${planner}.plan: blockerCount`, blockerCount, 0, blockers.length >> 2);
}

/** Whether segment a-b passes within (sphere radius + radius) of one of the spheres. */
export function segmentBlocked(
  blockers: Float64Array,
  count: number,
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  radius: number,
): boolean {
  const dx = bx - ax,
    dy = by - ay,
    dz = bz - az;
  const len2 = dx * dx + dy * dy + dz * dz;
  for (let k = 0; k < count; k++) {
    const cx = blockers[4 * k],
      cy = blockers[4 * k + 1],
      cz = blockers[4 * k + 2],
      reach = blockers[4 * k + 3] + radius;
    let t = len2 > 0 ? ((cx - ax) * dx + (cy - ay) * dy + (cz - az) * dz) / len2 : 0;
    t = t < 0 ? 0 : Math.min(t, 1);
    const ex = ax + dx * t - cx,
      ey = ay + dy * t - cy,
      ez = az + dz * t - cz;
    if (ex * ex + ey * ey + ez * ez < reach * reach) return true;
  }
  return false;
}

/** Straight to the goal: for worlds without a graph (steering and collision do the rest). */
export class StraightPlanner implements PathPlanner {
  /** The straight segment from `from` to `to`, status found. */
  plan(from: Vec3, to: Vec3): PlannedPath {
    checkPlan('StraightPlanner', from, to, null, NO_BLOCKERS, 0);
    return { points: Float64Array.of(from.x, from.y, from.z, to.x, to.y, to.z), status: 'found', costs: null };
  }
}

/**
 * A* on a voxel grid between the voxels of the start and goal points; the path runs through
 * voxel centres, from the agent's position to the goal point. A start or goal inside a blocked
 * voxel (or outside the grid) moves to the nearest free voxel within `snapCells` (nearestFreeVoxel; default
 * FREE_VOXEL_SNAP_RADIUS); a goal moved
 * that way, or one the search cannot reach, gives a path ending at the closest reachable voxel.
 * Blocker spheres block the voxels they (grown by the agent radius) overlap, for this search only.
 *
 * Paths through voxel centres keep agents of radius below half a cell clear of blocked voxels
 * (with corner cutting forbidden); bigger agents rely on steering and the collision step.
 */
export class GridPlanner implements PathPlanner {
  /** The grid planned on (kept by reference). */
  declare readonly grid: VoxelGrid;
  /** How far (in cells) a start or goal in a blocked voxel moves to the nearest free one. */
  declare readonly snapCells: number;
  readonly #settings: GridSearchSettings;
  readonly #space: GridSpace;
  readonly #search: Partial<SearchOptions>;
  readonly #ctx = new SearchContext();
  /**
   * A private copy of the grid for searches around blockers (made on first need, re-synced
   * when the grid's version changes): blocking voxels in the shared grid would look like an
   * edit to everything else that watches it.
   */
  #scratch: { space: GridSpace; version: number } | null = null;
  readonly #changed: number[] = [];

  /**
   * A planner on `grid` with the query options (move rules, algorithm, heuristic...) and the snap radius in cells; bad
   * values throw a NavlabError (usage) naming them.
   */
  constructor(grid: VoxelGrid, options: QueryOptions = {}, snapCells = FREE_VOXEL_SNAP_RADIUS) {
    checkInstance('GridPlanner: grid', grid, VoxelGrid);
    const { neighborhood, cornerCutting, ...search } = checkOptions<QueryOptions>('GridPlanner: options', options);
    checkNumber('GridPlanner: snapCells', snapCells, 0, false, true);
    this.grid = grid;
    this.#settings = { neighborhood, cornerCutting, components: componentCheck };
    this.#space = new GridSpace(grid, this.#settings);
    this.#search = search;
    this.snapCells = snapCells;
  }

  /**
   * A grid path through voxel centres from `from` to `to`, around the blocker spheres grown by `radius`; see the class for
   * snapping and unreachable goals.
   */
  plan(from: Vec3, to: Vec3, radius: number, blockers = NO_BLOCKERS, blockerCount = 0): PlannedPath {
    checkPlan('GridPlanner', from, to, radius, blockers, blockerCount);
    const g = this.grid;
    const start = nearestFreeVoxel(g, from, this.snapCells);
    const ownGoal = g.voxelIndexAt(to.x, to.y, to.z);
    const goal = nearestFreeVoxel(g, to, this.snapCells);
    if (start < 0 || goal < 0) return stranded(from);
    let result: ReturnType<typeof findPath>;
    if (blockerCount > 0) {
      const space = this.#scratchSpace();
      const copy = space.grid;
      const box = this.#block(copy, blockers, blockerCount, radius, start, goal);
      // The derived bit rows of the copy follow the blocked box only, not the whole grid.
      copy.markEdited(...box);
      try {
        result = findPath(space, start, goal, this.#search, this.#ctx);
      } finally {
        for (const v of this.#changed) copy.occupancy[v] = 0;
        this.#changed.length = 0;
        copy.markEdited(...box);
      }
    } else {
      result = findPath(this.#space, start, goal, this.#search, this.#ctx);
    }
    const planned = pathOf(from, to, this.#space, result, goal === ownGoal);
    if (g.terrain !== null) {
      const { points } = planned;
      const costs = (planned.costs = new Float32Array(points.length / 3));
      for (let k = 0; k < costs.length; k++) costs[k] = this.#costAt(points[3 * k], points[3 * k + 1], points[3 * k + 2]);
    }
    return planned;
  }

  /**
   * Samples the segment every quarter cell (terrain is coarse; a sample per quarter cell cannot
   * skip a voxel's middle), only where it crosses the grid's box: outside, the cost is 1, and a
   * long segment over a fine grid would otherwise take billions of samples.
   */
  maxCostAlong(ax: number, ay: number, az: number, bx: number, by: number, bz: number): number {
    const g = this.grid;
    if (g.terrain === null) return 1;
    const s = g.cellSize;
    const dx = bx - ax,
      dy = by - ay,
      dz = bz - az,
      o = g.origin;
    if (!clipSegment(ax, ay, az, dx, dy, dz, o.x, o.y, o.z, o.x + g.X * s, o.y + g.Y * s, o.z + g.Z * s)) return 1;
    const [t0, t1] = clipped;
    const n = Math.ceil(((t1 - t0) * Math.hypot(dx, dy, dz)) / (0.25 * s));
    let worst = 1;
    for (let k = 0; k <= n; k++) {
      const t = n === 0 ? t0 : t0 + ((t1 - t0) * k) / n;
      const c = this.#costAt(ax + dx * t, ay + dy * t, az + dz * t);
      if (c > worst) worst = c;
    }
    return worst;
  }

  #costAt(x: number, y: number, z: number): number {
    const v = this.grid.voxelIndexAt(x, y, z);
    return v >= 0 ? this.grid.costAt(v) : 1;
  }

  #scratchSpace(): GridSpace {
    const g = this.grid;
    if (this.#scratch === null) {
      this.#scratch = { space: new GridSpace(g.clone(), this.#settings), version: g.version };
    } else if (this.#scratch.version !== g.version) {
      const copy = this.#scratch.space.grid;
      copy.occupancy.set(g.occupancy);
      copy.version++;
      this.#scratch.version = g.version;
    }
    // Terrain is only read: share it.
    this.#scratch.space.grid.terrain = g.terrain;
    return this.#scratch.space;
  }

  /** Blocks (in the copy g) the free voxels each blocker sphere (grown by radius) overlaps, except start and goal. */
  /** Blocks the voxels the blockers' spheres reach; returns the inclusive voxel box around them all. */
  #block(
    g: VoxelGrid,
    blockers: Float64Array,
    count: number,
    radius: number,
    start: number,
    goal: number,
  ): [number, number, number, number, number, number] {
    const s = g.cellSize;
    const o = g.origin;
    const box: [number, number, number, number, number, number] = [g.X, g.Y, g.Z, -1, -1, -1];
    for (let b = 0; b < count; b++) {
      const bx = blockers[4 * b],
        by = blockers[4 * b + 1],
        bz = blockers[4 * b + 2],
        reach = blockers[4 * b + 3] + radius;
      const x0 = Math.max(0, g.axisVoxel(0, bx - reach)),
        x1 = Math.min(g.X - 1, g.axisVoxel(0, bx + reach));
      const y0 = Math.max(0, g.axisVoxel(1, by - reach)),
        y1 = Math.min(g.Y - 1, g.axisVoxel(1, by + reach));
      const z0 = Math.max(0, g.axisVoxel(2, bz - reach)),
        z1 = Math.min(g.Z - 1, g.axisVoxel(2, bz + reach));
      if (x0 > x1 || y0 > y1 || z0 > z1) continue;
      box[0] = Math.min(box[0], x0);
      box[1] = Math.min(box[1], y0);
      box[2] = Math.min(box[2], z0);
      box[3] = Math.max(box[3], x1);
      box[4] = Math.max(box[4], y1);
      box[5] = Math.max(box[5], z1);
      for (let z = z0; z <= z1; z++) {
        for (let y = y0; y <= y1; y++) {
          for (let x = x0; x <= x1; x++) {
            const v = g.index(x, y, z);
            if (g.occupancy[v] !== 0 || v === start || v === goal) continue;
            // Distance from the sphere centre to the voxel box.
            const ex = Math.max(o.x + x * s - bx, 0, bx - o.x - (x + 1) * s);
            const ey = Math.max(o.y + y * s - by, 0, by - o.y - (y + 1) * s);
            const ez = Math.max(o.z + z * s - bz, 0, bz - o.z - (z + 1) * s);
            if (ex * ex + ey * ey + ez * ez >= reach * reach) continue;
            // Written straight into the copy's occupancy (the caller marks the box edited once).
            g.occupancy[v] = 1;
            this.#changed.push(v);
          }
        }
      }
    }
    return box;
  }
}

/** The one-point path of an agent that cannot get anywhere. */
const stranded = (from: Vec3): PlannedPath => ({ points: Float64Array.of(from.x, from.y, from.z), status: 'unreachable', costs: null });

/**
 * The path of a search: from the agent's position through the positions of the nodes of
 * `result` (repeated points once), then to the goal point when the search reached it and the
 * goal was where the search ended (`atGoal`); otherwise it ends short, 'unreachable'.
 */
function pathOf(from: Vec3, to: Vec3, space: SearchSpace, result: SearchResult, atGoal: boolean): PlannedPath {
  const reached = result.status === 'found' && atGoal;
  const pts: number[] = [from.x, from.y, from.z];
  const c = { x: 0, y: 0, z: 0 };
  const add = (x: number, y: number, z: number): void => {
    const n = pts.length;
    if (Math.abs(pts[n - 3] - x) < 1e-9 && Math.abs(pts[n - 2] - y) < 1e-9 && Math.abs(pts[n - 1] - z) < 1e-9) return;
    pts.push(x, y, z);
  };
  for (const v of result.path) {
    space.position(v, c);
    add(c.x, c.y, c.z);
  }
  if (reached) add(to.x, to.y, to.z);
  return {
    points: Float64Array.from(pts),
    status: reached ? 'found' : result.status === 'found' ? 'unreachable' : result.status,
    costs: null,
  };
}

/**
 * A* on a waypoint visibility graph: start and goal snap to the nearest waypoint they can see
 * (with the agent's radius), the path is start point + waypoints + goal point. When the goal
 * is in sight from the start the path is the straight segment. A start that sees no waypoint
 * gives the one-point path [start] (unreachable); a goal that sees none is replaced by its
 * nearest waypoint and the path ends there (unreachable).
 */
export class WaypointPlanner implements PathPlanner {
  readonly #graphFor: (radius: number) => WaypointGraph;
  readonly #clear: (ax: number, ay: number, az: number, bx: number, by: number, bz: number, radius: number) => boolean;
  readonly #search: Partial<SearchOptions>;
  readonly #ctx = new SearchContext();

  /**
   * @param graphFor the visibility graph linked for agents of this radius
   * @param clear capsule line of sight through the static world
   */
  constructor(
    graphFor: (radius: number) => WaypointGraph,
    clear: (ax: number, ay: number, az: number, bx: number, by: number, bz: number, radius: number) => boolean,
    options: Partial<SearchOptions> = {},
  ) {
    this.#graphFor = checkFunction('WaypointPlanner: graphFor', graphFor);
    this.#clear = checkFunction('WaypointPlanner: clear', clear);
    this.#search = checkOptions<SearchOptions>('WaypointPlanner: options', options);
  }

  /**
   * A path over the waypoint graph linked for `radius`, entering and leaving it at the nearest visible waypoints, around
   * the blocker spheres.
   */
  plan(from: Vec3, to: Vec3, radius: number, blockers = NO_BLOCKERS, blockerCount = 0): PlannedPath {
    checkPlan('WaypointPlanner', from, to, radius, blockers, blockerCount);
    const los: LineOfSight = (ax, ay, az, bx, by, bz) =>
      this.#clear(ax, ay, az, bx, by, bz, radius) && !segmentBlocked(blockers, blockerCount, ax, ay, az, bx, by, bz, radius);
    const straight = Float64Array.of(from.x, from.y, from.z, to.x, to.y, to.z);
    if (los(from.x, from.y, from.z, to.x, to.y, to.z)) return { points: straight, status: 'found', costs: null };
    const graph = this.#graphFor(radius);
    // Without waypoints there is nothing to plan on: the straight line is the best guess.
    if (graph.count === 0) return { points: straight, status: 'found', costs: null };
    const start = snapToVisibleWaypoint(from, graph.positions, los);
    if (start < 0) return stranded(from);
    let goal = snapToVisibleWaypoint(to, graph.positions, los);
    const goalSeen = goal >= 0;
    if (!goalSeen) goal = graph.nearest(to.x, to.y, to.z);
    const space = blockerCount > 0 ? new BlockedGraphSpace(graph, blockers, blockerCount, radius) : new GraphSpace(graph);
    return pathOf(from, to, space, findPath(space, start, goal, this.#search, this.#ctx), goalSeen);
  }
}

/** A waypoint graph whose links through blocker spheres (grown by the agent radius) are skipped. */
class BlockedGraphSpace extends GraphSpace {
  readonly #blockers: Float64Array;
  readonly #count: number;
  readonly #radius: number;

  constructor(graph: WaypointGraph, blockers: Float64Array, count: number, radius: number) {
    super(graph);
    this.#blockers = blockers;
    this.#count = count;
    this.#radius = radius;
  }

  override expand(u: number, sink: NeighborSink): void {
    const { offsets, targets, costs, positions: p } = this.graph;
    for (let e = offsets[u]; e < offsets[u + 1]; e++) {
      const v = targets[e];
      if (
        segmentBlocked(
          this.#blockers,
          this.#count,
          p[3 * u],
          p[3 * u + 1],
          p[3 * u + 2],
          p[3 * v],
          p[3 * v + 1],
          p[3 * v + 2],
          this.#radius,
        )
      )
        continue;
      sink.relax(v, costs[e]);
    }
  }
}
