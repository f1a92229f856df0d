/**
 * Morton (Z-order) codes of octree nodes: the bits of x, y and z interleaved, x lowest, so
 * bit 3k is bit k of x, 3k + 1 of y, 3k + 2 of z. The code of a node's parent is code >>> 3
 * and its child index among its 8 siblings is code & 7. Up to 10 bits per axis (30-bit codes).
 */

/** Bits 0..9 of v spread to bits 0, 3, 6, ..., 27. */
export function spread3(v: number): number {
  v &= 0x3ff;
  v = (v | (v << 16)) & 0x030000ff;
  v = (v | (v << 8)) & 0x0300f00f;
  v = (v | (v << 4)) & 0x030c30c3;
  v = (v | (v << 2)) & 0x09249249;
  return v;
}

/** Inverse of spread3: bits 0, 3, 6, ... of v gathered into bits 0..9. */
export function compact3(v: number): number {
  v &= 0x09249249;
  v = (v | (v >>> 2)) & 0x030c30c3;
  v = (v | (v >>> 4)) & 0x0300f00f;
  v = (v | (v >>> 8)) & 0x030000ff;
  v = (v | (v >>> 16)) & 0x3ff;
  return v;
}

/** Morton code of (x, y, z), each in [0, 1024). */
export function morton(x: number, y: number, z: number): number {
  return (spread3(x) | (spread3(y) << 1) | (spread3(z) << 2)) >>> 0;
}

/** Most cells per axis a Morton code here holds. */
export const MORTON_AXIS = 1024;
