import { NavlabError } from '../errors.ts';
import type { Vec3 } from '../math/vec3.ts';
import { dist, len3, type AgentState, type SteeringState } from './agentState.ts';
import { arrivalRadius } from './metrics.ts';
import { segmentBlocked, type PlannedPath } from './planners.ts';
import { BLOCKED_PATH_RADIUS_FACTOR, CHECK_SOON_INTERVALS, COST_SLACK, GOAL_DRIFT_FRACTION, STUCK_PROGRESS_FRACTION } from './tuning.ts';

/*
 * Path following: planning and replanning, advancing along the path, string pulling, and the
 * checks that trigger a replan (a blocked leg, a moving goal that drifted or slipped out of
 * sight, no progress).
 */

const _p: Vec3 = { x: 0, y: 0, z: 0 };

/** Writes the moving obstacles other than `skip` into `blockers` (x, y, z, radius); returns their count. */
export function collectBlockers(s: SteeringState, skip: number): number {
  let count = 0;
  for (let m = 0; m < s.obstacles.length; m++) {
    if (m === skip) continue;
    s.blockers[4 * count] = s.obsPos[3 * m];
    s.blockers[4 * count + 1] = s.obsPos[3 * m + 1];
    s.blockers[4 * count + 2] = s.obsPos[3 * m + 2];
    s.blockers[4 * count + 3] = s.obsRadius[m];
    count++;
  }
  return count;
}

/** Plans from where agent i is, around the moving obstacles as they are now (t: the time, for the replan interval). */
export function replan(s: SteeringState, a: AgentState, i: number, t: number): void {
  plan(s, a, i);
  a.replans++;
  a.lastReplan = t;
}

/** Plans agent i's path from where it is to its goal. */
export function plan(s: SteeringState, a: AgentState, i: number): void {
  const o = 3 * i;
  _p.x = s.pos[o];
  _p.y = s.pos[o + 1];
  _p.z = s.pos[o + 2];
  const count = collectBlockers(s, a.goalObstacle);
  let planned = s.planner.plan(_p, a.goal, a.spec.radius, s.blockers, count);
  // Obstacles that move are planned around when possible, but never make a goal
  // "unreachable": arrival only moves to a closest point for static reasons.
  if (planned.status !== 'found' && count > 0) planned = s.planner.plan(_p, a.goal, a.spec.radius);
  setPath(a, planned);
}

function setPath(a: AgentState, planned: PlannedPath): void {
  const n = planned.points.length / 3;
  if (n < 1) throw new NavlabError('usage', 'PathPlanner.plan returned no points');
  if (a.path.length < 3 * n) a.path = new Float64Array(3 * n);
  a.path.set(planned.points);
  a.pathCount = n;
  a.target = n > 1 ? 1 : 0;
  if (a.suffix.length < n) a.suffix = new Float64Array(n);
  a.suffix[n - 1] = 0;
  for (let k = n - 2; k >= 0; k--)
    a.suffix[k] =
      a.suffix[k + 1] +
      len3(a.path[3 * k + 3] - a.path[3 * k], a.path[3 * k + 4] - a.path[3 * k + 1], a.path[3 * k + 5] - a.path[3 * k + 2]);
  a.costs = planned.costs;
  a.status = planned.status;
  a.planGoal.x = a.goal.x;
  a.planGoal.y = a.goal.y;
  a.planGoal.z = a.goal.z;
  if (a.planned < 0) a.planned = a.suffix[0];
  a.stuckTimer = 0;
  a.stuckRemaining = Infinity;
}

/**
 * Advances agent i along its path, string-pulls, detects blocked paths, moved goals and no
 * progress. h: the step length; t: the time at its end; stepCount: steps taken before it.
 */
export function followPath(s: SteeringState, a: AgentState, i: number, h: number, t: number, stepCount: number): void {
  const o = 3 * i;
  const px = s.pos[o],
    py = s.pos[o + 1],
    pz = s.pos[o + 2];
  const lastIndex = a.pathCount - 1;
  const reach = arrivalRadius(s, a);
  let advanced = false;
  while (a.target < lastIndex && dist(a.path, a.target, px, py, pz) <= reach) {
    a.target++;
    advanced = true;
  }
  // Check at a fixed rhythm (staggered over agents), at once after advancing, and every step
  // while a target is about to be reached (corners in narrow corridors need the exact moment).
  const P = s.params;
  const soon = dist(a.path, a.target, px, py, pz) < CHECK_SOON_INTERVALS * a.spec.speed * h * P.checkInterval;
  if (advanced || soon || a.checkNow || (stepCount + i) % P.checkInterval === 0) checkPath(s, a, i, t);

  a.stuckTimer += h;
  if (a.stuckTimer >= P.stuckTime) {
    const remaining = dist(a.path, a.target, px, py, pz) + a.suffix[a.target];
    if (a.stuckRemaining - remaining < STUCK_PROGRESS_FRACTION * a.spec.speed * P.stuckTime) {
      replan(s, a, i, t);
      a.stuckRemaining = dist(a.path, a.target, px, py, pz) + a.suffix[a.target];
    } else {
      a.stuckRemaining = remaining;
    }
    a.stuckTimer = 0;
  }
}

function checkPath(s: SteeringState, a: AgentState, i: number, t: number): void {
  const o = 3 * i;
  const px = s.pos[o],
    py = s.pos[o + 1],
    pz = s.pos[o + 2];
  const r = a.spec.radius;
  const thin = BLOCKED_PATH_RADIUS_FACTOR * r;
  const geo = s.geometry;
  const lastIndex = a.pathCount - 1;
  a.checkNow = false;
  if (a.recheckStatic) {
    // The static world changed: is any leg of the remaining path blocked now?
    a.recheckStatic = false;
    let blocked = !geo.clear(px, py, pz, a.path[3 * a.target], a.path[3 * a.target + 1], a.path[3 * a.target + 2], thin);
    for (let k = a.target; k < lastIndex && !blocked; k++) {
      blocked = !geo.clear(
        a.path[3 * k],
        a.path[3 * k + 1],
        a.path[3 * k + 2],
        a.path[3 * k + 3],
        a.path[3 * k + 4],
        a.path[3 * k + 5],
        thin,
      );
    }
    if (blocked) {
      replan(s, a, i, t);
      return;
    }
  }
  // String pulling: head for the furthest of the next points in line of sight (past static
  // geometry and the moving obstacles as they are now).
  const g = a.goalObstacle;
  const count = collectBlockers(s, g);
  const planner = s.planner;
  const end = Math.min(lastIndex, a.target + s.params.lookahead);
  let pathCost = a.costs === null ? 1 : a.costs[a.target];
  for (let j = a.target + 1; j <= end; j++) {
    const jx = a.path[3 * j],
      jy = a.path[3 * j + 1],
      jz = a.path[3 * j + 2];
    if (!geo.clear(px, py, pz, jx, jy, jz, r) || segmentBlocked(s.blockers, count, px, py, pz, jx, jy, jz, r)) break;
    if (a.costs !== null && planner.maxCostAlong) {
      if (a.costs[j] > pathCost) pathCost = a.costs[j];
      if (planner.maxCostAlong(px, py, pz, jx, jy, jz) > pathCost + COST_SLACK) break;
    }
    a.target = j;
  }
  // A moving obstacle (other than the goal) now covers the leg being flown or the next one.
  if (count > 0) {
    const k = a.target;
    let blocked = segmentBlocked(s.blockers, count, px, py, pz, a.path[3 * k], a.path[3 * k + 1], a.path[3 * k + 2], thin);
    if (!blocked && k < lastIndex) {
      blocked = segmentBlocked(
        s.blockers,
        count,
        a.path[3 * k],
        a.path[3 * k + 1],
        a.path[3 * k + 2],
        a.path[3 * k + 3],
        a.path[3 * k + 4],
        a.path[3 * k + 5],
        thin,
      );
    }
    if (blocked && t - a.lastReplan >= s.params.replanInterval) {
      replan(s, a, i, t);
      return;
    }
  }
  if (g >= 0 && t - a.lastReplan >= s.params.replanInterval) {
    // A moving goal: replan when it slipped out of sight on the last leg, or moved far from
    // where the path was planned to (far relative to how far away it still is).
    const gx = a.goal.x,
      gy = a.goal.y,
      gz = a.goal.z;
    const lost = a.target === lastIndex && !geo.clear(px, py, pz, gx, gy, gz, r);
    const drift = len3(gx - a.planGoal.x, gy - a.planGoal.y, gz - a.planGoal.z);
    if (lost || (a.target < lastIndex && drift > Math.max(arrivalRadius(s, a), GOAL_DRIFT_FRACTION * len3(gx - px, gy - py, gz - pz))))
      replan(s, a, i, t);
  }
}
