/**
 * The segment and capsule cast of StaticBVH over its flat node layout (bvhNodes.ts): the one
 * query line of sight runs millions of times, so it walks the arrays itself.
 */
import { segmentHitsTriangle, segmentTriangleWithin } from '../core/geometry/triangleMath.ts';
import type { Nodes } from './bvhNodes.ts';

/** Tolerance of the capsule test: "touches" means the axis comes closer than r - 1e-6. */
export const CAPSULE_EPSILON = 1e-6;

/** Slab factor for a zero direction component: finite, so 0 * it stays 0 (no NaN). */
const HUGE = 1e300;
const _stack = new Int32Array(256);

/**
 * The slot of a triangle the segment a-b comes within r of (r = 0: meets), or -1 when there
 * is none. Depth-first over the nodes with an explicit stack, the child on the segment's near
 * side of the split first, out at the first hit: unlike `raycastFirst` it never looks for the
 * nearest hit, builds no hit objects and calls no callbacks. Node boxes are grown by r (plus
 * `pad`): the grown box contains the box's Minkowski sum with the ball of radius r, so no
 * triangle within r of the segment is skipped.
 */
export function castSegment(
  nodes: Nodes,
  tris: Float64Array,
  pad: number,
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  r: number,
): number {
  const { box, info } = nodes;
  const dx = bx - ax,
    dy = by - ay,
    dz = bz - az;
  const ix = dx !== 0 ? 1 / dx : HUGE,
    iy = dy !== 0 ? 1 / dy : HUGE,
    iz = dz !== 0 ? 1 / dz : HUGE;
  // Per axis, the bound the segment enters through (offset into the node's 6 bounds) and the
  // matching signed growth by r.
  const nx = ix < 0 ? 3 : 0,
    ny = iy < 0 ? 4 : 1,
    nz = iz < 0 ? 5 : 2;
  const g = r + pad;
  const gx = ix < 0 ? g : -g,
    gy = iy < 0 ? g : -g,
    gz = iz < 0 ? g : -g;
  const limit = r - CAPSULE_EPSILON;
  const limitSq = limit > 0 ? limit * limit : 0;
  const stack = _stack;
  let sp = 0;
  stack[sp++] = 0;
  while (sp > 0) {
    const n = stack[--sp];
    const o = 6 * n;
    let t0 = (box[o + nx] + gx - ax) * ix;
    let t1 = (box[o + 3 - nx] - gx - ax) * ix;
    const y0 = (box[o + ny] + gy - ay) * iy;
    const y1 = (box[o + 5 - ny] - gy - ay) * iy;
    if (y0 > t0) t0 = y0;
    if (y1 < t1) t1 = y1;
    const z0 = (box[o + nz] + gz - az) * iz;
    const z1 = (box[o + 7 - nz] - gz - az) * iz;
    if (z0 > t0) t0 = z0;
    if (z1 < t1) t1 = z1;
    if (t0 > t1 || t0 > 1 || t1 < 0) continue;
    const a = info[2 * n],
      b = info[2 * n + 1];
    if (b < 0) {
      const end = a - 1 - b;
      for (let k = a; k < end; k++) {
        if (
          r === 0
            ? segmentHitsTriangle(ax, ay, az, dx, dy, dz, tris, 9 * k)
            : segmentTriangleWithin(ax, ay, az, bx, by, bz, tris, 9 * k, limitSq)
        )
          return k;
      }
    } else {
      const d = b === 0 ? dx : b === 1 ? dy : dz;
      // Push the far child first so the near one is popped next.
      if (d < 0) {
        stack[sp++] = n + 1;
        stack[sp++] = a;
      } else {
        stack[sp++] = a;
        stack[sp++] = n + 1;
      }
    }
  }
  return -1;
}
