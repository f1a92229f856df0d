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
  let axis = 0;
  let layer = 0;
  for (let a = 0; a < 3; a++) {
    const vLo = bv[iv + a],
      vHi = vLo + bv[iv + 3 + a] - 1,
      uLo = bu[iu + a],
      uHi = uLo + bu[iu + 3 + a] - 1;
    if (vLo > uHi) {
      axis = a;
      layer = vLo;
    } else if (vHi < uLo) {
      axis = a;
      layer = vHi;
    }
  }
  const d = g[axis] - p[axis];
  const t = d !== 0 ? (layer - p[axis]) / d : -1;
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
