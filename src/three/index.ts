/**
 * navlab's three.js adapter: obstacle meshes from a scene, one scene-wide BVH (three-mesh-bvh),
 * BVH line of sight (segment and agent-radius capsule), mesh voxelization and waypoint
 * visibility preprocessing. The only part of navlab that imports three or three-mesh-bvh.
 */
export * from './ObstacleWorld.ts';
export * from './StaticBVH.ts';
export * from './voxelize.ts';
export * from './voxelFaces.ts';
export * from './preprocess.ts';
export * from './primitives.ts';
export * from './triangleMath.ts';
export * from './simulation.ts';
export { importMesh, meshFormat, MeshError, MESH_LIMITS, type ImportedMesh, type MeshFormat, type MeshImportOptions } from './meshImport.ts';
export { voxelizeTriangles, type VoxelFill, type MeshVoxelizeOptions, type MeshVoxelization } from './voxelizeMesh.ts';
export { importScene, type ImportSceneOptions, type ImportedScene, type WaypointPlacer } from './importScene.ts';
export { placeSceneWaypoints, sceneWaypointFigures, autoWaypointList } from './autoWaypoints.ts';
export { VoxelChunks, CHUNK_SIZE, type VoxelChunkData, type VoxelChunksOptions } from './VoxelChunks.ts';
