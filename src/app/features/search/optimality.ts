import { isAdmissible } from '../../../core/search/heuristics.ts';
import type { QueryOptions } from '../../../core/query/report.ts';
import type { LoadedScene } from '../../shell/scene/LoadedScene.ts';
import type { Endpoint } from '../../shell/workers/protocol.ts';
import type { WorkerPool } from '../../shell/workers/WorkerPool.ts';
import { num } from '../../shell/dom/format.ts';
import { guaranteedOptimal, needsNote, type GraphKind, type SearchConfig } from './labSettings.ts';
import type { LabRun } from './LabRun.ts';
import { queryInWorker } from './workerQuery.ts';
import { layerOf } from './graphKind.ts';

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
  const reply = await queryInWorker(pool, scene, { graph: layerOf(graph), from, to, options });
  return reply.report.cost;
}

/**
 * The cost of another done run of `runs` that is guaranteed optimal under `r`'s movement
 * rules (then no worker needs to find the optimum), or undefined.
 */
export function optimalReference(
  r: { config: SearchConfig },
  runs: readonly { config: SearchConfig; state: { phase: string; status: string | null; cost: number } }[],
  graph: GraphKind,
): number | undefined {
  const sameRules = (o: SearchConfig) =>
    graph === 'waypoints' || (o.neighborhood === r.config.neighborhood && o.cornerCutting === r.config.cornerCutting);
  const ref = runs.find(
    (o) => o !== r && o.state.phase === 'done' && o.state.status === 'found' && guaranteedOptimal(o.config, graph) && sameRules(o.config),
  );
  return ref?.state.cost;
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

/** What noting optimality reads of the lab (SearchLab). */
export interface NotedLab {
  readonly runs: readonly LabRun[];
  readonly settings: { readonly graph: GraphKind; readonly compare: boolean };
  readonly loaded: LoadedScene | null;
  readonly start: Endpoint | null;
  readonly goal: Endpoint | null;
  onChange(): void;
}

/**
 * After a run finished: every done run with a found path that is not guaranteed optimal and
 * has no note yet (the one that finished, or the other, which it may now be the reference
 * for) gets its optimality note, from the other run when that one is guaranteed optimal
 * under the same movement rules, else from a worker (A* exact, weight 1: a search nobody
 * watches). `current()` false (another search started since) drops a late answer.
 */
export function noteOptimality(lab: NotedLab, pool: WorkerPool, current: () => boolean): void {
  const graph = lab.settings.graph;
  for (const r of lab.runs)
    if (r.state.phase === 'done' && r.state.note === null && r.state.status === 'found' && needsNote(r.config, graph))
      void noteRun(lab, pool, r, current);
}

async function noteRun(lab: NotedLab, pool: WorkerPool, r: LabRun, current: () => boolean): Promise<void> {
  const graph = lab.settings.graph;
  let optimum: number;
  try {
    const ref = optimalReference(r, lab.settings.compare ? lab.runs : [lab.runs[0]], graph);
    optimum = ref ?? (await workerOptimum(pool, lab.loaded!, graph, r.config, lab.start!, lab.goal!));
  } catch {
    return;
  }
  if (!current() || r.state.phase !== 'done') return;
  r.state.note = optimalityNote(r.config, graph, r.state.cost, optimum);
  lab.onChange();
}
