import type { VoxelGrid } from '../../core/grid/VoxelGrid.ts';
import type { Vec3 } from '../../core/math/vec3.ts';

/** A ray's meeting with a voxel grid. */
export interface VoxelPick {
  /** The first solid voxel on the ray (solid) or the last free voxel before it leaves the grid. */
  voxel: [number, number, number];
  /** Solid hit: unit normal of the face hit, pointing back along the ray ([0, 0, 0] if the ray starts inside). */
  normal: [number, number, number];
  /** World distance from the ray origin to where the voxel was entered (solid) or the grid left. */
  distance: number;
  solid: boolean;
}

/**
 * Walks the ray origin + t * dir (dir a unit vector, t >= 0) through the grid's voxels (3D
 * DDA, Amanatides & Woo 1987) and returns the first solid voxel with the face it was entered
 * by, or, when the ray crosses the grid without meeting one, the last free voxel inside the
 * grid. Null when the ray misses the grid or only reaches it beyond `far`.
 */
export function pickVoxel(grid: VoxelGrid, origin: Vec3, dir: Vec3, far = Infinity): VoxelPick | null {
  const s = grid.cellSize;
  const o = [(origin.x - grid.origin.x) / s, (origin.y - grid.origin.y) / s, (origin.z - grid.origin.z) / s];
  const d = [dir.x, dir.y, dir.z];
  const n = [grid.X, grid.Y, grid.Z];
  let tEnter = -Infinity;
  let tExit = Infinity;
  let enterAxis = -1;
  for (let a = 0; a < 3; a++) {
    if (d[a] === 0) {
      if (o[a] < 0 || o[a] > n[a]) return null;
      continue;
    }
    const t1 = ((0 - o[a]) * s) / d[a];
    const t2 = ((n[a] - o[a]) * s) / d[a];
    const lo = Math.min(t1, t2);
    if (lo > tEnter) {
      tEnter = lo;
      enterAxis = a;
    }
    tExit = Math.min(tExit, Math.max(t1, t2));
  }
  const t0 = Math.max(tEnter, 0);
  if (tExit < t0 || t0 > far) return null;
  const v = [0, 0, 0];
  const step = [0, 0, 0];
  const tMax = [Infinity, Infinity, Infinity];
  const tDelta = [Infinity, Infinity, Infinity];
  for (let a = 0; a < 3; a++) {
    const p = o[a] + (d[a] * t0) / s;
    v[a] = Math.min(n[a] - 1, Math.max(0, Math.floor(p)));
    // Entering through the max face, floor() already gives the last voxel; through the min face, the first.
    if (a === enterAxis && tEnter > 0) v[a] = d[a] > 0 ? 0 : n[a] - 1;
    if (d[a] !== 0) {
      step[a] = d[a] > 0 ? 1 : -1;
      tDelta[a] = s / Math.abs(d[a]);
      tMax[a] = ((v[a] + (step[a] > 0 ? 1 : 0) - o[a]) * s) / d[a];
    }
  }
  const normal: [number, number, number] = [0, 0, 0];
  if (tEnter > 0) normal[enterAxis] = -step[enterAxis];
  let t = t0;
  let last: [number, number, number] = [v[0], v[1], v[2]];
  for (;;) {
    if (t > far) return null;
    if (grid.isBlocked(v[0], v[1], v[2])) return { voxel: [v[0], v[1], v[2]], normal, distance: t, solid: true };
    last = [v[0], v[1], v[2]];
    const a = tMax[0] < tMax[1] ? (tMax[0] < tMax[2] ? 0 : 2) : tMax[1] < tMax[2] ? 1 : 2;
    t = tMax[a];
    if (t > tExit) break;
    v[a] += step[a];
    if (v[a] < 0 || v[a] >= n[a]) break;
    tMax[a] += tDelta[a];
    normal[0] = normal[1] = normal[2] = 0;
    normal[a] = -step[a];
  }
  return { voxel: last, normal: [0, 0, 0], distance: tExit, solid: false };
}

/**
 * The free voxel a click on a voxel pick designates: the one in front of the face hit, or the
 * last free voxel of a ray that met nothing solid. Null when that voxel is blocked or outside.
 */
export function pickedFreeVoxel(grid: VoxelGrid, pick: VoxelPick): [number, number, number] | null {
  const [x, y, z] = pick.solid ? pick.voxel.map((c, a) => c + pick.normal[a]) : pick.voxel;
  return grid.isBlocked(x, y, z) ? null : [x, y, z];
}

/**
 * The sphere first hit by the ray origin + t * dir (dir a unit vector): index into the xyz
 * `centers` and `radii` (the first `count`), each radius at least `minRadius` (spheres drawn
 * larger than they are), or -1 when the ray misses them all.
 */
export function pickSphere(
  origin: Vec3,
  dir: Vec3,
  centers: ArrayLike<number>,
  radii: ArrayLike<number>,
  count: number,
  minRadius = 0,
): number {
  let best = -1;
  let bestT = Infinity;
  for (let i = 0; i < count; i++) {
    const cx = centers[3 * i] - origin.x,
      cy = centers[3 * i + 1] - origin.y,
      cz = centers[3 * i + 2] - origin.z;
    const along = cx * dir.x + cy * dir.y + cz * dir.z;
    const r = Math.max(minRadius, radii[i]);
    const d2 = cx * cx + cy * cy + cz * cz - along * along;
    if (d2 > r * r) continue;
    const t = along - Math.sqrt(r * r - d2);
    if (t >= 0 && t < bestT) {
      bestT = t;
      best = i;
    }
  }
  return best;
}

/**
 * The point of the `count` xyz `points` nearest to the ray (least distance from the ray, among
 * points in front of its origin), or -1 when none is in front.
 */
export function nearestToRay(origin: Vec3, dir: Vec3, points: ArrayLike<number>, count: number): number {
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < count; i++) {
    const cx = points[3 * i] - origin.x,
      cy = points[3 * i + 1] - origin.y,
      cz = points[3 * i + 2] - origin.z;
    const along = cx * dir.x + cy * dir.y + cz * dir.z;
    if (along <= 0) continue;
    const d2 = cx * cx + cy * cy + cz * cz - along * along;
    // Angular distance, so that a far point is not favoured for being slightly off the ray.
    const k = d2 / (along * along);
    if (k < bestD) {
      bestD = k;
      best = i;
    }
  }
  return best;
}

/**
 * Starts a click's ray where it crosses the app's cut (just below), when it comes from above it: geometry
 * above the cut is not drawn, so no tool picks it (the select tool's endpoints, the editor's
 * tools and the agents all see the floor the user sees, on every scene). Infinity: no cut.
 */
export function clipRayToCut(ray: { origin: Vec3; direction: Vec3 }, cut: number): void {
  const { origin: o, direction: d } = ray;
  if (!Number.isFinite(cut) || !(o.y > cut) || !(d.y < 0)) return;
  // A hair below the cut (the drawing cuts there too): a cut on a voxel face starts the ray
  // in the voxel under it, not in the cut-away one above.
  const y = cut - 1e-7 * Math.max(1, Math.abs(cut));
  const t = (y - o.y) / d.y;
  o.x += t * d.x;
  o.y = y;
  o.z += t * d.z;
}
