/**
 * Heuristics as pure functions of coordinate differences (in cells or world units; callers
 * scale by cellSize). Each says when it is admissible (never over-estimates the true cost).
 * With consistent heuristics A* closes every node at its optimal cost; navlab never reopens
 * closed nodes, so inadmissible or weighted runs trade optimality for speed as documented.
 * The definitions live in grid/gridHeuristic.ts (one definition for every grid search).
 */
import { checkOneOf } from '../args.ts';
import {
  chebyshev,
  euclidean,
  gridDistance,
  heuristicFunction,
  manhattan,
  squared,
  type HeuristicName,
  type Neighborhood,
} from '../grid/gridHeuristic.ts';

export { chebyshev, euclidean, gridDistance, manhattan, squared, type HeuristicName, type Neighborhood };

/** Every heuristic name, in the order the CLI and the lab list them. */
export const HEURISTICS: readonly HeuristicName[] = ['exact', 'euclidean', 'manhattan', 'chebyshev', 'squared', 'zero'];

/**
 * Heuristic value for differences (dx, dy, dz). `exact` means the obstacle-free grid distance
 * for `neighborhood`, or, with neighborhood 0 (waypoint graphs), the straight-line distance.
 */
export function heuristic(name: HeuristicName, dx: number, dy: number, dz: number, neighborhood: Neighborhood | 0): number {
  const h = heuristicFunction(name, neighborhood);
  if (h === undefined || (neighborhood !== 0 && neighborhood !== 6 && neighborhood !== 18 && neighborhood !== 26))
    checkHeuristic('heuristic', name, neighborhood);
  return h!(dx, dy, dz);
}

/** Neighbourhoods a heuristic is defined for (0: a waypoint graph). */
const NEIGHBORHOODS: readonly unknown[] = [0, 6, 18, 26];

/** Throws a usage error naming `name` or `neighborhood` when either is unknown. */
function checkHeuristic(fn: string, name: unknown, neighborhood: unknown): void {
  checkOneOf(`${fn}: name`, name, HEURISTICS);
  checkOneOf(`${fn}: neighborhood`, neighborhood, NEIGHBORHOODS);
}

/** True when `name` never over-estimates on the given neighbourhood (0 = waypoint graph). */
export function isAdmissible(name: HeuristicName, neighborhood: Neighborhood | 0): boolean {
  checkHeuristic('isAdmissible', name, neighborhood);
  if (name === 'squared') return false;
  if (name === 'manhattan') return neighborhood === 6;
  return true;
}
