// Breakpoints of the piecewise quadratic in segmentBoxDistanceSq (2 ends + 6 slab crossings).
const _ts = new Float64Array(8);

/**
 * Squared distance between segment a-b and the axis-aligned box [min, max] (0 when they meet).
 * Exact: t -> dist^2(a + t(b - a), box) is a convex quadratic between the parameters where a
 * coordinate crosses a slab bound, so each piece is minimised in closed form.
 */
export function segmentBoxDistanceSq(
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  minX: number,
  minY: number,
  minZ: number,
  maxX: number,
  maxY: number,
  maxZ: number,
): number {
  const dx = bx - ax,
    dy = by - ay,
    dz = bz - az;
  const ts = _ts;
  let n = 0;
  ts[n++] = 0;
  ts[n++] = 1;
  n = crossings(ts, n, ax, dx, minX, maxX);
  n = crossings(ts, n, ay, dy, minY, maxY);
  n = crossings(ts, n, az, dz, minZ, maxZ);
  for (let i = 1; i < n; i++) {
    const t = ts[i];
    let j = i - 1;
    for (; j >= 0 && ts[j] > t; j--) ts[j + 1] = ts[j];
    ts[j + 1] = t;
  }
  let best = Infinity;
  for (let i = 0; i + 1 < n; i++) {
    const t0 = ts[i],
      t1 = ts[i + 1];
    const tm = 0.5 * (t0 + t1);
    // On this piece each axis is below, inside or above its slab: sum (o_k + d_k t)^2 over the
    // axes outside, minimised at t = -sum(o_k d_k) / sum(d_k^2).
    let ox = offset(ax + dx * tm, ax, minX, maxX),
      oy = offset(ay + dy * tm, ay, minY, maxY),
      oz = offset(az + dz * tm, az, minZ, maxZ);
    const ux = Number.isNaN(ox) ? 0 : dx,
      uy = Number.isNaN(oy) ? 0 : dy,
      uz = Number.isNaN(oz) ? 0 : dz;
    if (Number.isNaN(ox)) ox = 0;
    if (Number.isNaN(oy)) oy = 0;
    if (Number.isNaN(oz)) oz = 0;
    const dd = ux * ux + uy * uy + uz * uz;
    let t = dd > 0 ? -(ox * ux + oy * uy + oz * uz) / dd : t0;
    t = t < t0 ? t0 : Math.min(t, t1);
    const ex = ox + ux * t,
      ey = oy + uy * t,
      ez = oz + uz * t;
    const f = ex * ex + ey * ey + ez * ez;
    if (f < best) best = f;
  }
  return best;
}

function crossings(ts: Float64Array, n: number, a: number, d: number, lo: number, hi: number): number {
  if (d === 0) return n;
  const t0 = (lo - a) / d,
    t1 = (hi - a) / d;
  if (t0 > 0 && t0 < 1) ts[n++] = t0;
  if (t1 > 0 && t1 < 1) ts[n++] = t1;
  return n;
}

/** a - bound for the slab bound the coordinate p lies beyond, NaN when p is inside the slab. */
const offset = (p: number, a: number, lo: number, hi: number): number => (p < lo ? a - lo : p > hi ? a - hi : NaN);
