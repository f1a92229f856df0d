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
 * Usage within one agent's steering: `orcaBegin` (steer's neighbour search calls it and keeps
 * the nearest ORCA_MAX_NEIGHBORS agents in `orcaKept`), `orcaObstacle` for each moving obstacle in range,
 * and `orcaSolve` with the number kept. Scratch arrays live here and only grow.
 */
import type { SteeringState } from './agentState.ts';
import { leastPenetration, PLANE_STRIDE, solveLinearProgram3 } from './linearProgram3.ts';
import { ORCA_MAX_NEIGHBORS } from './tuning.ts';

/** Numbers orcaPlane reads from its input array (see orcaPlane). */
export const ORCA_PLANE_INPUT = 13;

/** The neighbours kept for the agent being steered, nearest first (written by steer, read by orcaSolve). */
export const orcaKept = new Int32Array(ORCA_MAX_NEIGHBORS);
/** Their squared centre distances. */
export const orcaKeptDistSq = new Float64Array(ORCA_MAX_NEIGHBORS);

// Module scratch: the planes, the result, orcaPlane's input.
let _planes = new Float64Array(PLANE_STRIDE * (ORCA_MAX_NEIGHBORS + 8));
let _projected = new Float64Array(_planes.length);
let _planeCount = 0;
const _result = new Float64Array(3);
const _input = new Float64Array(ORCA_PLANE_INPUT);

/** Starts the planes of the agent being steered. */
export function orcaBegin(): void {
  _planeCount = 0;
}

/**
 * Writes into `planes` at plane k the ORCA half-space of a velocity v against a sphere at
 * relative position p moving at relative velocity w (v - its velocity), with combined radius
 * `rr`, horizon `tau`, step `h` and share of the avoiding `share` (0.5 reciprocal, 1 when the
 * other does not avoid). `input` (ORCA_PLANE_INPUT numbers) holds v (3), p (3), w (3), rr, tau,
 * h, share: numbers passed as arguments to a call would be boxed on the heap. Exported for the
 * tests.
 */
export function orcaPlane(planes: Float64Array, k: number, input: Float64Array): void {
  const vx = input[0],
    vy = input[1],
    vz = input[2],
    px = input[3],
    py = input[4],
    pz = input[5],
    wx = input[6],
    wy = input[7],
    wz = input[8],
    rr = input[9],
    tau = input[10],
    h = input[11],
    share = input[12];
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
 * Adds the half-space of moving obstacle m for agent i (its velocity and radius from `s`): the
 * obstacle does not avoid, so the agent takes all of it within obstacleTimeHorizon seconds.
 */
export function orcaObstacle(s: SteeringState, m: number, i: number): void {
  reserve(_planeCount + 1);
  const o = 3 * m;
  const q = 3 * i;
  const h = 1 / s.params.stepHz;
  const ox = s.obsPrev[o],
    oy = s.obsPrev[o + 1],
    oz = s.obsPrev[o + 2];
  const vx = s.vel[q],
    vy = s.vel[q + 1],
    vz = s.vel[q + 2];
  const inv = 1 / h;
  const input = _input;
  input[0] = vx;
  input[1] = vy;
  input[2] = vz;
  input[3] = ox - s.pos[q];
  input[4] = oy - s.pos[q + 1];
  input[5] = oz - s.pos[q + 2];
  input[6] = vx - (s.obsPos[o] - ox) * inv;
  input[7] = vy - (s.obsPos[o + 1] - oy) * inv;
  input[8] = vz - (s.obsPos[o + 2] - oz) * inv;
  input[9] = s.rad[i] + s.obsRadius[m];
  input[10] = s.params.obstacleTimeHorizon;
  input[11] = h;
  input[12] = 1;
  orcaPlane(_planes, _planeCount++, input);
}

/**
 * The new velocity of agent i nearest its preferred one (s.pref), no faster than its speed,
 * within the half-spaces of the `kept` first agents of orcaKept (horizon timeHorizon) and the moving obstacles
 * added, falling back to the least penetration when none satisfies them all. The result is
 * module scratch (xyz): read it before the next call.
 */
export function orcaSolve(s: SteeringState, i: number, kept: number): Float64Array {
  reserve(_planeCount + kept);
  const q = 3 * i;
  const r = s.rad[i];
  const h = 1 / s.params.stepHz;
  const vx = s.vel[q],
    vy = s.vel[q + 1],
    vz = s.vel[q + 2];
  const input = _input;
  input[0] = vx;
  input[1] = vy;
  input[2] = vz;
  input[10] = s.params.timeHorizon;
  input[11] = h;
  for (let k = 0; k < kept; k++) {
    const j = orcaKept[k];
    const o = 3 * j;
    input[3] = s.pos[o] - s.pos[q];
    input[4] = s.pos[o + 1] - s.pos[q + 1];
    input[5] = s.pos[o + 2] - s.pos[q + 2];
    input[6] = vx - s.vel[o];
    input[7] = vy - s.vel[o + 1];
    input[8] = vz - s.vel[o + 2];
    input[9] = r + s.rad[j];
    input[12] = s.held[j] === 1 ? 1 : 0.5;
    orcaPlane(_planes, _planeCount++, input);
  }
  const speed = s.agents[i].spec.speed;
  const fail = solveLinearProgram3(_planes, _planeCount, speed, s.pref[q], s.pref[q + 1], s.pref[q + 2], false, _result);
  if (fail < _planeCount) leastPenetration(_planes, _planeCount, fail, speed, _result, _projected);
  return _result;
}
