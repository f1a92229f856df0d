/** Distance between voxels a and b. */
const dist = (a: readonly number[], b: readonly number[]): number => {
  const x = a[0] - b[0],
    y = a[1] - b[1],
    z = a[2] - b[2];
  return Math.sqrt(x * x + y * y + z * z);
};

/**
 * Integer v clamped into both [a, A) and [b, B) (overlapping ranges): Math.max(a, b, Math.min(v,
 * A - 1, B - 1)) by compares, cheaper per generated neighbour (SparseRun.expandNode's entry voxels).
 */
export function within(v: number, a: number, A: number, b: number, B: number): number {
  if (v >= A) v = A - 1;
  if (v >= B) v = B - 1;
  if (v < a) v = a;
  if (v < b) v = b;
  return v;
}

/** crossFace's answer (module scratch, read right after the call): the axis across the face, the entered box's layer on it, and the line's parameter there. */
let faceAxis = 0;
let faceLayer = 0;
let faceT = -1;

/**
 * The face shared by box e (be[ie..], entered) and its face neighbour f (bf[if_..]): the axis
 * across it (the last separating one), e's layer on that axis, and the parameter t at which the
 * line from p to g reaches that layer (-1 when the line runs parallel to it), into faceAxis,
 * faceLayer and faceT.
 */
function crossFace(be: Int32Array, ie: number, bf: Int32Array, if_: number, p: readonly number[], g: readonly number[]): void {
  let axis = 0,
    layer = 0;
  for (let a = 0; a < 3; a++) {
    const eLo = be[ie + a],
      eHi = eLo + be[ie + 3 + a] - 1,
      fLo = bf[if_ + a],
      fHi = fLo + bf[if_ + 3 + a] - 1;
    if (eLo > fHi) {
      axis = a;
      layer = eLo;
    } else if (eHi < fLo) {
      axis = a;
      layer = eHi;
    }
  }
  const d = g[axis] - p[axis];
  faceAxis = axis;
  faceLayer = layer;
  faceT = d !== 0 ? (layer - p[axis]) / d : -1;
}

/** Scratch: n's voxel nearest the entry, and an entry voxel. */
const last = [0, 0, 0];
const at = [0, 0, 0];

/**
 * A portal step into cell u (box at bu[0..5]) from its closed face neighbour n (box at bn[in..],
 * point p, cost so far gn): p -> n's voxel nearest the entry voxel (the last before the shared
 * face) -> the entry voxel (one step) -> its end (the goal voxel g when `toGoal`, else the entry
 * itself). Of the three entry voxels of entryBetween's modes 0-2 (on the line to the goal,
 * nearest p, nearest the goal), the one with the least g + h (h: the straight distance from the
 * end to the goal times cs, 0 when `zeroH`), when that is below `bestF`: its entry voxel written
 * into `entry`, its g and g + h into out[0], out[1]; returns whether it was.
 */
export function portalStep(
  bn: Int32Array,
  iN: number,
  bu: Int32Array,
  p: readonly number[],
  g: readonly number[],
  gn: number,
  cs: number,
  toGoal: boolean,
  zeroH: boolean,
  bestF: number,
  entry: number[],
  out: Float64Array,
): boolean {
  // The axis across the shared face and u's layer on it, and where the line from p to the goal crosses it (once, not per mode).
  crossFace(bu, 0, bn, iN, p, g);
  const axis = faceAxis,
    layer = faceLayer,
    t = faceT;
  const toward = t > 0 && t <= 1;
  let better = false;
  for (let mode = 0; mode < 3; mode++) {
    // Not heading for the layer, mode 0's voxel is mode 1's (nearest p): the same step.
    if (mode === 1 && !toward) continue;
    for (let a = 0; a < 3; a++) {
      if (a === axis) {
        at[a] = layer;
        continue;
      }
      const uLo = bn[iN + a],
        vLo = bu[a];
      const lo = Math.max(uLo, vLo);
      const hi = Math.min(uLo + bn[iN + 3 + a], vLo + bu[3 + a]) - 1;
      const want = mode === 0 && toward ? Math.round(p[a] + t * (g[a] - p[a])) : mode === 2 ? g[a] : p[a];
      at[a] = Math.max(lo, Math.min(want, hi));
    }
    for (let k = 0; k < 3; k++) {
      const lo = bn[iN + k],
        hi = lo + bn[iN + 3 + k] - 1;
      last[k] = Math.max(lo, Math.min(at[k], hi));
    }
    const end = toGoal ? g : at;
    const c = gn + (dist(p, last) + 1 + dist(at, end)) * cs;
    const f = c + (zeroH ? 0 : dist(end, g) * cs);
    if (f < bestF) {
      bestF = f;
      out[0] = c;
      out[1] = f;
      entry[0] = at[0];
      entry[1] = at[1];
      entry[2] = at[2];
      better = true;
    }
  }
  return better;
}

/**
 * SparseSpace.entry with both boxes given (6 numbers each, as cellBox writes them): cell u's at
 * bu[iu..], its face neighbour v's at bv[iv..]; p is in u, g the goal voxel. The voxel of v
 * where a path from p toward g enters v, written into out[0..2] (mode as `entry`). Kept apart
 * from SparseSpace so the search can pass both boxes from its neighbour lists (boxBuffer).
 */
export function entryBetween(
  bu: Int32Array,
  iu: number,
  bv: Int32Array,
  iv: number,
  p: readonly number[],
  g: readonly number[],
  out: number[],
  mode: number,
): number[] {
  crossFace(bv, iv, bu, iu, p, g);
  const axis = faceAxis,
    layer = faceLayer,
    t = faceT;
  const toward = mode === 0 && t > 0 && t <= 1;
  for (let a = 0; a < 3; a++) {
    if (a === axis) {
      out[a] = layer;
      continue;
    }
    const uLo = bu[iu + a],
      vLo = bv[iv + a];
    const lo = Math.max(uLo, vLo);
    const uEnd = uLo + bu[iu + 3 + a],
      vEnd = vLo + bv[iv + 3 + a];
    const hi = Math.min(uEnd, vEnd) - 1;
    const want = toward ? Math.round(p[a] + t * (g[a] - p[a])) : mode === 2 ? g[a] : p[a];
    out[a] = Math.max(lo, Math.min(want, hi));
  }
  return out;
}
