/**
 * Argument checks of CollisionWorld and ObstacleWorld (their options, meshes and obstacle
 * specs): each throws a NavlabError (code usage) naming the argument and the field.
 */
import { Material, Matrix4, Object3D } from 'three';
import {
  checkBoolean,
  checkInstance,
  checkNumber,
  checkNumbers,
  checkObject,
  checkOneOf,
  checkOptions,
  checkString,
  usageError,
} from '../core/args.ts';
import { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import type { SceneObstacle } from '../scene/schema.ts';

/** `value` when it is [x, y, z] of finite numbers (each > 0 when `positive`). */
function checkTriple(what: string, value: unknown, positive: boolean): void {
  const t = value as number[];
  if (!Array.isArray(t) || t.length !== 3 || !t.every((c) => typeof c === 'number' && Number.isFinite(c) && (!positive || c > 0))) {
    throw usageError(what, `[x, y, z] of finite numbers${positive ? ' > 0' : ''}`, value);
  }
}

/**
 * An obstacle spec checked for what building its mesh needs (its shape's fields, finite, sizes
 * > 0), without the scene schema (navlab/three does not load zod); a copy is returned, kept.
 */
export function checkObstacle(what: string, spec: unknown): SceneObstacle {
  const o = checkObject<SceneObstacle & Record<string, unknown>>(
    what,
    spec,
    "an obstacle { id, shape: 'box' | 'sphere' | 'cylinder', position, ... }",
  );
  checkString(`${what}.id`, o.id);
  checkOneOf(`${what}.shape`, o.shape, ['box', 'sphere', 'cylinder']);
  checkTriple(`${what}.position`, o.position, false);
  if (o.shape === 'box') {
    checkTriple(`${what}.size`, o.size, true);
    if (o.rotation !== undefined) checkTriple(`${what}.rotation`, o.rotation, false);
  } else {
    checkNumber(`${what}.radius`, o.radius, 0, true);
    if (o.shape === 'cylinder') checkNumber(`${what}.height`, o.height, 0, true);
  }
  return structuredClone(o);
}

/** One static mesh of `options.meshes`: an id, a triangle soup of finite numbers, a Matrix4. */
function checkWorldMesh(what: string, m: unknown): void {
  const mesh = checkObject<{ id: unknown; soup: unknown; matrix: unknown; object?: unknown }>(
    what,
    m,
    'a mesh { id, soup, matrix, object? }',
  );
  checkString(`${what}.id`, mesh.id);
  checkNumbers(`${what}.soup`, mesh.soup, 9);
  checkInstance(`${what}.matrix`, mesh.matrix, Matrix4);
  if (mesh.object !== undefined) checkInstance(`${what}.object`, mesh.object, Object3D);
}

/** The fields of CollisionWorldOptions (CollisionWorld.ts), as this module reads them. */
interface WorldOptionFields {
  bvh?: unknown;
  meshes?: unknown;
  sceneMeshes?: unknown;
  voxelChunks?: unknown;
  grid?: unknown;
}

/** The drawing fields of ObstacleWorldOptions (ObstacleWorld.ts). */
interface DrawingOptionFields {
  material?: unknown;
  voxelMaterial?: unknown;
  drawVoxels?: unknown;
}

/** The drawing options of an ObstacleWorld checked (undefined: fine); `who` names the call. */
export function checkDrawingOptions(who: string, options: unknown): void {
  const o = checkOptions<DrawingOptionFields>(`${who}: options`, options);
  for (const key of ['material', 'voxelMaterial'] as const)
    if (o[key] !== undefined) checkInstance(`${who}: options.${key}`, o[key], Material);
  if (o.drawVoxels !== undefined) checkBoolean(`${who}: options.drawVoxels`, o.drawVoxels);
}

/** The options of a MeshWorld (bvh, meshes) checked (undefined: fine); `who` names the call. */
export function checkMeshWorldOptions(who: string, options: unknown): void {
  const o = checkOptions<WorldOptionFields>(`${who}: options`, options);
  if (o.bvh !== undefined) checkObject(`${who}: options.bvh`, o.bvh);
  if (o.meshes !== undefined) {
    if (!Array.isArray(o.meshes)) throw usageError(`${who}: options.meshes`, 'an array of meshes', o.meshes);
    o.meshes.forEach((m: unknown, i: number) => checkWorldMesh(`${who}: options.meshes[${i}]`, m));
  }
}

/** The options a CollisionWorld adds to a MeshWorld's (sceneMeshes, voxelChunks, grid) checked. */
function checkLayerOptions(who: string, options: unknown): void {
  const o = (options ?? {}) as WorldOptionFields;
  if (o.sceneMeshes !== undefined)
    checkInstance(`${who}: options.sceneMeshes`, o.sceneMeshes, Map, 'Map of loaded meshes (loadSceneMeshes)');
  if (o.voxelChunks !== undefined) checkObject(`${who}: options.voxelChunks`, o.voxelChunks, 'voxel chunk data (VoxelChunks.data())');
  if (o.grid !== undefined) checkInstance(`${who}: options.grid`, o.grid, VoxelGrid);
}

/** CollisionWorld options checked (undefined: fine); `who` names the call. */
export function checkWorldOptions(who: string, options: unknown): void {
  checkMeshWorldOptions(who, options);
  checkLayerOptions(who, options);
}

/**
 * The arguments `new CollisionWorld(obstacles, grid, options)` adds to a MeshWorld's (`who`:
 * the class; its options were checked by the MeshWorld constructor); returns checked copies of
 * the obstacles.
 */
export function checkWorldArgs(who: string, obstacles: unknown, grid: unknown, options: unknown): SceneObstacle[] {
  if (!Array.isArray(obstacles)) throw usageError(`${who}: obstacles`, 'an array of obstacles', obstacles);
  if (grid !== null) checkInstance(`${who}: grid`, grid, VoxelGrid, 'VoxelGrid or null');
  checkLayerOptions(who, options);
  return obstacles.map((o, i) => checkObstacle(`${who}: obstacles[${i}]`, o));
}
