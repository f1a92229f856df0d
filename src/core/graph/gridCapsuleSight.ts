import { clipped as clipped_, clipSegment as clipSegment_ } from '../math/clipSegment.ts';
import type { ClearSpace } from '../grid/clearance.ts';
import type { LineOfSight } from './visibility.ts';

// Module-local copies: imported bindings may compile to getter calls (tsx), too slow per voxel.
const clipSegment = clipSegment_;
const clipped = clipped_;

/** Clear balls (cells) above this radius let the walk jump to where the segment leaves them. */
const SKIP = 1.5;

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
 */
export function gridCapsuleSight(space: ClearSpace): LineOfSight {
  let sight = made.get(space);
  if (sight === undefined) made.set(space, (sight = capsuleSight(space)));
  return sight;
}

/**
 * The test of each clear space, made once: placement asks for it in several places, and one
 * closure keeps one set of type feedback (V8 compiles it once, for its own constants).
 */
const made = new WeakMap<ClearSpace, LineOfSight>();

function capsuleSight(space: ClearSpace): LineOfSight {
  const { grid, clearance } = space;
  const { X, Y, Z } = grid;
  const XY = X * Y;
  const s = grid.cellSize;
  const ox = grid.origin.x,
    oy = grid.origin.y,
    oz = grid.origin.z;
  const occ = grid.occupancy;
  // In cells: the radius grown by a hair (grazing counts as touching), and the clearance beyond
  // which a voxel's box is clear of it (the radius plus half the box's diagonal, sqrt(3) / 2 <
  // 0.867 cells).
  const r = space.radius / s + 1e-6,
    far = (r + 0.867) * s;
  /**
   * Whether the part t in [t0, t1] of the segment (cells), inside one voxel's box, misses every
   * blocked voxel's box grown by r: only voxels within r of that part's bounding box can meet it.
   * A blocked voxel's grown box is met when the segment's part inside it (`clipSegment`) overlaps
   * [t0, t1]. (Locals and arguments only: a number written to a variable of the enclosing
   * closure is boxed anew on each write.)
   */
  const clearNear = (
    t0: number,
    t1: number,
    ax: number,
    ay: number,
    az: number,
    dx: number,
    dy: number,
    dz: number,
    r: number,
  ): boolean => {
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
          if (
            occ[row + i] !== 0 &&
            clipSegment(ax, ay, az, dx, dy, dz, i - r, j - r, k - r, i + 1 + r, j + 1 + r, k + 1 + r) &&
            Math.max(t0, clipped[0]) <= Math.min(t1, clipped[1])
          )
            return false;
      }
    return true;
  };
  return (pax, pay, paz, pbx, pby, pbz) => {
    const ax = (pax - ox) / s,
      ay = (pay - oy) / s,
      az = (paz - oz) / s;
    const dx = (pbx - ox) / s - ax,
      dy = (pby - oy) / s - ay,
      dz = (pbz - oz) / s - az;
    let x = Math.floor(ax),
      y = Math.floor(ay),
      z = Math.floor(az);
    const sx = Math.sign(dx),
      sy = Math.sign(dy),
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
      if (ball <= SKIP && clearance[v] < far && !clearNear(tin, Math.min(tx, ty, tz, 1), ax, ay, az, dx, dy, dz, r)) return false;
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
