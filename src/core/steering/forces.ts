import { addScaled, dot, set, type Vec3 } from '../math/vec3.ts';
import { len3, type SteeringState } from './agentState.ts';
import { ContactList, EMPTY_GEOMETRY } from './geometry.ts';
import { gapsAround } from './agentGap.ts';
import { NeighborGrid } from './NeighborGrid.ts';
import { orcaBegin, orcaKept, orcaKeptDistSq, orcaObstacle, orcaSolve } from './orca.ts';
import { followPath } from './pathFollowing.ts';
import {
  COINCIDENT,
  HEAD_ON_COSINE,
  ORCA_LOOKAHEAD,
  ORCA_MAX_NEIGHBORS,
  ORCA_RIGHT_BIAS,
  MIN_SLOWDOWN_FRACTION,
  TINY_LENGTH,
  VERTICAL_PULL_LIMIT,
} from './tuning.ts';

/*
 * The steering rule: the target pulls (unit vector, scaled by max(1, pullGain x contenders)),
 * every obstacle whose surface is within avoidRange x radius pushes with weight 1 / gap (gap
 * clamped to minDistance), a sphere straight ahead also pushes to the right, and the agent
 * moves speed x dt along the normalised sum.
 */

// Module-scope scratch: steering allocates nothing.
const _contacts = new ContactList(32);
const _dir: Vec3 = { x: 0, y: 0, z: 0 };
/** The summed push, the unit pull and its right-hand side of the agent being steered. */
const _push: Vec3 = { x: 0, y: 0, z: 0 };
const _pullDir: Vec3 = { x: 0, y: 0, z: 0 };
const _right: Vec3 = { x: 0, y: 0, z: 0 };

/**
 * Picks agent i's target (following its path) and writes its steered position into `next`,
 * its pull and push into `pull` and `push`; lists the agents it may overlap after the moves.
 * h: step length; t: time at its end; rMax, stepMax: the largest radius and step of any agent;
 * stepCount: steps taken before this one.
 */
export function steer(s: SteeringState, i: number, h: number, t: number, rMax: number, stepMax: number, stepCount: number): void {
  const a = s.agents[i];
  const P = s.params;
  const o = 3 * i;
  const px = s.pos[o],
    py = s.pos[o + 1],
    pz = s.pos[o + 2];
  const r = a.spec.radius;
  let bx = px,
    by = py,
    bz = pz;
  const g = a.goalObstacle;
  if (g >= 0) {
    a.goal.x = s.obsPos[3 * g];
    a.goal.y = s.obsPos[3 * g + 1];
    a.goal.z = s.obsPos[3 * g + 2];
    // The last path point follows the moving goal.
    const l = 3 * (a.pathCount - 1);
    a.path[l] = a.goal.x;
    a.path[l + 1] = a.goal.y;
    a.path[l + 2] = a.goal.z;
    if (a.arrived) {
      // Docked: ride along with the obstacle, then steer to stay docked.
      a.target = a.pathCount - 1;
      bx += s.obsPos[3 * g] - s.obsPrev[3 * g];
      by += s.obsPos[3 * g + 1] - s.obsPrev[3 * g + 1];
      bz += s.obsPos[3 * g + 2] - s.obsPrev[3 * g + 2];
    }
  } else if (a.arrived) {
    // Holding its place: its gaps to agents that steer are recorded by them, to other resting
    // agents they cannot change, so they are measured only after it moved.
    if (s.vel[o] !== 0 || s.vel[o + 1] !== 0 || s.vel[o + 2] !== 0) gapsAround(s, i, rMax);
    s.next[o] = px;
    s.next[o + 1] = py;
    s.next[o + 2] = pz;
    s.pull.fill(0, o, o + 3);
    s.push.fill(0, o, o + 3);
    s.pref.fill(0, o, o + 3);
    return;
  }
  if (!a.arrived) followPath(s, a, i, h, t, stepCount);

  // Target: the path point, or on the last leg to a moving goal the docking point on its surface.
  const last = a.target >= a.pathCount - 1;
  let tx = a.path[3 * a.target],
    ty = a.path[3 * a.target + 1],
    tz = a.path[3 * a.target + 2];
  let finalDist = Infinity;
  if (last && g >= 0) {
    let dx = px - tx,
      dy = py - ty,
      dz = pz - tz;
    let d = len3(dx, dy, dz);
    if (d < COINCIDENT) {
      dx = s.head[o];
      dy = s.head[o + 1];
      dz = s.head[o + 2];
      d = len3(dx, dy, dz) || 1;
    }
    const dock = s.obsRadius[g] + r;
    tx += (dx / d) * dock;
    ty += (dy / d) * dock;
    tz += (dz / d) * dock;
    finalDist = len3(tx - px, ty - py, tz - pz);
  } else if (last) {
    finalDist = len3(tx - px, ty - py, tz - pz);
  }
  let ux = tx - px,
    uy = ty - py,
    uz = tz - pz;
  const ul = len3(ux, uy, uz);
  if (ul > TINY_LENGTH) {
    ux /= ul;
    uy /= ul;
    uz /= ul;
  } else {
    ux = uy = uz = 0;
  }
  // Right-hand side of the pull (y up), for passing oncoming agents on the right.
  let sx = -uz,
    sy = 0,
    sz = ux;
  let sl = Math.sqrt(sx * sx + sz * sz);
  if (sl < VERTICAL_PULL_LIMIT) {
    sx = 0;
    sy = uz;
    sz = -uy;
    sl = Math.sqrt(sy * sy + sz * sz);
  }
  if (sl > TINY_LENGTH) {
    sx /= sl;
    sy /= sl;
    sz /= sl;
  }

  const reciprocal = P.avoidance === 'reciprocal';
  const range = P.avoidRange * r;
  const minD = Math.max(P.minDistance, COINCIDENT);
  let contenders = 0;
  set(_push, 0, 0, 0);
  set(_pullDir, ux, uy, uz);
  set(_right, sx, sy, sz);

  // Other agents (from the spatial hash), their gap measured between the two spheres. Those
  // that may overlap after this step's moves are listed for the separation pass. Reciprocal
  // avoidance keeps in orcaKept the ORCA_MAX_NEIGHBORS nearest of those that could meet this
  // one within the time horizon (nearest first; ties: the one found first), from levels: level
  // L queries the cube of half-edge c x 2^L (c: the finest cell; at least sep, at most the
  // reach) on the hash whose cells are c x 2^L wide (s.grids[L], built when first needed in a
  // step). An agent starts at the level that held that many at its previous step (one lower
  // when they lay within the smaller cube's half-edge) and goes up while fewer are found and
  // the cube is smaller than the reach: a packed crowd looks one cell around, an empty sky as
  // far as the reach, and an agent seldom queries twice.
  const sep = r + rMax + 2 * stepMax;
  // As far as two agents close in within the time horizon, at most ORCA_LOOKAHEAD seconds.
  const reach = r + rMax + (a.spec.speed + stepMax / h) * Math.min(P.timeHorizon, ORCA_LOOKAHEAD);
  const cell = s.neighbors.cellSize;
  let level = reciprocal ? a.orcaLevel : 0;
  let kept = 0;
  // Squared distance a candidate must beat to be kept: the reach, then the farthest kept.
  let worst = 0;
  for (let first = true; ; first = false) {
    for (; s.built <= level; s.built++) (s.grids[s.built] ??= new NeighborGrid()).build(s.pos, s.agents.length, cell * 2 ** s.built, true);
    const near = Math.max(reciprocal ? Math.min(cell * 2 ** level, reach) : r + range + rMax, sep);
    const found = s.grids[level].query(px, py, pz, near, s.near);
    kept = 0;
    worst = reach * reach;
    orcaBegin();
    for (let k = 0; k < found; k++) {
      const j = s.near[k];
      if (j === i) continue;
      const dx = px - s.pos[3 * j],
        dy = py - s.pos[3 * j + 1],
        dz = pz - s.pos[3 * j + 2];
      const dSq = dx * dx + dy * dy + dz * dz;
      if (first && (!reciprocal || dSq < sep * sep)) {
        const d = Math.sqrt(dSq);
        const rr = r + s.rad[j];
        if (d < s.minGap * rr) s.minGap = d / rr;
        if (d < sep) s.listNeighbor(j);
        if (!reciprocal) {
          const gap = d - r - s.rad[j];
          if (gap > range) continue;
          contenders++;
          pushFromSphere(s, dx, dy, dz, d, gap, minD);
          continue;
        }
      }
      if (dSq < worst) {
        // Insertion into the list sorted by distance.
        let m = kept < ORCA_MAX_NEIGHBORS ? kept++ : kept - 1;
        for (; m > 0 && orcaKeptDistSq[m - 1] > dSq; m--) {
          orcaKept[m] = orcaKept[m - 1];
          orcaKeptDistSq[m] = orcaKeptDistSq[m - 1];
        }
        orcaKept[m] = j;
        orcaKeptDistSq[m] = dSq;
        if (kept === ORCA_MAX_NEIGHBORS) worst = orcaKeptDistSq[kept - 1];
      }
    }
    if (!reciprocal || kept === ORCA_MAX_NEIGHBORS || near >= reach) break;
    level++;
  }
  const lower = cell * 2 ** (level - 1);
  if (reciprocal) a.orcaLevel = level > 0 && kept === ORCA_MAX_NEIGHBORS && worst < lower * lower ? level - 1 : level;
  // Reciprocal avoidance: the preferred velocity leans right while other agents or moving obstacles are in reach.
  let lean = kept > 0 ? ORCA_RIGHT_BIAS : 0;

  // Moving obstacles other than the agent's own goal (passed on the right too, as agents are).
  for (let m = 0; m < s.obstacles.length; m++) {
    if (m === g) continue;
    const dx = px - s.obsPos[3 * m],
      dy = py - s.obsPos[3 * m + 1],
      dz = pz - s.obsPos[3 * m + 2];
    const d = len3(dx, dy, dz);
    const gap = d - r - s.obsRadius[m];
    if (reciprocal) {
      const ox = s.obsPos[3 * m] - s.obsPrev[3 * m],
        oy = s.obsPos[3 * m + 1] - s.obsPrev[3 * m + 1],
        oz = s.obsPos[3 * m + 2] - s.obsPrev[3 * m + 2];
      const reach = (a.spec.speed + len3(ox, oy, oz) / h) * P.obstacleTimeHorizon;
      if (gap <= Math.max(range, reach)) {
        orcaObstacle(s, m, i);
        lean = ORCA_RIGHT_BIAS;
      }
      continue;
    }
    if (gap > range) continue;
    contenders++;
    pushFromSphere(s, dx, dy, dz, d, gap, minD);
  }

  // Static geometry: the nearest point of every surface in range (none in free space).
  const c = s.geometry === EMPTY_GEOMETRY ? 0 : a.query.contacts(px, py, pz, r + range, _contacts);
  a.nearest = c > 0 ? _contacts.nearest() : Infinity;
  for (let k = 0; k < c; k++) {
    const w = 1 / Math.max(_contacts.distance[k] - r, minD);
    _push.x += _contacts.normal[3 * k] * w;
    _push.y += _contacts.normal[3 * k + 1] * w;
    _push.z += _contacts.normal[3 * k + 2] * w;
  }
  contenders += c;

  const pullW = Math.max(1, P.pullGain * contenders);
  s.pull[o] = ux * pullW;
  s.pull[o + 1] = uy * pullW;
  s.pull[o + 2] = uz * pullW;
  s.push[o] = _push.x;
  s.push[o + 1] = _push.y;
  s.push[o + 2] = _push.z;
  // The lean fades over the last speed x timeHorizon before the goal, so it does not circle it,
  // and stops near static geometry, which reciprocal avoidance does not see (it would press
  // agents into a corridor's wall).
  const side = c > 0 ? 0 : lean * Math.min(1, finalDist / (a.spec.speed * P.timeHorizon)) * pullW;
  let dx = ux * pullW + _push.x + sx * side,
    dy = uy * pullW + _push.y + sy * side,
    dz = uz * pullW + _push.z + sz * side;
  const dl = len3(dx, dy, dz);
  if (dl > TINY_LENGTH) {
    dx /= dl;
    dy /= dl;
    dz /= dl;
  } else {
    dx = dy = dz = 0;
  }
  let len = a.spec.speed * h;
  if (last && g < 0) {
    // Slow down over the last speed x slowdownTime, never below MIN_SLOWDOWN_FRACTION of full speed.
    const slow = a.spec.speed * P.slowdownTime;
    if (finalDist < slow) len *= Math.max(MIN_SLOWDOWN_FRACTION, finalDist / slow);
  }
  if (len > finalDist) len = finalDist;
  // The steered direction at the steered speed is the preferred velocity; ORCA picks the one flown.
  s.pref[o] = (dx * len) / h;
  s.pref[o + 1] = (dy * len) / h;
  s.pref[o + 2] = (dz * len) / h;
  if (reciprocal) {
    const v = orcaSolve(s, i, kept);
    dx = v[0] * h;
    dy = v[1] * h;
    dz = v[2] * h;
    const ml = len3(dx, dy, dz);
    len = ml > finalDist ? finalDist / ml : 1;
  }
  s.next[o] = bx + dx * len;
  s.next[o + 1] = by + dy * len;
  s.next[o + 2] = bz + dz * len;
}

/**
 * Adds the push of a sphere (another agent or a moving obstacle) whose centre is (dx, dy, dz)
 * away at distance d with surface gap `gap`: away from it with weight 1/gap (gap clamped to
 * minD), in a random direction when the centres coincide. A sphere ahead also pushes to the
 * right, so two agents meeting head-on pass each other instead of stalling nose to nose.
 */
function pushFromSphere(s: SteeringState, dx: number, dy: number, dz: number, d: number, gap: number, minD: number): void {
  if (d < COINCIDENT) {
    s.randomUnit(_dir);
  } else {
    set(_dir, dx / d, dy / d, dz / d);
  }
  const w = 1 / Math.max(gap, minD);
  addScaled(_push, _push, _dir, w);
  const ahead = -dot(_dir, _pullDir);
  if (ahead > HEAD_ON_COSINE) addScaled(_push, _push, _right, w * ahead);
}
