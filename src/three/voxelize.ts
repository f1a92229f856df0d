import { NavlabError } from '../core/errors.ts';
import { VoxelGrid, type VoxelGridOptions } from '../core/grid/VoxelGrid.ts';
import type { Aabb } from '../core/graph/visibility.ts';
import { MeshWorld } from './MeshWorld.ts';
import { blockTriangles } from '../core/geometry/voxelizeMesh.ts';
import { checkAabb, checkInstance, checkNumber, checkOptions } from '../core/args.ts';

/**
 * A primitive obstacle's or voxel face's triangle must reach this far into a voxel box to make
 * it solid (touching does not count: a box flush with voxel faces blocks only the voxels it
 * fills). A mesh triangle blocks every voxel whose closed box it touches.
 */
export const VOXEL_EPSILON = 1e-6;

/** Options of `voxelize` and `voxelizeRegion`. */
export interface VoxelizeOptions {
  /**
   * Grow the obstacles by this distance, e.g. the agent radius: a voxel is solid when a
   * triangle meets its box grown by `dilation` on every side (a cube around each point, so
   * a little more than the round Minkowski sum: conservative). @default 0
   */
  dilation?: number;
}

/**
 * Voxelizes the static world into a new grid with the given origin, cellSize and dims: a
 * voxel is solid when a mesh triangle meets its closed box (grown by `dilation`), a primitive
 * obstacle's triangle overlaps that box by more than 1e-6 (VOXEL_EPSILON), or its centre
 * lies inside an obstacle (a solid voxel of the world's layer, or a primitive by its analytic
 * inside test). Conservative: thin walls and small obstacles are never lost, and every point
 * of a mesh lies in the closed box of a solid voxel, so the solid voxels cover the meshes.
 * Work: each triangle against the voxels of its bounding box, plus each obstacle's inside
 * test on the voxel centres in its box.
 */
export function voxelize(world: MeshWorld, spec: VoxelGridOptions, options: VoxelizeOptions = {}): VoxelGrid {
  checkInstance('voxelize: world', world, MeshWorld);
  const r = dilationOf(options);
  const grid = new VoxelGrid(spec);
  voxelizeBlock(world, grid, 0, 0, 0, grid.X, grid.Y, grid.Z, r);
  return grid;
}

/**
 * Re-voxelizes the voxels of `grid` that `box` (e.g. what a `CollisionWorld` edit returned)
 * can affect, setting them free or solid as a full `voxelize` would. Returns how many changed.
 * `grid` must not be the world's own voxel layer (that is an input here).
 */
export function voxelizeRegion(world: MeshWorld, grid: VoxelGrid, box: Aabb, options: VoxelizeOptions = {}): number {
  checkInstance('voxelizeRegion: world', world, MeshWorld);
  checkInstance('voxelizeRegion: grid', grid, VoxelGrid);
  checkAabb('voxelizeRegion: box', box);
  const r = dilationOf(options);
  // Voxels whose grown box meets the region; one voxel of slack against rounding.
  const lo = (axis: 0 | 1 | 2, v: number) => Math.max(0, grid.axisVoxel(axis, v - r) - 1);
  const hi = (axis: 0 | 1 | 2, v: number, n: number) => Math.min(n, grid.axisVoxel(axis, v + r) + 2);
  const x0 = lo(0, box.min.x),
    y0 = lo(1, box.min.y),
    z0 = lo(2, box.min.z);
  const x1 = hi(0, box.max.x, grid.X),
    y1 = hi(1, box.max.y, grid.Y),
    z1 = hi(2, box.max.z, grid.Z);
  if (x0 >= x1 || y0 >= y1 || z0 >= z1) return 0;
  return voxelizeBlock(world, grid, x0, y0, z0, x1, y1, z1, r);
}

function dilationOf(options: VoxelizeOptions): number {
  return checkNumber('dilation', checkOptions<VoxelizeOptions>('options', options).dilation ?? 0, 0);
}

/**
 * Voxelizes voxels [x0, x1) x [y0, y1) x [z0, z1) of `grid`; returns how many changed. The
 * block is rebuilt from free: first every voxel whose closed box, grown by r, meets a mesh
 * triangle, and every voxel whose box, grown by r and shrunk by the tolerance, meets a voxel
 * face or primitive triangle (`blockTriangles` over the two parts of the world's soup), then
 * every voxel whose centre lies inside an obstacle (a solid voxel of the layer, or a
 * primitive by its analytic test), visiting only the voxels whose centres lie in its box.
 */
function voxelizeBlock(
  world: MeshWorld,
  grid: VoxelGrid,
  x0: number,
  y0: number,
  z0: number,
  x1: number,
  y1: number,
  z1: number,
  r: number,
): number {
  if (world.grid === grid) throw new NavlabError('usage', "voxelize: the target grid must not be the world's own voxel layer");
  const { X, Y } = grid;
  const occ = grid.occupancy;
  const nx = x1 - x0;
  // The block's old values (to count the changes), then the block set free.
  const old = new Uint8Array(nx * (y1 - y0) * (z1 - z0));
  let k = 0;
  for (let z = z0; z < z1; z++) {
    for (let y = y0; y < y1; y++) {
      const row = X * (y + Y * z);
      old.set(occ.subarray(row + x0, row + x1), k);
      occ.fill(0, row + x0, row + x1);
      k += nx;
    }
  }
  const block = [x0, y0, z0, x1, y1, z1];
  const soup = world.bvh.soup;
  const meshes = 9 * world.meshSoupStart;
  // Voxel faces and primitives: grown by the dilation, shrunk by the tolerance (overlaps of
  // 1e-6 or less do not count, so flush faces block no neighbour). Meshes: touching counts.
  blockTriangles(soup.subarray(0, meshes), grid, r - VOXEL_EPSILON, block);
  blockTriangles(soup.subarray(meshes), grid, r, block);
  world.fillSolids(grid, [x0, y0, z0, x1 - 1, y1 - 1, z1 - 1]);
  let changed = 0;
  k = 0;
  for (let z = z0; z < z1; z++) {
    for (let y = y0; y < y1; y++) {
      const row = X * (y + Y * z);
      for (let x = row + x0; x < row + x1; x++) if (occ[x] !== old[k++]) changed++;
    }
  }
  if (changed > 0) grid.version++;
  return changed;
}
