import { GraphSpace, WaypointGraph } from '../core/graph/WaypointGraph.ts';
import { GridSpace } from '../core/grid/GridSpace.ts';
import { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import { checkInstance, checkObject, checkOptions, describeValue, usageError } from '../core/args.ts';
import { quote } from '../core/text.ts';
import { AStarRun } from '../core/search/AStarRun.ts';
import { NavlabError } from '../core/errors.ts';
import { createGridRun, gridUnsupported, type GridRun } from '../core/search/algorithms.ts';
import { checkAlgorithm, QueryError, type PathReport, type QueryOptions } from '../core/search/query.ts';
import { SearchContext } from '../core/search/SearchContext.ts';

/**
 * One query path for every entry point: `nav path`, the app's `navlab.query` and the search
 * lab's workers all answer a query through `runSceneQuery` (reached through NavWorld.query),
 * with the same default graph; a search run in slices (the lab's watched runs,
 * NavWorld.search) starts through `startSceneSearch`, with the same endpoints and options.
 *
 * The default graph rule: a waypoint id (a string) means the waypoint graph, voxel indices
 * ([x, y, z]) mean the grid, unless the query names its `graph`.
 */

/** A query endpoint: a waypoint id, or voxel indices [x, y, z]. */
export type Endpoint = string | readonly number[];

/** The graphs a scene query runs on. */
export type SceneGraph = 'grid' | 'waypoints';

/** The searchable form of a scene: its voxel grid (if any) and its waypoint visibility graph with the waypoint ids. */
export interface SearchableScene {
  grid: VoxelGrid | null;
  graph: WaypointGraph;
  /** Waypoint ids, in graph index order. */
  ids: readonly string[];
  /** Waypoint id -> index. */
  index: ReadonlyMap<string, number>;
}

/** How error messages name the endpoints and the scene (the CLI names its flags and file). */
export interface QueryLabels {
  from: string;
  to: string;
  /** Ends "no waypoint with id 'x' in ..." */
  scene: string;
}

const DEFAULT_LABELS: QueryLabels = { from: 'from', to: 'to', scene: 'this scene' };

const NO_WAYPOINTS = new WaypointGraph([], []);

/** A SearchableScene of a grid and (optionally) a waypoint graph with its ids. */
export function searchableOf(grid: VoxelGrid | null, graph: WaypointGraph = NO_WAYPOINTS, ids: readonly string[] = []): SearchableScene {
  if (grid !== null) checkInstance('searchableOf: grid', grid, VoxelGrid, 'VoxelGrid or null');
  checkInstance('searchableOf: graph', graph, WaypointGraph);
  checkIds('searchableOf: ids', ids);
  if (ids.length !== graph.count) throw new NavlabError('usage', `searchableOf: ${ids.length} ids for ${graph.count} waypoints`);
  return { grid, graph, ids: ids.slice(), index: new Map(ids.map((id, i) => [id, i])) };
}

/** `ids` when it is an array of strings. */
function checkIds(what: string, ids: unknown): readonly string[] {
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) throw usageError(what, 'an array of waypoint ids (strings)', ids);
  return ids;
}

/**
 * The arguments of a scene query other than the endpoints and the graph, checked (a usage error
 * names the argument; `fn` names the function): the scene, its options, context and labels.
 */
function checkQueryArgs(
  fn: string,
  scene: SearchableScene,
  options: QueryOptions,
  ctx: SearchContext | undefined,
  labels: QueryLabels,
): void {
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

/** The graph a query runs on when it does not say: waypoints for a waypoint id `from`, else the grid. */
export function defaultGraph(from: unknown): SceneGraph {
  return typeof from === 'string' ? 'waypoints' : 'grid';
}

/** `graph` when given (checked), else the default graph of `from`. Throws QueryError on an unknown graph. */
export function resolveGraph(graph: unknown, from: unknown): SceneGraph {
  if (graph === undefined || graph === null) return defaultGraph(from);
  if (graph !== 'grid' && graph !== 'waypoints')
    throw new QueryError(`graph: expected 'grid' or 'waypoints', got ${JSON.stringify(graph)}`);
  return graph;
}

/** Waypoint index of an id endpoint (`index`: id -> index); throws QueryError naming the endpoint and `where` it was looked up. */
export function waypointEndpoint(index: ReadonlyMap<string, number>, value: unknown, name: string, where = DEFAULT_LABELS.scene): number {
  if (typeof value !== 'string') throw new QueryError(`${name}: expected a waypoint id (string), got ${JSON.stringify(value)}`);
  const i = index.get(value);
  if (i === undefined) throw new QueryError(`${name}: no waypoint with id ${quote(value)} in ${where}`);
  return i;
}

/** Voxel endpoint [x, y, z]; throws QueryError naming the endpoint (queryGrid checks the values). */
export function voxelEndpoint(value: unknown, name: string): readonly number[] {
  if (!Array.isArray(value)) throw new QueryError(`${name}: expected voxel indices [x, y, z], got ${JSON.stringify(value)}`);
  return value;
}

/**
 * Node index of a voxel endpoint [x, y, z] on `grid`; throws QueryError naming the endpoint
 * when it is not three integers, lies outside the grid or is blocked (queryGrid's messages).
 */
export function gridEndpoint(grid: VoxelGrid, value: unknown, name: string): number {
  const v = voxelEndpoint(value, name);
  if (v.length !== 3 || !v.every(Number.isInteger))
    throw new QueryError(
      `${name}: expected integer voxel coordinates x,y,z, got ${v.length <= 3 ? v.map(describeValue).join(',') : `${v.length} values`}`,
    );
  const [x, y, z] = v;
  if (!grid.inBounds(x, y, z)) throw new QueryError(`${name}: voxel (${x}, ${y}, ${z}) is outside the ${grid.X}x${grid.Y}x${grid.Z} grid`);
  if (grid.isBlocked(x, y, z)) throw new QueryError(`${name}: voxel (${x}, ${y}, ${z}) is blocked`);
  return grid.index(x, y, z);
}

/**
 * Options that apply to `graph` (the grid movement rules do not apply to waypoints; an
 * algorithm other than astar on waypoints is refused by queryGraph, naming it).
 */
export function optionsFor(graph: SceneGraph, options: QueryOptions): QueryOptions {
  const out: QueryOptions = {};
  for (const key of [
    'algorithm',
    'heuristic',
    'weight',
    'tieBreak',
    'maxExpansions',
    ...(graph === 'grid' ? ['neighborhood', 'cornerCutting'] : []),
  ] as const) {
    const v = options[key as keyof QueryOptions];
    if (v !== undefined && v !== null) (out as Record<string, unknown>)[key] = v;
  }
  return out;
}

/**
 * One query, answered as `nav path --json` prints it: the run of `startSceneSearch` on the grid
 * (voxel indices) or the waypoint visibility graph (waypoint ids), stepped to its end, with the
 * checks and messages of queryGrid and queryGraph. `graph` undefined: the default graph rule
 * (see resolveGraph). Throws QueryError (or NavlabError 'usage' for a bad option) with a
 * message naming what is wrong.
 */
export function runSceneQuery(
  scene: SearchableScene,
  graph: SceneGraph | undefined,
  from: Endpoint,
  to: Endpoint,
  options: QueryOptions,
  ctx?: SearchContext,
  labels: QueryLabels = DEFAULT_LABELS,
): PathReport {
  checkQueryArgs('runSceneQuery', scene, options, ctx, labels);
  options ??= {};
  const g = resolveGraph(graph, from);
  // The endpoints' form first, then the algorithm and the endpoints' values (queryGrid and
  // queryGraph's order); on the grid those are named 'from' and 'to', as queryGrid names them.
  if (g === 'grid') {
    gridOf(scene);
    voxelEndpoint(from, labels.from);
    voxelEndpoint(to, labels.to);
  } else {
    waypointEndpoint(scene.index, from, labels.from, labels.scene);
    waypointEndpoint(scene.index, to, labels.to, labels.scene);
  }
  const { run, space } = sceneSearch(scene, g, from, to, options, ctx, g === 'grid' ? { ...labels, from: 'from', to: 'to' } : labels, true);
  const r = run.step();
  const p = { x: 0, y: 0, z: 0 };
  const point = (i: number): number[] => {
    if (g === 'grid') scene.grid!.coords(i, p);
    else space.position(i, p);
    return [p.x, p.y, p.z];
  };
  return {
    status: r.status,
    cost: r.cost,
    path: r.path.map(point),
    ...(g === 'grid' ? {} : { ids: r.path.map((i) => scene.ids[i]) }),
    expanded: r.expanded,
    ms: r.elapsedMs,
  };
}

/** The scene's voxel grid; throws QueryError when it has none. */
function gridOf(scene: SearchableScene): VoxelGrid {
  if (scene.grid === null) throw new QueryError("graph 'grid': this scene has no voxel layer; use graph 'waypoints'");
  return scene.grid;
}

/** A search started by `startSceneSearch`: advance `run` with `step(n)` until its status is not 'running'. */
export interface SceneSearch {
  /** The graph searched. */
  graph: SceneGraph;
  /** The space searched (node positions: `space.position(node, out)`). */
  space: GridSpace | GraphSpace;
  /** The engine's resumable run: `step(maxExpansions)`, `cancel()`, `done`, its SearchContext. */
  run: GridRun;
  /** Start and goal node indices. */
  start: number;
  goal: number;
}

/**
 * The query `runSceneQuery` answers, as a resumable run instead of a report: the same graph
 * rule, endpoint checks, options and engine, so stepping it to the end gives the result
 * behind the report. Throws QueryError naming a bad endpoint or option, and NavlabError
 * 'unsupported' when the algorithm cannot search the grid with these settings.
 */
export function startSceneSearch(
  scene: SearchableScene,
  graph: SceneGraph | undefined,
  from: Endpoint,
  to: Endpoint,
  options: QueryOptions,
  ctx?: SearchContext,
  labels: QueryLabels = DEFAULT_LABELS,
): SceneSearch {
  checkQueryArgs('startSceneSearch', scene, options, ctx, labels);
  return sceneSearch(scene, graph, from, to, options, ctx, labels, false);
}

/** `startSceneSearch`; with `query`, an unsupported grid is a QueryError (as `runSceneQuery` reports it). */
function sceneSearch(
  scene: SearchableScene,
  graph: SceneGraph | undefined,
  from: Endpoint,
  to: Endpoint,
  options: QueryOptions,
  ctx: SearchContext | undefined,
  labels: QueryLabels,
  query: boolean,
): SceneSearch {
  const g = resolveGraph(graph, from);
  const { algorithm, neighborhood, cornerCutting, ...search } = optionsFor(g, options ?? {});
  const algo = checkAlgorithm(algorithm);
  if (g === 'grid') {
    const grid = gridOf(scene);
    const start = gridEndpoint(grid, from, labels.from);
    const goal = gridEndpoint(grid, to, labels.to);
    const space = new GridSpace(grid, { neighborhood, cornerCutting });
    const why = gridUnsupported(algo, space);
    if (why !== null) throw query ? new QueryError(why) : new NavlabError('unsupported', why);
    return { graph: g, space, run: createGridRun(algo, space, start, goal, search, ctx), start, goal };
  }
  if (algo !== 'astar') throw new QueryError(`algorithm: ${algo} runs on the voxel grid only; the waypoint graph uses astar`);
  const start = waypointEndpoint(scene.index, from, labels.from, labels.scene);
  const goal = waypointEndpoint(scene.index, to, labels.to, labels.scene);
  for (const [name, i] of [
    ['from', start],
    ['to', goal],
  ] as const) {
    if (!Number.isInteger(i) || i < 0 || i >= scene.graph.count)
      throw new QueryError(`${name}: no waypoint with index ${String(i)} (the graph has ${scene.graph.count})`);
  }
  const space = new GraphSpace(scene.graph);
  return { graph: g, space, run: new AStarRun(space, start, goal, search, ctx), start, goal };
}
