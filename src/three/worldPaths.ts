/**
 * World points and world-space paths of a NavWorld: the free voxel that stands for a point,
 * and path corners as a polyline of Vector3s (string-pulled by the agent's line of sight).
 */
import { Vector3 } from 'three';
import { stringPull } from '../core/graph/waypointRoute.ts';
import type { LineOfSight } from '../core/graph/visibility.ts';
import type { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import { nearestFreeVoxel } from '../core/grid/nearestFree.ts';
import { QueryError } from '../core/query/QueryError.ts';

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
    points.push(new Vector3(flat[i], flat[i + 1], flat[i + 2]));
    if (i > 0) length += points[points.length - 1].distanceTo(points[points.length - 2]);
  }
  return { points, length };
}
