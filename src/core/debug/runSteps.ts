import type { GridRun } from '../search/algorithms.ts';
import type { LazyThetaRun } from '../search/LazyThetaRun.ts';
import type { SearchSpace } from '../search/space.ts';
import {
  clearSegments,
  collectAnyAngleLinks,
  collectParentLinks,
  SegmentKind,
  type SearchSegments,
  type SightLog,
} from './searchSegments.ts';

/**
 * What a run does beyond A*'s visited set, by the algorithm it carries (`run.algorithm`, never
 * its class): JPS's jumps (each expanded jump point to the previous one), Lazy Theta*'s
 * any-angle parent links and its recent line-of-sight checks. A* (and Dijkstra, and the
 * waypoint graph's run) shows none.
 */

/** The algorithms whose runs show steps beyond the visited nodes. */
export type StepAlgorithm = 'jps' | 'lazy-theta';

/** The algorithm whose steps `run` shows, or null (A*). */
export function stepAlgorithm(run: Pick<GridRun, 'algorithm'>): StepAlgorithm | null {
  switch (run.algorithm) {
    case 'jps':
    case 'lazy-theta':
      return run.algorithm;
    default:
      return null;
  }
}

/** Makes `sight` record the line-of-sight checks of `run` when it is a Lazy Theta* run (and clears it either way). */
export function listenToSteps(run: GridRun, sight: SightLog): void {
  sight.clear();
  if (run.algorithm === 'lazy-theta') sight.attach(run as LazyThetaRun);
}

/** Collects the steps of `run` into `out` (emptied first), from the run's own state. */
export function collectSteps(run: GridRun, sight: SightLog, space: Pick<SearchSpace, 'position'>, out: SearchSegments): SearchSegments {
  clearSegments(out);
  switch (run.algorithm) {
    case 'lazy-theta':
      sight.appendTo(collectAnyAngleLinks(run as LazyThetaRun, space, out), space);
      break;
    case 'jps':
      collectParentLinks(run.ctx, space, out, SegmentKind.jump);
      break;
    default:
      break;
  }
  return out;
}
