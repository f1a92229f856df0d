import type { ClearSpace } from '../grid/clearance.ts';
import type { LineOfSight } from './visibilityPairs.ts';

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
 * point of its box is at least the radius from every blocked box) or free with every blocked
 * voxel within `1 + floor(radius / cellSize)` voxels (the only ones whose box can come within
 * the radius of a point of its box) missed by the segment once grown by the radius along
 * every axis (a slab test). In open space the walk jumps: from a voxel whose centre has
 * clearance c, every point within c - radius of that centre is clear (sphere tracing on the
 * grid's distance field), so it resumes in the voxel where the segment leaves that ball.
 * Cost: a step per voxel crossed near geometry (with a neighbourhood scan), a few in the open.
 */
export function gridCapsuleSight(space: ClearSpace): LineOfSight {
  const { grid, clearance } = space;
  const { X, Y, Z } = grid;
  const XY = X * Y;
  const s = grid.cellSize;
  const ox = grid.origin.x,
    oy = grid.origin.y,
    oz = grid.origin.z;
  const occ = grid.occupancy;
  // In cells: the radius grown by a hair (grazing counts as touching), the reach of a voxel's box.
  const r = space.radius / s + 1e-6;
  const m = 1 + Math.floor(r);
  const far = space.radius + (Math.sqrt(3) / 2) * s + 1e-9 * s;
  /** Whether the segment (cells) misses every blocked voxel's box grown by r near voxel (x, y, z). */
  const clearNear = (x: number, y: number, z: number, ax: number, ay: number, az: number, dx: number, dy: number, dz: number): boolean => {
    const x0 = Math.max(0, x - m),
      x1 = Math.min(X - 1, x + m);
    const y0 = Math.max(0, y - m),
      y1 = Math.min(Y - 1, y + m);
    const z0 = Math.max(0, z - m),
      z1 = Math.min(Z - 1, z + m);
    for (let k = z0; k <= z1; k++)
      for (let j = y0; j <= y1; j++) {
        const row = X * (j + Y * k);
        for (let i = x0; i <= x1; i++) {
          if (occ[row + i] === 0) continue;
          if (slabHit(ax, dx, i - r, i + 1 + r, ay, dy, j - r, j + 1 + r, az, dz, k - r, k + 1 + r)) return false;
        }
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
    for (;;) {
      // Outside the grid: not proven (a segment between voxel centres never gets there).
      if (x < 0 || y < 0 || z < 0 || x >= X || y >= Y || z >= Z) return false;
      const v = x + X * y + XY * z;
      if (occ[v] !== 0) return false;
      if (clearance[v] < far && !clearNear(x, y, z, ax, ay, az, dx, dy, dz)) return false;
      // The segment ends in this voxel's closed box.
      if (tx >= 1 && ty >= 1 && tz >= 1) return true;
      const ball = clearance[v] / s - r;
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
        x += sx;
        tx += tdx;
      } else if (ty <= tz) {
        y += sy;
        ty += tdy;
      } else {
        z += sz;
        tz += tdz;
      }
    }
  };
}

/** Whether the segment a + t d, t in [0, 1], meets the box [lo, hi] on all three axes. */
function slabHit(
  ax: number,
  dx: number,
  lox: number,
  hix: number,
  ay: number,
  dy: number,
  loy: number,
  hiy: number,
  az: number,
  dz: number,
  loz: number,
  hiz: number,
): boolean {
  let t0 = 0,
    t1 = 1;
  if (dx === 0) {
    if (ax < lox || ax > hix) return false;
  } else {
    let e = (lox - ax) / dx,
      f = (hix - ax) / dx;
    if (e > f) {
      const t = e;
      e = f;
      f = t;
    }
    if (e > t0) t0 = e;
    if (f < t1) t1 = f;
    if (t0 > t1) return false;
  }
  if (dy === 0) {
    if (ay < loy || ay > hiy) return false;
  } else {
    let e = (loy - ay) / dy,
      f = (hiy - ay) / dy;
    if (e > f) {
      const t = e;
      e = f;
      f = t;
    }
    if (e > t0) t0 = e;
    if (f < t1) t1 = f;
    if (t0 > t1) return false;
  }
  if (dz === 0) return az >= loz && az <= hiz;
  let e = (loz - az) / dz,
    f = (hiz - az) / dz;
  if (e > f) {
    const t = e;
    e = f;
    f = t;
  }
  if (e > t0) t0 = e;
  if (f < t1) t1 = f;
  return t0 <= t1;
}
