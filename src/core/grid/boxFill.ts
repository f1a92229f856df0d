/**
 * Writing many inclusive voxel boxes into a flat grid array (index x + X*(y + Y*z)) at a cost
 * that follows the grid, not the boxes' volumes: 100,000 boxes that each cover the whole grid
 * fill as fast as one.
 *
 * Both fills sweep the grid slab by slab along its longest axis `s`. A box is active on the
 * slabs its s-range covers; between two slabs where no box starts or ends, the plane of the
 * slab (the other two axes, at most 2^28 / longest dim <= 416,128 cells) is the same, so it is
 * computed once per change and copied into each slab.
 */

/** An inclusive voxel-index box [x0, y0, z0, x1, y1, z1], inside the grid. */
export type IndexBox = readonly number[];

interface Sweep {
  /** Sweep axis and the two plane axes (p has the smaller stride, for write locality). */
  s: number;
  p: number;
  q: number;
  /** Cells along s, p, q. */
  L: number;
  A: number;
  B: number;
  /** Array strides of x, y, z. */
  stride: [number, number, number];
  /** Boxes starting at slab k: startList[startAt[k] .. startAt[k + 1]); likewise ending (after slab k - 1). */
  startAt: Int32Array;
  startList: Int32Array;
  endAt: Int32Array;
  endList: Int32Array;
}

function sweepOf(dims: readonly [number, number, number], boxes: readonly IndexBox[]): Sweep {
  const s = dims[0] >= dims[1] && dims[0] >= dims[2] ? 0 : dims[1] >= dims[2] ? 1 : 2;
  const [p, q] = s === 0 ? [1, 2] : s === 1 ? [0, 2] : [0, 1];
  const L = dims[s];
  // Counting sort of the boxes by start slab and by end slab (CSR lists).
  const bucket = (key: (b: IndexBox) => number) => {
    const at = new Int32Array(L + 2);
    for (const b of boxes) at[key(b) + 1]++;
    for (let k = 0; k <= L; k++) at[k + 1] += at[k];
    const fill = at.slice(0, L + 1);
    const list = new Int32Array(boxes.length);
    boxes.forEach((b, i) => (list[fill[key(b)]++] = i));
    return { at, list };
  };
  const starts = bucket((b) => b[s]);
  const ends = bucket((b) => b[s + 3] + 1);
  return {
    s,
    p,
    q,
    L,
    A: dims[p],
    B: dims[q],
    stride: [1, dims[0], dims[0] * dims[1]],
    startAt: starts.at,
    startList: starts.list,
    endAt: ends.at,
    endList: ends.list,
  };
}

/** Copies the plane cells with `mask[c] !== 0` into slab k of `target` (plane cell c = a + A*b). */
function writeSlab<T extends Uint8Array | Float32Array>(sw: Sweep, k: number, mask: Uint8Array, values: T | number, target: T): void {
  const { A, B, stride } = sw;
  const sp = stride[sw.p],
    sq = stride[sw.q];
  const base = k * stride[sw.s];
  for (let b = 0, c = 0; b < B; b++) {
    const row = base + b * sq;
    for (let a = 0; a < A; a++, c++) {
      if (mask[c] !== 0) target[row + a * sp] = typeof values === 'number' ? values : values[c];
    }
  }
}

/**
 * Sets `target[i] = value` for every voxel inside at least one box. O(boxes + grid): per
 * change of the active set the slab's coverage is the 2D prefix sum of a difference array
 * (+1/-1 at the four corners of each active box's rectangle).
 */
export function fillBoxUnion(
  dims: readonly [number, number, number],
  boxes: readonly IndexBox[],
  target: Uint8Array | Float32Array,
  value: number,
): void {
  if (boxes.length === 0) return;
  const sw = sweepOf(dims, boxes);
  const { p, q, A, B } = sw;
  const W = A + 1;
  const diff = new Int32Array((A + 1) * (B + 1));
  const cover = new Uint8Array(A * B);
  const col = new Int32Array(A);
  const rect = (box: IndexBox, sign: number) => {
    const a0 = box[p],
      a1 = box[p + 3] + 1,
      b0 = box[q],
      b1 = box[q + 3] + 1;
    diff[a0 + W * b0] += sign;
    diff[a1 + W * b0] -= sign;
    diff[a0 + W * b1] -= sign;
    diff[a1 + W * b1] += sign;
  };
  let active = 0;
  let dirty = false;
  for (let k = 0; k < sw.L; k++) {
    for (let e = sw.endAt[k]; e < sw.endAt[k + 1]; e++, active--, dirty = true) rect(boxes[sw.endList[e]], -1);
    for (let e = sw.startAt[k]; e < sw.startAt[k + 1]; e++, active++, dirty = true) rect(boxes[sw.startList[e]], 1);
    if (active === 0) continue;
    if (dirty) {
      // col[a] after row b = sum of diff over [0..a] x [0..b] = how many active boxes cover (a, b).
      col.fill(0);
      for (let b = 0, c = 0; b < B; b++) {
        let run = 0;
        for (let a = 0; a < A; a++, c++) {
          run += diff[a + W * b];
          col[a] += run;
          cover[c] = col[a] > 0 ? 1 : 0;
        }
      }
      dirty = false;
    }
    writeSlab(sw, k, cover, value, target);
  }
}

/**
 * Writes `values[i]` into every voxel of `boxes[i]`, later boxes overwriting earlier ones
 * (voxels in no box keep their value). Per change of the active set the plane is painted by
 * the active boxes from last to first, each cell once, and painting stops as soon as every
 * cell has its value, so copies of a grid-sized box cost one plane each change, not one each.
 */
export function fillBoxesInOrder(
  dims: readonly [number, number, number],
  boxes: readonly IndexBox[],
  values: ArrayLike<number>,
  target: Float32Array,
): void {
  if (boxes.length === 0) return;
  const sw = sweepOf(dims, boxes);
  const { p, q, A, B } = sw;
  const P = A * B;
  const painted = new Uint8Array(P);
  const plane = new Float32Array(P);
  const active = new Uint8Array(boxes.length);
  let count = 0;
  let dirty = false;
  for (let k = 0; k < sw.L; k++) {
    for (let e = sw.endAt[k]; e < sw.endAt[k + 1]; e++, count--, dirty = true) active[sw.endList[e]] = 0;
    for (let e = sw.startAt[k]; e < sw.startAt[k + 1]; e++, count++, dirty = true) active[sw.startList[e]] = 1;
    if (count === 0) continue;
    if (dirty) {
      painted.fill(0);
      let left = P;
      for (let i = boxes.length - 1; i >= 0 && left > 0; i--) {
        if (active[i] === 0) continue;
        const box = boxes[i];
        const v = values[i];
        for (let b = box[q]; b <= box[q + 3]; b++) {
          for (let c = box[p] + A * b, end = box[p + 3] + A * b; c <= end; c++) {
            if (painted[c] === 0) {
              painted[c] = 1;
              plane[c] = v;
              left--;
            }
          }
        }
      }
      dirty = false;
    }
    writeSlab(sw, k, painted, plane, target);
  }
}
