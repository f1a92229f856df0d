import { SearchContext } from '../../../core/search/SearchContext.ts';
import { resolveGraph } from '../../../core/query/graphChoice.ts';
import type { WorkerScenes } from '../../shell/workers/workerScenes.ts';
import type { QueryReply, QueryRequest } from './protocol.ts';
import { collectVisited, gridPositions, trimVisited } from './visited.ts';

const ctx = new SearchContext();

/**
 * Answers a query in a nav worker through the NavWorld of its scene revision (NavWorld.query,
 * as `nav path` runs it), with the nodes the search reached when asked (transferred).
 */
export function answerQuery(scenes: WorkerScenes, req: QueryRequest): { value: QueryReply; transfer: Transferable[] } {
  const nav = scenes.get(req.revision, req.scene);
  const graph = resolveGraph(req.graph, req.from);
  const report = nav.query(req.from, req.to, { ...req.options, graph }, ctx);
  if (!req.visited) return { value: { report }, transfer: [] };
  const grid = nav.grid;
  const space = graph === 'grid' && grid !== null ? gridPositions(grid) : nav.graph;
  const visited = trimVisited(collectVisited(ctx, space));
  return { value: { report, visited }, transfer: [visited.positions.buffer, visited.g.buffer, visited.closed.buffer] };
}
