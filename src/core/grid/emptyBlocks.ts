import type { VoxelGrid } from './VoxelGrid.ts';

/** Edge of a coarse block in voxels (a power of two): BLOCK_SHIFT = log2. */
export const BLOCK_SHIFT = 3;

/**
 * A coarse occupancy summary: the grid cut into aligned blocks of 2^BLOCK_SHIFT voxels per
 * edge (the last ones clipped at the grid's faces); byte 1 marks a block whose voxels are all
 * free. Block (bx, by, bz) is at bx + BX * (by + BY * bz).
 */
export interface EmptyBlocks {
  readonly empty: Uint8Array;
  readonly BX: number;
  readonly BY: number;
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
      summarize(grid, c.blocks, [edited[0] >> s, edited[1] >> s, edited[2] >> s, edited[3] >> s, edited[4] >> s, edited[5] >> s]);
    }
    return c.blocks;
  }
  const { X, Y, Z } = grid;
  const BX = ((X - 1) >> BLOCK_SHIFT) + 1, BY = ((Y - 1) >> BLOCK_SHIFT) + 1, BZ = ((Z - 1) >> BLOCK_SHIFT) + 1;
  const blocks = { empty: new Uint8Array(BX * BY * BZ), BX, BY };
  summarize(grid, blocks, [0, 0, 0, BX - 1, BY - 1, BZ - 1]);
  cache.set(grid, { version: grid.version, blocks });
  return blocks;
}

/** Recomputes the blocks in the inclusive block box b (block coordinates). */
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
