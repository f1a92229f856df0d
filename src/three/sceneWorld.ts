/**
 * The static world of a scene document (sceneCollisionWorld, ObstacleWorld.fromScene): the
 * voxel layer and the loaded meshes placed by the document, checked first. Apart from
 * CollisionWorld, so a world built without a document does not carry the scene's reader.
 */
import { NavlabError } from '../core/errors.ts';
import type { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import { buildVoxelGrid, type SceneDocument } from '../scene/index.ts';
import { checkSceneDocument } from '../scene/documentShape.ts';
import { checkMeshBudget } from '../scene/meshBudget.ts';
import { CollisionWorld, type CollisionWorldOptions, type WorldMesh } from './CollisionWorld.ts';
import { meshMatrix } from './primitives.ts';
import { checkWorldOptions } from './worldArgs.ts';

/**
 * The grid (`options.grid`, else built from the document) and the meshes (`options.meshes`,
 * then the document's, from `options.sceneMeshes`; throws naming one that is not loaded) of
 * the world of `doc`. `drawn`: each mesh carries a copy of its loaded object, to draw.
 */
export function sceneWorldParts(
  who: string,
  doc: SceneDocument,
  options: CollisionWorldOptions,
  drawn = false,
): { grid: VoxelGrid | null; meshes: WorldMesh[] } {
  checkSceneDocument(`${who}: doc`, doc);
  checkWorldOptions(who, options);
  if (options.sceneMeshes !== undefined) checkMeshBudget(doc, options.sceneMeshes);
  const meshes: WorldMesh[] = (doc.meshes ?? []).map((m) => {
    const loaded = options.sceneMeshes?.get(m.id);
    if (loaded === undefined)
      throw new NavlabError('usage', `${who}: mesh '${m.id}' (${m.src.slice(0, 60)}) is not loaded; load it with loadSceneMeshes`);
    const mesh: WorldMesh = { id: m.id, soup: loaded.soup, matrix: meshMatrix(m) };
    if (drawn) mesh.object = loaded.object.clone();
    return mesh;
  });
  return { grid: options.grid ?? buildVoxelGrid(doc), meshes: [...(options.meshes ?? []), ...meshes] };
}

/**
 * The collision world (no drawing, no materials: for Node, workers and the CLI) of a scene
 * document: its voxel layer, its static obstacles and its meshes (`options.sceneMeshes` must
 * hold every mesh the document lists; throws naming one that is missing). ObstacleWorld.fromScene
 * is the same world drawn.
 */
export function sceneCollisionWorld(doc: SceneDocument, options: CollisionWorldOptions = {}): CollisionWorld {
  const { grid, meshes } = sceneWorldParts('sceneCollisionWorld', doc, options);
  return new CollisionWorld(doc.obstacles, grid, { ...options, meshes });
}
