import { findPath } from '../search/AStarRun.ts';
import type { Algorithm } from '../search/algorithms.ts';
import type { SearchOptions } from '../search/options.ts';
import { checkAlgorithm, QueryError, type PathReport } from '../search/query.ts';
import type { SearchContext } from '../search/SearchContext.ts';
import { GraphSpace, type WaypointGraph } from './WaypointGraph.ts';

/** A* on a waypoint graph between waypoints given by index; `ids` names them in the report. */
export function queryGraph(graph: WaypointGraph, ids: readonly string[], from: number, to: number, options: Partial<SearchOptions> & { algorithm?: Algorithm } = {}, ctx?: SearchContext): PathReport {
  const { algorithm, ...search } = options;
  if (checkAlgorithm(algorithm) !== 'astar') throw new QueryError(`algorithm: ${String(algorithm)} runs on the voxel grid only; the waypoint graph uses astar`);
  for (const [name, i] of [['from', from], ['to', to]] as const) {
    if (!Number.isInteger(i) || i < 0 || i >= graph.count) throw new QueryError(`${name}: no waypoint with index ${i} (the graph has ${graph.count})`);
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
