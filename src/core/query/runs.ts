import { checkOneOf } from '../args.ts';
import { GraphSpace, type WaypointGraph } from '../graph/WaypointGraph.ts';
import type { GridSpace } from '../grid/GridSpace.ts';
import { AStarRun } from '../search/AStarRun.ts';
import { ALGORITHMS, type Algorithm, type GridRun } from '../search/algorithms.ts';
import { checkGridSpace, JpsRun, jpsUnsupported } from '../search/JpsRun.ts';
import { LazyThetaRun, lazyThetaUnsupported } from '../search/LazyThetaRun.ts';
import type { SearchOptions } from '../search/options.ts';
import type { SearchResult } from '../search/result.ts';
import type { SearchContext } from '../search/SearchContext.ts';

/**
 * Run creation: the one place an algorithm name becomes a run. Every run carries its
 * algorithm (`run.algorithm`); on the waypoint graph the run is A* (AStarRun over GraphSpace).
 */

/** Why `algorithm` cannot search `space` (a sentence naming what is unsupported), or null. */
export function gridUnsupported(algorithm: Algorithm, space: GridSpace): string | null {
  switch (algorithm) {
    case 'astar':
      return null;
    case 'jps':
      return jpsUnsupported(space);
    case 'lazy-theta':
      return lazyThetaUnsupported(space);
    default:
      return `algorithm: expected one of ${ALGORITHMS.join(', ')}, got ${String(algorithm)}`;
  }
}

/**
 * A resumable run of `algorithm` on a voxel grid's space. Throws a NavlabError 'usage' for an
 * unknown algorithm or a space that is not a GridSpace, and 'unsupported' (naming what) on a
 * grid the algorithm does not support.
 */
export function createGridRun(
  algorithm: Algorithm,
  space: GridSpace,
  start: number,
  goal: number,
  options: Partial<SearchOptions> = {},
  ctx?: SearchContext,
): GridRun {
  checkOneOf('algorithm', algorithm, ALGORITHMS);
  checkGridSpace('createGridRun', space);
  // JpsRun and LazyThetaRun check their grid (gridUnsupported) and throw 'unsupported'.
  switch (algorithm) {
    case 'jps':
      return new JpsRun(space, start, goal, options, ctx);
    case 'lazy-theta':
      return new LazyThetaRun(space, start, goal, options, ctx);
    default:
      return new AStarRun(space, start, goal, options, ctx);
  }
}

/** Runs a whole grid search with `algorithm` (the same result as stepping its run to the end). */
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

/** A resumable A* run between waypoint indices of `graph` (its algorithm is 'astar'). */
export function createWaypointRun(
  graph: WaypointGraph,
  start: number,
  goal: number,
  options: Partial<SearchOptions> = {},
  ctx?: SearchContext,
): AStarRun {
  return new AStarRun(new GraphSpace(graph), start, goal, options, ctx);
}
