import { findPath } from '../search/AStarRun.ts';
import type { Algorithm } from '../search/algorithms.ts';
import type { SearchOptions } from '../search/options.ts';
import { checkAlgorithm, QueryError, type PathReport } from '../search/query.ts';
import { SearchContext } from '../search/SearchContext.ts';
import { checkInstance, checkOptions, usageError } from '../args.ts';
import { GraphSpace, WaypointGraph } from './WaypointGraph.ts';

/** A* on a waypoint graph between waypoints given by index; `ids` names them in the report. */
export function queryGraph(
  graph: WaypointGraph,
  ids: readonly string[],
  from: number,
  to: number,
  options: Partial<SearchOptions> & { algorithm?: Algorithm } = {},
  ctx?: SearchContext,
): PathReport {
  checkInstance('queryGraph: graph', graph, WaypointGraph);
  if (!Array.isArray(ids) || ids.length !== graph.count)
    throw usageError('queryGraph: ids', `an array of ${graph.count} ids (one per waypoint)`, ids);
  if (ctx !== undefined) checkInstance('queryGraph: ctx', ctx, SearchContext);
  const { algorithm, ...search } = checkOptions<Partial<SearchOptions> & { algorithm?: Algorithm }>('queryGraph: options', options);
  if (checkAlgorithm(algorithm) !== 'astar')
    throw new QueryError(`algorithm: ${String(algorithm)} runs on the voxel grid only; the waypoint graph uses astar`);
  for (const [name, i] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (!Number.isInteger(i) || i < 0 || i >= graph.count)
      throw new QueryError(`${name}: no waypoint with index ${String(i)} (the graph has ${graph.count})`);
  }
  const r = findPath(new GraphSpace(graph), from, to, search, ctx);
  const pos = graph.positions;
  return {
    status: r.status,
    cost: r.cost,
    path: r.path.map((i) => [pos[3 * i], pos[3 * i + 1], pos[3 * i + 2]]),
    ids: r.path.map((i) => ids[i]),
    expanded: r.expanded,
    ms: r.elapsedMs,
  };
}
