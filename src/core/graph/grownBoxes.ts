import type { VoxelGrid } from '../grid/VoxelGrid.ts';

/**
 * The union of the blocked voxels' closed boxes grown by `r` cells along every axis (max
 * norm), held exactly as the marked cells of a finer, non-uniform grid (`grownBoxes`).
 *
 * In cell units voxel i's grown box along an axis is [i - r, i + 1 + r]; with g the distance
 * of r from the nearest integer (r = R + f, g = min(f, 1 - f)), every face lies on a plane
 * m - g or m + g (m integer). These planes cut each axis into two slabs per cell: fine cell
 * 2m = [m - g, m + g] around each integer and fine cell 2m + 1 = [m + g, m + 1 - g] around each
 * voxel centre; fine cells 0 .. 2X along x cover [-g, X + g]. A grown box is a union of whole
 * fine cells, so a point set meets the union of the grown boxes iff it meets a marked closed
 * fine cell.
 */
export interface GrownBoxes {
  /** The radius (cells) the marks are exact for: the one asked for, or a hair above it (see `grownBoxes`). */
  readonly r: number;
  /** Half-width (cells) of the fine cells around integers, in [GAP, 1/2 - GAP]. */
  readonly g: number;
  /** Fine cells along x and y (2X + 1, 2Y + 1); along z there are 2Z + 1. */
  readonly FX: number;
  readonly FY: number;
  /** One bit per fine cell qx + FX (qy + FY qz): bit q & 31 of word q >>> 5, set when marked. */
  readonly bits: Int32Array;
}

/** Least distance (cells) of r from an integer and from a half-integer (fine cells at least 2 GAP wide). */
const GAP = 1e-5;

/**
 * The grown boxes of `grid`'s blocked voxels for radius `r` (cells, >= 0). A radius within GAP
 * of a multiple of 1/2 (where planes would meet, or fine cells shrink to nothing) is grown to
 * GAP above it: conservative, the marks then cover a hair more than asked.
 *
 * Fine cell q along an axis lies in voxel i's grown box iff its centre q / 2 does, i.e. iff
 * |q - (2i + 1)| <= W with W = floor(2r) + 1; the 3D marks are the max-norm dilation of the
 * blocked voxels (at fine cells 2i + 1) by W, built separably: per voxel layer along x then y
 * (bytes, one fine layer), then along z through the last marked layer of each fine column.
 * Cost: O(8 voxels) time; memory one bit per fine cell (about a byte per voxel) plus 2D scratch.
 */
export function grownBoxes(grid: VoxelGrid, r: number): GrownBoxes {
  const frac = r - Math.floor(r);
  const half = Math.abs(frac - 0.5);
  if (frac < GAP) r += GAP - frac;
  else if (frac > 1 - GAP) r += 1 - frac + GAP;
  else if (half < GAP) r += 0.5 + GAP - frac;
  const f = r - Math.floor(r);
  const g = Math.min(f, 1 - f);
  const W = Math.floor(2 * r) + 1;
  const { X, Y, Z } = grid;
  const occ = grid.occupancy;
  const FX = 2 * X + 1,
    FY = 2 * Y + 1,
    FZ = 2 * Z + 1,
    FXY = FX * FY;
  const bits = new Int32Array(Math.ceil((FXY * FZ) / 32));
  // One voxel layer dilated along x (fine x, voxel y), then along y (fine x, fine y).
  const rows = new Uint8Array(FX * Y);
  const layer = new Uint8Array(FXY);
  // The last voxel layer so far whose dilated fine layer is marked at each fine (x, y).
  const last = new Int32Array(FXY).fill(-(2 ** 30));
  /** Marks dst[dBase + q dStride] for q within W of 2i + 1 (q < n) for each i < m with src[sBase + i sStride] set. */
  const dilate = (
    src: Uint8Array,
    sBase: number,
    sStride: number,
    m: number,
    dst: Uint8Array,
    dBase: number,
    dStride: number,
    n: number,
  ): void => {
    let done = -1;
    for (let i = 0; i < m; i++) {
      if (src[sBase + i * sStride] === 0) continue;
      const hi = Math.min(2 * i + 1 + W, n - 1);
      for (let q = Math.max(2 * i + 1 - W, done + 1, 0); q <= hi; q++) dst[dBase + q * dStride] = 1;
      done = hi;
    }
  };
  // Fine layer qz holds the marks of voxel layers k with |qz - (2k + 1)| <= W, k in [lo, hi]:
  // written once layer hi is in (every voxel layer up to hi, so `last` is the latest <= hi).
  let qz = 0;
  const emit = (): void => {
    const lo = Math.ceil((qz - W - 1) / 2);
    const base = qz * FXY;
    for (let p = 0; p < FXY; p++)
      if (last[p] >= lo) {
        const q = base + p;
        bits[q >>> 5] |= 1 << (q & 31);
      }
    qz++;
  };
  for (let k = 0; k < Z; k++) {
    rows.fill(0);
    layer.fill(0);
    for (let j = 0; j < Y; j++) dilate(occ, X * (j + Y * k), 1, X, rows, FX * j, 1, FX);
    for (let x = 0; x < FX; x++) dilate(rows, x, FX, Y, layer, x, FX, FY);
    for (let p = 0; p < FXY; p++) if (layer[p] !== 0) last[p] = k;
    while (qz < FZ && (Math.floor((qz + W - 1) / 2) <= k || k === Z - 1)) emit();
  }
  return { r, g, FX, FY, bits };
}
