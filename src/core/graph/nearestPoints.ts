/**
 * The points nearest to (x, y, z) among points 0 .. n - 1 of `xyz` (xyz triples) that `keep`
 * accepts (all without it), nearest first, ties by lower index: exactly the first
 * `out.length` of a full sort by (distance, index), written into `out` with their squared
 * distances in `dist` (both of the same length). Returns how many were written (fewer when
 * fewer points are accepted). An insertion into the short sorted list: O(n) when most points
 * are farther than the last one kept, O(n x out.length) at worst; no allocation.
 */
export function nearestPoints(
  xyz: ArrayLike<number>,
  n: number,
  x: number,
  y: number,
  z: number,
  out: Int32Array,
  dist: Float64Array,
  keep?: (i: number) => boolean,
): number {
  const m = out.length;
  let found = 0;
  for (let o = 0; o < n; o++) {
    const d = (xyz[3 * o] - x) ** 2 + (xyz[3 * o + 1] - y) ** 2 + (xyz[3 * o + 2] - z) ** 2;
    if ((found === m && d >= dist[m - 1]) || (keep !== undefined && !keep(o))) continue;
    let i = found < m ? found++ : m - 1;
    // Points come in index order: an equal distance stays after the earlier point.
    for (; i > 0 && dist[i - 1] > d; i--) {
      out[i] = out[i - 1];
      dist[i] = dist[i - 1];
    }
    out[i] = o;
    dist[i] = d;
  }
  return found;
}
