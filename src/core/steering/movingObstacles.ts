/**
 * The moving obstacles of a SteeringState: adding one, placing it on its path at a time,
 * pinning it where an editor put it, and finding it by id or index.
 */
import { describeValue } from '../args.ts';
import { NavlabError } from '../errors.ts';
import type { Vec3 } from '../math/vec3.ts';
import { grow, type MovingObstacleSpec, type SteeringState } from './agentState.ts';
import { checkMovingObstacleSpec, checkObstaclePlace, finitePoint } from './simulationArgs.ts';

/** Scratch for a moving obstacle's centre (placing obstacles allocates nothing). */
const _q: Vec3 = { x: 0, y: 0, z: 0 };

/** Adds a moving obstacle (checked) placed where it is at time t; returns its index. */
export function addObstacle(s: SteeringState, spec: MovingObstacleSpec, t: number): number {
  checkMovingObstacleSpec('addMovingObstacle', spec);
  if (s.obstacleIndex(spec.id) >= 0) throw new NavlabError('usage', `addMovingObstacle: duplicate id '${spec.id}'`);
  const m = s.obstacles.length;
  s.obstacles.push(spec);
  s.obsPos = grow(s.obsPos, 3 * (m + 1));
  s.obsPrev = grow(s.obsPrev, 3 * (m + 1));
  s.obsRadius = grow(s.obsRadius, m + 1);
  s.blockers = grow(s.blockers, 4 * (m + 1));
  const pinned = new Uint8Array(m + 1);
  pinned.set(s.pinned.subarray(0, m));
  s.pinned = pinned;
  s.obsRadius[m] = spec.radius;
  placeObstacle(s, m, t);
  s.obsPrev.set(s.obsPos.subarray(3 * m, 3 * m + 3), 3 * m);
  return m;
}

/** Moves obstacle m to its place at time t (checked finite, naming the obstacle if not). */
export function placeObstacle(s: SteeringState, m: number, t: number): void {
  s.obstacles[m].positionAt(t, _q);
  checkObstaclePlace(s.obstacles[m].id, t, _q);
  s.obsPos[3 * m] = _q.x;
  s.obsPos[3 * m + 1] = _q.y;
  s.obsPos[3 * m + 2] = _q.z;
}

/** Pins obstacle `idOrIndex` at (x, y, z); every agent re-checks its path at the next step. */
export function pinObstacle(s: SteeringState, idOrIndex: string | number, x: number, y: number, z: number): void {
  const m = obstacleAt(s, idOrIndex, 'moveObstacle');
  if (!finitePoint({ x, y, z })) throw new NavlabError('usage', 'moveObstacle: coordinates must be finite');
  s.pinned[m] = 1;
  s.obsPos[3 * m] = x;
  s.obsPos[3 * m + 1] = y;
  s.obsPos[3 * m + 2] = z;
  for (const a of s.agents) a.checkNow = true;
}

/** The index of the moving obstacle named by id or index; a usage error naming `method` if there is none. */
export function obstacleAt(s: SteeringState, idOrIndex: string | number, method: string): number {
  const m = typeof idOrIndex === 'number' ? idOrIndex : typeof idOrIndex === 'string' ? s.obstacleIndex(idOrIndex) : -1;
  if (!(Number.isInteger(m) && m >= 0 && m < s.obstacles.length))
    throw new NavlabError('usage', `${method}: no moving obstacle ${describeValue(idOrIndex)}`);
  return m;
}
