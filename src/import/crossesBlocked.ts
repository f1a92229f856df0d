import type { VoxelGrid } from '../core/grid/VoxelGrid.ts';

/** What one voxel of the walk is: free (go on), blocked, or outside the grid. */
const FREE = 0,
  BLOCKED = 1,
  OUTSIDE = 2;

function voxelAt(occ: Uint8Array, X: number, Y: number, Z: number, x: number, y: number, z: number): number {
  if (x < 0 || y < 0 || z < 0 || x >= X || y >= Y || z >= Z) return OUTSIDE;
  return occ[x + X * (y + Y * z)] !== 0 ? BLOCKED : FREE;
}

/**
 * Whether segment a-b (world coordinates) touches a blocked voxel's box after starting in a
 * free voxel inside the grid: the voxels it passes through, in order, up to the first blocked
 * one or the first outside the grid (then false). The walk of `walkVoxels` (3D DDA; every
 * voxel touching an edge or corner it crosses exactly), with the voxel test inlined: no
 * closure per call or voxel (the import's links test many long segments).
 */
export function crossesBlocked(grid: VoxelGrid, ax: number, ay: number, az: number, bx: number, by: number, bz: number): boolean {
  const s = grid.cellSize;
  const o = grid.origin;
  const { X, Y, Z } = grid;
  const occ = grid.occupancy;
  // As walkVoxels((ax - o.x) / s, ..., visit): the same arithmetic, so the same voxels.
  const ux = (ax - o.x) / s,
    uy = (ay - o.y) / s,
    uz = (az - o.z) / s;
  const vx = (bx - o.x) / s,
    vy = (by - o.y) / s,
    vz = (bz - o.z) / s;
  let x = Math.floor(ux);
  let y = Math.floor(uy);
  let z = Math.floor(uz);
  const dx = vx - ux;
  const dy = vy - uy;
  const dz = vz - uz;
  const sx = Math.sign(dx);
  const sy = Math.sign(dy);
  const sz = Math.sign(dz);
  const tdx = sx !== 0 ? Math.abs(1 / dx) : Infinity;
  const tdy = sy !== 0 ? Math.abs(1 / dy) : Infinity;
  const tdz = sz !== 0 ? Math.abs(1 / dz) : Infinity;
  let tx = sx > 0 ? (x + 1 - ux) * tdx : sx < 0 ? (ux - x) * tdx : Infinity;
  let ty = sy > 0 ? (y + 1 - uy) * tdy : sy < 0 ? (uy - y) * tdy : Infinity;
  let tz = sz > 0 ? (z + 1 - uz) * tdz : sz < 0 ? (uz - z) * tdz : Infinity;
  const EPS = 1e-9;
  let steps = Math.abs(Math.floor(vx) - x) + Math.abs(Math.floor(vy) - y) + Math.abs(Math.floor(vz) - z);
  // The first voxel: blocked or outside, no crossing.
  if (voxelAt(occ, X, Y, Z, x, y, z) !== FREE) return false;
  let c = FREE;
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
          for (let i = 0; i <= (cx ? 1 : 0); i++) {
            c = voxelAt(occ, X, Y, Z, x + i * sx, y + j * sy, z + k * sz);
            if (c !== FREE) return c === BLOCKED;
          }
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
    c = voxelAt(occ, X, Y, Z, x, y, z);
    if (c !== FREE) return c === BLOCKED;
  }
  return false;
}
