import { cubeNode as cubeNode_, type NodeTable, nodeTableOf as nodeTableOf_ } from './nodeTable.ts';
import type { Regions } from './regions.ts';
import { EMPTY as EMPTY_, MIXED as MIXED_, type SparseWorld } from './SparseWorld.ts';

// Module-local copies: imported bindings may compile to getter calls (tsx), too slow per voxel.
const EMPTY = EMPTY_;
const MIXED = MIXED_;
const nodeTableOf = nodeTableOf_;
const cubeNode = cubeNode_;

/** The node of the last lookup, its box, kind and mask (single-threaded scratch). */
let lastWorld: SparseWorld | null = null;
let lastNode = -1;
let lastX = 0,
  lastY = 0,
  lastZ = 0,
  lastSide = 0,
  lastKind = 0,
  lastLo = 0,
  lastHi = 0;
/** lastWorld's node table (nodeTable.ts), and its nodes, cube side's log2 and cubes along x and y. */
let table: NodeTable | null = null;
let tableNodes: Int32Array = new Int32Array(0);
let tableShift = 0,
  tableX = 0,
  tableY = 0;

/**
 * isBlocked with the node of the previous call kept: a walk stays in one node for many voxels,
 * so the common case is a few compares and a mask bit. The node holds the voxel in the padded
 * cube, whose voxels outside X x Y x Z are blocked, so only a lookup (locate) checks the bounds.
 */
function blocked(w: SparseWorld, x: number, y: number, z: number): boolean {
  if ((x - lastX) >>> 0 >= lastSide || (y - lastY) >>> 0 >= lastSide || (z - lastZ) >>> 0 >= lastSide || w !== lastWorld) {
    if (!locate(w, x, y, z)) return true;
  }
  if (lastKind !== MIXED) return lastKind !== EMPTY;
  const b = (x & 3) | ((y & 3) << 2) | ((z & 3) << 4);
  return ((b < 32 ? lastLo >>> b : lastHi >>> (b - 32)) & 1) !== 0;
}

/**
 * Whether voxel (x, y, z) of `w` is blocked or outside it (SparseWorld.isBlocked's answer), by
 * the node the last sight walk or lookup kept: near the voxels a walk just visited (a corner being
 * slid, before the walks from it) this costs a few compares where isBlocked descends from the root.
 */
export function voxelBlocked(w: SparseWorld, x: number, y: number, z: number): boolean {
  return blocked(w, x, y, z);
}

/**
 * The node holding voxel (x, y, z) of `w` (SparseWorld.nodeAt's answer), -1 outside the X x Y x Z
 * box: the kept node when it holds the voxel, else a node-table lookup; it becomes the kept one.
 */
export function voxelNode(w: SparseWorld, x: number, y: number, z: number): number {
  if ((x - lastX) >>> 0 >= lastSide || (y - lastY) >>> 0 >= lastSide || (z - lastZ) >>> 0 >= lastSide || w !== lastWorld) {
    if (!locate(w, x, y, z)) return -1;
  } else if (!w.inBounds(x, y, z)) return -1;
  return lastNode;
}

/**
 * Makes the node holding voxel (x, y, z) the kept one; false when the voxel is outside the world.
 * The world's node table gives the node at its level (or a coarser childless one) at once, then
 * a few steps down: no walk up and across from the kept node (its links and parents were more
 * reads, and more branches, than this).
 */
function locate(w: SparseWorld, x: number, y: number, z: number): boolean {
  if (!w.inBounds(x, y, z)) return false;
  if (w !== lastWorld) {
    const t = (table = nodeTableOf(w));
    tableNodes = t.nodes;
    tableShift = t.shift;
    tableX = t.nx;
    tableY = t.ny;
    lastWorld = w;
  }
  const { kind, firstChild } = w;
  const sh = tableShift;
  let n = tableNodes[(x >> sh) + tableX * ((y >> sh) + tableY * (z >> sh))];
  if (n < 0) n = cubeNode(w, table!, x, y, z);
  let k = w.level[n];
  for (; k > 0 && kind[n] === MIXED; k--)
    n = firstChild[n] + (((x >> (k + 1)) & 1) | (((y >> (k + 1)) & 1) << 1) | (((z >> (k + 1)) & 1) << 2));
  lastNode = n;
  lastSide = 4 << k;
  lastX = x & -lastSide;
  lastY = y & -lastSide;
  lastZ = z & -lastSide;
  lastKind = kind[n];
  if (lastKind === MIXED) {
    lastLo = w.maskLo[n];
    lastHi = w.maskHi[n];
  }
  return true;
}

/**
 * Line of sight between the centres of voxels (x0, y0, z0) and (x1, y1, z1) of a SparseWorld,
 * exact, under the closed-box rule of the dense grid's `lazy-theta` (centreSight): true when
 * every voxel whose closed box the segment touches is free (through an edge or a corner,
 * every voxel sharing it). The segment crosses the k-th voxel boundary along an axis with
 * |delta| = n at time (2k + 1) / 2n; times are scaled by 2 |dx| |dy| |dz| (zero deltas count
 * as 1) so simultaneous crossings are found exactly.
 * `from` and `to` (optional): boxes of free voxels (minimum corner, sides) holding the first and
 * the last voxel, e.g. their cells' (SparseSpace.cellBox): the walk jumps out of `from` at once
 * and ends as soon as it enters `to` (what is left then lies between two voxels of that box).
 * `regions` (optional): the regions of a SparseSpace of `w` (SparseSpace.regions) and `base`, the
 * cell index of node 0 (its brick boxes' count): in an EMPTY node the walk jumps out of the node's
 * whole region, a box of free voxels holding it, instead of the node alone.
 */
export function sparseSight(
  w: SparseWorld,
  x0: number,
  y0: number,
  z0: number,
  x1: number,
  y1: number,
  z1: number,
  from?: ArrayLike<number>,
  to?: ArrayLike<number>,
  regions?: Regions | null,
  base = 0,
): boolean {
  let x = x0,
    y = y0,
    z = z0;
  // A `from` box holds free voxels only: the first voxel needs no lookup then.
  if (!from && blocked(w, x, y, z)) return false;
  // The box the walk jumps through next (sides 0: none), and the end box (sides 0: none).
  let bx = 0,
    by = 0,
    bz = 0,
    sx = 0,
    sy = 0,
    sz = 0;
  if (from) {
    bx = from[0];
    by = from[1];
    bz = from[2];
    sx = from[3];
    sy = from[4];
    sz = from[5];
  }
  const ex0 = to ? to[0] : 0,
    ey0 = to ? to[1] : 0,
    ez0 = to ? to[2] : 0,
    ew = to ? to[3] : 0,
    eh = to ? to[4] : 0,
    ed = to ? to[5] : 0;
  if ((x - ex0) >>> 0 < ew && (y - ey0) >>> 0 < eh && (z - ez0) >>> 0 < ed) return true;
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
  // Crossings left per axis.
  let rx = ax,
    ry = ay,
    rz = az;
  for (;;) {
    if (rx + ry + rz === 0) return true;
    // Inside an EMPTY node (the one the last lookup found, holding (x, y, z)), its region or the `from` box:
    // every crossing before the segment leaves it is between free voxels of it, so jump to that exit.
    if (sx === 0 && lastKind === EMPTY) {
      const q = regions ? regions.of[base + lastNode] : -1;
      if (q >= 0) {
        const b = regions!.box,
          o = 6 * q;
        bx = b[o];
        by = b[o + 1];
        bz = b[o + 2];
        sx = b[o + 3];
        sy = b[o + 4];
        sz = b[o + 5];
      } else {
        bx = lastX;
        by = lastY;
        bz = lastZ;
        sx = sy = sz = lastSide;
      }
    }
    if (sx !== 0) {
      const ix = ox > 0 ? bx + sx - 1 - x : x - bx,
        iy = oy > 0 ? by + sy - 1 - y : y - by,
        iz = oz > 0 ? bz + sz - 1 - z : z - bz;
      sx = 0;
      const ex = ix < rx ? tx + ix * stepX : Infinity,
        ey = iy < ry ? ty + iy * stepY : Infinity,
        ez = iz < rz ? tz + iz * stepZ : Infinity;
      const T = ex < ey ? Math.min(ex, ez) : Math.min(ey, ez);
      if (T === Infinity) return true;
      if (tx < T) {
        const k = Math.ceil((T - tx) / stepX);
        x += ox * k;
        tx += k * stepX;
        rx -= k;
      }
      if (ty < T) {
        const k = Math.ceil((T - ty) / stepY);
        y += oy * k;
        ty += k * stepY;
        ry -= k;
      }
      if (tz < T) {
        const k = Math.ceil((T - tz) / stepZ);
        z += oz * k;
        tz += k * stepZ;
        rz -= k;
      }
    }
    const t = tx < ty ? Math.min(tx, tz) : Math.min(ty, tz);
    const cx = tx === t,
      cy = ty === t,
      cz = tz === t;
    if (cx ? cy || cz : cy && cz) {
      // An edge or a corner: every voxel around it (the box of the tied axes) must be free. The
      // current voxel is free and the one diagonally across is checked after the step, so an
      // edge leaves the two beside it; a corner, the six others.
      if (cx && cy && cz) {
        if (
          blocked(w, x + ox, y, z) ||
          blocked(w, x, y + oy, z) ||
          blocked(w, x, y, z + oz) ||
          blocked(w, x + ox, y + oy, z) ||
          blocked(w, x + ox, y, z + oz) ||
          blocked(w, x, y + oy, z + oz)
        )
          return false;
      } else if (
        cz
          ? blocked(w, x, y, z + oz) || blocked(w, x + (cx ? ox : 0), y + (cy ? oy : 0), z)
          : blocked(w, x + ox, y, z) || blocked(w, x, y + oy, z)
      )
        return false;
    }
    if (cx) {
      x += ox;
      tx += stepX;
      rx--;
    }
    if (cy) {
      y += oy;
      ty += stepY;
      ry--;
    }
    if (cz) {
      z += oz;
      tz += stepZ;
      rz--;
    }
    // The end box holds free voxels only: no lookup for them.
    if ((x - ex0) >>> 0 < ew && (y - ey0) >>> 0 < eh && (z - ez0) >>> 0 < ed) return true;
    if (blocked(w, x, y, z)) return false;
  }
}
