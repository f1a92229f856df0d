/**
 * World points and world-space paths of a NavWorld: the free voxel that stands for a point,
 * and path corners as a polyline of Vector3s (string-pulled by the agent's line of sight).
 */
import { Vector3 } from 'three';
import { stringPull } from '../core/graph/waypointRoute.ts';
import { pairClear } from '../core/graph/visibilityPairs.ts';
import type { LineOfSight } from '../core/graph/visibility.ts';
import type { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import { nearestFreeVoxel } from '../core/grid/nearestFree.ts';
import { QueryError } from '../core/query/QueryError.ts';
import type { Algorithm } from '../core/search/algorithms.ts';
import type { GridSearchSettings } from '../core/grid/GridSpace.ts';

/** Voxels a blocked start or goal may be moved to reach a free one. */
const SNAP_CELLS = 4;

/** The free voxel standing for world point `p` (within SNAP_CELLS); a QueryError (code 'query') naming the point if none. */
export function freeVoxel(grid: VoxelGrid, p: Vector3, name: string): number {
  if (grid.voxelIndexAt(p.x, p.y, p.z) < 0) throw new QueryError(`${name}: (${p.x}, ${p.y}, ${p.z}) is outside the navigation grid`);
  const v = nearestFreeVoxel(grid, p, SNAP_CELLS);
  if (v < 0) throw new QueryError(`${name}: (${p.x}, ${p.y}, ${p.z}) is inside geometry, with no free voxel within ${SNAP_CELLS} cells`);
  return v;
}

/** Corners (xyz triples) as Vector3s with their length; string-pulled with `los` if given. */
export function polyline(corners: readonly number[], los: LineOfSight | null): { points: Vector3[]; length: number } {
  const flat = los === null ? corners : stringPull(corners, los).points;
  const points: Vector3[] = [];
  let length = 0;
  for (let i = 0; i < flat.length; i += 3) {
    const p = new Vector3(flat[i], flat[i + 1], flat[i + 2]);
    if (i > 0) length += p.distanceTo(points[i / 3 - 1]);
    points.push(p);
  }
  return { points, length };
}

/**
 * The corners (xyz triples) with those next to the two ends dropped while the agent's line of
 * sight allows: the second is dropped while the first sees the third, then the one before the
 * last while the corner before it sees the last. The inner corners stay: a sparse path's are
 * already pulled on the octree, and `stringPull` would test most pairs again (a capsule test
 * through the BVH each, the long failing ones dearest), where this makes two to four tests.
 */
export function pullEnds(corners: readonly number[], los: LineOfSight): number[] {
  const k = corners.length / 3;
  let i = 1;
  while (i + 1 < k && cornersSee(corners, los, 0, i + 1)) i++;
  // The first corner does not see the last when the loop above stopped at it: not tested again below.
  const firstMissesLast = i + 1 === k - 1;
  const keep = [0];
  for (; i < k; i++) keep.push(i);
  while (keep.length > 2 && !(firstMissesLast && keep.length === 3) && cornersSee(corners, los, keep[keep.length - 3], k - 1))
    keep.splice(keep.length - 2, 1);
  const out: number[] = [];
  for (const c of keep) out.push(corners[3 * c], corners[3 * c + 1], corners[3 * c + 2]);
  return out;
}

/** Whether corner i sees corner j (pairClear: the same answer either way round). */
function cornersSee(c: readonly number[], los: LineOfSight, i: number, j: number): boolean {
  return pairClear(los, c[3 * i], c[3 * i + 1], c[3 * i + 2], c[3 * j], c[3 * j + 1], c[3 * j + 2]);
}

/** Per grid: the version whose terrain was last scanned, and whether every cost was 1 then. */
const uniformTerrain = new WeakMap<VoxelGrid, { version: number; uniform: boolean }>();

/**
 * The fastest algorithm whose rules allow a search of `grid` under `settings`: 'jps' (jump
 * point search: the same optimal costs as A*, far fewer expansions) with 26 neighbours,
 * corner cutting 'forbid' and no terrain costs; else 'astar'. The terrain scan is cached per
 * grid version.
 */
export function fastestAlgorithm(grid: VoxelGrid, settings: GridSearchSettings): Algorithm {
  if ((settings.neighborhood ?? 26) !== 26 || (settings.cornerCutting ?? 'forbid') !== 'forbid') return 'astar';
  const t = grid.terrain;
  if (t === null) return 'jps';
  let known = uniformTerrain.get(grid);
  if (known === undefined || known.version !== grid.version) {
    let uniform = true;
    for (let i = 0; i < t.length && uniform; i++) uniform = t[i] === 1;
    uniformTerrain.set(grid, (known = { version: grid.version, uniform }));
  }
  return known.uniform ? 'jps' : 'astar';
}
