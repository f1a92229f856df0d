/**
 * Test-side references for the BVH queries, written independently of src/three: boxes (with
 * optional Euler XYZ rotation) as centre + half extents + rotation, the slab test for a
 * segment against a box, and the segment-to-box distance by ternary search on the convex
 * function t -> dist(p(t), box).
 */
import type { BoxObstacle } from '../../src/scene/index.ts';
import { mulberry32 as rng } from '../../src/core/math/random.ts';
export { rng };

export type V3 = [number, number, number];

/** Row-major rotation matrix of Euler angles in three.js order 'XYZ' (R = Rx Ry Rz). */
function rotation([rx, ry, rz]: V3): number[] {
  const a = Math.cos(rx),
    b = Math.sin(rx),
    c = Math.cos(ry),
    d = Math.sin(ry),
    e = Math.cos(rz),
    f = Math.sin(rz);
  return [c * e, -c * f, d, a * f + b * e * d, a * e - b * f * d, -b * c, b * f - a * e * d, b * e + a * f * d, a * c];
}

/** A box obstacle in a form the references use: world point -> box-local point. */
export interface RefBox {
  c: V3;
  h: V3;
  /** Row-major rotation (local -> world); its transpose maps world -> local. */
  R: number[];
}

export function refBox(o: BoxObstacle): RefBox {
  return { c: [...o.position] as V3, h: o.size.map((s) => s / 2) as V3, R: rotation((o.rotation ?? [0, 0, 0]) as V3) };
}

export function toLocal(b: RefBox, p: V3): V3 {
  const x = p[0] - b.c[0],
    y = p[1] - b.c[1],
    z = p[2] - b.c[2];
  const R = b.R;
  return [R[0] * x + R[3] * y + R[6] * z, R[1] * x + R[4] * y + R[7] * z, R[2] * x + R[5] * y + R[8] * z];
}

/** Slab test: does segment p-q meet the closed box grown by `grow` (negative: shrunk)? */
export function segmentMeetsBox(b: RefBox, p: V3, q: V3, grow = 0): boolean {
  const a = toLocal(b, p),
    e = toLocal(b, q);
  let t0 = 0,
    t1 = 1;
  for (let k = 0; k < 3; k++) {
    const lo = -b.h[k] - grow,
      hi = b.h[k] + grow,
      d = e[k] - a[k];
    if (d === 0) {
      if (a[k] < lo || a[k] > hi) return false;
      continue;
    }
    let u = (lo - a[k]) / d,
      v = (hi - a[k]) / d;
    if (u > v) [u, v] = [v, u];
    t0 = Math.max(t0, u);
    t1 = Math.min(t1, v);
    if (t0 > t1) return false;
  }
  return true;
}

/** Distance from point p to the box (0 inside). */
export function pointBoxDistance(b: RefBox, p: V3): number {
  const l = toLocal(b, p);
  let s = 0;
  for (let k = 0; k < 3; k++) {
    const d = Math.abs(l[k]) - b.h[k];
    if (d > 0) s += d * d;
  }
  return Math.sqrt(s);
}

/** Distance from segment p-q to the box: ternary search of a convex function of t. */
export function segmentBoxDistance(b: RefBox, p: V3, q: V3): number {
  const at = (t: number): number => pointBoxDistance(b, [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]), p[2] + t * (q[2] - p[2])]);
  let lo = 0,
    hi = 1;
  for (let i = 0; i < 200; i++) {
    const m1 = lo + (hi - lo) / 3,
      m2 = hi - (hi - lo) / 3;
    if (at(m1) <= at(m2)) hi = m2;
    else lo = m1;
  }
  return Math.min(at(0), at(1), at((lo + hi) / 2));
}

/** `count` random boxes inside [0, size]^3 with edges in [minEdge, maxEdge], some rotated. */
export function randomBoxes(
  random: () => number,
  count: number,
  size: number,
  minEdge: number,
  maxEdge: number,
  rotatedShare = 0,
): BoxObstacle[] {
  const out: BoxObstacle[] = [];
  for (let i = 0; i < count; i++) {
    const s: V3 = [0, 1, 2].map(() => minEdge + (maxEdge - minEdge) * random()) as V3;
    const p: V3 = [0, 1, 2].map((a) => s[a] / 2 + random() * (size - s[a])) as V3;
    const box: BoxObstacle = { id: `b${i}`, shape: 'box', position: p, size: s };
    if (random() < rotatedShare) box.rotation = [random() * 3, random() * 3, random() * 3];
    out.push(box);
  }
  return out;
}

/** A random point outside every box by at least `clearance`. */
export function freePoint(random: () => number, boxes: RefBox[], size: number, clearance = 1e-3): V3 {
  for (;;) {
    const p: V3 = [random() * size, random() * size, random() * size];
    if (boxes.every((b) => pointBoxDistance(b, p) > clearance)) return p;
  }
}
