/**
 * Heuristics as pure functions of coordinate differences (in cells or world units; callers
 * scale by cellSize). Each says when it is admissible (never over-estimates the true cost).
 * With consistent heuristics A* closes every node at its optimal cost; navlab never reopens
 * closed nodes, so inadmissible or weighted runs trade optimality for speed as documented.
 */
export type HeuristicName = 'exact' | 'euclidean' | 'manhattan' | 'chebyshev' | 'squared' | 'zero';
/** Moves of a grid search: 6 faces, + 12 edges (18), + 8 corners (26). */
export type Neighborhood = 6 | 18 | 26;

/** Every heuristic name, in the order the CLI and the lab list them. */
export const HEURISTICS: readonly HeuristicName[] = ['exact', 'euclidean', 'manhattan', 'chebyshev', 'squared', 'zero'];

const SQRT2 = Math.SQRT2;
const SQRT3 = Math.sqrt(3);
const C_B = SQRT2 - 1;
const C_A = SQRT3 - SQRT2;

/**
 * Obstacle-free shortest distance on a voxel grid for the given neighbourhood, with
 * a <= b <= c the sorted absolute differences. Admissible and consistent for its
 * neighbourhood (it is the exact distance with no obstacles); terrain costs >= 1 keep that.
 *   26: (sqrt3 - sqrt2) a + (sqrt2 - 1) b + c
 *   18: c >= a + b ? sqrt2 (a + b) + (c - a - b) : sqrt2 floor(s / 2) + (s mod 2), s = a+b+c
 *    6: a + b + c
 */
export function gridDistance(dx: number, dy: number, dz: number, neighborhood: Neighborhood): number {
  let a = dx < 0 ? -dx : dx;
  let b = dy < 0 ? -dy : dy;
  let c = dz < 0 ? -dz : dz;
  if (neighborhood === 6) return a + b + c;
  let t: number;
  if (a > b) { t = a; a = b; b = t; }
  if (b > c) { t = b; b = c; c = t; }
  if (a > b) { t = a; a = b; b = t; }
  if (neighborhood === 26) return C_A * a + C_B * b + c;
  if (c >= a + b) return SQRT2 * (a + b) + (c - a - b);
  const s = a + b + c;
  return SQRT2 * Math.floor(s / 2) + (s % 2);
}

/** Straight-line distance: admissible for every neighbourhood and for waypoint graphs. */
export function euclidean(dx: number, dy: number, dz: number): number {
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}

/** Sum of axis distances: admissible only with 6 neighbours (diagonal steps are shorter). */
export function manhattan(dx: number, dy: number, dz: number): number {
  return Math.abs(dx) + Math.abs(dy) + Math.abs(dz);
}

/** Largest axis distance: admissible everywhere, but weak (every step counts as 1). */
export function chebyshev(dx: number, dy: number, dz: number): number {
  return Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dz));
}

/** Squared distance: never admissible beyond one step; kept to show why it finds longer paths. */
export function squared(dx: number, dy: number, dz: number): number {
  return dx * dx + dy * dy + dz * dz;
}

/**
 * Heuristic value for differences (dx, dy, dz). `exact` means the obstacle-free grid distance
 * for `neighborhood`, or, with neighborhood 0 (waypoint graphs), the straight-line distance.
 */
export function heuristic(name: HeuristicName, dx: number, dy: number, dz: number, neighborhood: Neighborhood | 0): number {
  switch (name) {
    case 'exact':
      return neighborhood === 0 ? euclidean(dx, dy, dz) : gridDistance(dx, dy, dz, neighborhood);
    case 'euclidean':
      return euclidean(dx, dy, dz);
    case 'manhattan':
      return manhattan(dx, dy, dz);
    case 'chebyshev':
      return chebyshev(dx, dy, dz);
    case 'squared':
      return squared(dx, dy, dz);
    case 'zero':
      return 0;
  }
}

/** True when `name` never over-estimates on the given neighbourhood (0 = waypoint graph). */
export function isAdmissible(name: HeuristicName, neighborhood: Neighborhood | 0): boolean {
  if (name === 'squared') return false;
  if (name === 'manhattan') return neighborhood === 6;
  return true;
}
