import { mulberry32 } from '../../../core/math/random.ts';
import type { SceneDocument } from '../../../scene/schema.ts';
import { addWaypoint } from './edits.ts';

/** What random placement asks of the scene's static world (CollisionWorld has both). */
export interface FreeSpace {
  /** Whether a point lies inside static geometry (a blocked voxel, an obstacle). */
  contains(x: number, y: number, z: number): boolean;
  /** Distance from a point to the static geometry when within `maxDistance`, else Infinity. */
  closestPointOnObstacles(
    point: { x: number; y: number; z: number },
    maxDistance: number,
    outPoint: { x: number; y: number; z: number },
    outNormal: { x: number; y: number; z: number },
  ): number;
}

/** Candidate points drawn per waypoint asked for before giving up on the rest. */
const TRIES_PER_POINT = 200;

/**
 * `count` points drawn uniformly in `bounds` (seeded: the same seed gives the same points)
 * that lie outside the static geometry with at least `clearance` around them. Fewer when
 * the free space is too small to find them in count x 200 draws.
 */
export function randomFreePoints(
  space: FreeSpace,
  bounds: { min: readonly number[]; max: readonly number[] },
  count: number,
  seed: number,
  clearance: number,
): number[][] {
  if (!(Number.isInteger(count) && count >= 0)) throw new Error(`random waypoints: count must be an integer >= 0, got ${count}`);
  if (!Number.isFinite(seed)) throw new Error(`random waypoints: seed must be a number, got ${seed}`);
  const rand = mulberry32(Math.floor(seed));
  const { min, max } = bounds;
  const out: number[][] = [];
  const p = { x: 0, y: 0, z: 0 };
  const q = { x: 0, y: 0, z: 0 };
  const n = { x: 0, y: 0, z: 0 };
  for (let tries = 0; out.length < count && tries < count * TRIES_PER_POINT; tries++) {
    p.x = min[0] + rand() * (max[0] - min[0]);
    p.y = min[1] + rand() * (max[1] - min[1]);
    p.z = min[2] + rand() * (max[2] - min[2]);
    if (space.contains(p.x, p.y, p.z)) continue;
    if (clearance > 0 && space.closestPointOnObstacles(p, clearance, q, n) < clearance) continue;
    out.push([+p.x.toFixed(4), +p.y.toFixed(4), +p.z.toFixed(4)]);
  }
  return out;
}

/** The document with waypoints added at `points` (fresh ids). */
export function addWaypoints(doc: SceneDocument, points: readonly (readonly number[])[]): SceneDocument {
  let d = doc;
  for (const p of points) d = addWaypoint(d, p).doc;
  return d;
}
