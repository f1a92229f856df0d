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
const box = [0, 0, 0, 0, 0, 0];

/**
 * Bit rows of `grid` along `axis` (0 = x, 1 = y, 2 = z). After the grid changes they are
 * updated in the edited box when the grid knows it (`VoxelGrid.editedSince`), else rebuilt.
 */
export function axisRows(grid: VoxelGrid, axis: 0 | 1 | 2): AxisRows {
  if (axis === 0) return { bits: grid.blockedRows(), words: grid.rowWords, stride: grid.Y + 2 };
  let c = cache.get(grid);
  if (c === undefined) {
    c = { version: grid.version, rows: [null, null] };
    cache.set(grid, c);
  } else if (c.version !== grid.version) {
    const edited = grid.editedSince(c.version, box);
    c.version = grid.version;
    if (edited === null) c.rows = [null, null];
    else {
      const [ry, rz] = c.rows;
      if (ry !== null) write(grid, ry, 1, edited);
      if (rz !== null) write(grid, rz, 2, edited);
    }
  }
  return (c.rows[axis - 1] ??= build(grid, axis));
}

/** Copies the occupancy of the voxels in the inclusive box b into the rows along `axis`. */
function write(grid: VoxelGrid, rows: AxisRows, axis: 1 | 2, b: readonly number[]): void {
  const { X, Y, occupancy } = grid;
  const { bits, words, stride } = rows;
  for (let z = b[2]; z <= b[5]; z++) {
    for (let y = b[1]; y <= b[4]; y++) {
      const i0 = X * (y + Y * z);
      // Row of (x, z) for axis y, of (x, y) for axis z; the bit is y + 1 or z + 1.
      const q = axis === 1 ? z : y;
      const bit = (axis === 1 ? y : z) + 1;
      const word = bit >>> 5;
      const m = 1 << (bit & 31);
      for (let x = b[0]; x <= b[3]; x++) {
        const w = (x + 1 + stride * (q + 1)) * words + word;
        bits[w] = occupancy[i0 + x] !== 0 ? bits[w] | m : bits[w] & ~m;
      }
    }
  }
}

function build(grid: VoxelGrid, axis: 1 | 2): AxisRows {
  const { X, Y, Z } = grid;
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
  const rows = { bits, words, stride };
  write(grid, rows, axis, [0, 0, 0, X - 1, Y - 1, Z - 1]);
  return rows;
}
