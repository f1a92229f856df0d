import { isAdmissible } from '../../../core/search/heuristics.ts';
import type { QueryOptions } from '../../../core/search/query.ts';
import type { LoadedScene } from '../../shell/scene/LoadedScene.ts';
import type { Endpoint, QueryReply, QueryRequest } from '../../shell/workers/protocol.ts';
import type { WorkerPool } from '../../shell/workers/WorkerPool.ts';
import { num } from '../../shell/ui/format.ts';
import type { GraphKind, SearchConfig } from './labSettings.ts';

/**
 * The optimality note of a run that is not guaranteed optimal: how its cost compares with
 * the optimum, and why it may differ.
 */

/** The optimum of a query, from an A* exact (weight 1) search in a worker: a search nobody watches. */
export async function workerOptimum(
  pool: WorkerPool,
  scene: LoadedScene,
  graph: GraphKind,
  config: SearchConfig,
  from: Endpoint,
  to: Endpoint,
): Promise<number> {
  const options: QueryOptions = { heuristic: 'exact', weight: 1 };
  if (graph === 'grid') Object.assign(options, { neighborhood: config.neighborhood, cornerCutting: config.cornerCutting });
  const reply = await pool.run<QueryReply>(
    { type: 'query', revision: scene.revision, graph, from, to, options },
    { revision: scene.revision, attach: (q) => void ((q as QueryRequest).scene = scene.sceneData()) },
  );
  return reply.report.cost;
}

/** "8.2 longer than the optimum ... (+3.2%): heuristic 'squared' is not admissible", or "optimal here (...), but ...". */
export function optimalityNote(c: SearchConfig, graph: GraphKind, cost: number, optimum: number): string {
  const why = !isAdmissible(c.heuristic, graph === 'grid' ? c.neighborhood : 0)
    ? `heuristic '${c.heuristic}' is not admissible${graph === 'grid' && c.heuristic === 'manhattan' ? ` with ${c.neighborhood} neighbours` : ''}`
    : `weight ${c.weight} allows up to ${c.weight}× the optimum`;
  return cost > optimum + 1e-9
    ? `${num(cost - optimum)} longer than the optimum ${num(optimum)} (+${num((100 * (cost - optimum)) / optimum, 1)}%): ${why}`
    : `optimal here (${num(optimum)}), but ${why}`;
}
