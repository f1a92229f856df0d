import { NavlabError } from '../errors.ts';
import type { Vec3 } from '../math/vec3.ts';
import { SpatialHash } from './SpatialHash.ts';

/** An axis-aligned box in world units (three.js `Box3` fits this shape). */
export interface Aabb {
  min: Vec3;
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
    const x = positions[3 * i], y = positions[3 * i + 1], z = positions[3 * i + 2];
    near.length = 0;
    hash.query(x - maxLinkDistance, y - maxLinkDistance, z - maxLinkDistance, x + maxLinkDistance, y + maxLinkDistance, z + maxLinkDistance, gather);
    // Ascending j, so the visiting order does not depend on the hash's bucket order.
    near.sort((a, b) => a - b);
    for (const j of near) {
      if (j <= i) continue;
      const dx = positions[3 * j] - x, dy = positions[3 * j + 1] - y, dz = positions[3 * j + 2] - z;
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

/** `segmentClear` for `buildVisibility` from a world-space line-of-sight test (see `pairClear`). */
export function segmentClearOf(positions: ArrayLike<number>, los: LineOfSight): (i: number, j: number) => boolean {
  const p = positions;
  return (i, j) => pairClear(los, p[3 * i], p[3 * i + 1], p[3 * i + 2], p[3 * j], p[3 * j + 1], p[3 * j + 2]);
}

/** maxLinkDistance, checked: a positive number (Infinity when undefined). */
export function checkDistance(d: number | undefined): number {
  if (d === undefined) return Infinity;
  if (!(d > 0)) throw new NavlabError('usage', `maxLinkDistance: expected a positive number, got ${d}`);
  return d;
}

/** allPairsLimit, checked: a non-negative integer (`fallback` when undefined). */
export function checkLimit(n: number | undefined, fallback: number): number {
  if (n === undefined) return fallback;
  if (!Number.isInteger(n) || n < 0) throw new NavlabError('usage', `allPairsLimit: expected a non-negative integer, got ${n}`);
  return n;
}

