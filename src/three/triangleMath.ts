/**
 * Exact geometric predicates on triangles stored as 9 numbers (v0, v1, v2) in a flat array.
 * Pure arithmetic, no three.js objects: these run in the innermost loops of line-of-sight,
 * capsule and voxelization queries, so they take plain numbers and an array offset and
 * allocate nothing.
 */

/**
 * Whether the segment p + t*d, t in [0, 1], meets the triangle at `o` in `tri` (both sides
 * count, edges included). Moller & Trumbore, "Fast, Minimum Storage Ray/Triangle
 * Intersection" (1997). A segment lying in the triangle's plane counts as a miss (grazing).
 */
export function segmentHitsTriangle(
  px: number, py: number, pz: number,
  dx: number, dy: number, dz: number,
  tri: ArrayLike<number>, o: number,
): boolean {
  const x0 = tri[o], y0 = tri[o + 1], z0 = tri[o + 2];
  const e1x = tri[o + 3] - x0, e1y = tri[o + 4] - y0, e1z = tri[o + 5] - z0;
  const e2x = tri[o + 6] - x0, e2y = tri[o + 7] - y0, e2z = tri[o + 8] - z0;
  // p = d x e2, det = e1 . p
  const qx = dy * e2z - dz * e2y, qy = dz * e2x - dx * e2z, qz = dx * e2y - dy * e2x;
  const det = e1x * qx + e1y * qy + e1z * qz;
  if (det === 0) return false;
  const sx = px - x0, sy = py - y0, sz = pz - z0;
  // Compare against det instead of dividing, flipping signs so det > 0.
  const sign = det > 0 ? 1 : -1;
  const adet = det * sign;
  const u = (sx * qx + sy * qy + sz * qz) * sign;
  if (u < 0 || u > adet) return false;
  const rx = sy * e1z - sz * e1y, ry = sz * e1x - sx * e1z, rz = sx * e1y - sy * e1x;
  const v = (dx * rx + dy * ry + dz * rz) * sign;
  if (v < 0 || u + v > adet) return false;
  const t = (e2x * rx + e2y * ry + e2z * rz) * sign;
  return t >= 0 && t <= adet;
}

/**
 * Closest point to p on the triangle at offset `o` (9 numbers: a, b, c), written to `out`;
 * returns the squared distance. Ericson, "Real-Time Collision Detection" (2005), 5.1.5
 * ClosestPtPointTriangle (Voronoi regions of the vertices, edges and face).
 */
export function closestPointOnTriangle(px: number, py: number, pz: number, t: ArrayLike<number>, o: number, out: Float64Array): number {
  const ax = t[o], ay = t[o + 1], az = t[o + 2];
  const abx = t[o + 3] - ax, aby = t[o + 4] - ay, abz = t[o + 5] - az;
  const acx = t[o + 6] - ax, acy = t[o + 7] - ay, acz = t[o + 8] - az;
  const apx = px - ax, apy = py - ay, apz = pz - az;
  const d1 = abx * apx + aby * apy + abz * apz;
  const d2 = acx * apx + acy * apy + acz * apz;
  let u = 0, v = 0; // out = a + u ab + v ac
  if (d1 > 0 || d2 > 0) {
    const bpx = apx - abx, bpy = apy - aby, bpz = apz - abz;
    const d3 = abx * bpx + aby * bpy + abz * bpz;
    const d4 = acx * bpx + acy * bpy + acz * bpz;
    const cpx = apx - acx, cpy = apy - acy, cpz = apz - acz;
    const d5 = abx * cpx + aby * cpy + abz * cpz;
    const d6 = acx * cpx + acy * cpy + acz * cpz;
    const vc = d1 * d4 - d3 * d2;
    const vb = d5 * d2 - d1 * d6;
    const va = d3 * d6 - d5 * d4;
    if (d3 >= 0 && d4 <= d3) {
      u = 1; // vertex b
    } else if (d6 >= 0 && d5 <= d6) {
      v = 1; // vertex c
    } else if (vc <= 0 && d1 >= 0 && d3 <= 0) {
      u = d1 / (d1 - d3); // edge ab
    } else if (vb <= 0 && d2 >= 0 && d6 <= 0) {
      v = d2 / (d2 - d6); // edge ac
    } else if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
      const w = (d4 - d3) / (d4 - d3 + (d5 - d6)); // edge bc
      u = 1 - w;
      v = w;
    } else {
      const denom = 1 / (va + vb + vc); // face
      u = vb * denom;
      v = vc * denom;
    }
  }
  out[0] = ax + abx * u + acx * v;
  out[1] = ay + aby * u + acy * v;
  out[2] = az + abz * u + acz * v;
  const ex = px - out[0], ey = py - out[1], ez = pz - out[2];
  return ex * ex + ey * ey + ez * ez;
}

const _closest = new Float64Array(3);

/** Squared distance from point p to the triangle at `o`. */
export function pointTriangleDistanceSq(px: number, py: number, pz: number, tri: ArrayLike<number>, o: number): number {
  return closestPointOnTriangle(px, py, pz, tri, o, _closest);
}

/**
 * Squared distance between segments p1-q1 and p2-q2.
 * Ericson, "Real-Time Collision Detection" (2005), 5.1.9 ClosestPtSegmentSegment.
 */
export function segmentSegmentDistanceSq(
  p1x: number, p1y: number, p1z: number, q1x: number, q1y: number, q1z: number,
  p2x: number, p2y: number, p2z: number, q2x: number, q2y: number, q2z: number,
): number {
  const d1x = q1x - p1x, d1y = q1y - p1y, d1z = q1z - p1z;
  const d2x = q2x - p2x, d2y = q2y - p2y, d2z = q2z - p2z;
  const rx = p1x - p2x, ry = p1y - p2y, rz = p1z - p2z;
  const a = d1x * d1x + d1y * d1y + d1z * d1z;
  const e = d2x * d2x + d2y * d2y + d2z * d2z;
  const f = d2x * rx + d2y * ry + d2z * rz;
  let s: number, t: number;
  if (a <= 1e-300 && e <= 1e-300) {
    s = 0; t = 0;
  } else if (a <= 1e-300) {
    s = 0; t = clamp01(f / e);
  } else {
    const c = d1x * rx + d1y * ry + d1z * rz;
    if (e <= 1e-300) {
      t = 0; s = clamp01(-c / a);
    } else {
      const b = d1x * d2x + d1y * d2y + d1z * d2z;
      const denom = a * e - b * b;
      s = denom > 0 ? clamp01((b * f - c * e) / denom) : 0;
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0; s = clamp01(-c / a);
      } else if (t > 1) {
        t = 1; s = clamp01((b - c) / a);
      }
    }
  }
  const x = p1x + d1x * s - (p2x + d2x * t);
  const y = p1y + d1y * s - (p2y + d2y * t);
  const z = p1z + d1z * s - (p2z + d2z * t);
  return x * x + y * y + z * z;
}

const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : v);

/**
 * Whether segment a-b comes closer than sqrt(limitSq) to the triangle at `o`.
 * Two disjoint convex sets are closest at a segment endpoint or along a triangle edge, so the
 * distance is 0 if they intersect, else the least of endpoint-to-triangle and
 * segment-to-edge distances. Returns as soon as one of them is under the limit.
 */
export function segmentTriangleWithin(
  ax: number, ay: number, az: number, bx: number, by: number, bz: number,
  tri: ArrayLike<number>, o: number, limitSq: number,
): boolean {
  if (segmentHitsTriangle(ax, ay, az, bx - ax, by - ay, bz - az, tri, o)) return true;
  if (pointTriangleDistanceSq(ax, ay, az, tri, o) < limitSq) return true;
  if (pointTriangleDistanceSq(bx, by, bz, tri, o) < limitSq) return true;
  const x0 = tri[o], y0 = tri[o + 1], z0 = tri[o + 2];
  const x1 = tri[o + 3], y1 = tri[o + 4], z1 = tri[o + 5];
  const x2 = tri[o + 6], y2 = tri[o + 7], z2 = tri[o + 8];
  return segmentSegmentDistanceSq(ax, ay, az, bx, by, bz, x0, y0, z0, x1, y1, z1) < limitSq
    || segmentSegmentDistanceSq(ax, ay, az, bx, by, bz, x1, y1, z1, x2, y2, z2) < limitSq
    || segmentSegmentDistanceSq(ax, ay, az, bx, by, bz, x2, y2, z2, x0, y0, z0) < limitSq;
}

/**
 * Whether the triangle at `o` overlaps the closed axis-aligned box with centre c and half
 * extents h. Separating-axis test over the 13 axes of Akenine-Moller, "Fast 3D Triangle-Box
 * Overlap Testing" (2001): box normals, triangle normal, 9 edge cross products.
 */
export function triangleOverlapsBox(
  tri: ArrayLike<number>, o: number,
  cx: number, cy: number, cz: number, hx: number, hy: number, hz: number,
): boolean {
  const ax = tri[o] - cx, ay = tri[o + 1] - cy, az = tri[o + 2] - cz;
  const bx = tri[o + 3] - cx, by = tri[o + 4] - cy, bz = tri[o + 5] - cz;
  const qx = tri[o + 6] - cx, qy = tri[o + 7] - cy, qz = tri[o + 8] - cz;
  // Box face normals: the triangle's bounds against the box.
  if (Math.min(ax, bx, qx) > hx || Math.max(ax, bx, qx) < -hx) return false;
  if (Math.min(ay, by, qy) > hy || Math.max(ay, by, qy) < -hy) return false;
  if (Math.min(az, bz, qz) > hz || Math.max(az, bz, qz) < -hz) return false;
  const e0x = bx - ax, e0y = by - ay, e0z = bz - az;
  const e1x = qx - bx, e1y = qy - by, e1z = qz - bz;
  const e2x = ax - qx, e2y = ay - qy, e2z = az - qz;
  // Triangle normal: the plane against the box.
  const nx = e0y * e1z - e0z * e1y, ny = e0z * e1x - e0x * e1z, nz = e0x * e1y - e0y * e1x;
  const pd = nx * ax + ny * ay + nz * az;
  const pr = hx * Math.abs(nx) + hy * Math.abs(ny) + hz * Math.abs(nz);
  if (pd > pr || pd < -pr) return false;
  // Edge x box-axis cross products.
  return edgeAxes(e0x, e0y, e0z, ax, ay, az, qx, qy, qz, hx, hy, hz)
    && edgeAxes(e1x, e1y, e1z, bx, by, bz, ax, ay, az, hx, hy, hz)
    && edgeAxes(e2x, e2y, e2z, qx, qy, qz, bx, by, bz, hx, hy, hz);
}

/**
 * The three axes edge x (1,0,0), edge x (0,1,0), edge x (0,0,1) for one edge starting at p;
 * q is the vertex off that edge (the edge's two vertices project to the same value).
 * True when none of them separates.
 */
function edgeAxes(
  ex: number, ey: number, ez: number,
  px: number, py: number, pz: number, qx: number, qy: number, qz: number,
  hx: number, hy: number, hz: number,
): boolean {
  let p0: number, p1: number, r: number;
  // axis (0, -ez, ey)
  p0 = -ez * py + ey * pz; p1 = -ez * qy + ey * qz;
  r = hy * Math.abs(ez) + hz * Math.abs(ey);
  if (Math.min(p0, p1) > r || Math.max(p0, p1) < -r) return false;
  // axis (ez, 0, -ex)
  p0 = ez * px - ex * pz; p1 = ez * qx - ex * qz;
  r = hx * Math.abs(ez) + hz * Math.abs(ex);
  if (Math.min(p0, p1) > r || Math.max(p0, p1) < -r) return false;
  // axis (-ey, ex, 0)
  p0 = -ey * px + ex * py; p1 = -ey * qx + ex * qy;
  r = hx * Math.abs(ey) + hy * Math.abs(ex);
  if (Math.min(p0, p1) > r || Math.max(p0, p1) < -r) return false;
  return true;
}
