/**
 * navlab scene documents: the schema and its types, parsing with readable errors, migration,
 * saving, and building core objects from a document. Engine-agnostic: imports src/core and
 * zod only (no three, no DOM, no Node built-ins). The curated public API: the zod schemas and
 * message helpers stay in their modules. Queries (what used to be src/scene/query.ts) are
 * engine-agnostic and live in navlab itself (src/core/query).
 */
export { SCENE_VERSION } from './documentShape.ts';
export { SCENE_LIMITS, SCENE_RANGES } from './ranges.ts';
export { SCENE_FILE_LIMIT } from './fileLimit.ts';
export { contentBounds } from './contentBounds.ts';
export { sceneJsonSchema, sceneJsonSchemaText } from './jsonSchema.ts';
export type {
  SceneDocument,
  SceneDocumentInput,
  SceneBounds,
  SceneWaypoint,
  SceneAgent,
  PointRef,
  SceneObstacle,
  BoxObstacle,
  SphereObstacle,
  CylinderObstacle,
  Orbit,
  MovingObstacle,
  VoxelBox,
  TerrainRegion,
  VoxelLayer,
  SearchSettings,
  SteeringSettings,
  SceneVec3,
  SceneMesh,
} from './schema.ts';
export { SceneError, checkSceneLimits, migrateScene, parseScene, safeParseScene, saveScene, type SceneIssue } from './validate.ts';
export {
  buildVoxelGrid,
  waypointPositions,
  waypointIndex,
  movingObstaclePosition,
  resolvePoint,
  solidBoxes,
  sceneFromMovingAi,
} from './build.ts';
