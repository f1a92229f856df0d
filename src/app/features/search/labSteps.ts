import type { GridRun } from '../../../core/search/algorithms.ts';
import { JpsRun } from '../../../core/search/JpsRun.ts';
import { LazyThetaRun } from '../../../core/search/LazyThetaRun.ts';
import type { SearchSpace } from '../../../core/search/space.ts';
import {
  clearSegments,
  collectAnyAngleLinks,
  collectParentLinks,
  SegmentKind,
  type SearchSegments,
  type SightLog,
} from '../../../core/debug/searchSegments.ts';

/**
 * What a watched search does beyond A*, as the lab draws it: JPS's jumps (every expanded jump
 * point to its previous one), Lazy Theta*'s any-angle parent links and its most recent
 * line-of-sight checks. A* draws none.
 */

/**
 * Line-of-sight checks the lab keeps and draws: the most recent ones, over the any-angle
 * tree. A passed check lies exactly on the parent link it confirms, so drawing every check
 * would hide the tree; the recent ones show where the search is checking now.
 */
export const RECENT_SIGHT_CHECKS = 128;

/** Which search steps an algorithm shows, for the legend. */
export type StepAlgorithm = 'jps' | 'lazy-theta';

/** Makes `sight` record the checks of `run` when it is a Lazy Theta* run (and clears it either way). */
export function listenToSteps(run: GridRun, sight: SightLog): void {
  sight.clear();
  if (run instanceof LazyThetaRun) sight.attach(run);
}

/** The algorithm whose steps `run` shows, or null (A*). */
export function stepAlgorithm(run: GridRun): StepAlgorithm | null {
  // A Lazy Theta* run is a JpsRun too: ask for it first.
  return run instanceof LazyThetaRun ? 'lazy-theta' : run instanceof JpsRun ? 'jps' : null;
}

/** Collects the steps of `run` into `out` (emptied first), from the run's own state. */
export function collectSteps(run: GridRun, sight: SightLog, space: Pick<SearchSpace, 'position'>, out: SearchSegments): SearchSegments {
  clearSegments(out);
  if (run instanceof LazyThetaRun) sight.appendTo(collectAnyAngleLinks(run, space, out), space);
  else if (run instanceof JpsRun) collectParentLinks(run.ctx, space, out, SegmentKind.jump);
  return out;
}
