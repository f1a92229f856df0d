import { axisRows, type AxisRows } from './axisRows.ts';
import { BLOCK_SHIFT as BLOCK_SHIFT_, emptyBlocks, type EmptyBlocks } from './emptyBlocks.ts';
import type { VoxelGrid } from './VoxelGrid.ts';

// Module-local copy: imported bindings may compile to getter calls (tsx), too slow per voxel.
const BLOCK_SHIFT = BLOCK_SHIFT_;

/** What a sight check reads besides the occupancy: the empty-block summary and the bit rows along x, y and z. */
export interface SightData {
  readonly blocks: EmptyBlocks;
  readonly rows: readonly AxisRows[];
}

/** The grid's current sight data (fetch it again after the grid changes). */
export function sightData(grid: VoxelGrid): SightData {
  return { blocks: emptyBlocks(grid), rows: [axisRows(grid, 0), axisRows(grid, 1), axisRows(grid, 2)] };
}

/**
 * Line of sight between the centres of two voxels, in exact integer arithmetic: true when
 * every voxel whose closed box the segment touches is free (where it passes through an edge
 * or a corner, every voxel sharing it). For unit moves this is the no-corner-cutting rule.
 * Both voxels must be inside the grid.
 *
 * Checked row by row along the segment's longest axis (rowWalk): the bit rows test the voxels
 * it meets in a row 32 per word, and the empty-block summary lets it skip the rows it crosses
 * inside cubes of empty blocks. The answer is that of the voxel-by-voxel walk.
 */
export function centreSight(grid: VoxelGrid, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): boolean {
  return centreSightThrough(sightData(grid), x0, y0, z0, x1, y1, z1);
}

/**
 * centreSight with the grid's current sight data passed in (`sightData(grid)`, fetched once
 * by a caller that checks many segments while the grid does not change).
 */
export function centreSightThrough(data: SightData, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): boolean {
  const ax = x1 > x0 ? x1 - x0 : x0 - x1,
    ay = y1 > y0 ? y1 - y0 : y0 - y1,
    az = z1 > z0 ? z1 - z0 : z0 - z1;
  const { blocks, rows } = data;
  const BX = blocks.BX,
    BXY = BX * blocks.BY;
  const n = BXY * blocks.BZ;
  // Where `reach` keeps the octant of the direction of travel (o), and where it keeps the
  // octant mirrored along an axis the segment does not move along (o2; -1 when it moves
  // along all three): along that axis the segment stays in one layer of voxels, so a cube
  // reaching either way holds it.
  const octant = (x1 < x0 ? 1 : 0) | (y1 < y0 ? 2 : 0) | (z1 < z0 ? 4 : 0);
  const flat = ax === 0 ? 1 : ay === 0 ? 2 : az === 0 ? 4 : 0;
  const o = octant * n,
    o2 = flat === 0 ? -1 : (octant ^ flat) * n;
  // Rows along the longest axis; the strides of a, b, c in the block summary.
  if (ax >= ay && ax >= az) return rowWalk(rows[0], blocks.reach, o, o2, 1, BX, BXY, x0, y0, z0, x1, y1, z1);
  if (ay >= az) return rowWalk(rows[1], blocks.reach, o, o2, BX, 1, BXY, y0, x0, z0, y1, x1, z1);
  return rowWalk(rows[2], blocks.reach, o, o2, BXY, 1, BX, z0, x0, y0, z1, x1, y1);
}

/** centreSight voxel by voxel, without the block summary or the rows (the reference it must match). */
export function centreSightVoxelwise(grid: VoxelGrid, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): boolean {
  return walk(grid, x0, y0, z0, x1, y1, z1);
}

/**
 * The segment from (a0, b0, c0) to (a1, b1, c1) in the frame of `rows` (a along the rows, b
 * and c the other axes in x, y, z order), checked row by row. The rows it meets are the
 * squares its projection on (b, c) touches; in each it spans the times from entering to
 * leaving the closed square (one instant where it only grazes a corner), and it touches the
 * voxels of the row whose closed interval along a meets the a-values of those times. Times
 * are a-offsets scaled by 2BC (zero deltas count as 1): the projection crosses the k-th b
 * boundary at (2k + 1) AC and the k-th c boundary at (2k + 1) AB, so ties are exact.
 *
 * Where a row starts in an empty block, the walk jumps to the time T the segment reaches the
 * far side of the largest cube of empty blocks with that block at its corner that extends
 * the way the segment goes (`reach` from o, where its octant starts, or from o2 when that
 * cube is larger; strides sA, sB, sC per axis). Between the row's start and T the segment is strictly inside the cube, or on the
 * faces behind it only where it meets voxels of rows already checked, so every voxel it
 * touches there is free.
 */
function rowWalk(
  rows: AxisRows,
  reach: Uint8Array,
  o: number,
  o2: number,
  sA: number,
  sB: number,
  sC: number,
  a0: number,
  b0: number,
  c0: number,
  a1: number,
  b1: number,
  c1: number,
): boolean {
  const { bits, words, stride } = rows;
  const A = a1 > a0 ? a1 - a0 : a0 - a1,
    B = b1 > b0 ? b1 - b0 : b0 - b1,
    C = c1 > c0 ? c1 - c0 : c0 - c1;
  const Bn = B || 1,
    Cn = C || 1;
  // Time per voxel along a, and half of it.
  const half = Bn * Cn,
    unit = 2 * half;
  const stepB = 2 * A * Cn,
    stepC = 2 * A * Bn;
  const end = A * unit;
  // An axis without crossings gets a time past the end.
  let tb = B !== 0 ? A * Cn : 2 * end + 1;
  let tc = C !== 0 ? A * Bn : 2 * end + 1;
  const sa = a1 < a0 ? -1 : 1,
    sb = b1 < b0 ? -1 : 1,
    sc = c1 < c0 ? -1 : 1;
  const ob = sb * words,
    oc = sc * stride * words;
  let row = (b0 + 1 + stride * (c0 + 1)) * words;
  let b = b0,
    c = c0;
  // Voxel offsets along a the current row spans: from lo (met at time t0) to hi.
  let lo = 0,
    t0 = 0;
  for (;;) {
    const a = a0 + sa * lo;
    const ba = a >> BLOCK_SHIFT,
      bb = b >> BLOCK_SHIFT,
      bc = c >> BLOCK_SHIFT;
    const at = ba * sA + bb * sB + bc * sC;
    let edge = reach[o + at];
    if (o2 >= 0) {
      const e2 = reach[o2 + at];
      if (e2 > edge) edge = e2;
    }
    if (edge > 0) {
      const r = edge - 1;
      // Voxels left in the cube past the current one, per axis, in the direction of motion.
      const na = sa < 0 ? a - ((ba - r) << BLOCK_SHIFT) : ((ba + r + 1) << BLOCK_SHIFT) - 1 - a;
      const nb = sb < 0 ? b - ((bb - r) << BLOCK_SHIFT) : ((bb + r + 1) << BLOCK_SHIFT) - 1 - b;
      const nc = sc < 0 ? c - ((bc - r) << BLOCK_SHIFT) : ((bc + r + 1) << BLOCK_SHIFT) - 1 - c;
      const ea = (2 * (lo + na) + 1) * half,
        eb = tb + nb * stepB,
        ec = tc + nc * stepC;
      const T = ea < eb ? Math.min(ea, ec) : Math.min(eb, ec);
      if (T >= end) return true;
      if (T > t0) {
        // Take the row changes strictly before T at once.
        if (tb < T) {
          const k = Math.floor((T - 1 - tb) / stepB) + 1;
          tb += k * stepB;
          b += sb * k;
          row += ob * k;
        }
        if (tc < T) {
          const k = Math.floor((T - 1 - tc) / stepC) + 1;
          tc += k * stepC;
          c += sc * k;
          row += oc * k;
        }
        const q = Math.floor(T / unit);
        lo = T - q * unit > half ? q + 1 : q;
        t0 = T;
      }
    }
    const t = Math.min(tb, tc);
    if (t >= end) return runFree(bits, row, a0, sa, lo, A);
    // Voxel i's closed interval is [(2i - 1) half, (2i + 1) half]: at time t the segment meets
    // voxels next..hi (two where t is on a boundary).
    const q = Math.floor(t / unit),
      rem = t - q * unit;
    const hi = rem >= half ? q + 1 : q,
      next = rem > half ? q + 1 : q;
    if (!runFree(bits, row, a0, sa, lo, hi)) return false;
    const cb = tb === t,
      cc = tc === t;
    // Through a corner of the projection: the two squares touched only at that instant.
    if (cb && cc && (!runFree(bits, row + ob, a0, sa, next, hi) || !runFree(bits, row + oc, a0, sa, next, hi))) return false;
    if (cb) {
      row += ob;
      b += sb;
      tb += stepB;
    }
    if (cc) {
      row += oc;
      c += sc;
      tc += stepC;
    }
    lo = next;
    t0 = t;
  }
}

/** True when the voxels a0 + sa * i, i in [lo, hi], of the bit row at word `row` are free. */
function runFree(bits: Uint32Array, row: number, a0: number, sa: number, lo: number, hi: number): boolean {
  // Bit of voxel a is a + 1.
  const from = (sa > 0 ? a0 + lo : a0 - hi) + 1,
    to = (sa > 0 ? a0 + hi : a0 - lo) + 1;
  let w = row + (from >>> 5);
  const last = row + (to >>> 5);
  let m = -1 << (from & 31);
  for (; w < last; w++, m = -1) if ((bits[w] & m) !== 0) return false;
  return (bits[w] & m & (-1 >>> (31 - (to & 31)))) === 0;
}

/**
 * The segment voxel by voxel. It crosses the k-th voxel boundary along an axis with |delta| = n
 * at time (2k + 1) / 2n; times are compared scaled by 2 |dx| |dy| |dz| (zero deltas count as
 * 1), so simultaneous crossings (an edge or a corner) are found exactly. The walk stays in the
 * box the end voxels span, so it reads the occupancy without bounds checks.
 */
function walk(grid: VoxelGrid, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): boolean {
  const occ = grid.occupancy;
  const X = grid.X;
  const XY = X * grid.Y;
  let i = x0 + X * y0 + XY * z0;
  if (occ[i] !== 0) return false;
  const dx = x1 - x0,
    dy = y1 - y0,
    dz = z1 - z0;
  const ax = dx < 0 ? -dx : dx,
    ay = dy < 0 ? -dy : dy,
    az = dz < 0 ? -dz : dz;
  const ox = dx < 0 ? -1 : 1,
    oy = dy < 0 ? -X : X,
    oz = dz < 0 ? -XY : XY;
  const A = ax || 1,
    B = ay || 1,
    C = az || 1;
  const stepX = 2 * B * C,
    stepY = 2 * A * C,
    stepZ = 2 * A * B;
  let tx = ax !== 0 ? B * C : Infinity;
  let ty = ay !== 0 ? A * C : Infinity;
  let tz = az !== 0 ? A * B : Infinity;
  for (let left = ax + ay + az; left > 0; ) {
    const t = tx < ty ? Math.min(tx, tz) : Math.min(ty, tz);
    const cx = tx === t,
      cy = ty === t,
      cz = tz === t;
    if (cx ? cy || cz : cy && cz) {
      // An edge or a corner: every voxel around it (the box of the tied axes) must be free.
      const mx = cx ? ox : 0,
        my = cy ? oy : 0,
        mz = cz ? oz : 0;
      if (
        occ[i + mx] !== 0 ||
        occ[i + my] !== 0 ||
        occ[i + mz] !== 0 ||
        occ[i + mx + my] !== 0 ||
        occ[i + mx + mz] !== 0 ||
        occ[i + my + mz] !== 0
      )
        return false;
    }
    if (cx) {
      i += ox;
      tx += stepX;
      left--;
    }
    if (cy) {
      i += oy;
      ty += stepY;
      left--;
    }
    if (cz) {
      i += oz;
      tz += stepZ;
      left--;
    }
    if (occ[i] !== 0) return false;
  }
  return true;
}
