import { BLOCK_SHIFT as BLOCK_SHIFT_, emptyBlocks, type EmptyBlocks } from './emptyBlocks.ts';
import type { VoxelGrid } from './VoxelGrid.ts';

// Module-local copy: imported bindings may compile to getter calls (tsx), too slow per voxel.
const BLOCK_SHIFT = BLOCK_SHIFT_;

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
 *
 * Through an empty coarse block (emptyBlocks) the walk jumps at once to the exit of the
 * largest cube of empty blocks centred on it (its `clear` value): every crossing before the
 * exit time enters a voxel of that cube (and so does every voxel around an edge or corner met
 * there), so all of them are free. The crossing at the exit itself is walked voxel by voxel,
 * so the answer is the same as the plain walk's.
 */
export function centreSight(grid: VoxelGrid, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): boolean {
  return walk(grid, emptyBlocks(grid), x0, y0, z0, x1, y1, z1);
}

/**
 * centreSight with the grid's current empty-block summary passed in (`emptyBlocks(grid)`,
 * fetched once by a caller that checks many segments while the grid does not change).
 */
export function centreSightThrough(grid: VoxelGrid, blocks: EmptyBlocks, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): boolean {
  return walk(grid, blocks, x0, y0, z0, x1, y1, z1);
}

/** centreSight voxel by voxel, without the block summary (the reference it must match). */
export function centreSightVoxelwise(grid: VoxelGrid, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): boolean {
  return walk(grid, null, x0, y0, z0, x1, y1, z1);
}

function walk(grid: VoxelGrid, blocks: EmptyBlocks | null, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): boolean {
  const occ = grid.occupancy;
  const X = grid.X;
  const XY = X * grid.Y;
  let i = x0 + X * y0 + XY * z0;
  if (occ[i] !== 0) return false;
  const dx = x1 - x0, dy = y1 - y0, dz = z1 - z0;
  const ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy, az = dz < 0 ? -dz : dz;
  const sx = dx < 0 ? -1 : 1, sy = dy < 0 ? -1 : 1, sz = dz < 0 ? -1 : 1;
  const ox = sx, oy = sy * X, oz = sz * XY;
  const A = ax || 1, B = ay || 1, C = az || 1;
  const stepX = 2 * B * C, stepY = 2 * A * C, stepZ = 2 * A * B;
  // Every crossing happens before the end time 2ABC (an odd multiple of BC, AC or AB).
  const end = 2 * A * B * C;
  let tx = ax !== 0 ? B * C : Infinity;
  let ty = ay !== 0 ? A * C : Infinity;
  let tz = az !== 0 ? A * B : Infinity;
  let x = x0, y = y0, z = z0;
  const clear = blocks?.clear, BX = blocks?.BX ?? 0, BY = blocks?.BY ?? 0;
  let left = ax + ay + az;
  while (left > 0) {
    const bx = x >> BLOCK_SHIFT, by = y >> BLOCK_SHIFT, bz = z >> BLOCK_SHIFT;
    // c > 0: every block within r = c - 1 of this one is empty, so is the cube they make.
    const c = clear !== undefined ? clear[bx + BX * (by + BY * bz)] : 0;
    const r = c > 0 ? c - 1 : 0;
    // The time the segment leaves the cube (or the block): after the voxels left in it per axis.
    const nx = sx < 0 ? x - ((bx - r) << BLOCK_SHIFT) : ((bx + r + 1) << BLOCK_SHIFT) - 1 - x;
    const ny = sy < 0 ? y - ((by - r) << BLOCK_SHIFT) : ((by + r + 1) << BLOCK_SHIFT) - 1 - y;
    const nz = sz < 0 ? z - ((bz - r) << BLOCK_SHIFT) : ((bz + r + 1) << BLOCK_SHIFT) - 1 - z;
    const ex = tx + nx * stepX, ey = ty + ny * stepY, ez = tz + nz * stepZ;
    const exit = ex < ey ? (ex < ez ? ex : ez) : ey < ez ? ey : ez;
    if (c > 0) {
      // Take every crossing strictly before the exit (or the end) at once.
      const T = exit < end ? exit : end;
      if (tx < T) { const k = Math.floor((T - 1 - tx) / stepX) + 1; tx += k * stepX; x += sx * k; i += ox * k; left -= k; }
      if (ty < T) { const k = Math.floor((T - 1 - ty) / stepY) + 1; ty += k * stepY; y += sy * k; i += oy * k; left -= k; }
      if (tz < T) { const k = Math.floor((T - 1 - tz) / stepZ) + 1; tz += k * stepZ; z += sz * k; i += oz * k; left -= k; }
    }
    // Voxel by voxel up to and including the crossing that leaves the block.
    while (left > 0) {
      const t = tx < ty ? (tx < tz ? tx : tz) : ty < tz ? ty : tz;
      if (t > exit) break;
      const cx = tx === t, cy = ty === t, cz = tz === t;
      if (cx ? cy || cz : cy && cz) {
        // An edge or a corner: every voxel around it (the box of the tied axes) must be free.
        const mx = cx ? ox : 0, my = cy ? oy : 0, mz = cz ? oz : 0;
        if (occ[i + mx] !== 0 || occ[i + my] !== 0 || occ[i + mz] !== 0 || occ[i + mx + my] !== 0 || occ[i + mx + mz] !== 0 || occ[i + my + mz] !== 0) return false;
      }
      if (cx) { i += ox; x += sx; tx += stepX; left--; }
      if (cy) { i += oy; y += sy; ty += stepY; left--; }
      if (cz) { i += oz; z += sz; tz += stepZ; left--; }
      if (occ[i] !== 0) return false;
    }
  }
  return true;
}
