import type { ClearSpace } from '../grid/clearance.ts';

/** Positions 0..n-1 sorted by key (keys in [0, keys)), stable; keys k's run is order[first[k] .. first[k + 1]). */
function countingSort(key: Int32Array, keys: number): { order: Int32Array; first: Int32Array } {
  const first = new Int32Array(keys + 1);
  for (let k = 0; k < key.length; k++) first[key[k] + 1]++;
  for (let b = 0; b < keys; b++) first[b + 1] += first[b];
  const next = first.slice();
  const order = new Int32Array(key.length);
  for (let k = 0; k < key.length; k++) order[next[key[k]]++] = k;
  return { order, first };
}

/**
 * The orders `Placer.cover` takes the clear voxels in (positions in `space.clearVoxels`), from
 * one pass over them. `order`: best cover candidates first, by score = min(clearance, distance
 * from the centre to the grid border), quantised to 1/8 cell. `uncovered`: grouped by block of
 * 8^3 voxels (blocks in index order, positions ascending within a block): block b's positions
 * are `uncovered[first[b] .. first[b + 1])`; `block` is the block of each position. Counting
 * sorts keep index order among equal keys, so both orders are deterministic.
 */
export function coverOrder(space: ClearSpace): { order: Int32Array; uncovered: Int32Array; first: Int32Array; block: Int32Array } {
  const { grid, clearance, clearVoxels } = space;
  const { X, Y, Z } = grid;
  const XY = X * Y;
  const s = grid.cellSize;
  const BX = (X + 7) >> 3,
    BY = (Y + 7) >> 3;
  const score = new Int32Array(clearVoxels.length);
  const block = new Int32Array(clearVoxels.length);
  // The score is at most 8 ((X - 1) / 2) + 4 (the border term), and so on for Y and Z.
  const top = 4 * Math.min(X, Y, Z);
  for (let k = 0; k < clearVoxels.length; k++) {
    const v = clearVoxels[k];
    // Integer division (| 0, >> 3) is 2-3 times faster here than Math.floor.
    const z = (v / XY) | 0,
      y = ((v - XY * z) / X) | 0,
      x = v - XY * z - X * y;
    // 8 times the distance to the border, min(x, ...) + 0.5, is a whole number.
    const b = Math.min(Math.floor(8 * (clearance[v] / s)), 8 * Math.min(x, X - 1 - x, y, Y - 1 - y, z, Z - 1 - z) + 4);
    // Best first: sorted by top - score.
    score[k] = top - b;
    block[k] = (x >> 3) + BX * ((y >> 3) + BY * (z >> 3));
  }
  const { order: uncovered, first } = countingSort(block, BX * BY * ((Z + 7) >> 3));
  return { order: countingSort(score, top + 1).order, uncovered, first, block };
}
