/**
 * Minimal vec3 helpers on plain `{x, y, z}` objects and on flat triples in typed arrays.
 * Out-first like gl-matrix: the result is written into `out` and returned, so hot loops can
 * reuse module-scope scratch objects instead of allocating.
 */
export interface Vec3 {
  /** x coordinate. */
  x: number;
  /** y coordinate. */
  y: number;
  /** z coordinate. */
  z: number;
}

export type Triple = readonly [number, number, number];

export const vec3 = (x = 0, y = 0, z = 0): Vec3 => ({ x, y, z });

export function set(out: Vec3, x: number, y: number, z: number): Vec3 {
  out.x = x;
  out.y = y;
  out.z = z;
  return out;
}

export function copy(out: Vec3, a: Vec3): Vec3 {
  out.x = a.x;
  out.y = a.y;
  out.z = a.z;
  return out;
}

export function add(out: Vec3, a: Vec3, b: Vec3): Vec3 {
  out.x = a.x + b.x;
  out.y = a.y + b.y;
  out.z = a.z + b.z;
  return out;
}

export function sub(out: Vec3, a: Vec3, b: Vec3): Vec3 {
  out.x = a.x - b.x;
  out.y = a.y - b.y;
  out.z = a.z - b.z;
  return out;
}

export function scale(out: Vec3, a: Vec3, s: number): Vec3 {
  out.x = a.x * s;
  out.y = a.y * s;
  out.z = a.z * s;
  return out;
}

/** out = a + b * s */
export function addScaled(out: Vec3, a: Vec3, b: Vec3, s: number): Vec3 {
  out.x = a.x + b.x * s;
  out.y = a.y + b.y * s;
  out.z = a.z + b.z * s;
  return out;
}

export const dot = (a: Vec3, b: Vec3): number => a.x * b.x + a.y * b.y + a.z * b.z;
export const length = (a: Vec3): number => Math.sqrt(a.x * a.x + a.y * a.y + a.z * a.z);

export function distance(a: Vec3, b: Vec3): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  const dz = a.z - b.z;
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}

/** Normalises `a` into `out`; a zero vector stays zero (never NaN). */
export function normalize(out: Vec3, a: Vec3): Vec3 {
  const len = length(a);
  return len > 1e-12 ? scale(out, a, 1 / len) : set(out, 0, 0, 0);
}

/** Distance between triples `i` and `j` of a flat xyz array. */
export function tripleDistance(xyz: ArrayLike<number>, i: number, j: number): number {
  const dx = xyz[3 * i] - xyz[3 * j];
  const dy = xyz[3 * i + 1] - xyz[3 * j + 1];
  const dz = xyz[3 * i + 2] - xyz[3 * j + 2];
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}

/** Closest point to `p` on segment a-b, written into `out`; returns the parameter t in [0, 1]. */
export function closestOnSegment(out: Vec3, p: Vec3, a: Vec3, b: Vec3): number {
  const abx = b.x - a.x;
  const aby = b.y - a.y;
  const abz = b.z - a.z;
  const len2 = abx * abx + aby * aby + abz * abz;
  let t = len2 > 0 ? ((p.x - a.x) * abx + (p.y - a.y) * aby + (p.z - a.z) * abz) / len2 : 0;
  t = t < 0 ? 0 : Math.min(t, 1);
  set(out, a.x + abx * t, a.y + aby * t, a.z + abz * t);
  return t;
}
