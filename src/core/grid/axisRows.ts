import type { VoxelGrid } from './VoxelGrid.ts';

/**
 * The occupancy as padded bit rows along one axis, for scanning 32 voxels per word.
 *
 * Axis a's rows run along a; the other two axes (b, c), in x, y, z order, pick the row:
 *   row = (pb + 1) + (Nb + 2) * (pc + 1)   for pb in [-1, Nb], pc in [-1, Nc]
 * and voxel pa is bit pa + 1 of the row, counted over `words` 32-bit words from
 * `row * words`. Padding (pa = -1 or >= Na, and the rows outside the box) is set: out of
 * bounds is blocked. Axis x is VoxelGrid.blockedRows itself.
 */
export interface AxisRows {
  readonly bits: Uint32Array;
  /** 32-bit words per row. */
  readonly words: number;
  /** Rows per step of the second other axis: Nb + 2. */
  readonly stride: number;
}

interface Cached {
  version: number;
  rows: [AxisRows | null, AxisRows | null];
}

const cache = new WeakMap<VoxelGrid, Cached>();

/** Bit rows of `grid` along `axis` (0 = x, 1 = y, 2 = z); rebuilt after the grid changes. */
export function axisRows(grid: VoxelGrid, axis: 0 | 1 | 2): AxisRows {
  if (axis === 0) return { bits: grid.blockedRows(), words: grid.rowWords, stride: grid.Y + 2 };
  let c = cache.get(grid);
  if (c === undefined || c.version !== grid.version) {
    c = { version: grid.version, rows: [null, null] };
    cache.set(grid, c);
  }
  return (c.rows[axis - 1] ??= build(grid, axis));
}

function build(grid: VoxelGrid, axis: 1 | 2): AxisRows {
  const { X, Y, Z, occupancy } = grid;
  const n = axis === 1 ? Y : Z;
  const other = axis === 1 ? Z : Y;
  const words = (n + 33) >>> 5;
  const stride = X + 2;
  const bits = new Uint32Array(words * stride * (other + 2)).fill(0xffffffff);
  // Clear the in-box rows, then set the blocked voxels (and the padding bit pa = -1).
  for (let q = 0; q < other; q++) {
    for (let x = 0; x < X; x++) {
      const row = (x + 1 + stride * (q + 1)) * words;
      bits.fill(0, row, row + words);
      bits[row] = 1;
      for (let b = n + 1; b < 32 * words; b++) bits[row + (b >>> 5)] |= 1 << (b & 31);
    }
  }
  for (let z = 0; z < Z; z++) {
    for (let y = 0; y < Y; y++) {
      const i0 = X * (y + Y * z);
      // Row of (x, z) for axis y, of (x, y) for axis z; the bit is y + 1 or z + 1.
      const q = axis === 1 ? z : y;
      const b = (axis === 1 ? y : z) + 1;
      const word = b >>> 5;
      const m = 1 << (b & 31);
      for (let x = 0; x < X; x++) if (occupancy[i0 + x] !== 0) bits[(x + 1 + stride * (q + 1)) * words + word] |= m;
    }
  }
  return { bits, words, stride };
}
