import type { VoxelGrid } from './VoxelGrid.ts';

/**
 * Walks the voxels segment a-b passes through, given in continuous voxel coordinates (voxel
 * (x, y, z) spans [x, x+1) on each axis), from a's voxel to b's: 3D DDA after Amanatides &
 * Woo, "A Fast Voxel Traversal Algorithm" (1987). Where the segment passes exactly through an
 * edge or corner, every voxel touching it is visited too (some voxels may be visited twice).
 * Stops with false as soon as `visit` returns false; true when it never did.
 */
export function walkVoxels(
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  visit: (x: number, y: number, z: number) => boolean,
): boolean {
  let x = Math.floor(ax);
  let y = Math.floor(ay);
  let z = Math.floor(az);
  const dx = bx - ax;
  const dy = by - ay;
  const dz = bz - az;
  const sx = Math.sign(dx);
  const sy = Math.sign(dy);
  const sz = Math.sign(dz);
  const tdx = sx !== 0 ? Math.abs(1 / dx) : Infinity;
  const tdy = sy !== 0 ? Math.abs(1 / dy) : Infinity;
  const tdz = sz !== 0 ? Math.abs(1 / dz) : Infinity;
  let tx = sx > 0 ? (x + 1 - ax) * tdx : sx < 0 ? (ax - x) * tdx : Infinity;
  let ty = sy > 0 ? (y + 1 - ay) * tdy : sy < 0 ? (ay - y) * tdy : Infinity;
  let tz = sz > 0 ? (z + 1 - az) * tdz : sz < 0 ? (az - z) * tdz : Infinity;
  const EPS = 1e-9;
  let steps = Math.abs(Math.floor(bx) - x) + Math.abs(Math.floor(by) - y) + Math.abs(Math.floor(bz) - z);
  if (!visit(x, y, z)) return false;
  while (steps > 0) {
    const tmin = Math.min(tx, ty, tz);
    if (tmin > 1) break;
    const cx = tx - tmin < EPS;
    const cy = ty - tmin < EPS;
    const cz = tz - tmin < EPS;
    // Crossing an edge or corner exactly: the voxels diagonal to the path touch it too.
    if ((cx ? 1 : 0) + (cy ? 1 : 0) + (cz ? 1 : 0) > 1) {
      for (let k = 0; k <= (cz ? 1 : 0); k++)
        for (let j = 0; j <= (cy ? 1 : 0); j++)
          for (let i = 0; i <= (cx ? 1 : 0); i++) if (!visit(x + i * sx, y + j * sy, z + k * sz)) return false;
    }
    if (cx) {
      x += sx;
      tx += tdx;
      steps--;
    }
    if (cy) {
      y += sy;
      ty += tdy;
      steps--;
    }
    if (cz) {
      z += sz;
      tz += tdz;
      steps--;
    }
    if (!visit(x, y, z)) return false;
  }
  return true;
}

/**
 * Voxel line of sight on `grid` between two points given in continuous voxel coordinates
 * (voxel (x, y, z) spans [x, x+1) on each axis): true when every voxel the segment passes
 * through is free (outside the grid counts as blocked). When the segment passes exactly
 * through an edge or corner, all voxels touching it count.
 */
export function voxelLineOfSight(grid: VoxelGrid, ax: number, ay: number, az: number, bx: number, by: number, bz: number): boolean {
  const free = (x: number, y: number, z: number): boolean => !grid.isBlocked(x, y, z);
  return free(Math.floor(bx), Math.floor(by), Math.floor(bz)) && walkVoxels(ax, ay, az, bx, by, bz, free);
}
