import { checkInstance, checkObject, checkOptions, usageError } from '../args.ts';
import { NavlabError } from '../errors.ts';
import { WaypointGraph } from '../graph/WaypointGraph.ts';
import { VoxelGrid } from '../grid/VoxelGrid.ts';
import { SearchContext } from '../search/SearchContext.ts';
import type { QueryLabels } from './endpoints.ts';

/**
 * What a query searches, as plain core data (no scene document): a voxel grid or null, a
 * waypoint graph and its waypoint ids. A loaded scene, a NavWorld and `searchableOf` give one.
 */
export interface SearchableScene {
  /** The voxel grid, or null when the scene has none. */
  grid: VoxelGrid | null;
  /** The waypoint graph (may have no waypoints). */
  graph: WaypointGraph;
  /** Waypoint ids, in graph index order. */
  ids: readonly string[];
  /** Waypoint id -> index. */
  index: ReadonlyMap<string, number>;
}

const NO_WAYPOINTS = /* @__PURE__ */ new WaypointGraph([], []);

/** A SearchableScene of a grid (or null) and, optionally, a waypoint graph with its ids (copied). */
export function searchableOf(grid: VoxelGrid | null, graph: WaypointGraph = NO_WAYPOINTS, ids: readonly string[] = []): SearchableScene {
  if (grid !== null) checkInstance('searchableOf: grid', grid, VoxelGrid, 'VoxelGrid or null');
  checkInstance('searchableOf: graph', graph, WaypointGraph);
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string'))
    throw usageError('searchableOf: ids', 'an array of waypoint ids (strings)', ids);
  if (ids.length !== graph.count) throw new NavlabError('usage', `searchableOf: ${ids.length} ids for ${graph.count} waypoints`);
  return { grid, graph, ids: ids.slice(), index: new Map(ids.map((id, i) => [id, i])) };
}

/**
 * The arguments of a query other than the endpoints and the graph, checked (a usage error
 * names the argument; `fn` names the function): the scene, its options, context and labels.
 */
export function checkQueryArgs(fn: string, scene: SearchableScene, options: unknown, ctx: unknown, labels: QueryLabels): void {
  checkObject(`${fn}: scene`, scene, 'a SearchableScene { grid, graph, ids, index } (searchableOf, NavWorld)');
  if (scene.grid !== null) checkInstance(`${fn}: scene.grid`, scene.grid, VoxelGrid, 'VoxelGrid or null');
  checkInstance(`${fn}: scene.graph`, scene.graph, WaypointGraph);
  // O(1) per query: the ids were checked where the scene was made (searchableOf, NavWorld).
  if (!Array.isArray(scene.ids)) throw usageError(`${fn}: scene.ids`, 'an array of waypoint ids', scene.ids);
  if (scene.index === null || typeof scene.index !== 'object' || typeof scene.index.get !== 'function')
    throw usageError(`${fn}: scene.index`, 'a Map from waypoint id to index', scene.index);
  checkOptions(`${fn}: options`, options);
  if (ctx !== undefined) checkInstance(`${fn}: ctx`, ctx, SearchContext);
  checkObject(`${fn}: labels`, labels, 'an object { from, to, scene } (strings)');
  for (const key of ['from', 'to', 'scene'] as const)
    if (typeof labels[key] !== 'string') throw usageError(`${fn}: labels.${key}`, 'a string', labels[key]);
}
