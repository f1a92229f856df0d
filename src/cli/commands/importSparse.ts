import type { MeshVoxelization, MeshVoxelizeOptions } from '../../core/geometry/voxelizeMesh.ts';
import { VoxelGrid } from '../../core/grid/VoxelGrid.ts';
import { sparseBoxes } from '../../core/sparse/sparseBoxes.ts';
import { sparseFromTriangles } from '../../core/sparse/fromTriangles.ts';
import { ImportError } from '../../import/importScene.ts';
import { SCENE_LIMITS, SCENE_RANGES, type VoxelLayer } from '../../scene/index.ts';

/**
 * `nav import --world sparse`: the scene's voxel layer voxelized into a sparse octree straight
 * from the triangles (sparseFromTriangles: no dense grid while voxelizing; the same blocked
 * voxels as the dense voxelizer, voxel by voxel) and written as the octree's boxes
 * (sparseBoxes: one per SOLID node, runs along x in mixed bricks). The later stages of the
 * import (agents, waypoints, links) read the layer as a grid, as for a dense import. Throws
 * ImportError as `sceneVoxelLayer` does: a layer outside ±SCENE_RANGES.coord or over
 * SCENE_LIMITS.primitives boxes.
 */
export function sparseSceneVoxelLayer(soup: ArrayLike<number>, options: MeshVoxelizeOptions): MeshVoxelization & { layer: VoxelLayer } {
  const w = sparseFromTriangles(soup, options);
  const c = SCENE_RANGES.coord;
  const o = [w.origin.x, w.origin.y, w.origin.z];
  const dims: [number, number, number] = [w.X, w.Y, w.Z];
  ['x', 'y', 'z'].forEach((k, a) => {
    if (o[a] < -c || o[a] + dims[a] * w.cellSize > c)
      throw new ImportError(
        `the meshes reach beyond ${k} = ±${c}; a scene's voxel layer must lie within ±${c} (with its margin of free voxels)`,
      );
  });
  const { boxes, blocked } = sparseBoxes(w);
  if (boxes.length > SCENE_LIMITS.primitives)
    throw new ImportError(
      `the voxel layer needs ${boxes.length} boxes, over the scene limit of ${SCENE_LIMITS.primitives} primitives; use a larger cell size than ${w.cellSize}`,
    );
  const grid = new VoxelGrid({ dims, origin: w.origin, cellSize: w.cellSize });
  for (const [x0, y0, z0, x1, y1, z1] of boxes)
    for (let z = z0; z <= z1; z++) for (let y = y0; y <= y1; y++) grid.occupancy.fill(1, grid.index(x0, y, z), grid.index(x1, y, z) + 1);
  return {
    grid,
    triangles: soup.length / 9,
    blocked,
    layer: { origin: o as [number, number, number], cellSize: w.cellSize, dims, solid: boxes, terrain: [] },
  };
}
