/**
 * Setting an agent up in a SteeringState: its goal checked and aimed at, its arrays at its
 * start, its first plan, heading, clearance and arrival.
 */
import { NavlabError } from '../errors.ts';
import { set, type Vec3 } from '../math/vec3.ts';
import { quote } from '../text.ts';
import { len3, type AgentSpec, type AgentState, type SteeringState } from './agentState.ts';
import { arrive, measureClearance } from './metrics.ts';
import { plan } from './pathFollowing.ts';
import { checkGoalShape } from './simulationArgs.ts';
import { COINCIDENT } from './tuning.ts';

/** Puts agent i at its start at time t: arrays, goal, first plan, heading, clearance and arrival. */
export function initAgent(s: SteeringState, i: number, t: number): void {
  const a = s.agents[i];
  const o = 3 * i;
  const { start, radius } = a.spec;
  s.pos[o] = s.prev[o] = start.x;
  s.pos[o + 1] = s.prev[o + 1] = start.y;
  s.pos[o + 2] = s.prev[o + 2] = start.z;
  s.vel.fill(0, o, o + 3);
  s.pull.fill(0, o, o + 3);
  s.push.fill(0, o, o + 3);
  s.rad[i] = radius;
  aim(s, a);
  a.inside = s.geometry.inside(start.x, start.y, start.z);
  a.nearest = 0;
  plan(s, a, i);
  // Face the first leg.
  const hx = a.path[3 * a.target] - start.x,
    hy = a.path[3 * a.target + 1] - start.y,
    hz = a.path[3 * a.target + 2] - start.z;
  const hl = len3(hx, hy, hz);
  if (hl > COINCIDENT) {
    s.head[o] = hx / hl;
    s.head[o + 1] = hy / hl;
    s.head[o + 2] = hz / hl;
  } else {
    s.head[o] = 1;
    s.head[o + 1] = 0;
    s.head[o + 2] = 0;
  }
  measureClearance(s, a, start.x, start.y, start.z, 0);
  arrive(s, a, start.x, start.y, start.z, t);
}

/** A copy of `goal` once checked: finite coordinates, or a moving obstacle that exists. */
export function checkGoal(s: SteeringState, what: string, goal: AgentSpec['goal']): AgentSpec['goal'] {
  checkGoalShape(what, goal);
  if ('obstacle' in goal) {
    if (s.obstacleIndex(goal.obstacle) < 0) throw new NavlabError('usage', `${what}: no moving obstacle ${quote(goal.obstacle)}`);
    return { obstacle: goal.obstacle };
  }
  return { x: goal.x, y: goal.y, z: goal.z };
}

/** Points agent a at the goal of its spec: a fixed point, or where its moving obstacle is now. */
export function aim(s: SteeringState, a: AgentState): void {
  const goal = a.spec.goal;
  const m = 'obstacle' in goal ? s.obstacleIndex(goal.obstacle) : -1;
  a.goalObstacle = m;
  if (m >= 0) set(a.goal, s.obsPos[3 * m], s.obsPos[3 * m + 1], s.obsPos[3 * m + 2]);
  else set(a.goal, (goal as Vec3).x, (goal as Vec3).y, (goal as Vec3).z);
}
