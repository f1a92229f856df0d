/**
 * Heuristics as pure functions of coordinate differences (in cells or world units; callers
 * scale by cellSize). Each says when it is admissible (never over-estimates the true cost).
 * They live beside the grid because the grid's movement rules define `exact`; the search
 * engine re-exports them (search/heuristics.ts) and every grid search uses these definitions.
 */

/** Names of the heuristics a search can use: `exact` (default), `euclidean`, `manhattan`, `chebyshev`, `squared`, `zero`. */
export type HeuristicName = 'exact' | 'euclidean' | 'manhattan' | 'chebyshev' | 'squared' | 'zero';
/** Moves of a grid search: 6 faces, + 12 edges (18), + 8 corners (26). */
export type Neighborhood = 6 | 18 | 26;
/** A heuristic of the differences (dx, dy, dz). */
export type CellHeuristic = (dx: number, dy: number, dz: number) => number;

const SQRT2 = Math.SQRT2;
const C_B = SQRT2 - 1;
const C_A = Math.sqrt(3) - SQRT2;

/**
 * Obstacle-free shortest distance with 26 neighbours: (sqrt3 - sqrt2) a + (sqrt2 - 1) b + c,
 * a <= b <= c the sorted absolute differences. Written without branches (b = sum - min - max,
 * exact on integers) because every grid expansion evaluates it up to 26 times.
 */
export function exact26(dx: number, dy: number, dz: number): number {
  const a = Math.abs(dx),
    b = Math.abs(dy),
    c = Math.abs(dz);
  const lo = Math.min(a, b, c);
  const hi = Math.max(a, b, c);
  return C_A * lo + C_B * (a + b + c - lo - hi) + hi;
}

/**
 * Obstacle-free shortest distance with 18 neighbours (a <= b <= c sorted, s = a + b + c):
 * c >= a + b ? sqrt2 (a + b) + (c - a - b) : sqrt2 floor(s / 2) + (s mod 2).
 */
export function exact18(dx: number, dy: number, dz: number): number {
  const a = Math.abs(dx),
    b = Math.abs(dy),
    c = Math.abs(dz);
  const hi = Math.max(a, b, c);
  const s = a + b + c;
  if (hi >= s - hi) return SQRT2 * (s - hi) + (2 * hi - s);
  return SQRT2 * Math.floor(s / 2) + (s % 2);
}

/** Sum of axis distances: the exact distance with 6 neighbours; admissible only there. */
export function manhattan(dx: number, dy: number, dz: number): number {
  return Math.abs(dx) + Math.abs(dy) + Math.abs(dz);
}

/** Straight-line distance: admissible for every neighbourhood and for waypoint graphs. */
export function euclidean(dx: number, dy: number, dz: number): number {
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}

/** Largest axis distance: admissible everywhere, but weak (every step counts as 1). */
export function chebyshev(dx: number, dy: number, dz: number): number {
  return Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dz));
}

/** Squared distance: never admissible beyond one step; kept to show why it finds longer paths. */
export function squared(dx: number, dy: number, dz: number): number {
  return dx * dx + dy * dy + dz * dz;
}

/** Dijkstra: no estimate. */
export const zero: CellHeuristic = () => 0;

/**
 * Obstacle-free shortest distance on a voxel grid for the given neighbourhood. Admissible and
 * consistent for its neighbourhood (it is the exact distance with no obstacles); terrain costs
 * >= 1 keep that.
 */
export function gridDistance(dx: number, dy: number, dz: number, neighborhood: Neighborhood): number {
  return exactFor(neighborhood)(dx, dy, dz);
}

/** The `exact` heuristic of a neighbourhood. */
export function exactFor(neighborhood: Neighborhood): CellHeuristic {
  return neighborhood === 26 ? exact26 : neighborhood === 18 ? exact18 : manhattan;
}

/**
 * The function behind heuristic `name`; `exact` is the grid distance of `neighborhood`, or,
 * with neighborhood 0 (waypoint graphs), the straight-line distance. Undefined for an unknown name.
 */
export function heuristicFunction(name: HeuristicName, neighborhood: Neighborhood | 0): CellHeuristic | undefined {
  switch (name) {
    case 'exact':
      return neighborhood === 0 ? euclidean : exactFor(neighborhood);
    case 'euclidean':
      return euclidean;
    case 'manhattan':
      return manhattan;
    case 'chebyshev':
      return chebyshev;
    case 'squared':
      return squared;
    case 'zero':
      return zero;
    default:
      return undefined;
  }
}
