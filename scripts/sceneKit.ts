/** Shared pieces of the scene generators (gen-scenes.ts, voxelScenes.ts): the schema reference, rounding, voxel helpers. */
import type { VoxelGrid } from '../src/core/grid/VoxelGrid.ts';
import type { SceneObstacle } from '../src/scene/index.ts';
import { boxOverlapsObstacle, type Triple } from '../test/scene/geometry.ts';

export const SCHEMA_REF = './scene.schema.json';
export const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;
/** World centre of voxel (x, y, z) in a grid with origin 0 and cell size 1. */
export const centre = (x: number, y: number, z: number): [number, number, number] => [x + 0.5, y + 0.5, z + 0.5];

/** Marks every voxel of an inclusive box. */
export function fill(grid: VoxelGrid, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number, blocked = true): void {
  for (let z = z0; z <= z1; z++) for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) grid.setBlocked(x, y, z, blocked);
}

/** Blocks every voxel of the grid whose interior overlaps one of the obstacles. */
export function voxelize(grid: VoxelGrid, obstacles: readonly SceneObstacle[]): void {
  const s = grid.cellSize,
    o = grid.origin;
  for (let z = 0; z < grid.Z; z++) {
    for (let y = 0; y < grid.Y; y++) {
      for (let x = 0; x < grid.X; x++) {
        const lo: Triple = [o.x + x * s, o.y + y * s, o.z + z * s];
        const hi: Triple = [lo[0] + s, lo[1] + s, lo[2] + s];
        if (obstacles.some((ob) => boxOverlapsObstacle(lo, hi, ob))) grid.occupancy[grid.index(x, y, z)] = 1;
      }
    }
  }
}
