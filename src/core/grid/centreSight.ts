import type { VoxelGrid } from './VoxelGrid.ts';

/**
 * Line of sight between the centres of two voxels, in exact integer arithmetic: true when
 * every voxel whose closed box the segment touches is free (where it passes through an edge
 * or a corner, every voxel sharing it). For unit moves this is the no-corner-cutting rule.
 * Both voxels must be inside the grid; the walk stays in the box they span, so it reads the
 * occupancy without bounds checks.
 *
 * The segment crosses the k-th voxel boundary along an axis with |delta| = n at time
 * (2k + 1) / 2n; times are compared scaled by 2 |dx| |dy| |dz| (zero deltas count as 1), so
 * simultaneous crossings (an edge or a corner) are found exactly.
 */
export function centreSight(grid: VoxelGrid, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): boolean {
  const occ = grid.occupancy;
  const X = grid.X;
  const XY = X * grid.Y;
  let i = x0 + X * y0 + XY * z0;
  if (occ[i] !== 0) return false;
  const dx = x1 - x0, dy = y1 - y0, dz = z1 - z0;
  const ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy, az = dz < 0 ? -dz : dz;
  const ox = dx < 0 ? -1 : 1, oy = dy < 0 ? -X : X, oz = dz < 0 ? -XY : XY;
  const A = ax || 1, B = ay || 1, C = az || 1;
  const stepX = 2 * B * C, stepY = 2 * A * C, stepZ = 2 * A * B;
  let tx = ax !== 0 ? B * C : Infinity;
  let ty = ay !== 0 ? A * C : Infinity;
  let tz = az !== 0 ? A * B : Infinity;
  for (let left = ax + ay + az; left > 0; ) {
    const t = tx < ty ? (tx < tz ? tx : tz) : ty < tz ? ty : tz;
    const cx = tx === t, cy = ty === t, cz = tz === t;
    if (cx ? cy || cz : cy && cz) {
      // An edge or a corner: every voxel around it (the box of the tied axes) must be free.
      const mx = cx ? ox : 0, my = cy ? oy : 0, mz = cz ? oz : 0;
      if (occ[i + mx] !== 0 || occ[i + my] !== 0 || occ[i + mz] !== 0 || occ[i + mx + my] !== 0 || occ[i + mx + mz] !== 0 || occ[i + my + mz] !== 0) return false;
    }
    if (cx) { i += ox; tx += stepX; left--; }
    if (cy) { i += oy; ty += stepY; left--; }
    if (cz) { i += oz; tz += stepZ; left--; }
    if (occ[i] !== 0) return false;
  }
  return true;
}
