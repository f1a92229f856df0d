import type { ClearSpace } from '../grid/clearance.ts';

/**
 * Positions in `space.clearVoxels`, best cover candidates first: by score = min(clearance,
 * distance from the centre to the grid border), quantised to 1/8 cell (a counting sort keeps
 * index order among equal scores, so the order is deterministic).
 */
export function coverOrder(space: ClearSpace): Int32Array {
  const { grid, clearance, clearVoxels } = space;
  const { X, Y, Z } = grid;
  const XY = X * Y;
  const s = grid.cellSize;
  const bins = new Int32Array(clearVoxels.length);
  let top = 0;
  for (let k = 0; k < clearVoxels.length; k++) {
    const v = clearVoxels[k];
    // Integer division (| 0) is 2-3 times faster here than Math.floor.
    const z = (v / XY) | 0,
      y = ((v - XY * z) / X) | 0,
      x = v - XY * z - X * y;
    // 8 times the distance to the border, min(x, ...) + 0.5, is a whole number.
    const b = Math.min(Math.floor(8 * (clearance[v] / s)), 8 * Math.min(x, X - 1 - x, y, Y - 1 - y, z, Z - 1 - z) + 4);
    bins[k] = b;
    if (b > top) top = b;
  }
  const start = new Int32Array(top + 2);
  for (let k = 0; k < bins.length; k++) start[top - bins[k] + 1]++;
  for (let b = 0; b <= top; b++) start[b + 1] += start[b];
  const order = new Int32Array(bins.length);
  for (let k = 0; k < bins.length; k++) order[start[top - bins[k]]++] = k;
  return order;
}

/** Edge of the blocks `Placer.cover` groups voxels by. */
const COVER_BLOCK = 8;

/**
 * Positions in `space.clearVoxels` grouped by block of COVER_BLOCK^3 voxels (blocks in index
 * order, positions ascending within a block): block b's positions are
 * `uncovered[first[b] .. first[b + 1])`; `block` is the block of each position.
 */
export function blockOrder(space: ClearSpace): { uncovered: Int32Array; first: Int32Array; block: Int32Array } {
  const { grid, clearVoxels } = space;
  const { X, Y } = grid;
  const XY = X * Y;
  const BX = Math.ceil(X / COVER_BLOCK),
    BY = Math.ceil(Y / COVER_BLOCK),
    BZ = Math.ceil(grid.Z / COVER_BLOCK);
  const block = new Int32Array(clearVoxels.length);
  const first = new Int32Array(BX * BY * BZ + 1);
  for (let k = 0; k < clearVoxels.length; k++) {
    const v = clearVoxels[k];
    const z = (v / XY) | 0,
      y = ((v - XY * z) / X) | 0;
    // COVER_BLOCK is 8.
    const b = ((v - XY * z - X * y) >> 3) + BX * ((y >> 3) + BY * (z >> 3));
    block[k] = b;
    first[b + 1]++;
  }
  for (let b = 0; b < BX * BY * BZ; b++) first[b + 1] += first[b];
  const next = first.slice();
  const uncovered = new Int32Array(clearVoxels.length);
  for (let k = 0; k < clearVoxels.length; k++) uncovered[next[block[k]]++] = k;
  return { uncovered, first, block };
}
