import type { Aabb } from '../graph/visibility.ts';

/** Axis-aligned boxes as plain `{ min, max }` objects (the shape of `Aabb`). */
export const emptyBox = (): Aabb => ({ min: { x: Infinity, y: Infinity, z: Infinity }, max: { x: -Infinity, y: -Infinity, z: -Infinity } });
export const copyBox = (b: Aabb): Aabb => ({ min: { ...b.min }, max: { ...b.max } });

export function resetBox(b: Aabb): void {
  b.min.x = b.min.y = b.min.z = Infinity;
  b.max.x = b.max.y = b.max.z = -Infinity;
}

export function growBox(b: Aabb, x: number, y: number, z: number): void {
  if (x < b.min.x) b.min.x = x;
  if (y < b.min.y) b.min.y = y;
  if (z < b.min.z) b.min.z = z;
  if (x > b.max.x) b.max.x = x;
  if (y > b.max.y) b.max.y = y;
  if (z > b.max.z) b.max.z = z;
}

export function unionBox(b: Aabb, other: Aabb): void {
  growBox(b, other.min.x, other.min.y, other.min.z);
  growBox(b, other.max.x, other.max.y, other.max.z);
}

/** Grows `b` by every point of `soup` (xyz triples); returns `b`. */
export function soupBox(b: Aabb, soup: ArrayLike<number>): Aabb {
  for (let i = 0; i < soup.length; i += 3) growBox(b, soup[i], soup[i + 1], soup[i + 2]);
  return b;
}
