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

/** The empty-block summary of `grid`; rebuilt after the grid changes. */
export function emptyBlocks(grid: VoxelGrid): EmptyBlocks {
  const c = cache.get(grid);
  if (c !== undefined && c.version === grid.version) return c.blocks;
  const blocks = build(grid);
  cache.set(grid, { version: grid.version, blocks });
  return blocks;
}

function build(grid: VoxelGrid): EmptyBlocks {
  const { X, Y, Z, occupancy } = grid;
  const BX = ((X - 1) >> BLOCK_SHIFT) + 1, BY = ((Y - 1) >> BLOCK_SHIFT) + 1, BZ = ((Z - 1) >> BLOCK_SHIFT) + 1;
  const empty = new Uint8Array(BX * BY * BZ).fill(1);
  let i = 0;
  for (let z = 0; z < Z; z++) {
    for (let y = 0; y < Y; y++) {
      const row = BX * ((y >> BLOCK_SHIFT) + BY * (z >> BLOCK_SHIFT));
      for (let x = 0; x < X; x++, i++) if (occupancy[i] !== 0) empty[row + (x >> BLOCK_SHIFT)] = 0;
    }
  }
  return { empty, BX, BY };
}
