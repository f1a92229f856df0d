import { checkInstance, checkNumber, checkVec3 } from '../args.ts';
import type { Vec3 } from '../math/vec3.ts';
import { VoxelGrid } from './VoxelGrid.ts';

/**
 * How far, in voxels on each axis, a point in a blocked voxel (or outside the grid) looks for
 * a free voxel to stand for it (`nearestFreeVoxel`): agent starts and goals, and the search
 * lab's default endpoints. Four voxels covers a point placed inside a wall a few voxels thick
 * without snapping through to the far side of a large obstacle.
 */
export const FREE_VOXEL_SNAP_RADIUS = 4;

/**
 * The free voxel of `grid` whose centre is nearest world point `p`: the voxel containing p
 * when it is free, else the nearest free voxel within `radius` voxels on each axis of p's voxel
 * (clamped into the grid, so a point outside snaps to the border). Ties go to the lowest
 * index. Returns the voxel index, or -1 when none is free there. A function rather than a
 * VoxelGrid method, so a program that only searches does not carry it.
 */
export function nearestFreeVoxel(grid: VoxelGrid, p: Vec3, radius: number = FREE_VOXEL_SNAP_RADIUS): number {
  checkInstance('nearestFreeVoxel: grid', grid, VoxelGrid);
  checkVec3('nearestFreeVoxel: p', p);
  checkNumber('nearestFreeVoxel radius', radius, 0, false, true);
  const own = grid.voxelIndexAt(p.x, p.y, p.z);
  if (own >= 0 && grid.occupancy[own] === 0) return own;
  const clamp = (v: number, n: number) => Math.min(n - 1, Math.max(0, v));
  const { X, Y, Z, cellSize: s, origin: o, occupancy } = grid;
  const cx = clamp(grid.axisVoxel(0, p.x), X),
    cy = clamp(grid.axisVoxel(1, p.y), Y),
    cz = clamp(grid.axisVoxel(2, p.z), Z);
  let best = -1;
  let bestD = Infinity;
  for (let z = Math.max(0, cz - radius); z <= Math.min(Z - 1, cz + radius); z++) {
    for (let y = Math.max(0, cy - radius); y <= Math.min(Y - 1, cy + radius); y++) {
      for (let x = Math.max(0, cx - radius); x <= Math.min(X - 1, cx + radius); x++) {
        const v = x + X * (y + Y * z);
        if (occupancy[v] !== 0) continue;
        const d = (o.x + (x + 0.5) * s - p.x) ** 2 + (o.y + (y + 0.5) * s - p.y) ** 2 + (o.z + (z + 0.5) * s - p.z) ** 2;
        if (d < bestD) {
          bestD = d;
          best = v;
        }
      }
    }
  }
  return best;
}
