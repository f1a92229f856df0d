import type { SearchResult } from './result.ts';
import type { SearchContext } from './SearchContext.ts';

/**
 * The search algorithms, as a run carries them (`run.algorithm`): `--algorithm` on the CLI,
 * `algorithm` in queries. 'astar' is also Dijkstra (heuristic 'zero') and the waypoint graph's
 * run; 'jps' and 'lazy-theta' run on the voxel grid only.
 */
export type Algorithm = 'astar' | 'jps' | 'lazy-theta';
/** Every search algorithm, in the order the CLI and the lab list them. */
export const ALGORITHMS: readonly Algorithm[] = ['astar', 'jps', 'lazy-theta'];

/**
 * What the runs of every algorithm share: the algorithm they run (a tag to switch on, never
 * `instanceof`), sliced stepping, cancellation and their context. Runs are made by
 * `createGridRun` / `startQuery` (src/core/query).
 */
export interface GridRun {
  readonly algorithm: Algorithm;
  readonly ctx: SearchContext;
  readonly done: boolean;
  step(maxExpansions?: number): SearchResult;
  cancel(): SearchResult;
}
