import type { ClearSpace } from '../grid/clearance.ts';

/**
 * Positions in `space.clearVoxels`, best cover candidates first: by score = min(clearance,
 * distance from the centre to the grid border), quantised to 1/8 cell (a counting sort keeps
 * index order among equal scores, so the order is deterministic).
 */
export function coverOrder(space: ClearSpace): Int32Array {
  const { grid, clearance, clearVoxels } = space;
  const s = grid.cellSize;
  const c = { x: 0, y: 0, z: 0 };
  const bins = new Int32Array(clearVoxels.length);
  let top = 0;
  for (let k = 0; k < clearVoxels.length; k++) {
    grid.coords(clearVoxels[k], c);
    const border = Math.min(c.x + 0.5, grid.X - c.x - 0.5, c.y + 0.5, grid.Y - c.y - 0.5, c.z + 0.5, grid.Z - c.z - 0.5);
    const score = Math.min(clearance[clearVoxels[k]] / s, border);
    bins[k] = Math.floor(8 * score);
    if (bins[k] > top) top = bins[k];
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
  const BX = Math.ceil(grid.X / COVER_BLOCK),
    BY = Math.ceil(grid.Y / COVER_BLOCK),
    BZ = Math.ceil(grid.Z / COVER_BLOCK);
  const c = { x: 0, y: 0, z: 0 };
  const block = new Int32Array(clearVoxels.length);
  const first = new Int32Array(BX * BY * BZ + 1);
  for (let k = 0; k < clearVoxels.length; k++) {
    grid.coords(clearVoxels[k], c);
    const b = Math.floor(c.x / COVER_BLOCK) + BX * (Math.floor(c.y / COVER_BLOCK) + BY * Math.floor(c.z / COVER_BLOCK));
    block[k] = b;
    first[b + 1]++;
  }
  for (let b = 0; b < BX * BY * BZ; b++) first[b + 1] += first[b];
  const next = first.slice();
  const uncovered = new Int32Array(clearVoxels.length);
  for (let k = 0; k < clearVoxels.length; k++) uncovered[next[block[k]]++] = k;
  return { uncovered, first, block };
}
