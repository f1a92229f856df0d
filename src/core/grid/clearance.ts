import { checkNumber } from '../args.ts';
import { VoxelGrid } from './VoxelGrid.ts';
import { freeComponents } from './freeComponents.ts';

/**
 * Squared clearance of every voxel centre, in cells^2: the squared distance from the centre
 * of voxel v to the nearest point of a blocked voxel's closed box (0 for blocked voxels,
 * Infinity when nothing is blocked). Voxels outside the grid do not count as blocked here:
 * the grid's border is not a wall. Same layout as the grid (`x + X * (y + Y * z)`).
 *
 * Exact, in O(voxels), by three 1D passes (one per axis), because the squared distance to a
 * box is a sum of per-axis terms g(dx)^2 + g(dy)^2 + g(dz)^2 with g(d) = max(|d| - 1/2, 0):
 *   D(x,y,z) = min_x' [g(x-x')^2 + min_y' [g(y-y')^2 + min_z' [g(z-z')^2 + B(x',y',z')]]]
 * (B = 0 on blocked voxels, Infinity elsewhere). The z pass is g(distance to the column's
 * nearest blocked voxel)^2, from two sweeps over whole slabs (memory in order). The y and x
 * passes compute out(x) = min_x' g(x - x')^2 + f(x'): for x' != x the nearest point of the
 * cell [x'-1/2, x'+1/2] to x is one of its two faces, so out(x) = min(f(x), min_k (x - p_k)^2
 * + h_k) over the n+1 faces p_k = k - 1/2 with h_k = min(f(k-1), f(k)): the lower envelope of
 * parabolas rooted at those faces, built in linear time as in Felzenszwalb & Huttenlocher,
 * "Distance Transforms of Sampled Functions" (Theory of Computing 8, 2012). Every value is a
 * multiple of 1/4, exact in float32, so the order of the passes does not change the result.
 */
export function squaredClearance(grid: VoxelGrid): Float32Array {
  const { X, Y, Z, size } = grid;
  const d = new Float32Array(size);
  const occ = grid.occupancy;
  const XY = X * Y;
  // z of the nearest blocked voxel so far in each column (x, y): before, then after.
  const near = new Float64Array(XY).fill(-Infinity);
  for (let z = 0, i = 0; z < Z; z++) {
    for (let c = 0; c < XY; c++, i++) {
      if (occ[i] !== 0) near[c] = z;
      d[i] = z - near[c];
    }
  }
  near.fill(Infinity);
  for (let z = Z - 1, i = size - 1; z >= 0; z--) {
    for (let c = XY - 1; c >= 0; c--, i--) {
      if (occ[i] !== 0) near[c] = z;
      const k = Math.min(d[i], near[c] - z);
      d[i] = k > 0 ? (k - 0.5) * (k - 0.5) : 0;
    }
  }
  // One axis pass in place on the line f[k] = d[base + k * stride], k < n: f[x] = min(f[x],
  // min_k (x - (k - 1/2))^2 + h_k), from the envelope's sites (faces), keys (h + site^2) and bounds.
  const m = Math.max(X, Y) + 1;
  const site = new Float64Array(m);
  const key = new Float64Array(m);
  const bound = new Float64Array(m + 1);
  const envelope = (base: number, stride: number, n: number): void => {
    let top = -1; // index of the rightmost parabola of the envelope
    let before = Infinity; // f[k - 1]
    for (let k = 0; k <= n; k++) {
      const f = k < n ? d[base + k * stride] : Infinity;
      const h = Math.min(before, f);
      before = f;
      if (h === Infinity) continue;
      const q = k - 0.5;
      const e = h + q * q;
      let b = -Infinity;
      while (top >= 0) {
        // Where the new parabola (q, h) becomes lower than the envelope's last one.
        b = (e - key[top]) / (2 * (q - site[top]));
        if (b > bound[top]) break;
        top--;
      }
      top++;
      site[top] = q;
      key[top] = e;
      bound[top] = top === 0 ? -Infinity : b;
      bound[top + 1] = Infinity;
    }
    if (top < 0) return;
    for (let x = 0, j = 0; x < n; x++) {
      while (bound[j + 1] < x) j++;
      const v = x * x - 2 * x * site[j] + key[j];
      const i = base + x * stride;
      if (v < d[i]) d[i] = v;
    }
  };
  for (let z = 0; z < Z; z++) for (let x = 0; x < X; x++) envelope(x + XY * z, X, Y);
  for (let r = 0; r < Y * Z; r++) envelope(X * r, 1, X);
  return d;
}

/**
 * The free space an agent of radius R can occupy, on a voxel grid:
 *   clear voxel     a free voxel whose centre is at least R from every blocked voxel's box
 *                   (squared clearance >= (R / cellSize)^2)
 *   dilated grid    the same frame, blocked wherever a voxel is not clear: a grid path there
 *                   is a path for the agent's centre
 *   components      connected components of the clear voxels. Under the movement rules
 *                   (26 neighbours, corner cutting forbidden) two voxels connect exactly
 *                   when they connect through face neighbours (a legal diagonal move's whole
 *                   box is free), so the labels are those of 6-connected components.
 */
export interface ClearSpace {
  grid: VoxelGrid;
  radius: number;
  /** Clearance of each voxel centre in world units (0 for blocked voxels). */
  clearance: Float32Array;
  dilated: VoxelGrid;
  /** Indices of the clear voxels, ascending. */
  clearVoxels: Int32Array;
  /** Component label of each voxel (-1 when not clear), 0 .. componentCount - 1 by first voxel. */
  component: Int32Array;
  componentCount: number;
  /** Voxels per component. */
  componentSize: Int32Array;
}

/**
 * Clearance, dilated grid and components of `grid` for an agent of radius `radius` (>= 0). The
 * components are `freeComponents(dilated, 6)`'s (runs joined by a union-find; labelled in
 * order of first voxel), written out per voxel.
 */
export function clearSpace(grid: VoxelGrid, radius: number): ClearSpace {
  checkNumber('radius', radius, 0);
  const { X, Y, Z, size, cellSize: s } = grid;
  // Squared clearance in cells^2, turned into world units in place (0 stays 0).
  const clearance = squaredClearance(grid);
  const dilated = new VoxelGrid({ dims: [X, Y, Z], origin: grid.origin, cellSize: s });
  const limit = (radius / s) * (radius / s);
  const open = dilated.occupancy;
  let clearCount = 0;
  for (let i = 0; i < size; i++) {
    // 0 exactly on blocked voxels (a free centre is >= 1/2 from every blocked box).
    const q = clearance[i];
    if (q !== 0) clearance[i] = Math.sqrt(q) * s;
    if (q < limit || q === 0) open[i] = 1;
    else clearCount++;
  }
  const { count, rowStart, runX0, runX1, runLabel } = freeComponents(dilated, 6);
  const clearVoxels = new Int32Array(clearCount);
  const component = new Int32Array(size).fill(-1);
  const sizes = new Int32Array(count);
  for (let r = 0, n = 0; r < Y * Z; r++) {
    for (let k = rowStart[r]; k < rowStart[r + 1]; k++) {
      const a = X * r + runX0[k],
        b = X * r + runX1[k] + 1;
      component.fill(runLabel[k], a, b);
      sizes[runLabel[k]] += b - a;
      for (let v = a; v < b; v++) clearVoxels[n++] = v;
    }
  }
  return { grid, radius, clearance, dilated, clearVoxels, component, componentCount: count, componentSize: sizes };
}

/** Halvings `gridSweepProof` tries (at most 2^4 pieces). */
const SPLIT_DEPTH = 4;

/** Above this many voxels `gridSweepProof` keeps no table (4 bytes per voxel). */
export const ASSIST_MAX_VOXELS = 2 ** 25;

/**
 * A proof from the voxel grid that capsules of radius r are clear (`gridSweepProof`):
 * `segment` for two points.
 */
export interface SweepProof {
  segment(ax: number, ay: number, az: number, bx: number, by: number, bz: number): boolean;
}

/**
 * Returns a test that is true only when no blocked voxel's box comes within r (+1e-6) of the
 * segment a-b: then no capsule of radius r from a to b can touch geometry that lies in the
 * closed boxes of blocked voxels (as for a voxel layer, or a conservative voxelization of the
 * world; the premise of `clearSpace`). False means "not proven". The test: no blocked voxel
 * meets the bounding box of a and b grown by r, with that box inside the grid; else the same
 * for the two halves of the segment, halving up to four times. Counts come from a 3D
 * summed-volume table of the occupancy, O(1) per box. Null above ASSIST_MAX_VOXELS (no table).
 */
export function gridSweepProof(grid: VoxelGrid, r: number): SweepProof | null {
  const { X, Y, Z } = grid;
  if (grid.size > ASSIST_MAX_VOXELS) return null;
  // sum[(x) + (X+1) * ((y) + (Y+1) * z)] = blocked voxels in [0, x) x [0, y) x [0, z).
  const X1 = X + 1,
    XY1 = X1 * (Y + 1);
  const sum = new Int32Array(XY1 * (Z + 1));
  const occ = grid.occupancy;
  for (let z = 0; z < Z; z++) {
    for (let y = 0; y < Y; y++) {
      let row = 0;
      for (let x = 0; x < X; x++) {
        row += occ[x + X * (y + Y * z)];
        const k = x + 1 + X1 * (y + 1) + XY1 * (z + 1);
        sum[k] = row + sum[k - X1] + sum[k - XY1] - sum[k - X1 - XY1];
      }
    }
  }
  const s = grid.cellSize;
  const g = r + 1e-6;
  /** Whether no blocked voxel's box meets the box [min, max] grown by g (inside the grid). */
  const boxClear = (minX: number, minY: number, minZ: number, maxX: number, maxY: number, maxZ: number): boolean => {
    // Voxels whose closed box meets the grown box: [x0, x1] etc.
    const x0 = grid.axisVoxel(0, minX - g),
      x1 = grid.axisVoxel(0, maxX + g);
    const y0 = grid.axisVoxel(1, minY - g),
      y1 = grid.axisVoxel(1, maxY + g);
    const z0 = grid.axisVoxel(2, minZ - g),
      z1 = grid.axisVoxel(2, maxZ + g);
    if (x0 < 0 || y0 < 0 || z0 < 0 || x1 >= X || y1 >= Y || z1 >= Z) return false;
    const a0 = x0 + X1 * y0,
      a1 = x1 + 1 + X1 * y0,
      a2 = x0 + X1 * (y1 + 1),
      a3 = x1 + 1 + X1 * (y1 + 1);
    const lo = XY1 * z0,
      hi = XY1 * (z1 + 1);
    return sum[hi + a3] - sum[hi + a2] - sum[hi + a1] + sum[hi + a0] - (sum[lo + a3] - sum[lo + a2] - sum[lo + a1] + sum[lo + a0]) === 0;
  };
  // Halving the segment while a half's box is not proven clear.
  const segment = (ax: number, ay: number, az: number, bx: number, by: number, bz: number, depth: number): boolean => {
    if (boxClear(Math.min(ax, bx), Math.min(ay, by), Math.min(az, bz), Math.max(ax, bx), Math.max(ay, by), Math.max(az, bz))) return true;
    if (depth === 0 || Math.abs(bx - ax) + Math.abs(by - ay) + Math.abs(bz - az) < 2 * s) return false;
    const mx = 0.5 * (ax + bx),
      my = 0.5 * (ay + by),
      mz = 0.5 * (az + bz);
    return segment(ax, ay, az, mx, my, mz, depth - 1) && segment(mx, my, mz, bx, by, bz, depth - 1);
  };
  return { segment: (ax, ay, az, bx, by, bz) => segment(ax, ay, az, bx, by, bz, SPLIT_DEPTH) };
}

/**
 * A line-of-sight test that first asks the voxel grid (`gridSweepProof` with A = a and
 * B = b): where the grid proves the capsule of radius r clear, the answer is true without
 * calling `los`; otherwise `los` decides. Sound under the premise of `gridSweepProof`. Grids
 * above ASSIST_MAX_VOXELS get `los` unchanged. `sweep`: the grid's proof when already built.
 */
export function gridAssistedLineOfSight(
  grid: VoxelGrid,
  r: number,
  los: (ax: number, ay: number, az: number, bx: number, by: number, bz: number) => boolean,
  sweep: SweepProof | null = gridSweepProof(grid, r),
) {
  if (sweep === null) return los;
  return (ax: number, ay: number, az: number, bx: number, by: number, bz: number): boolean =>
    sweep.segment(ax, ay, az, bx, by, bz) || los(ax, ay, az, bx, by, bz);
}
