/** faceEntry's answers: per face f of the expanded cell, the entry voxel at [3f..3f+2]. */
export const faceAt = new Int32Array(18);

/**
 * The entry voxel of SparseRun.expandNode's neighbours beyond face f of box b (b[0..5]; f: axis
 * f >> 1, the upper side when f & 1): on the layer just past the face, where the line from p (in
 * b) to g crosses it, rounded (p's coordinates when the line does not head there), clamped into
 * b on the two other axes; into faceAt[3f..3f+2]. Every neighbour beyond that face takes this
 * voxel clamped into its own box (the same as clamping into both: their ranges overlap), so it
 * is computed once per face and expansion. entryBetween's mode 0, with the same arithmetic.
 */
export function faceEntry(f: number, b: Int32Array, p: readonly number[], g: readonly number[]): void {
  const axis = f >> 1;
  const layer = f & 1 ? b[axis] + b[3 + axis] : b[axis] - 1;
  const pa = p[axis];
  const d = g[axis] - pa;
  const t = d !== 0 ? (layer - pa) / d : -1;
  const toward = t > 0 && t <= 1;
  for (let a = 0; a < 3; a++) {
    let v = layer;
    if (a !== axis) {
      v = toward ? Math.round(p[a] + t * (g[a] - p[a])) : p[a];
      if (v >= b[a] + b[3 + a]) v = b[a] + b[3 + a] - 1;
      if (v < b[a]) v = b[a];
    }
    faceAt[3 * f + a] = v;
  }
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

/**
 * A portal step into cell u (box at bu[0..5]) from its closed face neighbour n (box at bn[in..],
 * point p, cost so far gn): p -> n's voxel nearest the entry voxel (the last before the shared
 * face) -> the entry voxel (one step) -> its end (the goal voxel g when `toGoal`, else the entry
 * itself). Of the three entry voxels of entryBetween's modes 0-2 (on the line to the goal,
 * nearest p, nearest the goal), the one with the least g + h (h: the straight distance from the
 * end to the goal times cs, 0 when `zeroH`), when that is below `bestF`: its entry voxel written
 * into `entry`, its g and g + h into out[0], out[1]; returns whether it was. Scalar code (no
 * scratch arrays); a mode whose voxel repeats the previous mode's is not costed again.
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
  const p0 = p[0],
    p1 = p[1],
    p2 = p[2],
    g0 = g[0],
    g1 = g[1],
    g2 = g[2];
  // n's range per axis, and the part shared with u's ([lo, hi], inclusive).
  const n0 = bn[iN],
    n1 = bn[iN + 1],
    n2 = bn[iN + 2],
    N0 = n0 + bn[iN + 3] - 1,
    N1 = n1 + bn[iN + 4] - 1,
    N2 = n2 + bn[iN + 5] - 1;
  const u0 = bu[0],
    u1 = bu[1],
    u2 = bu[2],
    U0 = u0 + bu[3] - 1,
    U1 = u1 + bu[4] - 1,
    U2 = u2 + bu[5] - 1;
  // The axis across the shared face (the last separating one) and u's layer on it (crossFace with e = u).
  let axis = 0,
    layer = 0;
  if (u0 > N0) layer = u0;
  else if (U0 < n0) layer = U0;
  if (u1 > N1) {
    axis = 1;
    layer = u1;
  } else if (U1 < n1) {
    axis = 1;
    layer = U1;
  }
  if (u2 > N2) {
    axis = 2;
    layer = u2;
  } else if (U2 < n2) {
    axis = 2;
    layer = U2;
  }
  const pa = axis === 0 ? p0 : axis === 1 ? p1 : p2;
  const da = (axis === 0 ? g0 : axis === 1 ? g1 : g2) - pa;
  const t = da !== 0 ? (layer - pa) / da : -1;
  const toward = t > 0 && t <= 1;
  // n's voxel before the face differs from the entry voxel on the axis only: the layer clamped into n.
  const nLo = axis === 0 ? n0 : axis === 1 ? n1 : n2,
    nHi = axis === 0 ? N0 : axis === 1 ? N1 : N2;
  const back = Math.max(nLo, Math.min(layer, nHi));
  const lo0 = Math.max(n0, u0),
    lo1 = Math.max(n1, u1),
    lo2 = Math.max(n2, u2),
    hi0 = Math.min(N0, U0),
    hi1 = Math.min(N1, U1),
    hi2 = Math.min(N2, U2);
  let better = false;
  let e0 = 0,
    e1 = 0,
    e2 = 0;
  for (let mode = 0; mode < 3; mode++) {
    // Not heading for the layer, mode 0's voxel is mode 1's (nearest p): the same step.
    if (mode === 1 && !toward) continue;
    const line = mode === 0 && toward;
    let a0 = line ? Math.round(p0 + t * (g0 - p0)) : mode === 2 ? g0 : p0,
      a1 = line ? Math.round(p1 + t * (g1 - p1)) : mode === 2 ? g1 : p1,
      a2 = line ? Math.round(p2 + t * (g2 - p2)) : mode === 2 ? g2 : p2;
    a0 = axis === 0 ? layer : Math.max(lo0, Math.min(a0, hi0));
    a1 = axis === 1 ? layer : Math.max(lo1, Math.min(a1, hi1));
    a2 = axis === 2 ? layer : Math.max(lo2, Math.min(a2, hi2));
    if (mode > 0 && a0 === e0 && a1 === e1 && a2 === e2) continue;
    e0 = a0;
    e1 = a1;
    e2 = a2;
    // p -> n's voxel nearest the entry (the entry voxel but on the axis) -> the entry voxel -> its end.
    const x = p0 - (axis === 0 ? back : a0),
      y = p1 - (axis === 1 ? back : a1),
      z = p2 - (axis === 2 ? back : a2);
    const d1 = Math.sqrt(x * x + y * y + z * z);
    const gx = a0 - g0,
      gy = a1 - g1,
      gz = a2 - g2;
    const d2 = toGoal || !zeroH ? Math.sqrt(gx * gx + gy * gy + gz * gz) : 0;
    const c = toGoal ? gn + (d1 + 1 + d2) * cs : gn + (d1 + 1) * cs;
    const f = toGoal || zeroH ? c : c + d2 * cs;
    if (f < bestF) {
      bestF = f;
      out[0] = c;
      out[1] = f;
      entry[0] = a0;
      entry[1] = a1;
      entry[2] = a2;
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
