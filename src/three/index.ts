/**
 * navlab's three.js adapter: NavWorld and NavSimulation over your own objects, collision
 * worlds with one scene-wide BVH (three-mesh-bvh) and no materials (CollisionWorld: BVH line
 * of sight, segment and agent-radius capsule, raycasts; runs in Node), the same drawn
 * (ObstacleWorld), voxelization and the voxel-grid drawing that obstacle worlds use. With
 * `navlab/helpers` (src/helpers/index.ts: debug drawing), `navlab/import`
 * (src/import/index.ts: mesh files) and `navlab/scene-three` (src/scene-three/index.ts:
 * the scene-file pipeline) the only part of navlab that imports three or three-mesh-bvh. The
 * curated public API: triangle maths, primitive meshes and voxel-face meshing stay in their
 * modules.
 */
export { MeshWorld, type MeshWorldOptions, type WorldMesh, type WorldHit } from './MeshWorld.ts';
export { CollisionWorld, type CollisionWorldOptions } from './CollisionWorld.ts';
export { ObstacleWorld, type ObstacleWorldOptions } from './ObstacleWorld.ts';
export { sceneCollisionWorld } from './sceneWorld.ts';
export { StaticBVH, type StaticHit } from './StaticBVH.ts';
export { voxelize, voxelizeRegion, type VoxelizeOptions } from './voxelize.ts';
export { voxelizeTriangles, type VoxelFill, type MeshVoxelizeOptions, type MeshVoxelization } from '../core/geometry/voxelizeMesh.ts';
export { BvhGeometry } from './BvhGeometry.ts';
export {
  NavWorld,
  type NavWorldOptions,
  type NavPathOptions,
  type NavPath,
  type NavUpdate,
  type NavSceneParts,
  type NavQueryOptions,
  type ObjectNavWorld,
} from './NavWorld.ts';
export { navWorldFromNavbin } from './navbinWorld.ts';
export { sparseNavWorld, SPARSE_AUTO_VOXELS, type SparseNavFactory, type SparseNavWorld } from './navWorldSparse.ts';
export { NavSimulation, createSimulation, type NavSimulationOptions, type NavAgentOptions } from './NavSimulation.ts';
export { autoWaypoints, waypointList, type WaypointSource, type WaypointSourceInput } from './waypointSources.ts';
export { VoxelSurface, CHUNK_SIZE, type VoxelChunkData, type VoxelSurfaceOptions } from './VoxelSurface.ts';
export { VoxelChunks, type VoxelChunksOptions } from './VoxelChunks.ts';
