import { set, type Vec3 } from '../math/vec3.ts';
import { len3, type SteeringState } from './agentState.ts';
import { ContactList } from './geometry.ts';
import { COINCIDENT, COLLISION_PASSES, PENETRATION_TOLERANCE, SEPARATION_PASSES, SKIN } from './tuning.ts';

/*
 * After steering: agents pushed apart from each other (separation), then out of moving
 * obstacles and static geometry (collision), so no step ends inside anything.
 */

// Module-scope scratch: the collision step allocates nothing.
const _contacts = new ContactList(32);
const _p: Vec3 = { x: 0, y: 0, z: 0 };
const _q: Vec3 = { x: 0, y: 0, z: 0 };
const _n: Vec3 = { x: 0, y: 0, z: 0 };
const _dir: Vec3 = { x: 0, y: 0, z: 0 };

/**
 * Pushes overlapping agents apart (half the overlap each; an arrived agent holds its place).
 * Jacobi passes over the pairs listed while steering: order-independent, and a few passes
 * settle the chains of contacts in a crowd.
 */
export function separate(s: SteeringState): void {
  for (let pass = 0; pass < SEPARATION_PASSES; pass++) if (!separatePass(s)) return;
}

function separatePass(s: SteeringState): boolean {
  const n = s.agents.length;
  const next = s.next,
    corr = s.corr;
  corr.fill(0, 0, 3 * n);
  let any = false;
  for (let i = 0; i < n; i++) {
    if (s.held[i] === 1) continue;
    const o = 3 * i;
    for (let k = s.nbStart[i]; k < s.nbStart[i + 1]; k++) {
      const j = s.nbList[k];
      const q = 3 * j;
      let dx = next[o] - next[q],
        dy = next[o + 1] - next[q + 1],
        dz = next[o + 2] - next[q + 2];
      const d = len3(dx, dy, dz);
      const overlap = s.rad[i] + s.rad[j] - d;
      if (overlap <= 0) continue;
      if (d < COINCIDENT) {
        s.randomUnit(_dir);
        dx = _dir.x;
        dy = _dir.y;
        dz = _dir.z;
      } else {
        dx /= d;
        dy /= d;
        dz /= d;
      }
      const share = s.held[j] === 1 ? overlap : 0.5 * overlap;
      corr[o] += dx * share;
      corr[o + 1] += dy * share;
      corr[o + 2] += dz * share;
      any = true;
    }
  }
  if (any) for (let k = 0; k < 3 * n; k++) next[k] += corr[k];
  return any;
}

/**
 * The collision step of agent i, from `next` into `pos`: out of moving obstacles, then out of
 * static geometry along the surface normals. A move whose centre would cross a surface is
 * refused, and so is any result still penetrating after the passes: the agent stays where it
 * was (outside).
 */
export function collide(s: SteeringState, i: number): void {
  const a = s.agents[i];
  const o = 3 * i;
  const r = a.spec.radius;
  const x0 = s.prev[o],
    y0 = s.prev[o + 1],
    z0 = s.prev[o + 2];
  let x = s.next[o],
    y = s.next[o + 1],
    z = s.next[o + 2];
  for (let m = 0; m < s.obstacles.length; m++) {
    if (m === a.goalObstacle) continue;
    const dx = x - s.obsPos[3 * m],
      dy = y - s.obsPos[3 * m + 1],
      dz = z - s.obsPos[3 * m + 2];
    const d = len3(dx, dy, dz);
    const reach = s.obsRadius[m] + r;
    if (d >= reach || d < COINCIDENT) continue;
    x = s.obsPos[3 * m] + (dx / d) * reach;
    y = s.obsPos[3 * m + 1] + (dy / d) * reach;
    z = s.obsPos[3 * m + 2] + (dz / d) * reach;
  }
  const move = len3(x - x0, y - y0, z - z0);
  // The nearest surface was `nearest` away at the start and moves at most `move` closer:
  // if that still leaves room for the sphere, nothing can touch it (no query needed).
  if (!a.inside && a.nearest - move >= r + SKIN) {
    s.setPos(o, x, y, z);
    return;
  }
  const geo = s.geometry;
  const range = s.params.avoidRange * r;
  if (a.inside) {
    if (geo.inside(x, y, z) && geo.nearest(set(_p, x, y, z), Infinity, _q, _n) < Infinity) {
      // The normal points from the surface towards the (inside) centre: go out the other way.
      x = _q.x - _n.x * (r + SKIN);
      y = _q.y - _n.y * (r + SKIN);
      z = _q.z - _n.z * (r + SKIN);
    }
  } else if (move > 0 && !geo.clear(x0, y0, z0, x, y, z, 0)) {
    x = x0;
    y = y0;
    z = z0;
  }
  let pushed = false;
  let c = 0;
  for (let pass = 0; pass < COLLISION_PASSES; pass++) {
    c = a.query.contacts(x, y, z, r + range, _contacts);
    let moved = false;
    for (let k = 0; k < c; k++) {
      const d = _contacts.distance[k];
      if (d >= r) continue;
      const push = r - d + SKIN;
      x += _contacts.normal[3 * k] * push;
      y += _contacts.normal[3 * k + 1] * push;
      z += _contacts.normal[3 * k + 2] * push;
      moved = true;
    }
    if (!moved) break;
    pushed = true;
  }
  if (pushed) c = a.query.contacts(x, y, z, r + range, _contacts);
  const least = c > 0 ? _contacts.nearest() : Infinity;
  // Still inside after the passes (a gap narrower than the agent), or pushed through a thin
  // wall: refuse the move.
  if (pushed && !a.inside && (least < r - PENETRATION_TOLERANCE / 2 || !geo.clear(x0, y0, z0, x, y, z, 0))) {
    x = x0;
    y = y0;
    z = z0;
  } else {
    // Known at the end position, which is a valid (closer) bound for what follows; it keeps
    // agents that no longer steer (arrived) from querying every step.
    a.nearest = least;
  }
  if (a.inside) a.inside = geo.inside(x, y, z);
  s.setPos(o, x, y, z);
}
