import { now } from '../clock.ts';
import { freeComponents } from '../grid/freeComponents.ts';
import type { ComponentGoal, GridSpace } from '../grid/GridSpace.ts';
import type { HeuristicName } from '../grid/gridHeuristic.ts';
import { AStarRun } from './AStarRun.ts';
import type { TieBreak } from './options.ts';
import { SearchContext } from './SearchContext.ts';

/**
 * Connected components answer "unreachable" before any search. A grid search space made with
 * `components: componentCheck` (GridSearchSettings; navlab's query path, NavWorld, the agents'
 * planners, the CLI and the app all make theirs so) has every run on it (A*, JPS, Lazy Theta*,
 * one-shot or sliced) ask `componentCheck` first: when the start and the goal lie in different
 * free components under the run's move rule (neighbourhood x corner cutting, see
 * `connectivityOf`; terrain never changes connectivity), the run heads for the closest reachable
 * point instead and reports 'unreachable' when it gets there, without flooding the start's
 * component. (A space made without it finds the same end point by flooding the component: a
 * program that only searches connected grids does not carry the components.)
 *
 * The closest reachable point is the node a full flood ends at (docs/architecture.md, "Search
 * results"): the start component's voxel nearest the goal in a straight line
 * (`FreeComponents.nearestOf`), ties by lower path cost. Equally near voxels (symmetric
 * positions: a goal behind the middle of a wall) are settled in the run's own search when it
 * reaches the goal of least cost first (weight 1, a consistent heuristic: the defaults): it
 * heads for all of them at once (its heuristic the least over them) and ends at the first it
 * reaches, so the tie costs no second search; its `expanded` is that search's work. Other runs (weighted, or an inconsistent heuristic) get the voxel chosen by an A* run
 * to the same goal (exact heuristic, weight 1: it settles the tie so) first, not bounded by
 * `maxExpansions` (so the voxel chosen never depends on the budget); its work is not in the
 * run's `expanded` (the work of the search to the chosen voxel) but its time is in `elapsedMs`.
 *
 * Components are cached per grid and connectivity and brought up to date on the first query
 * after an edit (`freeComponents`: kept, updated in place, or rebuilt; see there).
 */

/** The context of tie-settling searches: one, reused, sized by what they touch. */
let tieContext: SearchContext | null = null;

/**
 * Aims `space` at every voxel of `goals` (at least two): its heuristic becomes the least over
 * them, admissible and consistent when the heuristic is, so an A*-like run reaches the
 * least-cost goal first. Each estimate costs one evaluation per goal (as the tie search it
 * replaces did; ties are few: equally near voxels of one component). `gx, gy, gz` (and
 * `distanceToGoal`) stay those of `goals[0]`.
 */
function aimAt(space: GridSpace, goals: readonly number[], heuristic: HeuristicName): void {
  space.setGoal(goals[0], heuristic);
  const base = space.cellEstimate;
  const p = { x: 0, y: 0, z: 0 };
  // Offsets of the goals from the first, xyz triples.
  const at: number[] = [];
  for (const v of goals) {
    space.grid.coords(v, p);
    at.push(p.x - space.gx, p.y - space.gy, p.z - space.gz);
  }
  space.cellEstimate = (dx, dy, dz) => {
    let best = Infinity;
    for (let i = 0; i < at.length; i += 3) best = Math.min(best, base(dx - at[i], dy - at[i + 1], dz - at[i + 2]));
    return best;
  };
}

/**
 * The component check of grid searches (pass it as `GridSearchSettings.components`): null when
 * `goal` may be reachable from `start` (same free component under the space's move rule); else
 * the closest reachable point a run should head for, and the work spent choosing it (see the
 * module comment). `run` (the asking run's heuristic and weight; none: the check settles ties)
 * says whether the run settles a tie itself: then the equally near voxels come back as `tied`,
 * with the space aimed at all of them. `start` and `goal` are free voxel indices, checked by the run.
 */
export function componentCheck(
  space: GridSpace,
  start: number,
  goal: number,
  tieBreak: TieBreak,
  run?: { heuristic: HeuristicName; weight: number },
): ComponentGoal | null {
  const grid = space.grid;
  // The move rule's connectivity (connectivityOf): every forbid rule joins what faces join.
  // Building them (once per grid and edit) is preprocessing, like the grid's bit rows: not timed.
  const components = freeComponents(grid, space.cornerCutting === 'forbid' ? 6 : space.neighborhood);
  const t0 = now();
  const from = components.componentOf(start);
  if (from === components.componentOf(goal)) return null;
  const p = grid.coords(goal, { x: 0, y: 0, z: 0 });
  const tied = components.nearestOf(from, p.x, p.y, p.z);
  const choice: ComponentGoal = { target: tied[0], expanded: 0, ms: 0 };
  const h = run?.heuristic;
  if (tied.length > 1 && run?.weight === 1 && h !== 'squared' && (h !== 'manhattan' || space.neighborhood === 6)) {
    // Weight 1 and a consistent heuristic: the run reaches the least-cost voxel first.
    choice.tied = new Set(tied);
    aimAt(space, tied, h!);
  } else if (tied.length > 1) {
    // Equally near voxels: the one of least path cost, by an A* run that settles them (see the module comment).
    const r = new AStarRun(space, start, goal, { heuristic: 'exact', weight: 1, tieBreak }, (tieContext ??= new SearchContext())).step();
    choice.expanded = r.expanded;
    choice.target = r.path[r.path.length - 1];
  }
  choice.ms = now() - t0;
  return choice;
}
