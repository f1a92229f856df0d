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
  /** Which algorithm this run is ('astar', 'jps', 'lazy-theta'): switch on it, not on instanceof. */
  readonly algorithm: Algorithm;
  /** The search state the run writes (reusable by a later run once this one is done). */
  readonly ctx: SearchContext;
  /** True once the run has a final result (found, unreachable, partial or cancelled). */
  readonly done: boolean;
  /**
   * Expands at most `maxExpansions` nodes (default: to the end) and returns the result, status 'running' while not done;
   * one-shot and sliced runs give identical results.
   */
  step(maxExpansions?: number): SearchResult;
  /** Stops the run: status 'cancelled', with the path to the closed node nearest the goal. */
  cancel(): SearchResult;
}
