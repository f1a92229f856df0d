/**
 * navlab's scene documents on three.js: loading a scene's mesh files, linking its waypoints
 * through the BVH, placing automatic waypoints and running its agents. Kept apart from `navlab/three` because it is the scene-file pipeline: it parses
 * and validates documents (zod and the scene schema come with it), which a three.js app that
 * builds a `NavWorld` from its own objects never needs.
 */
export { preprocessScene, type PreprocessOptions, type PreprocessResult } from '../three/preprocess.ts';
export {
  createSceneSimulation,
  planningGraph,
  type SceneSimulation,
  type SceneSimulationOptions,
  type PlanningGraph,
} from './simulation.ts';
export { loadSceneMeshes, type LoadedMeshes, type SceneFileReader } from './sceneMeshes.ts';
export { placeSceneWaypoints, autoWaypointList, type SceneWaypoints, type SceneWaypointOptions } from './autoWaypoints.ts';
