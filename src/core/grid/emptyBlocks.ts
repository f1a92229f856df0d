import type { VoxelGrid } from './VoxelGrid.ts';

/** Edge of a coarse block in voxels (a power of two): BLOCK_SHIFT = log2. */
export const BLOCK_SHIFT = 3;

/** Largest `clear` value: cubes of up to 2 * CLEAR_CAP - 1 blocks per edge are jumped at once. */
export const CLEAR_CAP = 8;

/**
 * A coarse occupancy summary: the grid cut into aligned blocks of 2^BLOCK_SHIFT voxels per
 * edge (the last ones clipped at the grid's faces). Block (bx, by, bz) is at
 * bx + BX * (by + BY * bz) in both arrays:
 *   empty  1 when every voxel of the block is free, else 0;
 *   clear  the Chebyshev distance in blocks to the nearest non-empty block, capped at
 *          CLEAR_CAP (0 for a non-empty block). Every block within clear - 1 of it is empty;
 *          blocks outside the grid count as empty (a segment between voxels never reaches them).
 */
export interface EmptyBlocks {
  readonly empty: Uint8Array;
  readonly clear: Uint8Array;
  readonly BX: number;
  readonly BY: number;
  readonly BZ: number;
}

const cache = new WeakMap<VoxelGrid, { version: number; blocks: EmptyBlocks }>();
const box = [0, 0, 0, 0, 0, 0];

/**
 * The empty-block summary of `grid`. After the grid changes it is updated for the blocks
 * the edited box touches when the grid knows that box (`VoxelGrid.editedSince`), else rebuilt.
 */
export function emptyBlocks(grid: VoxelGrid): EmptyBlocks {
  const c = cache.get(grid);
  if (c !== undefined && c.version === grid.version) return c.blocks;
  const edited = c === undefined ? null : grid.editedSince(c.version, box);
  if (c !== undefined && edited !== null) {
    c.version = grid.version;
    if (edited[0] <= edited[3]) {
      const s = BLOCK_SHIFT;
      const b = [edited[0] >> s, edited[1] >> s, edited[2] >> s, edited[3] >> s, edited[4] >> s, edited[5] >> s];
      summarize(grid, c.blocks, b);
      // Clearances change only within CLEAR_CAP blocks of the edit; they are exact when
      // computed over a window CLEAR_CAP blocks wider still (every block that decides them).
      const { BX, BY, BZ } = c.blocks;
      const dims = [BX, BY, BZ];
      const near = [0, 1, 2, 3, 4, 5].map((k) => (k < 3 ? Math.max(0, b[k] - CLEAR_CAP) : Math.min(dims[k - 3] - 1, b[k] + CLEAR_CAP)));
      const wide = [0, 1, 2, 3, 4, 5].map((k) => (k < 3 ? Math.max(0, b[k] - 2 * CLEAR_CAP) : Math.min(dims[k - 3] - 1, b[k] + 2 * CLEAR_CAP)));
      clearances(c.blocks, wide, near);
    }
    return c.blocks;
  }
  const { X, Y, Z } = grid;
  const BX = ((X - 1) >> BLOCK_SHIFT) + 1, BY = ((Y - 1) >> BLOCK_SHIFT) + 1, BZ = ((Z - 1) >> BLOCK_SHIFT) + 1;
  const n = BX * BY * BZ;
  const blocks = { empty: new Uint8Array(n), clear: new Uint8Array(n), BX, BY, BZ };
  const all = [0, 0, 0, BX - 1, BY - 1, BZ - 1];
  summarize(grid, blocks, all);
  clearances(blocks, all, all);
  cache.set(grid, { version: grid.version, blocks });
  return blocks;
}

/** Recomputes `empty` for the blocks in the inclusive block box b (block coordinates). */
function summarize(grid: VoxelGrid, blocks: EmptyBlocks, b: readonly number[]): void {
  const { X, Y, Z, occupancy } = grid;
  const { empty, BX, BY } = blocks;
  const s = BLOCK_SHIFT;
  for (let bz = b[2]; bz <= b[5]; bz++) {
    for (let by = b[1]; by <= b[4]; by++) {
      const row = BX * (by + BY * bz);
      for (let bx = b[0]; bx <= b[3]; bx++) empty[row + bx] = 1;
      for (let z = bz << s; z < Math.min(Z, (bz + 1) << s); z++) {
        for (let y = by << s; y < Math.min(Y, (by + 1) << s); y++) {
          const i0 = X * (y + Y * z);
          for (let x = b[0] << s; x < Math.min(X, (b[3] + 1) << s); x++) if (occupancy[i0 + x] !== 0) empty[row + (x >> s)] = 0;
        }
      }
    }
  }
}

/** Scratch distances of a window (grown as needed; single-threaded). */
let scratch = new Uint8Array(0);

/**
 * Writes `clear` for the blocks in box `out` from the `empty` flags of the blocks in the
 * larger box `win` (both inclusive, block coordinates): a chessboard distance transform in two
 * raster passes (forward over the 13 neighbours already visited, then backward), exact for
 * this metric. Distances are found within the window, which is exact for `out` when `win`
 * reaches CLEAR_CAP blocks beyond it on every side that is not the grid's face.
 */
function clearances(blocks: EmptyBlocks, win: readonly number[], out: readonly number[]): void {
  const { empty, clear, BX, BY } = blocks;
  const W = win[3] - win[0] + 1, H = win[4] - win[1] + 1, D = win[5] - win[2] + 1;
  if (scratch.length < W * H * D) scratch = new Uint8Array(W * H * D);
  const d = scratch;
  // Window layout: (bx - win[0]) + W * ((by - win[1]) + H * (bz - win[2])).
  for (let z = 0, i = 0; z < D; z++) {
    for (let y = 0; y < H; y++) {
      const row = win[0] + BX * (win[1] + y + BY * (win[2] + z));
      for (let x = 0; x < W; x++, i++) d[i] = empty[row + x] === 0 ? 0 : CLEAR_CAP;
    }
  }
  for (let pass = 0; pass < 2; pass++) {
    const step = pass === 0 ? 1 : -1;
    for (let z = pass === 0 ? 0 : D - 1; z >= 0 && z < D; z += step) {
      for (let y = pass === 0 ? 0 : H - 1; y >= 0 && y < H; y += step) {
        for (let x = pass === 0 ? 0 : W - 1; x >= 0 && x < W; x += step) {
          const i = x + W * (y + H * z);
          let v = d[i];
          if (v === 0) continue;
          // The neighbours the pass has already visited: the previous plane, row and voxel.
          for (let dz = -1; dz <= 0; dz++) {
            const nz = z + step * dz;
            if (nz < 0 || nz >= D) continue;
            for (let dy = -1; dy <= 1; dy++) {
              if (dz === 0 && dy > 0) break;
              const ny = y + step * dy;
              if (ny < 0 || ny >= H) continue;
              for (let dx = -1; dx <= 1; dx++) {
                if (dz === 0 && dy === 0 && dx >= 0) break;
                const nx = x + step * dx;
                if (nx < 0 || nx >= W) continue;
                const n = d[nx + W * (ny + H * nz)] + 1;
                if (n < v) v = n;
              }
            }
          }
          d[i] = v;
        }
      }
    }
  }
  for (let bz = out[2]; bz <= out[5]; bz++) {
    for (let by = out[1]; by <= out[4]; by++) {
      for (let bx = out[0]; bx <= out[3]; bx++) {
        clear[bx + BX * (by + BY * bz)] = d[bx - win[0] + W * (by - win[1] + H * (bz - win[2]))];
      }
    }
  }
}
