/** [t0, t1]: the parameters of the part of the segment inside the box, from the last `clipSegment` that returned true. */
export const clipped = [0, 1];

/**
 * Clips segment a + t d, t in [0, 1], to the closed axis-aligned box [min, max] (slab test):
 * true when they meet, the part inside then being t in `clipped`.
 */
export function clipSegment(
  ax: number,
  ay: number,
  az: number,
  dx: number,
  dy: number,
  dz: number,
  minX: number,
  minY: number,
  minZ: number,
  maxX: number,
  maxY: number,
  maxZ: number,
): boolean {
  clipped[0] = 0;
  clipped[1] = 1;
  return slab(ax, dx, minX, maxX) && slab(ay, dy, minY, maxY) && slab(az, dz, minZ, maxZ);
}

/** Narrows `clipped` to where p + t d lies in [lo, hi]; false when that leaves nothing. */
function slab(p: number, d: number, lo: number, hi: number): boolean {
  if (d === 0) return p >= lo && p <= hi;
  let u = (lo - p) / d;
  let v = (hi - p) / d;
  if (u > v) {
    const t = u;
    u = v;
    v = t;
  }
  if (u > clipped[0]) clipped[0] = u;
  if (v < clipped[1]) clipped[1] = v;
  return clipped[0] <= clipped[1];
}
