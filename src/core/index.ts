/**
 * navlab core: engine-agnostic navigation (no three, no DOM, no Node built-ins). The curated
 * public API: grids, waypoint graphs, search, steering and the .navbin format. Internals (the
 * heap, search-state flags, vector scratch helpers) stay in their modules.
 */
export { NavlabError, type NavlabErrorCode, type NavlabErrorData } from './errors.ts';
export type { Vec3 } from './math/vec3.ts';
export { LIMITS, type Limits } from './limits.ts';

// Grids
export { VoxelGrid, MAX_VOXELS, type VoxelGridOptions, type CornerCutting } from './grid/VoxelGrid.ts';
export { nearestFreeVoxel, FREE_VOXEL_SNAP_RADIUS } from './grid/nearestFree.ts';
export { DEFAULT_CELLS_ACROSS, levelCellSize, levelAgentRadius, levelAgentSpeed } from './levelScale.ts';
export { voxelLineOfSight } from './grid/voxelWalk.ts';
export { FreeComponents, freeComponents, connectivityOf, type Connectivity } from './grid/freeComponents.ts';
export { GridSpace, type GridSearchSettings, type ComponentCheck, type ComponentGoal } from './grid/GridSpace.ts';
export { componentCheck } from './search/componentCheck.ts';
export { isClosedMesh } from './geometry/closedMesh.ts';

// Waypoint graphs
export { WaypointGraph, GraphSpace } from './graph/WaypointGraph.ts';
export {
  VisibilityGraph,
  buildVisibility,
  segmentClearOf,
  snapToVisibleWaypoint,
  type Aabb,
  type LineOfSight,
  type VisibilityOptions,
} from './graph/visibility.ts';

// Search
export { heuristic, isAdmissible, HEURISTICS } from './search/heuristics.ts';
export type { HeuristicName, Neighborhood } from './grid/gridHeuristic.ts';
export { DEFAULT_SEARCH_OPTIONS, type SearchOptions, type TieBreak } from './search/options.ts';
export type { SearchResult, SearchStatus } from './search/result.ts';
export type { SearchSpace, NeighborSink } from './search/space.ts';
export { SearchContext } from './search/SearchContext.ts';
export { AStarRun, findPath } from './search/AStarRun.ts';
export { JpsRun, findPathJps } from './search/JpsRun.ts';
export { LazyThetaRun, findPathLazyTheta } from './search/LazyThetaRun.ts';
export { ALGORITHMS, type Algorithm, type GridRun } from './search/algorithms.ts';
export type { SpaceKind } from './search/space.ts';

// Queries (src/core/query: the one query path)
export type { QueryOptions, PathReport } from './query/report.ts';
export { QueryError } from './query/QueryError.ts';
export type { Endpoint, QueryLabels } from './query/endpoints.ts';
export { defaultGraph, resolveGraph, type QueryGraph } from './query/graphChoice.ts';
export { searchableOf, type SearchableScene } from './query/target.ts';
export { createGridRun, createWaypointRun, findGridPath } from './query/runs.ts';
export {
  queryGraph,
  queryGrid,
  queryNodes,
  runQuery,
  startQuery,
  type QueryRun,
  type SceneQueryOptions,
} from './query/query.ts';

// Steering
export { AVOIDANCE_MODES, DEFAULT_STEERING_PARAMS, type AvoidanceMode, type SteeringParams } from './steering/params.ts';
export { EMPTY_GEOMETRY, type StaticGeometry, type StaticQuery, type ContactList } from './steering/geometry.ts';
export { VoxelGeometry } from './steering/VoxelGeometry.ts';
export { GridPlanner, WaypointPlanner, StraightPlanner, type PathPlanner, type PlannedPath } from './steering/planners.ts';
export {
  Simulation,
  type AgentSpec,
  type MovingObstacleSpec,
  type SimulationOptions,
  type AgentMetrics,
  type SimulationReport,
} from './steering/Simulation.ts';

// Sparse worlds (src/core/sparse: the voxel octree and its search)
export { faceLink, nodeParent, SparseWorld } from './sparse/SparseWorld.ts';
export { sparseFromGrid } from './sparse/build.ts';
export { parse3dMapSparse } from './io/movingaiSparse.ts';
export { sparseFromTriangles, type SparseVoxelizeOptions } from './sparse/fromTriangles.ts';
export { SparseSpace } from './sparse/SparseSpace.ts';
export { SparseRun, findPathSparse } from './sparse/SparseRun.ts';
export { editSparseWorld, type SparseEdit, type SparseEditResult } from './sparse/edit.ts';
export { editSparseSpace, type SparseSpaceEditResult } from './sparse/editSpace.ts';
export { sparseWorldSight } from './sparse/worldSight.ts';

// Files
export {
  readNavbin,
  writeNavbin,
  NavbinError,
  type Navbin,
  type NavbinSettings,
  type NavbinGraph,
  type NavbinGraphInput,
  type NavbinInput,
} from './io/navbin.ts';
