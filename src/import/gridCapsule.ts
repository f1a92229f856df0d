import type { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import { segmentBoxDistanceSq } from '../core/geometry/segmentBox.ts';

/** What `gridCapsule` decided for one segment: clear (0), blocked (1), or too close to call on the grid (2). */
export type CapsuleOnGrid = 0 | 1 | 2;
const CLEAR = 0,
  BLOCKED = 1,
  UNDECIDED = 2;

/**
 * A capsule test on the voxel grid alone, for the links of an imported scene: the distance
 * from segment a-b to the nearest blocked voxel's closed box, compared with `threshold` (world
 * units): Clear when it is at least threshold + margin, Blocked when it is below
 * threshold - margin, else Undecided (the caller asks the exact test). `blocked` false: never
 * Blocked (Undecided instead). The voxels within reach are visited column by column along the
 * segment's longest axis, and each blocked one gets the exact segment-box distance
 * (`segmentBoxDistanceSq`). Voxels outside the grid count as free.
 */
export function gridCapsule(
  grid: VoxelGrid,
  threshold: number,
  margin: number,
  blocked: boolean,
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
): CapsuleOnGrid {
  const { X, Y, Z } = grid;
  const s = grid.cellSize;
  const o = grid.origin;
  const occ = grid.occupancy;
  // In voxel units: voxel (i, j, k) is the box [i, i+1] x [j, j+1] x [k, k+1].
  const u = [(ax - o.x) / s, (ay - o.y) / s, (az - o.z) / s];
  const d = [(bx - o.x) / s - u[0], (by - o.y) / s - u[1], (bz - o.z) / s - u[2]];
  const far = (threshold + margin) / s;
  const farSq = far * far;
  const near = Math.max(0, threshold - margin) / s;
  const nearSq = blocked && threshold - margin > 0 ? near * near : -1;
  // The longest axis (a) is walked column by column; p and q are the other two.
  const a = Math.abs(d[0]) >= Math.abs(d[1]) ? (Math.abs(d[0]) >= Math.abs(d[2]) ? 0 : 2) : Math.abs(d[1]) >= Math.abs(d[2]) ? 1 : 2;
  const p = a === 0 ? 1 : 0,
    q = a === 2 ? 1 : 2;
  const dims = [X, Y, Z];
  const stride = [1, X, X * Y];
  const lo = Math.min(u[a], u[a] + d[a]),
    hi = Math.max(u[a], u[a] + d[a]);
  const i0 = Math.max(0, Math.floor(lo - far)),
    i1 = Math.min(dims[a] - 1, Math.floor(hi + far));
  let result: CapsuleOnGrid = CLEAR;
  for (let i = i0; i <= i1; i++) {
    // The part of the segment whose a-coordinate is within `far` of column i.
    let t0 = 0,
      t1 = 1;
    if (d[a] !== 0) {
      const ta = (i - far - u[a]) / d[a],
        tb = (i + 1 + far - u[a]) / d[a];
      t0 = Math.max(0, Math.min(ta, tb));
      t1 = Math.min(1, Math.max(ta, tb));
      if (t0 > t1) continue;
    }
    const p0 = u[p] + t0 * d[p],
      p1 = u[p] + t1 * d[p];
    const q0 = u[q] + t0 * d[q],
      q1 = u[q] + t1 * d[q];
    const j0 = Math.max(0, Math.floor(Math.min(p0, p1) - far)),
      j1 = Math.min(dims[p] - 1, Math.floor(Math.max(p0, p1) + far));
    const k0 = Math.max(0, Math.floor(Math.min(q0, q1) - far)),
      k1 = Math.min(dims[q] - 1, Math.floor(Math.max(q0, q1) + far));
    for (let k = k0; k <= k1; k++) {
      for (let j = j0; j <= j1; j++) {
        const v = i * stride[a] + j * stride[p] + k * stride[q];
        if (occ[v] === 0) continue;
        box[a] = i;
        box[p] = j;
        box[q] = k;
        const dd = segmentBoxDistanceSq(
          u[0],
          u[1],
          u[2],
          u[0] + d[0],
          u[1] + d[1],
          u[2] + d[2],
          box[0],
          box[1],
          box[2],
          box[0] + 1,
          box[1] + 1,
          box[2] + 1,
        );
        if (dd < nearSq) return BLOCKED;
        if (dd < farSq) result = UNDECIDED;
      }
    }
  }
  return result;
}

const box = [0, 0, 0];
