/**
 * Argument checks of the Simulation's public methods: options, agent specs, goals and moving
 * obstacles. Each throws a NavlabError (code usage) naming the argument and the field.
 */
import {
  checkFields,
  checkFunction,
  checkNumber,
  checkObject,
  checkOptions,
  checkString,
  checkVec3,
  describeValue,
  usageError,
} from '../args.ts';
import { NavlabError } from '../errors.ts';
import { quote } from '../text.ts';
import type { Vec3 } from '../math/vec3.ts';
import type { AgentSpec, MovingObstacleSpec } from './agentState.ts';

/** Whether p's coordinates are all finite. */
export const finitePoint = (p: { x?: unknown; y?: unknown; z?: unknown }): boolean =>
  Number.isFinite(p.x) && Number.isFinite(p.y) && Number.isFinite(p.z);

/** A non-finite point for a message: "(x, y, z)". */
const pointText = (p: { x?: unknown; y?: unknown; z?: unknown }): string => `(${[p.x, p.y, p.z].map(describeValue).join(', ')})`;

/** The options of `new Simulation(options)` (SimulationOptions), checked; undefined is fine. */
export function checkSimulationOptions(options: unknown): void {
  const o = checkOptions<{ geometry?: unknown; planner?: unknown; params?: unknown; movingObstacles?: unknown; agents?: unknown }>(
    'Simulation: options',
    options,
  );
  const f = 'function' as const;
  if (o.geometry !== undefined)
    checkFields('Simulation: options.geometry', o.geometry, { createQuery: f, nearest: f, clear: f, inside: f }, 'a StaticGeometry');
  if (o.planner !== undefined) checkFields('Simulation: options.planner', o.planner, { plan: f }, 'a PathPlanner');
  if (o.params !== undefined) checkObject('Simulation: options.params', o.params);
  for (const key of ['movingObstacles', 'agents'] as const) {
    if (o[key] !== undefined && !Array.isArray(o[key])) throw usageError(`Simulation: options.${key}`, 'an array', o[key]);
  }
}

/** An agent spec's fields checked; `what` names the call ("addAgent"). */
export function checkAgentSpec(what: string, spec: unknown): AgentSpec {
  const s = checkObject<AgentSpec>(`${what}: spec`, spec, 'an agent spec { id, start, goal, radius, speed }');
  const id = checkString(`${what}: spec.id`, s.id);
  const named = `${what} ${quote(id)}`;
  checkVec3(`${named}: start`, s.start);
  checkNumber(`${named} radius`, s.radius, 0);
  checkNumber(`${named} speed`, s.speed, 0, true);
  return s;
}

/** A goal's shape checked: a point with finite coordinates, or { obstacle: id }. */
export function checkGoalShape(what: string, goal: unknown): Vec3 | { obstacle: string } {
  const g = checkObject<Record<string, unknown>>(`${what}: goal`, goal, 'a point {x, y, z} or { obstacle: id }');
  if ('obstacle' in g) {
    checkString(`${what}: goal.obstacle`, g.obstacle);
    return g as { obstacle: string };
  }
  if (!finitePoint(g)) throw new NavlabError('usage', `${what}: goal must have finite coordinates, got ${pointText(g)}`);
  return g as unknown as Vec3;
}

/** A moving obstacle spec's fields checked; `what` names the call. */
export function checkMovingObstacleSpec(what: string, spec: unknown): MovingObstacleSpec {
  const s = checkObject<MovingObstacleSpec>(`${what}: spec`, spec, 'a moving obstacle spec { id, radius, positionAt }');
  const id = checkString(`${what}: spec.id`, s.id);
  checkNumber(`${what} ${quote(id)} radius`, s.radius, 0, true);
  checkFunction(`${what} ${quote(id)} positionAt`, s.positionAt);
  return s;
}

/** The place `positionAt` wrote, checked: a callback that gives a non-finite centre is misuse. */
export function checkObstaclePlace(id: string, t: number, p: Vec3): void {
  if (!finitePoint(p))
    throw new NavlabError('usage', `moving obstacle ${quote(id)}: positionAt(${t}) gave ${pointText(p)}, not a finite point`);
}
