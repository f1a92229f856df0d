import type { VoxelGrid } from '../../../core/grid/VoxelGrid.ts';
import type { Vec3 } from '../../../core/math/vec3.ts';
import type { VoxelPick } from '../../shell/picking.ts';

/** The tools that paint voxels with a brush (drag to paint, Shift+drag to fill a box). */
export const PAINT_TOOLS: ReadonlySet<string> = new Set(['voxel', 'erase', 'terrain']);

/**
 * Where a paint stroke happens: the voxel a press paints, and the layer the stroke stays in
 * (the axis of the face pressed and the voxel's coordinate on it). Keeping a drag in one layer
 * stops it from climbing onto the voxels it has just painted (or digging through the ones it
 * has just erased).
 */
export interface StrokeStart {
  voxel: [number, number, number];
  axis: 0 | 1 | 2;
  layer: number;
}

/**
 * The voxel a press of `tool` paints for a pick: erase takes the solid voxel hit; voxel and
 * terrain take the free voxel in front of the face hit (or the free voxel where the ray left
 * the grid). Null when there is nothing to paint (erasing the air).
 */
export function strokeStart(tool: string, pick: VoxelPick): StrokeStart | null {
  if (tool === 'erase' && !pick.solid) return null;
  const n = pick.normal;
  const axis = (n[0] !== 0 ? 0 : n[2] !== 0 ? 2 : 1) as 0 | 1 | 2;
  const voxel = (tool === 'erase' || !pick.solid ? [...pick.voxel] : pick.voxel.map((c, a) => c + n[a])) as [number, number, number];
  return { voxel, axis, layer: voxel[axis] };
}

/**
 * The voxel of the stroke's layer under a ray: where the ray crosses the plane through the
 * centres of that layer. Null when the ray is parallel to the layer, points away from it, or
 * crosses it outside the grid.
 */
export function layerVoxel(grid: VoxelGrid, origin: Vec3, dir: Vec3, start: StrokeStart): [number, number, number] | null {
  const o = [origin.x, origin.y, origin.z];
  const d = [dir.x, dir.y, dir.z];
  const g0 = [grid.origin.x, grid.origin.y, grid.origin.z];
  const a = start.axis;
  if (Math.abs(d[a]) < 1e-9) return null;
  const plane = g0[a] + (start.layer + 0.5) * grid.cellSize;
  const t = (plane - o[a]) / d[a];
  if (!(t >= 0)) return null;
  const v = [0, 1, 2].map((k) => (k === a ? start.layer : grid.axisVoxel(k as 0 | 1 | 2, o[k] + t * d[k]))) as [number, number, number];
  return grid.inBounds(v[0], v[1], v[2]) ? v : null;
}

/** The voxel box [x0, y0, z0, x1, y1, z1] of a cubic brush of edge `size` around voxel v. */
export function brushBox(v: readonly number[], size: number): number[] {
  const lo = Math.floor((size - 1) / 2);
  const hi = size - 1 - lo;
  return [v[0] - lo, v[1] - lo, v[2] - lo, v[0] + hi, v[1] + hi, v[2] + hi];
}

/** The smallest box holding both boxes (a box fill from one brush position to another). */
export function spanBox(a: readonly number[], b: readonly number[]): number[] {
  return [
    Math.min(a[0], b[0]),
    Math.min(a[1], b[1]),
    Math.min(a[2], b[2]),
    Math.max(a[3], b[3]),
    Math.max(a[4], b[4]),
    Math.max(a[5], b[5]),
  ];
}

/**
 * The voxels a straight line from voxel a's centre to voxel b's centre passes through, in
 * order, a excluded and b included, each sharing a face with the one before (a 3D DDA,
 * Amanatides and Woo): a fast stroke whose pointer samples land voxels apart paints the
 * voxels between them too, without gaps, even diagonally. Where the line crosses an edge or
 * a corner exactly, it steps one axis at a time (x, then y, then z).
 */
export function voxelLine(a: readonly number[], b: readonly number[]): [number, number, number][] {
  const d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const n = Math.abs(d[0]) + Math.abs(d[1]) + Math.abs(d[2]);
  const step = d.map(Math.sign);
  // Parameter along the line (0 at a's centre, 1 at b's) of the next boundary on each axis,
  // and the parameter between boundaries.
  const delta = d.map((v) => (v === 0 ? Infinity : 1 / Math.abs(v)));
  const next = delta.map((v) => v / 2);
  const v = [a[0], a[1], a[2]];
  const out: [number, number, number][] = [];
  for (let k = 0; k < n; k++) {
    let axis = 0;
    if (next[1] < next[axis] - 1e-12) axis = 1;
    if (next[2] < next[axis] - 1e-12) axis = 2;
    v[axis] += step[axis];
    next[axis] += delta[axis];
    out.push([v[0], v[1], v[2]]);
  }
  return out;
}
