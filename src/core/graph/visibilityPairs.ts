import { checkFunction, checkLimit, checkNumber, checkNumbers, checkOptions, checkVec3 } from '../args.ts';
import { WAYPOINT_LIMIT } from '../limits.ts';
import type { Vec3 } from '../math/vec3.ts';
import { SpatialHash } from './SpatialHash.ts';

/** An axis-aligned box in world units (three.js `Box3` fits this shape). */
export interface Aabb {
  /** Least corner (world units). */
  min: Vec3;
  /** Greatest corner (world units); each coordinate >= min's. */
  max: Vec3;
}

/**
 * A line-of-sight test between two world points: true when an agent can go straight from a
 * to b. Supplied by the engine side (e.g. `ObstacleWorld.lineOfSight(radius)` over a BVH).
 */
export type LineOfSight = (ax: number, ay: number, az: number, bx: number, by: number, bz: number) => boolean;

/** Options of visibility graphs: the longest link, and where nearest-visible links begin. */
export interface VisibilityOptions {
  /** Waypoints farther apart than this are never linked. @default Infinity */
  maxLinkDistance?: number;
  /**
   * Up to this many waypoints every visible pair is linked; above it each waypoint links to
   * its nearest visible ones (see nearestLinks.ts). Lower it to test that mode on small sets.
   * @default ALL_PAIRS_LIMIT (2,048)
   */
  allPairsLimit?: number;
}

/**
 * Calls `visit(i, j)` once for every pair i < j of the `n` points in `positions` (xyz
 * triples) no farther apart than `maxLinkDistance`. With a finite distance only nearby pairs
 * are enumerated: points are bucketed in cells of that size and each point meets the points
 * of its 27 surrounding cells.
 */
export function forEachCandidatePair(positions: ArrayLike<number>, maxLinkDistance: number, visit: (i: number, j: number) => void): void {
  const n = positions.length / 3;
  const limitSq = maxLinkDistance * maxLinkDistance;
  if (!Number.isFinite(maxLinkDistance)) {
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) visit(i, j);
    return;
  }
  const hash = new SpatialHash(maxLinkDistance);
  for (let i = 0; i < n; i++) hash.insert(i, positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]);
  const near: number[] = [];
  const gather = (j: number): void => void near.push(j);
  for (let i = 0; i < n; i++) {
    const x = positions[3 * i],
      y = positions[3 * i + 1],
      z = positions[3 * i + 2];
    near.length = 0;
    hash.query(
      x - maxLinkDistance,
      y - maxLinkDistance,
      z - maxLinkDistance,
      x + maxLinkDistance,
      y + maxLinkDistance,
      z + maxLinkDistance,
      gather,
    );
    // Ascending j, so the visiting order does not depend on the hash's bucket order.
    near.sort((a, b) => a - b);
    for (const j of near) {
      if (j <= i) continue;
      const dx = positions[3 * j] - x,
        dy = positions[3 * j + 1] - y,
        dz = positions[3 * j + 2] - z;
      if (dx * dx + dy * dy + dz * dz <= limitSq) visit(i, j);
    }
  }
}

/**
 * Tests the segment between waypoints i and j with `lineOfSight`, always in the same
 * direction (from the lexicographically smaller position), so the answer for a pair never
 * depends on waypoint order: a full build and any sequence of incremental edits agree.
 */
export function pairClear(los: LineOfSight, ax: number, ay: number, az: number, bx: number, by: number, bz: number): boolean {
  const aFirst = ax < bx || (ax === bx && (ay < by || (ay === by && az <= bz)));
  return aFirst ? los(ax, ay, az, bx, by, bz) : los(bx, by, bz, ax, ay, az);
}

/**
 * `segmentClear` for `buildVisibility` from a world-space line-of-sight test (see `pairClear`).
 * `positions` is checked once here (xyz triples of finite numbers), not in the returned test.
 */
export function segmentClearOf(positions: ArrayLike<number>, los: LineOfSight): (i: number, j: number) => boolean {
  const p = checkNumbers('segmentClearOf: positions', positions, 3);
  checkFunction('segmentClearOf: los', los);
  return (i, j) => pairClear(los, p[3 * i], p[3 * i + 1], p[3 * i + 2], p[3 * j], p[3 * j + 1], p[3 * j + 2]);
}

/**
 * The options of a visibility graph, checked at the entry of `what` (a usage error naming the
 * field): maxLinkDistance a number > 0 (Infinity, the default, for none), allPairsLimit an
 * integer >= 0 (`defaultLimit` when undefined).
 */
export function checkVisibilityOptions(
  what: string,
  options: unknown,
  defaultLimit: number,
): { maxLinkDistance: number; allPairsLimit: number } {
  const o = checkOptions<VisibilityOptions>(`${what}: options`, options);
  return {
    maxLinkDistance: o.maxLinkDistance === undefined ? Infinity : checkLimit(`${what}: options.maxLinkDistance`, o.maxLinkDistance),
    allPairsLimit:
      o.allPairsLimit === undefined ? defaultLimit : checkNumber(`${what}: options.allPairsLimit`, o.allPairsLimit, 0, false, true),
  };
}

/**
 * The index of the waypoint nearest to `point` that it can see (`los(point, waypoint)`), for
 * starting or ending a search at a point off the graph; -1 if none within `maxDistance` (> 0;
 * Infinity, the default, for no limit) is visible. Waypoints are tried nearest first, so
 * usually only a few tests run.
 */
export function snapToVisibleWaypoint(point: Vec3, positions: ArrayLike<number>, los: LineOfSight, maxDistance = Infinity): number {
  checkVec3('snapToVisibleWaypoint: point', point);
  checkNumbers('snapToVisibleWaypoint: positions', positions, 3);
  checkFunction('snapToVisibleWaypoint: los', los);
  checkLimit('snapToVisibleWaypoint: maxDistance', maxDistance);
  const n = positions.length / 3;
  const order: number[] = [];
  const dist = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const dx = positions[3 * i] - point.x,
      dy = positions[3 * i + 1] - point.y,
      dz = positions[3 * i + 2] - point.z;
    dist[i] = dx * dx + dy * dy + dz * dz;
    if (dist[i] <= maxDistance * maxDistance) order.push(i);
  }
  order.sort((a, b) => dist[a] - dist[b] || a - b);
  for (const i of order) {
    if (los(point.x, point.y, point.z, positions[3 * i], positions[3 * i + 1], positions[3 * i + 2])) return i;
  }
  return -1;
}

/** Waypoint positions given to a build (a usage error naming `what` otherwise): xyz triples of finite numbers, at most LIMITS.waypoints of them. */
export function checkPositions(what: string, positions: unknown): void {
  checkNumbers(what, positions, 3, 3 * WAYPOINT_LIMIT);
}
