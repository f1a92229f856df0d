import { now } from '../clock.ts';
import { freeComponents } from '../grid/freeComponents.ts';
import type { GridSpace } from '../grid/GridSpace.ts';
import type { SearchOptions } from './options.ts';
import type { SearchResult } from './result.ts';
import type { SearchSpace } from './space.ts';
import { TiedGoals } from './tiedGoals.ts';

/**
 * Connected components answer "unreachable" before any search. Every run on a voxel grid
 * (A*, JPS, Lazy Theta*, one-shot or sliced, through the query path or `findPath(space, ...)`)
 * asks `componentGoal` first: when the start and the goal lie in different free components
 * under the run's move rule (neighbourhood x corner cutting, see `connectivityOf`; terrain never
 * changes connectivity), the run heads for the closest reachable point instead and reports
 * 'unreachable' when it gets there, without flooding the start's component.
 *
 * The closest reachable point is the node a full flood ends at (../shared/ARCHITECTURE.md,
 * "Search results"): the start component's voxel nearest the goal in a straight line
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

/** Where a run on another component heads, and the work spent choosing it. */
export interface ComponentGoal {
  /** The closest reachable point (a voxel index in the start's component). */
  target: number;
  /** Nodes closed by tie-settling searches (0 without a tie). */
  expanded: number;
  /** Time spent: the component check, the nearest-voxel scan and any tie-settling search (not building the components). */
  ms: number;
}

/** A one-shot A* (exact heuristic, weight 1) from `start` to `goal` on `space`: the tie-settling search. */
export type TieSearch = (space: SearchSpace, start: number, goal: number, options: SearchOptions) => SearchResult;

let tieSearch: TieSearch | null = null;

/** Sets the search that settles ties (AStarRun.ts registers its A*; search/ cannot import it here without a circle). */
export function registerTieSearch(search: TieSearch): void {
  tieSearch = search;
}

/**
 * null when `goal` may be reachable from `start` (same component, or a space that is not a voxel
 * grid); else the closest reachable point the run should head for (see the module comment).
 * `start` and `goal` are checked, free voxel indices.
 */
export function componentGoal(space: SearchSpace, start: number, goal: number, options: SearchOptions): ComponentGoal | null {
  if (space.kind !== 'grid') return null;
  const gs = space as unknown as GridSpace;
  const grid = gs.grid;
  // The move rule's connectivity (connectivityOf): every forbid rule joins what faces join.
  // Building them (once per grid and edit) is preprocessing, like the grid's bit rows: not timed.
  const components = freeComponents(grid, gs.cornerCutting === 'forbid' ? 6 : gs.neighborhood);
  const t0 = now();
  const from = components.componentOf(start);
  if (from === components.componentOf(goal)) return null;
  const p = grid.coords(goal, { x: 0, y: 0, z: 0 });
  const tied = components.nearestOf(from, p.x, p.y, p.z);
  const choice: ComponentGoal = { target: tied[0], expanded: 0, ms: 0 };
  if (tied.length > 1) settleTie(gs, start, tied, options, choice);
  choice.ms = now() - t0;
  return choice;
}

/** Picks among equally near voxels the one of least path cost (see the module comment). */
function settleTie(space: GridSpace, start: number, tied: number[], options: SearchOptions, choice: ComponentGoal): void {
  if (tieSearch === null) return;
  const all = new TiedGoals(space, tied);
  const r = tieSearch(all, start, all.goal, options);
  choice.expanded = r.expanded;
  if (r.status === 'found' && r.path.length >= 2) choice.target = r.path[r.path.length - 2];
}
