import { checkInstance, checkOneOf } from '../args.ts';
import { NavlabError } from '../errors.ts';
import { GridSpace } from '../grid/GridSpace.ts';
import { AStarRun } from './AStarRun.ts';
import { JpsRun, jpsUnsupported } from './JpsRun.ts';
import { LazyThetaRun, lazyThetaUnsupported } from './LazyThetaRun.ts';
import type { SearchOptions } from './options.ts';
import type { SearchResult } from './result.ts';
import type { SearchContext } from './SearchContext.ts';

/** Grid search algorithms: `--algorithm` on the CLI, `algorithm` in queries. */
export type Algorithm = 'astar' | 'jps' | 'lazy-theta';
/** Every grid search algorithm, in the order the CLI and the lab list them. */
export const ALGORITHMS: readonly Algorithm[] = ['astar', 'jps', 'lazy-theta'];

/** What the runs of every algorithm share: sliced stepping, cancellation, their context. */
export interface GridRun {
  readonly ctx: SearchContext;
  readonly done: boolean;
  step(maxExpansions?: number): SearchResult;
  cancel(): SearchResult;
}

/** Why `algorithm` cannot search `space` (a sentence naming what is unsupported), or null. */
export function gridUnsupported(algorithm: Algorithm, space: GridSpace): string | null {
  if (algorithm === 'jps') return jpsUnsupported(space);
  if (algorithm === 'lazy-theta') return lazyThetaUnsupported(space);
  if (algorithm === 'astar') return null;
  return `algorithm: expected one of ${ALGORITHMS.join(', ')}, got ${String(algorithm)}`;
}

/** A resumable run of `algorithm`; throws a NavlabError ('unsupported') on a grid the algorithm does not support. */
export function createGridRun(
  algorithm: Algorithm,
  space: GridSpace,
  start: number,
  goal: number,
  options: Partial<SearchOptions> = {},
  ctx?: SearchContext,
): GridRun {
  checkOneOf('algorithm', algorithm, ALGORITHMS);
  checkInstance('space', space, GridSpace);
  const why = gridUnsupported(algorithm, space);
  if (why !== null) throw new NavlabError(algorithm === 'jps' || algorithm === 'lazy-theta' ? 'unsupported' : 'usage', why);
  if (algorithm === 'jps') return new JpsRun(space, start, goal, options, ctx);
  if (algorithm === 'lazy-theta') return new LazyThetaRun(space, start, goal, options, ctx);
  return new AStarRun(space, start, goal, options, ctx);
}

/** Runs a whole grid query with `algorithm` (same result as stepping its run to the end). */
export function findGridPath(
  algorithm: Algorithm,
  space: GridSpace,
  start: number,
  goal: number,
  options: Partial<SearchOptions> = {},
  ctx?: SearchContext,
): SearchResult {
  return createGridRun(algorithm, space, start, goal, options, ctx).step();
}
