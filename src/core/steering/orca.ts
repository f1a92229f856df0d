/**
 * Reciprocal avoidance (ORCA in 3D, as in RVO2-3D): each agent picks the velocity nearest its
 * preferred one among those that cannot collide with any neighbour within a time horizon,
 * assuming each neighbour takes half the avoiding (an arrived agent holding its place and a
 * moving obstacle take none, so the agent takes all of it, with the obstacles' own horizon).
 *
 * Per neighbour the forbidden velocities form a truncated cone (the velocity obstacle); its
 * nearest boundary point to the current relative velocity gives u, and the permitted
 * half-space is { v : (v - (v_i + share x u)) . n >= 0 } with n the outward normal there.
 * The half-spaces and the speed ball go to the 3D linear program (linearProgram3).
 *
 * Usage within one agent's steering: `orcaBegin`, then `orcaConsider` for each agent the
 * neighbour search returns (the nearest ORCA_MAX_NEIGHBORS are kept), `orcaObstacle` for each
 * moving obstacle in range, and `orcaSolve`. Scratch arrays live here and only grow.
 */
import type { SteeringState } from './agentState.ts';
import { leastPenetration, PLANE_STRIDE, solveLinearProgram3 } from './linearProgram3.ts';
import { ORCA_LOOKAHEAD, ORCA_MAX_NEIGHBORS } from './tuning.ts';

// Module scratch: the nearest neighbours kept (index, squared distance), the planes, the result.
const _nbIndex = new Int32Array(ORCA_MAX_NEIGHBORS);
const _nbDistSq = new Float64Array(ORCA_MAX_NEIGHBORS);
let _nbCount = 0;
let _planes = new Float64Array(PLANE_STRIDE * (ORCA_MAX_NEIGHBORS + 8));
let _projected = new Float64Array(_planes.length);
let _planeCount = 0;
const _result = new Float64Array(3);

/**
 * How far (centre to centre) reciprocal avoidance looks for neighbours of an agent of radius r
 * among agents of radius at most rOther, closing in at most at `closing` units per second:
 * as far as they close in within the horizon `tau`, at most ORCA_LOOKAHEAD seconds.
 */
export function orcaNeighborReach(r: number, rOther: number, closing: number, tau: number): number {
  return r + rOther + closing * Math.min(tau, ORCA_LOOKAHEAD);
}

/** Starts the neighbour list and the planes of the agent being steered. */
export function orcaBegin(): void {
  _nbCount = 0;
  _planeCount = 0;
}

/** Offers agent j at squared centre distance distSq: kept when among the nearest ORCA_MAX_NEIGHBORS so far. */
export function orcaConsider(j: number, distSq: number): void {
  let k = _nbCount;
  if (k === ORCA_MAX_NEIGHBORS) {
    if (distSq >= _nbDistSq[k - 1]) return;
    k--;
  } else _nbCount++;
  // Insertion into the list sorted by distance (ties keep the lower index first).
  while (k > 0 && _nbDistSq[k - 1] > distSq) {
    _nbIndex[k] = _nbIndex[k - 1];
    _nbDistSq[k] = _nbDistSq[k - 1];
    k--;
  }
  _nbIndex[k] = j;
  _nbDistSq[k] = distSq;
}

/**
 * Writes into `planes` at plane k the ORCA half-space of a velocity v = (vx, vy, vz) against a
 * sphere at relative position (px, py, pz) moving at relative velocity (v - its velocity) =
 * (wx, wy, wz), with combined radius `rr`, horizon `tau`, step `h` and share of the avoiding
 * `share` (0.5 reciprocal, 1 when the other does not avoid). Exported for the tests.
 */
export function orcaPlane(
  planes: Float64Array,
  k: number,
  vx: number,
  vy: number,
  vz: number,
  px: number,
  py: number,
  pz: number,
  wx: number,
  wy: number,
  wz: number,
  rr: number,
  tau: number,
  h: number,
  share: number,
): void {
  const distSq = px * px + py * py + pz * pz;
  const rrSq = rr * rr;
  // (ex, ey, ez) of length el: the outward normal at the nearest boundary point, unnormalised.
  let ex: number, ey: number, ez: number, el: number, uLen: number;
  if (distSq > rrSq) {
    const inv = 1 / tau;
    // From the centre of the cut-off sphere (p / tau) to the relative velocity.
    ex = wx - inv * px;
    ey = wy - inv * py;
    ez = wz - inv * pz;
    const cSq = ex * ex + ey * ey + ez * ez;
    const dotProduct = ex * px + ey * py + ez * pz;
    if (dotProduct < 0 && dotProduct * dotProduct > rrSq * cSq) {
      // Nearest boundary point on the cut-off sphere (cSq > 0 here).
      el = Math.sqrt(cSq);
      uLen = rr * inv - el;
    } else {
      // Nearest boundary point on the cone's side.
      const b = px * wx + py * wy + pz * wz;
      const ax = py * wz - pz * wy,
        ay = pz * wx - px * wz,
        az = px * wy - py * wx;
      const c = wx * wx + wy * wy + wz * wz - (ax * ax + ay * ay + az * az) / (distSq - rrSq);
      const t = (b + Math.sqrt(Math.max(0, b * b - distSq * c))) / distSq;
      ex = wx - t * px;
      ey = wy - t * py;
      ez = wz - t * pz;
      el = Math.sqrt(ex * ex + ey * ey + ez * ez);
      uLen = rr * t - el;
    }
  } else {
    // Already overlapping: leave the overlap within this step.
    const inv = 1 / h;
    ex = wx - inv * px;
    ey = wy - inv * py;
    ez = wz - inv * pz;
    el = Math.sqrt(ex * ex + ey * ey + ez * ez);
    uLen = rr * inv - el;
  }
  let nx = 1,
    ny = 0,
    nz = 0;
  if (el > 0) {
    nx = ex / el;
    ny = ey / el;
    nz = ez / el;
  } else if (distSq > 0) {
    // The relative velocity lies on the cone's axis through its apex (or on the overlap's
    // escape velocity): leave sideways of p.
    const d = Math.sqrt(distSq);
    nx = -px / d;
    ny = -py / d;
    nz = -pz / d;
  }
  const o = PLANE_STRIDE * k;
  const f = share * uLen;
  planes[o] = vx + f * nx;
  planes[o + 1] = vy + f * ny;
  planes[o + 2] = vz + f * nz;
  planes[o + 3] = nx;
  planes[o + 4] = ny;
  planes[o + 5] = nz;
}

function reserve(n: number): void {
  if (PLANE_STRIDE * n <= _planes.length) return;
  const planes = new Float64Array(2 * PLANE_STRIDE * n);
  planes.set(_planes);
  _planes = planes;
  _projected = new Float64Array(planes.length);
}

/**
 * Adds the half-space of moving obstacle m for agent i (velocity (vx, vy, vz), radius r): the
 * obstacle does not avoid, so the agent takes all of it within `tau` seconds.
 */
export function orcaObstacle(
  s: SteeringState,
  m: number,
  vx: number,
  vy: number,
  vz: number,
  r: number,
  tau: number,
  h: number,
  i: number,
): void {
  reserve(_planeCount + 1);
  const o = 3 * m;
  const q = 3 * i;
  const ox = s.obsPrev[o],
    oy = s.obsPrev[o + 1],
    oz = s.obsPrev[o + 2];
  const inv = 1 / h;
  orcaPlane(
    _planes,
    _planeCount++,
    vx,
    vy,
    vz,
    ox - s.pos[q],
    oy - s.pos[q + 1],
    oz - s.pos[q + 2],
    vx - (s.obsPos[o] - ox) * inv,
    vy - (s.obsPos[o + 1] - oy) * inv,
    vz - (s.obsPos[o + 2] - oz) * inv,
    r + s.obsRadius[m],
    tau,
    h,
    1,
  );
}

/**
 * The new velocity of agent i (velocity (vx, vy, vz), radius r, top speed `maxSpeed`) nearest
 * the preferred one (ux, uy, uz), within the half-spaces of the neighbours kept and the moving
 * obstacles added, falling back to the least penetration when none satisfies them all. The
 * result is module scratch (xyz): read it before the next call.
 */
export function orcaSolve(
  s: SteeringState,
  i: number,
  vx: number,
  vy: number,
  vz: number,
  ux: number,
  uy: number,
  uz: number,
  maxSpeed: number,
  tau: number,
  h: number,
): Float64Array {
  reserve(_planeCount + _nbCount);
  const q = 3 * i;
  const r = s.rad[i];
  for (let k = 0; k < _nbCount; k++) {
    const j = _nbIndex[k];
    const o = 3 * j;
    orcaPlane(
      _planes,
      _planeCount++,
      vx,
      vy,
      vz,
      s.pos[o] - s.pos[q],
      s.pos[o + 1] - s.pos[q + 1],
      s.pos[o + 2] - s.pos[q + 2],
      vx - s.vel[o],
      vy - s.vel[o + 1],
      vz - s.vel[o + 2],
      r + s.rad[j],
      tau,
      h,
      s.anchored(j) ? 1 : 0.5,
    );
  }
  const fail = solveLinearProgram3(_planes, _planeCount, maxSpeed, ux, uy, uz, false, _result);
  if (fail < _planeCount) leastPenetration(_planes, _planeCount, fail, maxSpeed, _result, _projected);
  return _result;
}
