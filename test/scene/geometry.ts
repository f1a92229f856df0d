/**
 * Test-side geometry for scene documents: signed distances to obstacles and voxels (to check
 * that agents and waypoints stand in free space), voxel/obstacle overlap (to voxelize the
 * generated scenes) and a seeded PRNG. Written independently of src/three on purpose.
 */
import type { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';
import type { SceneObstacle } from '../../src/scene/index.ts';
import { mulberry32 } from '../../src/core/math/random.ts';
export { mulberry32 };

export type Triple = readonly [number, number, number];

/** Row-major 3x3 rotation of three.js Euler order 'XYZ' (matrix Rx * Ry * Rz). */
export function rotationMatrix([rx, ry, rz]: Triple): number[] {
  const a = Math.cos(rx),
    b = Math.sin(rx),
    c = Math.cos(ry),
    d = Math.sin(ry),
    e = Math.cos(rz),
    f = Math.sin(rz);
  const ae = a * e,
    af = a * f,
    be = b * e,
    bf = b * f;
  return [c * e, -c * f, d, af + be * d, ae - bf * d, -b * c, bf - ae * d, be + af * d, a * c];
}

/** Signed distance from p to an axis-aligned box of half extents h centred at the origin. */
function boxDistance(q: Triple, h: Triple): number {
  const dx = Math.abs(q[0]) - h[0],
    dy = Math.abs(q[1]) - h[1],
    dz = Math.abs(q[2]) - h[2];
  const outside = Math.hypot(Math.max(dx, 0), Math.max(dy, 0), Math.max(dz, 0));
  return outside + Math.min(Math.max(dx, dy, dz), 0);
}

/** Signed distance from p to an obstacle (negative inside). */
export function obstacleDistance(o: SceneObstacle, p: Triple): number {
  const d: Triple = [p[0] - o.position[0], p[1] - o.position[1], p[2] - o.position[2]];
  if (o.shape === 'sphere') return Math.hypot(...d) - o.radius;
  if (o.shape === 'cylinder') {
    const radial = Math.hypot(d[0], d[2]) - o.radius;
    const axial = Math.abs(d[1]) - o.height / 2;
    return Math.hypot(Math.max(radial, 0), Math.max(axial, 0)) + Math.min(Math.max(radial, axial), 0);
  }
  let q = d;
  if (o.rotation) {
    const m = rotationMatrix(o.rotation); // local = R^T * d
    q = [m[0] * d[0] + m[3] * d[1] + m[6] * d[2], m[1] * d[0] + m[4] * d[1] + m[7] * d[2], m[2] * d[0] + m[5] * d[1] + m[8] * d[2]];
  }
  return boxDistance(q, [o.size[0] / 2, o.size[1] / 2, o.size[2] / 2]);
}

/**
 * Distance from p to the nearest blocked voxel (out of bounds counts as blocked, as in search),
 * looking no farther than `reach`; -1 when p lies inside a blocked voxel.
 */
export function voxelDistance(grid: VoxelGrid, p: Triple, reach: number): number {
  const s = grid.cellSize;
  const o = grid.origin;
  const v = [(p[0] - o.x) / s, (p[1] - o.y) / s, (p[2] - o.z) / s];
  const cells = Math.ceil(reach / s) + 1;
  const [cx, cy, cz] = v.map(Math.floor);
  if (grid.isBlocked(cx, cy, cz)) return -1;
  let best = reach;
  for (let z = cz - cells; z <= cz + cells; z++) {
    for (let y = cy - cells; y <= cy + cells; y++) {
      for (let x = cx - cells; x <= cx + cells; x++) {
        if (!grid.isBlocked(x, y, z)) continue;
        const dx = Math.max(x - v[0], 0, v[0] - x - 1);
        const dy = Math.max(y - v[1], 0, v[1] - y - 1);
        const dz = Math.max(z - v[2], 0, v[2] - z - 1);
        best = Math.min(best, Math.hypot(dx, dy, dz) * s);
      }
    }
  }
  return best;
}

/** Clearance of point p: distance to the nearest static obstacle or blocked voxel (capped at reach). */
export function clearance(obstacles: readonly SceneObstacle[], grid: VoxelGrid | null, p: Triple, reach = 4): number {
  let best = reach;
  for (const o of obstacles) best = Math.min(best, obstacleDistance(o, p));
  if (grid) best = Math.min(best, voxelDistance(grid, p, reach));
  return best;
}

/**
 * Whether the open box (lo, hi) overlaps obstacle o (touching faces do not count). Exact for
 * spheres, unrotated cylinders and axis-aligned boxes, the only kinds the generated voxel
 * layers are made from.
 */
export function boxOverlapsObstacle(lo: Triple, hi: Triple, o: SceneObstacle): boolean {
  const c = o.position;
  const nearest = (a: number) => Math.min(Math.max(c[a], lo[a]), hi[a]);
  if (o.shape === 'sphere') return Math.hypot(nearest(0) - c[0], nearest(1) - c[1], nearest(2) - c[2]) < o.radius;
  if (o.shape === 'cylinder') {
    if (!(lo[1] < c[1] + o.height / 2 && hi[1] > c[1] - o.height / 2)) return false;
    return Math.hypot(nearest(0) - c[0], nearest(2) - c[2]) < o.radius;
  }
  if (o.rotation?.some((r) => r !== 0)) throw new Error(`boxOverlapsObstacle: rotated box '${o.id}' is not supported`);
  for (let a = 0; a < 3; a++) if (!(lo[a] < c[a] + o.size[a] / 2 && hi[a] > c[a] - o.size[a] / 2)) return false;
  return true;
}
