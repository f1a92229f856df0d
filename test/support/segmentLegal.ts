import type { RefGrid } from './reference.ts';

/**
 * Independent segment check, exact: doubled coordinates make voxel centres odd integers and
 * voxel boxes [2x, 2x+2], so the slab test runs on integer fractions with no rounding. A
 * segment is legal when no voxel whose closed box it touches is blocked.
 */
export function segmentLegal(ref: RefGrid, a: number[], b: number[]): boolean {
  const A = a.map((c) => 2 * c + 1);
  const B = b.map((c) => 2 * c + 1);
  const D = [0, 1, 2].map((i) => B[i] - A[i]);
  const lo = [0, 1, 2].map((i) => Math.min(a[i], b[i]) - 1);
  const hi = [0, 1, 2].map((i) => Math.max(a[i], b[i]) + 1);
  for (let x = lo[0]; x <= hi[0]; x++)
    for (let y = lo[1]; y <= hi[1]; y++)
      for (let z = lo[2]; z <= hi[2]; z++) {
        if (!touches(A, D, [x, y, z])) continue;
        if (ref.blocked(x, y, z)) return false;
      }
  return true;
}

/** Whether A + t D, t in [0, 1], meets the closed box [2v, 2v + 2] (fractions num/den, den > 0). */
function touches(A: number[], D: number[], v: number[]): boolean {
  let ln = 0,
    ld = 1,
    un = 1,
    ud = 1; // t in [ln/ld, un/ud]
  for (let i = 0; i < 3; i++) {
    const bmin = 2 * v[i],
      bmax = 2 * v[i] + 2;
    if (D[i] === 0) {
      if (A[i] < bmin || A[i] > bmax) return false;
      continue;
    }
    let n0 = bmin - A[i],
      n1 = bmax - A[i],
      d = D[i];
    if (d < 0) {
      [n0, n1] = [-n1, -n0];
      d = -d;
    } // t in [n0/d, n1/d]
    if (n0 * ld > ln * d) {
      ln = n0;
      ld = d;
    }
    if (n1 * ud < un * d) {
      un = n1;
      ud = d;
    }
  }
  return ln * ud <= un * ld;
}
