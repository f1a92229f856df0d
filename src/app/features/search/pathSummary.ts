import { vec3 } from '../../../core/math/vec3.ts';
import type { SearchSpace } from '../../../core/search/space.ts';
import type { VisitedNodes } from './protocol.ts';

/** What the status line measures of a finished run's path: world points, length, distance left. */

const _p = vec3();

/** World positions (xyz triples) of a path's nodes. */
export function pathPoints(space: Pick<SearchSpace, 'position'>, path: readonly number[]): Float32Array {
  const points = new Float32Array(3 * path.length);
  path.forEach((node, i) => {
    space.position(node, _p);
    points[3 * i] = _p.x;
    points[3 * i + 1] = _p.y;
    points[3 * i + 2] = _p.z;
  });
  return points;
}

/** A path's measures: its points, geometric length, straight-line distance from its end to `goal` (0 without one), and the open nodes among `visited`. */
export function pathMeasures(
  points: Float32Array,
  goal: readonly number[] | null,
  visited: VisitedNodes,
): { nodes: number; length: number; goalDistance: number; open: number } {
  let length = 0;
  for (let i = 3; i < points.length; i += 3)
    length += Math.hypot(points[i] - points[i - 3], points[i + 1] - points[i - 2], points[i + 2] - points[i - 1]);
  const n = points.length / 3;
  const goalDistance =
    goal === null || n === 0 ? 0 : Math.hypot(points[3 * n - 3] - goal[0], points[3 * n - 2] - goal[1], points[3 * n - 1] - goal[2]);
  let open = 0;
  for (let i = 0; i < visited.count; i++) open += visited.closed[i] === 0 ? 1 : 0;
  return { nodes: n, length, goalDistance, open };
}
