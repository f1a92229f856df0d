/*
 * The scene query moved into src/core/query: nothing in it read a scene document (a query
 * searches plain core data: a VoxelGrid or null, a WaypointGraph and its waypoint ids), so it
 * belongs to the engine-agnostic core, where `queryGrid`, `queryGraph`, NavWorld and the CLI
 * share it. This module only forwards the old names for the app and its tests.
 * app: switch to core/query (then delete this file):
 *   runSceneQuery -> runQuery, startSceneSearch -> startQuery, SceneSearch -> QueryRun,
 *   SceneGraph -> QueryGraph, gridEndpoint -> voxelNode; the other names are unchanged.
 */
// app: switch to core/query
export {
  DEFAULT_LABELS,
  voxelEndpoint,
  voxelNode as gridEndpoint,
  waypointEndpoint,
  type Endpoint,
  type QueryLabels,
} from '../core/query/endpoints.ts';
// app: switch to core/query
export { defaultGraph, optionsFor, resolveGraph, type QueryGraph as SceneGraph } from '../core/query/graphChoice.ts';
// app: switch to core/query
export { searchableOf, type SearchableScene } from '../core/query/target.ts';
// app: switch to core/query
export { runQuery as runSceneQuery, startQuery as startSceneSearch, type QueryRun as SceneSearch } from '../core/query/query.ts';
