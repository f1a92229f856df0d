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
