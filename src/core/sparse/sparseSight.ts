import { EMPTY, MIXED, type SparseWorld } from './SparseWorld.ts';

/** The node of the last lookup and its box (single-threaded scratch). */
let lastWorld: SparseWorld | null = null;
let lastNode = -1;
let lastX = 0,
  lastY = 0,
  lastZ = 0,
  lastSide = 0;
const box = [0, 0, 0, 0];

/** isBlocked with the node of the previous call kept: a walk stays in one node for many voxels. */
function blocked(w: SparseWorld, x: number, y: number, z: number): boolean {
  if (w !== lastWorld || x < lastX || y < lastY || z < lastZ || x >= lastX + lastSide || y >= lastY + lastSide || z >= lastZ + lastSide) {
    if (!w.inBounds(x, y, z)) return true;
    lastWorld = w;
    lastNode = w.nodeAt(x, y, z);
    w.nodeBox(lastNode, box);
    lastX = box[0];
    lastY = box[1];
    lastZ = box[2];
    lastSide = box[3];
  }
  if (!w.inBounds(x, y, z)) return true;
  const k = w.kind[lastNode];
  if (k !== MIXED) return k !== EMPTY;
  const b = (x & 3) | ((y & 3) << 2) | ((z & 3) << 4);
  return ((b < 32 ? w.maskLo[lastNode] >>> b : w.maskHi[lastNode] >>> (b - 32)) & 1) !== 0;
}

/**
 * Line of sight between the centres of voxels (x0, y0, z0) and (x1, y1, z1) of a SparseWorld,
 * exact, under the closed-box rule of the dense grid's `lazy-theta` (centreSight): true when
 * every voxel whose closed box the segment touches is free (through an edge or a corner,
 * every voxel sharing it). The segment crosses the k-th voxel boundary along an axis with
 * |delta| = n at time (2k + 1) / 2n; times are scaled by 2 |dx| |dy| |dz| (zero deltas count
 * as 1) so simultaneous crossings are found exactly.
 */
export function sparseSight(w: SparseWorld, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): boolean {
  let x = x0,
    y = y0,
    z = z0;
  if (blocked(w, x, y, z)) return false;
  const dx = x1 - x0,
    dy = y1 - y0,
    dz = z1 - z0;
  const ax = dx < 0 ? -dx : dx,
    ay = dy < 0 ? -dy : dy,
    az = dz < 0 ? -dz : dz;
  const ox = dx < 0 ? -1 : 1,
    oy = dy < 0 ? -1 : 1,
    oz = dz < 0 ? -1 : 1;
  const A = ax || 1,
    B = ay || 1,
    C = az || 1;
  const stepX = 2 * B * C,
    stepY = 2 * A * C,
    stepZ = 2 * A * B;
  let tx = ax !== 0 ? B * C : Infinity;
  let ty = ay !== 0 ? A * C : Infinity;
  let tz = az !== 0 ? A * B : Infinity;
  for (let left = ax + ay + az; left > 0; ) {
    const t = tx < ty ? Math.min(tx, tz) : Math.min(ty, tz);
    const cx = tx === t,
      cy = ty === t,
      cz = tz === t;
    if (cx ? cy || cz : cy && cz) {
      // An edge or a corner: every voxel around it (the box of the tied axes) must be free.
      const mx = cx ? ox : 0,
        my = cy ? oy : 0,
        mz = cz ? oz : 0;
      if (
        blocked(w, x + mx, y, z) ||
        blocked(w, x, y + my, z) ||
        blocked(w, x, y, z + mz) ||
        blocked(w, x + mx, y + my, z) ||
        blocked(w, x + mx, y, z + mz) ||
        blocked(w, x, y + my, z + mz)
      )
        return false;
    }
    if (cx) {
      x += ox;
      tx += stepX;
      left--;
    }
    if (cy) {
      y += oy;
      ty += stepY;
      left--;
    }
    if (cz) {
      z += oz;
      tz += stepZ;
      left--;
    }
    if (blocked(w, x, y, z)) return false;
  }
  return true;
}
