/** The bricks and coarser nodes on the far faces of a sparse world, partly outside it (sparseFromBricks' boundary). */
import type { BrickSet } from './brickSet.ts';
import { morton as morton_ } from './morton.ts';

// Module-local copy: imported bindings may compile to getter calls (tsx).
const morton = morton_;

/** Per axis a and count c (0..4): the voxels of a brick whose coordinate along a is c or more, as [lo, hi] at 10 a + 2 c. */
const BEYOND = new Int32Array(30);
for (let b = 0; b < 64; b++)
  for (let a = 0; a < 3; a++) for (let c = 0; c <= ((b >> (2 * a)) & 3); c++) BEYOND[10 * a + 2 * c + (b >> 5)] |= 1 << (b & 31);

/** Mask of the voxels of brick (bx, by, bz) outside X x Y x Z, as [lo, hi]. */
function outsideMask(bx: number, by: number, bz: number, X: number, Y: number, Z: number, out: number[]): void {
  const x = 2 * Math.min(4, Math.max(0, X - 4 * bx)),
    y = 10 + 2 * Math.min(4, Math.max(0, Y - 4 * by)),
    z = 20 + 2 * Math.min(4, Math.max(0, Z - 4 * bz));
  out[0] = BEYOND[x] | BEYOND[y] | BEYOND[z];
  out[1] = BEYOND[x + 1] | BEYOND[y + 1] | BEYOND[z + 1];
}

/**
 * The level-k nodes (side s voxels) that are partly inside and partly outside X x Y x Z (a node on
 * an edge twice): with `bricks` (s = 4), each brick's outside voxels are ORed into it; with
 * `codes`, their Morton codes are pushed. Returns how many it visited. (No callback: a closure
 * made per call would cost the optimized callers their call targets.)
 */
export function boundaryNodes(s: number, X: number, Y: number, Z: number, bricks: BrickSet | null, codes: number[] | null): number {
  const n = [Math.ceil(X / s), Math.ceil(Y / s), Math.ceil(Z / s)];
  const dims = [X, Y, Z];
  const c = [0, 0, 0];
  const m = [0, 0];
  let count = 0;
  for (let a = 0; a < 3; a++) {
    if (dims[a] % s === 0) continue;
    const b = (a + 1) % 3,
      d = (a + 2) % 3;
    c[a] = n[a] - 1;
    for (c[b] = 0; c[b] < n[b]; c[b]++)
      for (c[d] = 0; c[d] < n[d]; c[d]++) {
        count++;
        if (bricks !== null) {
          outsideMask(c[0], c[1], c[2], X, Y, Z, m);
          bricks.add(c[0], c[1], c[2], m[0], m[1]);
        }
        if (codes !== null) codes.push(morton(c[0], c[1], c[2]));
      }
  }
  return count;
}

/** The bricks on the far faces of an X x Y x Z world that sparseFromBricks adds (at most; a brick on an edge counts twice). */
export function boundaryBricks(X: number, Y: number, Z: number): number {
  return boundaryNodes(4, X, Y, Z, null, null);
}
