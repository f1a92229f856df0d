import { VoxelGrid, type VoxelGridOptions } from '../core/grid/VoxelGrid.ts';
import type { Aabb } from '../core/graph/visibility.ts';
import type { ObstacleWorld } from './ObstacleWorld.ts';
import type { StaticBVH } from './StaticBVH.ts';

/** A triangle must reach this far into a voxel box to make it solid (touching does not count). */
export const VOXEL_EPSILON = 1e-6;

/** Options of `voxelize` and `voxelizeRegion`. */
export interface VoxelizeOptions {
  /**
   * Grow the obstacles by this distance, e.g. the agent radius: a voxel is solid when a
   * triangle overlaps its box grown by `dilation` on every side (a cube around each point, so
   * a little more than the round Minkowski sum: conservative). @default 0
   */
  dilation?: number;
}

/**
 * Voxelizes the static world into a new grid with the given origin, cellSize and dims: a
 * voxel is solid when a triangle overlaps its box (grown by `dilation`) by more than 1e-6, or
 * its centre lies inside an obstacle (a solid voxel of the world's layer, or a primitive by
 * its analytic inside test). Conservative: thin walls and small obstacles are never lost.
 */
export function voxelize(world: ObstacleWorld, spec: VoxelGridOptions, options: VoxelizeOptions = {}): VoxelGrid {
  const grid = new VoxelGrid(spec);
  voxelizeBlock(world, grid, 0, 0, 0, grid.X, grid.Y, grid.Z, dilationOf(options));
  return grid;
}

/**
 * Re-voxelizes the voxels of `grid` that `box` (e.g. what an `ObstacleWorld` edit returned)
 * can affect, setting them free or solid as a full `voxelize` would. Returns how many changed.
 * `grid` must not be the world's own voxel layer (that is an input here).
 */
export function voxelizeRegion(world: ObstacleWorld, grid: VoxelGrid, box: Aabb, options: VoxelizeOptions = {}): number {
  const r = dilationOf(options);
  // Voxels whose grown box meets the region; one voxel of slack against rounding.
  const lo = (axis: 0 | 1 | 2, v: number) => Math.max(0, grid.axisVoxel(axis, v - r) - 1);
  const hi = (axis: 0 | 1 | 2, v: number, n: number) => Math.min(n, grid.axisVoxel(axis, v + r) + 2);
  const x0 = lo(0, box.min.x), y0 = lo(1, box.min.y), z0 = lo(2, box.min.z);
  const x1 = hi(0, box.max.x, grid.X), y1 = hi(1, box.max.y, grid.Y), z1 = hi(2, box.max.z, grid.Z);
  if (x0 >= x1 || y0 >= y1 || z0 >= z1) return 0;
  return voxelizeBlock(world, grid, x0, y0, z0, x1, y1, z1, r);
}

function dilationOf(options: VoxelizeOptions): number {
  const r = options.dilation ?? 0;
  if (!(r >= 0) || !Number.isFinite(r)) throw new RangeError(`dilation: expected a finite number >= 0, got ${r}`);
  return r;
}

/**
 * Candidate obstacle lists of the recursion, stacked: a block's list is the part of its
 * parent's list whose boxes meet the block, written right after the parent's.
 */
let _lists = new Int32Array(1024);

/** Voxelizes voxels [x0, x1) x [y0, y1) x [z0, z1) of `grid`; returns how many changed. */
function voxelizeBlock(world: ObstacleWorld, grid: VoxelGrid, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number, r: number): number {
  if (world.grid === grid) throw new Error('voxelize: the target grid must not be the world\'s own voxel layer');
  const boxes = world.obstacleBoxes();
  const layer = world.grid;
  const bvh = world.bvh;
  const s = grid.cellSize;
  const { x: ox, y: oy, z: oz } = grid.origin;
  // Grown by the dilation, shrunk by the tolerance: overlaps of 1e-6 or less do not count.
  const g = r - VOXEL_EPSILON;
  const layerBox = layer === null ? null : {
    minX: layer.origin.x, minY: layer.origin.y, minZ: layer.origin.z,
    maxX: layer.origin.x + layer.X * layer.cellSize, maxY: layer.origin.y + layer.Y * layer.cellSize, maxZ: layer.origin.z + layer.Z * layer.cellSize,
  };
  // Static meshes have no boxes in the candidate lists: with any, every block asks the BVH.
  const hasMeshes = world.meshIds.length > 0;
  let changed = 0;

  const write = (bx0: number, by0: number, bz0: number, bx1: number, by1: number, bz1: number, value: number): void => {
    const occ = grid.occupancy;
    for (let z = bz0; z < bz1; z++) {
      for (let y = by0; y < by1; y++) {
        const row = grid.X * (y + grid.Y * z);
        for (let x = row + bx0; x < row + bx1; x++) {
          if (occ[x] !== value) {
            occ[x] = value;
            changed++;
          }
        }
      }
    }
  };

  const visit = (bx0: number, by0: number, bz0: number, bx1: number, by1: number, bz1: number, listStart: number, listEnd: number): void => {
    const minX = ox + bx0 * s - g, minY = oy + by0 * s - g, minZ = oz + bz0 * s - g;
    const maxX = ox + bx1 * s + g, maxY = oy + by1 * s + g, maxZ = oz + bz1 * s + g;
    // This block's candidates: the parent's whose mesh box meets the grown block.
    if (_lists.length < listEnd + (listEnd - listStart)) {
      const grown = new Int32Array(2 * (listEnd + (listEnd - listStart)));
      grown.set(_lists);
      _lists = grown;
    }
    let end = listEnd;
    for (let k = listStart; k < listEnd; k++) {
      const b = boxes[_lists[k]];
      if (b.min.x <= maxX && b.max.x >= minX && b.min.y <= maxY && b.max.y >= minY && b.min.z <= maxZ && b.max.z >= minZ) _lists[end++] = _lists[k];
    }
    const nearLayer = layerBox !== null && layerBox.minX <= maxX && layerBox.maxX >= minX &&
      layerBox.minY <= maxY && layerBox.maxY >= minY && layerBox.minZ <= maxZ && layerBox.maxZ >= minZ;
    if (end === listEnd && !nearLayer && !hasMeshes) {
      write(bx0, by0, bz0, bx1, by1, bz1, 0);
      return;
    }
    if (!surfaceIn(bvh, minX, minY, minZ, maxX, maxY, maxZ)) {
      // No surface crosses the block, so every voxel centre in it is inside the same
      // obstacles: one inside test at the block centre decides them all.
      const cx = ox + 0.5 * (bx0 + bx1) * s, cy = oy + 0.5 * (by0 + by1) * s, cz = oz + 0.5 * (bz0 + bz1) * s;
      let inside = nearLayer && world.voxelAt(cx, cy, cz);
      for (let k = listEnd; k < end && !inside; k++) inside = world.obstacleContains(_lists[k], cx, cy, cz);
      write(bx0, by0, bz0, bx1, by1, bz1, inside ? 1 : 0);
      return;
    }
    const nx = bx1 - bx0, ny = by1 - by0, nz = bz1 - bz0;
    if (nx === 1 && ny === 1 && nz === 1) {
      write(bx0, by0, bz0, bx1, by1, bz1, 1);
      return;
    }
    // Split the longest side in two.
    if (nx >= ny && nx >= nz) {
      const m = bx0 + (nx >> 1);
      visit(bx0, by0, bz0, m, by1, bz1, listEnd, end);
      visit(m, by0, bz0, bx1, by1, bz1, listEnd, end);
    } else if (ny >= nz) {
      const m = by0 + (ny >> 1);
      visit(bx0, by0, bz0, bx1, m, bz1, listEnd, end);
      visit(bx0, m, bz0, bx1, by1, bz1, listEnd, end);
    } else {
      const m = bz0 + (nz >> 1);
      visit(bx0, by0, bz0, bx1, by1, m, listEnd, end);
      visit(bx0, by0, m, bx1, by1, bz1, listEnd, end);
    }
  };

  if (_lists.length < boxes.length) _lists = new Int32Array(2 * boxes.length);
  for (let i = 0; i < boxes.length; i++) _lists[i] = i;
  visit(x0, y0, z0, x1, y1, z1, 0, boxes.length);
  if (changed > 0) grid.version++;
  return changed;
}

/** Whether a triangle overlaps the closed box [min, max] (empty when min > max). */
function surfaceIn(bvh: StaticBVH, minX: number, minY: number, minZ: number, maxX: number, maxY: number, maxZ: number): boolean {
  return bvh.boxOverlaps(0.5 * (minX + maxX), 0.5 * (minY + maxY), 0.5 * (minZ + maxZ), 0.5 * (maxX - minX), 0.5 * (maxY - minY), 0.5 * (maxZ - minZ));
}
