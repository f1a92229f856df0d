import { checkInstance, checkOptions, usageError } from '../args.ts';
import { WaypointGraph, type GraphSpace } from '../graph/WaypointGraph.ts';
import { GridSpace } from '../grid/GridSpace.ts';
import { componentCheck } from '../search/componentCheck.ts';
import { VoxelGrid } from '../grid/VoxelGrid.ts';
import type { GridRun } from '../search/algorithms.ts';
import type { SearchOptions } from '../search/options.ts';
import type { PathReport, QueryOptions } from './report.ts';
import { SearchContext } from '../search/SearchContext.ts';
import {
  DEFAULT_LABELS,
  voxelIndexNode,
  voxelNode,
  waypointEndpoint,
  waypointIndexNode,
  type Endpoint,
  type QueryLabels,
} from './endpoints.ts';
import { checkAlgorithm, gridOf, optionsFor, resolveGraph, type QueryGraph } from './graphChoice.ts';
import { createGridRun, createWaypointRun } from './runs.ts';
import { checkQueryArgs, type SearchableScene } from './target.ts';

/**
 * THE query path. Every search between voxels or waypoints goes through `startQuery` (or
 * `queryNodes` when the endpoints are node indices already): `runQuery`, `queryGrid`,
 * `queryGraph`, NavWorld's `query` and `findPath`, `nav path` and the app. In this order, each
 * once: the graph (resolveGraph: the default graph rule), the endpoints (endpoints.ts: one set
 * of messages), the algorithm (checkAlgorithm: known, and astar on waypoints), then the run
 * (runs.ts: the options are checked and an unsupported grid is a NavlabError 'unsupported').
 * A QueryError (code 'query') names the misused endpoint or option.
 */

/** A query's options: the search settings, the grid movement rules, the algorithm and the graph. */
export interface SceneQueryOptions extends QueryOptions {
  /** @default 'waypoints' when `from` is a waypoint id, else 'grid' */
  graph?: QueryGraph;
}

/**
 * A started query: its run advances with `run.step(n)` (a search spread over frames or drawn
 * as it grows) until `run.done`; `report()` steps it to its end and gives the PathReport.
 * Stepped in slices or at once, the report is the same.
 */
export interface QueryRun {
  /** The graph searched. */
  graph: QueryGraph;
  /** The space searched (node positions: `space.position(node, out)`). */
  space: GridSpace | GraphSpace;
  /** The resumable run; `run.algorithm` says which algorithm it is. */
  run: GridRun;
  /** Start and goal node indices (voxel index or waypoint index). */
  start: number;
  /** Goal node index (voxel index or waypoint index). */
  goal: number;
  /** Steps the run to its end (if it is not finished) and reports it. */
  report(): PathReport;
}

const NO_WAYPOINTS = /* @__PURE__ */ new WaypointGraph([], []);
const NO_INDEX: ReadonlyMap<string, number> = new Map();

/**
 * Starts a query between waypoint ids or voxel indices [x, y, z] on `scene`. `graph`
 * undefined: the default graph rule (waypoints for a waypoint id `from`, else the grid).
 * Throws a QueryError naming a bad endpoint, graph or algorithm, a NavlabError 'usage' for a
 * bad option and 'unsupported' when the algorithm cannot search this grid with these settings.
 * @param ctx the search state (give each search that runs at the same time its own) @default a new one
 * @param labels how messages name the endpoints and the scene @default from, to, this scene
 */
export function startQuery(
  scene: SearchableScene,
  graph: QueryGraph | undefined,
  from: Endpoint,
  to: Endpoint,
  options: QueryOptions = {},
  ctx?: SearchContext,
  labels: QueryLabels = DEFAULT_LABELS,
): QueryRun {
  return endpointQuery('startQuery', scene, graph, from, to, options, ctx, labels);
}

/** `startQuery` stepped to its end: the report `nav path --json` prints and `navlab.query` resolves to. */
export function runQuery(
  scene: SearchableScene,
  graph: QueryGraph | undefined,
  from: Endpoint,
  to: Endpoint,
  options: QueryOptions = {},
  ctx?: SearchContext,
  labels: QueryLabels = DEFAULT_LABELS,
): PathReport {
  return endpointQuery('runQuery', scene, graph, from, to, options, ctx, labels).report();
}

/** `startQuery`, its argument errors naming `fn`. */
function endpointQuery(
  fn: string,
  scene: SearchableScene,
  graph: QueryGraph | undefined,
  from: Endpoint,
  to: Endpoint,
  options: QueryOptions,
  ctx: SearchContext | undefined,
  labels: QueryLabels,
): QueryRun {
  checkQueryArgs(fn, scene, options, ctx, labels);
  const g = resolveGraph(graph, from);
  let start: number, goal: number;
  if (g === 'grid') {
    const grid = gridOf(scene.grid);
    start = voxelNode(grid, from, labels.from);
    goal = voxelNode(grid, to, labels.to);
  } else {
    start = waypointEndpoint(scene.index, from, labels.from, labels.scene);
    goal = waypointEndpoint(scene.index, to, labels.to, labels.scene);
  }
  return openQuery(scene, g, start, goal, options, ctx);
}

/**
 * Starts a query between node indices on `graph`: voxel indices (`grid.index(x, y, z)`) on
 * the grid, waypoint indices on the waypoint graph; the same checks and run as `startQuery`.
 */
export function queryNodes(
  scene: SearchableScene,
  graph: QueryGraph,
  start: number,
  goal: number,
  options: QueryOptions = {},
  ctx?: SearchContext,
): QueryRun {
  checkQueryArgs('queryNodes', scene, options, ctx, DEFAULT_LABELS);
  const g = resolveGraph(graph, null);
  if (g === 'grid') {
    const grid = gridOf(scene.grid);
    start = voxelIndexNode(grid, start, 'from');
    goal = voxelIndexNode(grid, goal, 'to');
  } else {
    start = waypointIndexNode(scene.graph.count, start, 'from');
    goal = waypointIndexNode(scene.graph.count, goal, 'to');
  }
  return openQuery(scene, g, start, goal, options, ctx);
}

/**
 * A query on a voxel grid between two voxels given as [x, y, z] indices: A* (default), jump
 * point search or Lazy Theta* (`options.algorithm`); `startQuery` on the grid, stepped to its end.
 */
export function queryGrid(
  grid: VoxelGrid,
  from: readonly number[],
  to: readonly number[],
  options: QueryOptions = {},
  ctx?: SearchContext,
): PathReport {
  checkInstance('queryGrid: grid', grid, VoxelGrid);
  if (ctx !== undefined) checkInstance('queryGrid: ctx', ctx, SearchContext);
  options = checkOptions<QueryOptions>('queryGrid: options', options);
  return endpointQuery(
    'queryGrid',
    { grid, graph: NO_WAYPOINTS, ids: [], index: NO_INDEX },
    'grid',
    from,
    to,
    options,
    ctx,
    DEFAULT_LABELS,
  ).report();
}

/** A* on a waypoint graph between waypoints given by index; `ids` names them in the report. */
export function queryGraph(
  graph: WaypointGraph,
  ids: readonly string[],
  from: number,
  to: number,
  options: Partial<SearchOptions> & Pick<QueryOptions, 'algorithm'> = {},
  ctx?: SearchContext,
): PathReport {
  checkInstance('queryGraph: graph', graph, WaypointGraph);
  if (!Array.isArray(ids) || ids.length !== graph.count)
    throw usageError('queryGraph: ids', `an array of ${graph.count} ids (one per waypoint)`, ids);
  if (ctx !== undefined) checkInstance('queryGraph: ctx', ctx, SearchContext);
  options = checkOptions<QueryOptions>('queryGraph: options', options);
  return queryNodes({ grid: null, graph, ids, index: NO_INDEX }, 'waypoints', from, to, options, ctx).report();
}

/** The run of a checked query (graph resolved, endpoints as node indices). */
function openQuery(
  scene: SearchableScene,
  graph: QueryGraph,
  start: number,
  goal: number,
  options: QueryOptions,
  ctx: SearchContext | undefined,
): QueryRun {
  const { algorithm, neighborhood, cornerCutting, ...search } = optionsFor(graph, options ?? {});
  const algo = checkAlgorithm(algorithm, graph);
  let space: GridSpace | GraphSpace;
  let run: GridRun;
  if (graph === 'grid') {
    space = new GridSpace(scene.grid!, { neighborhood, cornerCutting, components: componentCheck });
    run = createGridRun(algo, space, start, goal, search, ctx);
  } else {
    const waypointRun = createWaypointRun(scene.graph, start, goal, search, ctx);
    space = waypointRun.space as GraphSpace;
    run = waypointRun;
  }
  const ids = scene.ids;
  const grid = scene.grid;
  return {
    graph,
    space,
    run,
    start,
    goal,
    report(): PathReport {
      const r = run.step();
      const p = { x: 0, y: 0, z: 0 };
      const point = (i: number): number[] => {
        if (graph === 'grid') grid!.coords(i, p);
        else space.position(i, p);
        return [p.x, p.y, p.z];
      };
      return {
        status: r.status,
        cost: r.cost,
        path: r.path.map(point),
        ...(graph === 'grid' ? {} : { ids: r.path.map((i) => ids[i]) }),
        expanded: r.expanded,
        ms: r.elapsedMs,
      };
    },
  };
}
