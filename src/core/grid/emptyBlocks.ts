import type { VoxelGrid } from './VoxelGrid.ts';

/** Edge of a coarse block in voxels (a power of two): BLOCK_SHIFT = log2. */
export const BLOCK_SHIFT = 3;

/** Largest `reach` value: cubes of up to REACH_CAP blocks per edge are jumped at once. */
export const REACH_CAP = 16;

/**
 * A coarse occupancy summary: the grid cut into aligned blocks of 2^BLOCK_SHIFT voxels per
 * edge (the last ones clipped at the grid's faces); block (bx, by, bz) is
 * b = bx + BX * (by + BY * bz) of n = BX * BY * BZ:
 *   empty[b]              1 when every voxel of the block is free, else 0;
 *   reach[o * n + b]      for each octant o (bit 0: towards -x, bit 1: -y, bit 2: -z), the
 *                         edge in blocks of the largest cube of empty blocks with block b at
 *                         its corner that extends in o's directions, capped at REACH_CAP (0 for
 *                         a non-empty block). Blocks outside the grid count as empty (a segment
 *                         between voxels never reaches them).
 */
export interface EmptyBlocks {
  readonly empty: Uint8Array;
  readonly reach: Uint8Array;
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
      reaches(c.blocks, b, REACH_CAP - 1);
    }
    return c.blocks;
  }
  const { X, Y, Z } = grid;
  const BX = ((X - 1) >> BLOCK_SHIFT) + 1,
    BY = ((Y - 1) >> BLOCK_SHIFT) + 1,
    BZ = ((Z - 1) >> BLOCK_SHIFT) + 1;
  const n = BX * BY * BZ;
  const blocks = { empty: new Uint8Array(n), reach: new Uint8Array(8 * n), BX, BY, BZ };
  const all = [0, 0, 0, BX - 1, BY - 1, BZ - 1];
  summarize(grid, blocks, all);
  reaches(blocks, all, 0);
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

/**
 * Writes `reach` octant by octant for the blocks in the inclusive block box `box` (block
 * coordinates) and the blocks up to `behind` blocks behind it, the way each octant looks
 * from (a reach sees at most REACH_CAP - 1 blocks ahead, so after an edit of `box` only those
 * blocks change). An empty block's cube is itself and the cubes of its seven neighbours ahead
 * grown by one, so reach = 1 + the least of theirs (REACH_CAP outside the grid). Blocks are
 * visited from the far side of the octant, so the neighbours inside the box are written first;
 * those beyond it are ahead of the edit and read as they are.
 */
function reaches(blocks: EmptyBlocks, box: readonly number[], behind: number): void {
  const { empty, reach, BX, BY, BZ } = blocks;
  const n = BX * BY * BZ;
  for (let o = 0; o < 8; o++) {
    const on = o * n;
    const sx = o & 1 ? -1 : 1,
      sy = o & 2 ? -1 : 1,
      sz = o & 4 ? -1 : 1;
    // The box grown behind, in this octant's view, and clipped to the grid.
    const out = [
      sx > 0 ? Math.max(0, box[0] - behind) : box[0],
      sy > 0 ? Math.max(0, box[1] - behind) : box[1],
      sz > 0 ? Math.max(0, box[2] - behind) : box[2],
      sx > 0 ? box[3] : Math.min(BX - 1, box[3] + behind),
      sy > 0 ? box[4] : Math.min(BY - 1, box[4] + behind),
      sz > 0 ? box[5] : Math.min(BZ - 1, box[5] + behind),
    ];
    for (let i = 0, z = sz > 0 ? out[5] : out[2]; i <= out[5] - out[2]; i++, z -= sz) {
      // Whether the neighbours ahead along z (y, x) are inside the grid.
      const zIn = z + sz >= 0 && z + sz < BZ;
      for (let j = 0, y = sy > 0 ? out[4] : out[1]; j <= out[4] - out[1]; j++, y -= sy) {
        const yIn = y + sy >= 0 && y + sy < BY;
        for (let k = 0, x = sx > 0 ? out[3] : out[0]; k <= out[3] - out[0]; k++, x -= sx) {
          const b = x + BX * (y + BY * z);
          if (empty[b] === 0) {
            reach[on + b] = 0;
            continue;
          }
          const xIn = x + sx >= 0 && x + sx < BX;
          let v = REACH_CAP;
          for (let m = 1; m < 8; m++) {
            if ((m & 1 && !xIn) || (m & 2 && !yIn) || (m & 4 && !zIn)) continue;
            const nb = b + (m & 1 ? sx : 0) + (m & 2 ? sy * BX : 0) + (m & 4 ? sz * BX * BY : 0);
            const r = reach[on + nb] + 1;
            if (r < v) v = r;
          }
          reach[on + b] = v;
        }
      }
    }
  }
}
