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
  px: number,
  py: number,
  pz: number,
  dx: number,
  dy: number,
  dz: number,
  tri: ArrayLike<number>,
  o: number,
): boolean {
  const x0 = tri[o],
    y0 = tri[o + 1],
    z0 = tri[o + 2];
  const e1x = tri[o + 3] - x0,
    e1y = tri[o + 4] - y0,
    e1z = tri[o + 5] - z0;
  const e2x = tri[o + 6] - x0,
    e2y = tri[o + 7] - y0,
    e2z = tri[o + 8] - z0;
  // p = d x e2, det = e1 . p
  const qx = dy * e2z - dz * e2y,
    qy = dz * e2x - dx * e2z,
    qz = dx * e2y - dy * e2x;
  const det = e1x * qx + e1y * qy + e1z * qz;
  if (det === 0) return false;
  const sx = px - x0,
    sy = py - y0,
    sz = pz - z0;
  // Compare against det instead of dividing, flipping signs so det > 0.
  const sign = det > 0 ? 1 : -1;
  const adet = det * sign;
  const u = (sx * qx + sy * qy + sz * qz) * sign;
  if (u < 0 || u > adet) return false;
  const rx = sy * e1z - sz * e1y,
    ry = sz * e1x - sx * e1z,
    rz = sx * e1y - sy * e1x;
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
  const ax = t[o],
    ay = t[o + 1],
    az = t[o + 2];
  const abx = t[o + 3] - ax,
    aby = t[o + 4] - ay,
    abz = t[o + 5] - az;
  const acx = t[o + 6] - ax,
    acy = t[o + 7] - ay,
    acz = t[o + 8] - az;
  const apx = px - ax,
    apy = py - ay,
    apz = pz - az;
  const d1 = abx * apx + aby * apy + abz * apz;
  const d2 = acx * apx + acy * apy + acz * apz;
  let u = 0,
    v = 0; // out = a + u ab + v ac
  if (d1 > 0 || d2 > 0) {
    const bpx = apx - abx,
      bpy = apy - aby,
      bpz = apz - abz;
    const d3 = abx * bpx + aby * bpy + abz * bpz;
    const d4 = acx * bpx + acy * bpy + acz * bpz;
    const cpx = apx - acx,
      cpy = apy - acy,
      cpz = apz - acz;
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
  const ex = px - out[0],
    ey = py - out[1],
    ez = pz - out[2];
  return ex * ex + ey * ey + ez * ez;
}

const _closest = new Float64Array(3);

/** Unit normal of the triangle at `o` (counter-clockwise seen from its front), written to `out`; 0 for a degenerate one. */
export function faceNormal(t: ArrayLike<number>, o: number, out: { x: number; y: number; z: number }): { x: number; y: number; z: number } {
  const e1x = t[o + 3] - t[o],
    e1y = t[o + 4] - t[o + 1],
    e1z = t[o + 5] - t[o + 2];
  const e2x = t[o + 6] - t[o],
    e2y = t[o + 7] - t[o + 1],
    e2z = t[o + 8] - t[o + 2];
  const nx = e1y * e2z - e1z * e2y,
    ny = e1z * e2x - e1x * e2z,
    nz = e1x * e2y - e1y * e2x;
  const len = Math.hypot(nx, ny, nz) || 1;
  out.x = nx / len;
  out.y = ny / len;
  out.z = nz / len;
  return out;
}

/** Squared distance from point p to the triangle at `o`. */
export function pointTriangleDistanceSq(px: number, py: number, pz: number, tri: ArrayLike<number>, o: number): number {
  return closestPointOnTriangle(px, py, pz, tri, o, _closest);
}

/**
 * Squared distance between segments p1-q1 and p2-q2.
 * Ericson, "Real-Time Collision Detection" (2005), 5.1.9 ClosestPtSegmentSegment.
 */
export function segmentSegmentDistanceSq(
  p1x: number,
  p1y: number,
  p1z: number,
  q1x: number,
  q1y: number,
  q1z: number,
  p2x: number,
  p2y: number,
  p2z: number,
  q2x: number,
  q2y: number,
  q2z: number,
): number {
  const d1x = q1x - p1x,
    d1y = q1y - p1y,
    d1z = q1z - p1z;
  const d2x = q2x - p2x,
    d2y = q2y - p2y,
    d2z = q2z - p2z;
  const rx = p1x - p2x,
    ry = p1y - p2y,
    rz = p1z - p2z;
  const a = d1x * d1x + d1y * d1y + d1z * d1z;
  const e = d2x * d2x + d2y * d2y + d2z * d2z;
  const f = d2x * rx + d2y * ry + d2z * rz;
  let s: number, t: number;
  if (a <= 1e-300 && e <= 1e-300) {
    s = 0;
    t = 0;
  } else if (a <= 1e-300) {
    s = 0;
    t = clamp01(f / e);
  } else {
    const c = d1x * rx + d1y * ry + d1z * rz;
    if (e <= 1e-300) {
      t = 0;
      s = clamp01(-c / a);
    } else {
      const b = d1x * d2x + d1y * d2y + d1z * d2z;
      const denom = a * e - b * b;
      s = denom > 0 ? clamp01((b * f - c * e) / denom) : 0;
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = clamp01(-c / a);
      } else if (t > 1) {
        t = 1;
        s = clamp01((b - c) / a);
      }
    }
  }
  const x = p1x + d1x * s - (p2x + d2x * t);
  const y = p1y + d1y * s - (p2y + d2y * t);
  const z = p1z + d1z * s - (p2z + d2z * t);
  return x * x + y * y + z * z;
}

const clamp01 = (v: number): number => (v < 0 ? 0 : Math.min(v, 1));

/**
 * Whether segment a-b comes closer than sqrt(limitSq) to the triangle at `o`.
 * Two disjoint convex sets are closest at a segment endpoint or along a triangle edge, so the
 * distance is 0 if they intersect, else the least of endpoint-to-triangle and
 * segment-to-edge distances. Returns as soon as one of them is under the limit.
 */
export function segmentTriangleWithin(
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  tri: ArrayLike<number>,
  o: number,
  limitSq: number,
): boolean {
  if (segmentHitsTriangle(ax, ay, az, bx - ax, by - ay, bz - az, tri, o)) return true;
  if (pointTriangleDistanceSq(ax, ay, az, tri, o) < limitSq) return true;
  if (pointTriangleDistanceSq(bx, by, bz, tri, o) < limitSq) return true;
  const x0 = tri[o],
    y0 = tri[o + 1],
    z0 = tri[o + 2];
  const x1 = tri[o + 3],
    y1 = tri[o + 4],
    z1 = tri[o + 5];
  const x2 = tri[o + 6],
    y2 = tri[o + 7],
    z2 = tri[o + 8];
  return (
    segmentSegmentDistanceSq(ax, ay, az, bx, by, bz, x0, y0, z0, x1, y1, z1) < limitSq ||
    segmentSegmentDistanceSq(ax, ay, az, bx, by, bz, x1, y1, z1, x2, y2, z2) < limitSq ||
    segmentSegmentDistanceSq(ax, ay, az, bx, by, bz, x2, y2, z2, x0, y0, z0) < limitSq
  );
}

/**
 * Whether the triangle at `o` overlaps the closed axis-aligned box with centre c and half
 * extents h. Separating-axis test over the 13 axes of Akenine-Moller, "Fast 3D Triangle-Box
 * Overlap Testing" (2001): box normals (the triangle's bounds), then `prepareAxes`.
 */
export function triangleOverlapsBox(
  tri: ArrayLike<number>,
  o: number,
  cx: number,
  cy: number,
  cz: number,
  hx: number,
  hy: number,
  hz: number,
): boolean {
  if (Math.min(tri[o], tri[o + 3], tri[o + 6]) - cx > hx || Math.max(tri[o], tri[o + 3], tri[o + 6]) - cx < -hx) return false;
  if (Math.min(tri[o + 1], tri[o + 4], tri[o + 7]) - cy > hy || Math.max(tri[o + 1], tri[o + 4], tri[o + 7]) - cy < -hy) return false;
  if (Math.min(tri[o + 2], tri[o + 5], tri[o + 8]) - cz > hz || Math.max(tri[o + 2], tri[o + 5], tri[o + 8]) - cz < -hz) return false;
  prepareAxes(tri, o, hx, hy, hz);
  for (let k = 0; k < AXES; k++) {
    const d = cx * AX[k] + cy * AY[k] + cz * AZ[k];
    if (LO[k] - d > RAD[k] || HI[k] - d < -RAD[k]) return false;
  }
  return true;
}

/*
 * The separating axes of one triangle against boxes of half extents h, after Akenine-Moller
 * (see triangleOverlapsBox): besides the three box normals (tested on the triangle's bounds),
 * the triangle normal and the nine products edge x box axis. They depend on the triangle and
 * h alone, so a voxelizer sets them up once per triangle instead of once per voxel: axis k is
 * (AX, AY, AZ)[k], the triangle projects onto it as [LO[k], HI[k]], a box centred at c as
 * c.a +- RAD[k]; the axis separates when the intervals do not meet (closed: touching is a
 * hit). A zero axis (parallel edge, degenerate triangle) has LO = HI = RAD = 0 and never
 * separates.
 */
export const AXES = 10;
export const AX = new Float64Array(AXES),
  AY = new Float64Array(AXES),
  AZ = new Float64Array(AXES);
export const LO = new Float64Array(AXES),
  HI = new Float64Array(AXES),
  RAD = new Float64Array(AXES);

/** Fills the axis tables for the triangle at `o` in `t` and boxes of half extents h. */
export function prepareAxes(t: ArrayLike<number>, o: number, hx: number, hy: number, hz: number): void {
  _t = t;
  _o = o;
  _h[0] = hx;
  _h[1] = hy;
  _h[2] = hz;
  const e0x = t[o + 3] - t[o],
    e0y = t[o + 4] - t[o + 1],
    e0z = t[o + 5] - t[o + 2];
  const e1x = t[o + 6] - t[o + 3],
    e1y = t[o + 7] - t[o + 4],
    e1z = t[o + 8] - t[o + 5];
  setAxis(0, e0y * e1z - e0z * e1y, e0z * e1x - e0x * e1z, e0x * e1y - e0y * e1x);
  edgeAxes(1, e0x, e0y, e0z);
  edgeAxes(4, e1x, e1y, e1z);
  edgeAxes(7, t[o] - t[o + 6], t[o + 1] - t[o + 7], t[o + 2] - t[o + 8]);
}

let _t: ArrayLike<number> = AX,
  _o = 0;
const _h = new Float64Array(3);

/** Axes k, k+1, k+2: edge (ex, ey, ez) x the box axes x, y, z. */
function edgeAxes(k: number, ex: number, ey: number, ez: number): void {
  setAxis(k, 0, -ez, ey);
  setAxis(k + 1, ez, 0, -ex);
  setAxis(k + 2, -ey, ex, 0);
}

function setAxis(k: number, ax: number, ay: number, az: number): void {
  const t = _t,
    o = _o;
  AX[k] = ax;
  AY[k] = ay;
  AZ[k] = az;
  const p0 = ax * t[o] + ay * t[o + 1] + az * t[o + 2];
  const p1 = ax * t[o + 3] + ay * t[o + 4] + az * t[o + 5];
  const p2 = ax * t[o + 6] + ay * t[o + 7] + az * t[o + 8];
  LO[k] = Math.min(p0, p1, p2);
  HI[k] = Math.max(p0, p1, p2);
  RAD[k] = _h[0] * Math.abs(ax) + _h[1] * Math.abs(ay) + _h[2] * Math.abs(az);
}
