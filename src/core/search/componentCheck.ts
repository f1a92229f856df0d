import { now } from '../clock.ts';
import { freeComponents } from '../grid/freeComponents.ts';
import type { ComponentGoal, GridSpace } from '../grid/GridSpace.ts';
import { AStarRun } from './AStarRun.ts';
import type { TieBreak } from './options.ts';
import { SearchContext } from './SearchContext.ts';
import { TiedGoals } from './tiedGoals.ts';

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
 * positions: a goal behind the middle of a wall) are settled by one A* search from the start to
 * all of them at once (TiedGoals: exact heuristic, weight 1, so the first reached has the least
 * cost). That search is not bounded by `maxExpansions` (so the voxel chosen never depends on the
 * budget) and its work is not in the run's `expanded` (which stays the work of the search to
 * the chosen voxel, as a found query to it reports); its time is in `elapsedMs`.
 *
 * Components are cached per grid and connectivity and brought up to date on the first query
 * after an edit (`freeComponents`: kept, updated in place, or rebuilt; see there).
 */

/** The context of tie-settling searches: one, reused, sized by what they touch. */
let tieContext: SearchContext | null = null;

/**
 * The component check of grid searches (pass it as `GridSearchSettings.components`): null when
 * `goal` may be reachable from `start` (same free component under the space's move rule); else
 * the closest reachable point a run should head for, and the work spent choosing it (see the
 * module comment). `start` and `goal` are free voxel indices, checked by the run.
 */
export function componentCheck(space: GridSpace, start: number, goal: number, tieBreak: TieBreak): ComponentGoal | null {
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
  if (tied.length > 1) {
    // Equally near voxels: the one of least path cost (see the module comment).
    const all = new TiedGoals(space, tied);
    const r = new AStarRun(all, start, all.goal, { heuristic: 'exact', weight: 1, tieBreak }, (tieContext ??= new SearchContext())).step();
    choice.expanded = r.expanded;
    if (r.status === 'found' && r.path.length >= 2) choice.target = r.path[r.path.length - 2];
  }
  choice.ms = now() - t0;
  return choice;
}
