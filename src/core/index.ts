/** navlab core: engine-agnostic navigation (no three, no DOM, no Node built-ins). */
export * from './math/vec3.ts';
export * from './queue/FlatHeap.ts';
export * from './grid/VoxelGrid.ts';
export * from './grid/GridSpace.ts';
export * from './graph/WaypointGraph.ts';
export * from './graph/SpatialHash.ts';
export * from './graph/visibility.ts';
export * from './search/heuristics.ts';
export * from './search/options.ts';
export * from './search/result.ts';
export * from './search/space.ts';
export * from './search/SearchContext.ts';
export * from './search/AStarRun.ts';
export * from './io/movingai.ts';
export * from './search/query.ts';
export * from './math/random.ts';
export * from './steering/index.ts';
