import { isAdmissible, type HeuristicName, type Neighborhood } from '../../../core/search/heuristics.ts';

const WHAT: Record<HeuristicName, string> = {
  exact: 'the obstacle-free distance for the moves allowed',
  euclidean: 'the straight-line distance',
  manhattan: 'the sum of the axis distances',
  chebyshev: 'the largest axis distance',
  squared: 'the squared straight-line distance',
  zero: '0 everywhere: Dijkstra, which expands by cost alone',
};

/**
 * One or two sentences on a heuristic where it is chosen: what it estimates, whether it is
 * admissible (never over-estimates, so the path found is optimal) and consistent (never drops
 * by more than a step costs, so no node needs reopening). On navlab's graphs every admissible
 * heuristic offered is also consistent: each is a norm of the offset to the goal, and a step
 * costs at least the same norm of the step (length times a terrain factor >= 1).
 * `neighborhood` 0 = the waypoint graph.
 */
export function explainHeuristic(name: HeuristicName, neighborhood: Neighborhood | 0, weight = 1): string {
  const graph = neighborhood === 0 ? 'on the waypoint graph' : `with ${neighborhood} neighbours`;
  let text = `h = ${WHAT[name]}. `;
  if (isAdmissible(name, neighborhood)) {
    text += `Admissible and consistent ${graph}: the path found is optimal.`;
    if (name === 'chebyshev') text += ' Weak (it under-estimates diagonals), so many nodes are expanded.';
    if (name === 'zero') text += ' Expands the most nodes.';
  } else if (name === 'squared') {
    text += 'Never admissible (it over-estimates beyond one step), so not consistent either: fast, but paths can be far from optimal.';
  } else {
    text += `Not admissible ${graph} (diagonal steps are shorter than it counts), so not consistent: the path may be longer than the optimum.`;
  }
  if (weight !== 1)
    text += ` Weight ${weight}: f = g + ${weight}·h is not admissible; the path costs at most ${weight}× the optimum when h is admissible.`;
  return text;
}

/**
 * The heuristic on the sparse voxel octree (SparseRun): 'zero' is none (Dijkstra over the
 * cells), every other name the straight-line distance from the point where the path enters a
 * cell to the goal, which never over-estimates an any-angle path.
 */
export function explainOctreeHeuristic(name: HeuristicName, weight = 1): string {
  let text =
    name === 'zero'
      ? 'h = 0 everywhere: Dijkstra over the octree cells, which expands by cost alone.'
      : 'On the octree every heuristic but zero is the straight-line distance to the goal: admissible for any-angle paths.';
  if (weight !== 1) text += ` Weight ${weight}: f = g + ${weight}·h, faster but the path may be longer.`;
  return text;
}
