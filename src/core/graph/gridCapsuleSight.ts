import type { ClearSpace } from '../grid/clearance.ts';
import { grownBoxes, type GrownBoxes } from './grownBoxes.ts';

/** `LineOfSight` with an optional extra radius `fat` in cells (see `gridCapsuleSight`). */
export type GridSight = (ax: number, ay: number, az: number, bx: number, by: number, bz: number, fat?: number) => boolean;

/** Clear balls (cells) above this radius let the walk jump to where the segment leaves them. */
const SKIP = 1.5;
/** Plane crossings (t) closer than this count as one (an edge or corner): the cells beside are tested. */
const TIE = 1e-9;
/** A coordinate (cells) this close to a plane counts as on it. */
const NUDGE = 1e-9;
/** Radius (cells, with fat) from which near geometry is decided on the fine grid (below, the scan of voxels is cheaper). */
const FINE_FROM = 1;
const EMPTY = new Int32Array(0);
/** The fine grids of grown boxes of each clear space, by radius (cells). */
const cache = new WeakMap<ClearSpace, Map<number, GrownBoxes>>();

/**
 * A capsule line of sight of radius `space.radius` decided on the voxel grid alone, with no
 * geometry: true only when no blocked voxel's closed box comes within the radius of the
 * segment (so, under the premise of `placeWaypoints` that every piece of geometry lies in the
 * closed boxes of blocked voxels, the capsule is clear of the geometry too). Conservative:
 * false may be a clear capsule (it measures the gap to a box in the max norm, not exactly).
 *
 * The segment is walked voxel by voxel (3D DDA after Amanatides & Woo; where it passes exactly
 * through an edge or a corner, a voxel on either side is visited). Every point of the segment
 * lies in the closed box of a visited voxel, so the segment is clear when each visited voxel
 * is either far (the clearance of its centre is at least radius + half its diagonal: every
 * point of its box is at least the radius from every blocked box) or free with the part of
 * the segment inside its box missing every blocked voxel's box grown by the radius along
 * every axis (a slab test of the voxels within the radius of that part's bounding box). In open space the walk jumps: from a voxel whose centre has
 * clearance c, every point within c - radius of that centre is clear (sphere tracing on the
 * grid's distance field), so it resumes in the voxel where the segment leaves that ball.
 * Cost: a step per voxel crossed near geometry (with a neighbourhood scan), a few in the open.
 * With `fat` > 0 (cells) the capsule's radius grows by `fat`: a proof for every segment from a
 * point within `fat` of a to b. Above 1 cell only clear balls prove it (the scan near geometry
 * grows with the radius, and on the example levels wider proofs near geometry saved nothing).
 * From a radius of `fineFrom` cells (with fat) the part near geometry is tested on the fine grid
 * of grown boxes (`grownBoxes`, built once per radius and clear space): a walk over its cells,
 * the same answer as the scan, cheaper when the scan is wide.
 */
export function gridCapsuleSight(space: ClearSpace, fineFrom = FINE_FROM): GridSight {
  const { grid, clearance } = space;
  const { X, Y, Z } = grid;
  const XY = X * Y;
  const s = grid.cellSize;
  const ox = grid.origin.x,
    oy = grid.origin.y,
    oz = grid.origin.z;
  const occ = grid.occupancy;
  // In cells: the radius grown by a hair (grazing counts as touching).
  const r0 = space.radius / s + 1e-6;
  // This call's radius (r0 + fat), and the clearance beyond which a voxel's box is clear of it
  // (the radius plus half the box's diagonal, sqrt(3) / 2 < 0.867 cells).
  let r = r0,
    far = 0,
    useFine = false;
  // The slab test of a blocked voxel's grown box: [u0, u1] narrowed to where the segment is in
  // its slab along each axis in turn (the interval left is where they all overlap).
  let u0 = 0,
    u1 = 0;
  /** Narrows [u0, u1] to where a + t d lies in [i - r, i + 1 + r]; false when nothing is left. */
  const slab = (a: number, d: number, i: number): boolean => {
    if (d === 0) return a >= i - r && a <= i + 1 + r;
    const e = (i - r - a) / d,
      f = (i + 1 + r - a) / d;
    u0 = Math.max(u0, Math.min(e, f));
    u1 = Math.min(u1, Math.max(e, f));
    return u0 <= u1;
  };
  /**
   * Whether the part t in [t0, t1] of the segment (cells), inside one voxel's box, misses every
   * blocked voxel's box grown by r: only voxels within r of that part's bounding box can meet it.
   */
  const clearNear = (t0: number, t1: number, ax: number, ay: number, az: number, dx: number, dy: number, dz: number): boolean => {
    const px = ax + t0 * dx,
      qx = ax + t1 * dx,
      py = ay + t0 * dy,
      qy = ay + t1 * dy,
      pz = az + t0 * dz,
      qz = az + t1 * dz;
    const x0 = Math.max(0, Math.ceil(Math.min(px, qx) - 1 - r)),
      x1 = Math.min(X - 1, Math.floor(Math.max(px, qx) + r)),
      y0 = Math.max(0, Math.ceil(Math.min(py, qy) - 1 - r)),
      y1 = Math.min(Y - 1, Math.floor(Math.max(py, qy) + r)),
      z1 = Math.min(Z - 1, Math.floor(Math.max(pz, qz) + r));
    for (let k = Math.max(0, Math.ceil(Math.min(pz, qz) - 1 - r)); k <= z1; k++)
      for (let j = y0; j <= y1; j++) {
        const row = X * (j + Y * k);
        for (let i = x0; i <= x1; i++)
          if (occ[row + i] !== 0) {
            u0 = t0;
            u1 = t1;
            if (slab(ax, dx, i) && slab(ay, dy, j) && slab(az, dz, k)) return false;
          }
      }
    return true;
  };
  // The fine grid of the blocked voxels' boxes grown by r (cells of width 2g around integers,
  // 1 - 2g around voxel centres; see `GrownBoxes`): one per radius, shared by the tests of `space`.
  const grown = cache.get(space) ?? new Map<number, GrownBoxes>();
  cache.set(space, grown);
  let built = -1,
    bits = EMPTY,
    g = 0,
    FX = 0,
    FXY = 0;
  /** The fine cell (along one axis) holding coordinate u, on a plane the one the segment leaves (s its direction). */
  const fine = (u: number, s: number): number => {
    const v = s < 0 ? u + NUDGE : u - NUDGE;
    const m = Math.floor(v),
      f = v - m;
    return f < g ? 2 * m : f < 1 - g ? 2 * m + 1 : 2 * m + 2;
  };
  /** Whether fine cell q is marked (in a grown box). */
  const marked = (q: number): boolean => (bits[q >>> 5] & (1 << (q & 31))) !== 0;
  /** The plane (cells) where the segment leaves fine cell q, moving along s (!= 0). */
  const exit = (q: number, s: number): number => ((q & 1) === 0 ? 0.5 * q + s * g : 0.5 * (q + s) - s * g);
  // The segment (cells: a + t d) and its direction along each axis.
  let ax = 0,
    ay = 0,
    az = 0,
    dx = 0,
    dy = 0,
    dz = 0,
    sx = 0,
    sy = 0,
    sz = 0;
  // The fine walk: cell (qx, qy, qz) = q, holding the point where the part last tested ends
  // (when `live`), and the t where the segment leaves it along each axis.
  // The t the segment takes to cross a fine cell around an integer (even) and around a voxel
  // centre (odd) along each axis.
  let wex = 0,
    wox = 0,
    wey = 0,
    woy = 0,
    wez = 0,
    woz = 0;
  let live = false,
    qx = 0,
    qy = 0,
    qz = 0,
    q = 0,
    nx = 0,
    ny = 0,
    nz = 0;
  /**
   * Whether the part t in [t0, t1] of the segment misses every blocked voxel's box grown by r:
   * whether it touches no marked closed fine cell. A 3D DDA over the fine grid, resumed where
   * the last part ended when `live` (consecutive parts near geometry), else started at t0; where
   * the segment passes through a fine cell's edge or corner (planes crossed within TIE of each
   * other), the cells on every side are tested too (a grown box that only touches the segment
   * there counts, as in a closed-box test).
   */
  const clearPart = (t0: number, t1: number): boolean => {
    if (!live) {
      live = true;
      const px = ax + t0 * dx,
        py = ay + t0 * dy,
        pz = az + t0 * dz;
      qx = fine(px, sx);
      qy = fine(py, sy);
      qz = fine(pz, sz);
      // Running along a plane (not moving on an axis, on one of its planes): not proven.
      if ((sx === 0 && fine(px, -1) !== qx) || (sy === 0 && fine(py, -1) !== qy) || (sz === 0 && fine(pz, -1) !== qz)) return false;
      q = qx + FX * qy + FXY * qz;
      nx = sx === 0 ? Infinity : (exit(qx, sx) - ax) / dx;
      ny = sy === 0 ? Infinity : (exit(qy, sy) - ay) / dy;
      nz = sz === 0 ? Infinity : (exit(qz, sz) - az) / dz;
    }
    // Locals in the loop, the state written back when the part is clear.
    const B = bits,
      fx = FX,
      fxy = FXY,
      ex = wex,
      ox = wox,
      ey = wey,
      oy = woy,
      ez = wez,
      oz = woz,
      sx_ = sx,
      sy_ = sy,
      sz_ = sz,
      end = t1 + TIE;
    let i = q,
      ix = qx,
      iy = qy,
      iz = qz,
      mx = nx,
      my = ny,
      mz = nz;
    for (;;) {
      if ((B[i >>> 5] & (1 << (i & 31))) !== 0) return false;
      const t = Math.min(mx, my, mz);
      if (t > end) break;
      const tie = t + TIE;
      const jx = mx <= tie ? sx_ : 0,
        jy = my <= tie ? sy_ * fx : 0,
        jz = mz <= tie ? sz_ * fxy : 0;
      if ((jx !== 0 && (jy !== 0 || jz !== 0)) || (jy !== 0 && jz !== 0)) {
        // Through an edge or a corner: the cells beside it (some of these are q itself or
        // the next cell, tested anyway).
        if (marked(i + jx) || marked(i + jy) || marked(i + jz) || marked(i + jx + jy) || marked(i + jx + jz) || marked(i + jy + jz))
          return false;
      }
      i += jx + jy + jz;
      if (jx !== 0) {
        ix += sx_;
        mx += (ix & 1) === 0 ? ex : ox;
      }
      if (jy !== 0) {
        iy += sy_;
        my += (iy & 1) === 0 ? ey : oy;
      }
      if (jz !== 0) {
        iz += sz_;
        mz += (iz & 1) === 0 ? ez : oz;
      }
    }
    q = i;
    qx = ix;
    qy = iy;
    qz = iz;
    nx = mx;
    ny = my;
    nz = mz;
    return true;
  };
  return (pax, pay, paz, pbx, pby, pbz, fat = 0) => {
    r = r0 + fat;
    far = (r + 0.867) * s;
    useFine = r >= fineFrom && fat <= 1;
    if (useFine && r !== built) {
      built = r;
      let b = grown.get(r);
      if (!b) grown.set(r, (b = grownBoxes(grid, r)));
      ({ bits, g, FX } = b);
      FXY = FX * b.FY;
    }
    ax = (pax - ox) / s;
    ay = (pay - oy) / s;
    az = (paz - oz) / s;
    dx = (pbx - ox) / s - ax;
    dy = (pby - oy) / s - ay;
    dz = (pbz - oz) / s - az;
    live = false;
    if (useFine) {
      wex = (2 * g) / Math.abs(dx);
      wox = (1 - 2 * g) / Math.abs(dx);
      wey = (2 * g) / Math.abs(dy);
      woy = (1 - 2 * g) / Math.abs(dy);
      wez = (2 * g) / Math.abs(dz);
      woz = (1 - 2 * g) / Math.abs(dz);
    }
    let x = Math.floor(ax),
      y = Math.floor(ay),
      z = Math.floor(az);
    sx = Math.sign(dx);
    sy = Math.sign(dy);
    sz = Math.sign(dz);
    // Cell steps per unit of t (Infinity on an axis the segment does not move along: 1 / ±0).
    const tdx = Math.abs(1 / dx),
      tdy = Math.abs(1 / dy),
      tdz = Math.abs(1 / dz);
    let tx = sx > 0 ? (x + 1 - ax) * tdx : sx < 0 ? (ax - x) * tdx : Infinity;
    let ty = sy > 0 ? (y + 1 - ay) * tdy : sy < 0 ? (ay - y) * tdy : Infinity;
    let tz = sz > 0 ? (z + 1 - az) * tdz : sz < 0 ? (az - z) * tdz : Infinity;
    // The segment is inside the current voxel's box for t in [tin, min(tx, ty, tz, 1)].
    let tin = 0;
    for (;;) {
      // Outside the grid: not proven (a segment between voxel centres never gets there).
      if (x < 0 || y < 0 || z < 0 || x >= X || y >= Y || z >= Z) return false;
      const v = x + X * y + XY * z;
      if (occ[v] !== 0) return false;
      const ball = clearance[v] / s - r;
      if (ball > SKIP) live = false;
      else if (fat > 1) return false;
      else if (clearance[v] >= far) live = false;
      else if (useFine ? !clearPart(tin, Math.min(tx, ty, tz, 1)) : !clearNear(tin, Math.min(tx, ty, tz, 1), ax, ay, az, dx, dy, dz))
        return false;
      // The segment ends in this voxel's closed box.
      if (tx >= 1 && ty >= 1 && tz >= 1) return true;
      if (ball > SKIP) {
        // Every point within `ball` of this voxel's centre is clear, and that ball holds the
        // voxel's box (ball > its half diagonal): jump to where the segment leaves the ball.
        const fx = ax - x - 0.5,
          fy = ay - y - 0.5,
          fz = az - z - 0.5;
        const dd = dx * dx + dy * dy + dz * dz;
        const fd = fx * dx + fy * dy + fz * dz;
        const t = (-fd + Math.sqrt(Math.max(0, fd * fd - dd * (fx * fx + fy * fy + fz * fz - ball * ball)))) / dd;
        if (t >= 1) return true;
        tin = t;
        const px = ax + t * dx,
          py = ay + t * dy,
          pz = az + t * dz;
        x = Math.floor(px);
        y = Math.floor(py);
        z = Math.floor(pz);
        tx = sx > 0 ? (x + 1 - ax) * tdx : sx < 0 ? (ax - x) * tdx : Infinity;
        ty = sy > 0 ? (y + 1 - ay) * tdy : sy < 0 ? (ay - y) * tdy : Infinity;
        tz = sz > 0 ? (z + 1 - az) * tdz : sz < 0 ? (az - z) * tdz : Infinity;
        continue;
      }
      if (tx <= ty && tx <= tz) {
        tin = tx;
        x += sx;
        tx += tdx;
      } else if (ty <= tz) {
        tin = ty;
        y += sy;
        ty += tdy;
      } else {
        tin = tz;
        z += sz;
        tz += tdz;
      }
    }
  };
}
