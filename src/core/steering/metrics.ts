import { set, type Vec3 } from '../math/vec3.ts';
import { len3, type AgentState, type SteeringState } from './agentState.ts';
import { ContactList, EMPTY_GEOMETRY } from './geometry.ts';
import { ARRIVAL_SLACK, COINCIDENT, HEADING_EASE, HEADING_MIN_LENGTH, MIN_PROBE_SPACING, PENETRATION_TOLERANCE } from './tuning.ts';

/** Per-agent results, in the shape `nav simulate --json` prints. */
export interface AgentMetrics {
  /** The agent's id. */
  id: string;
  /** Came within max(radius, half a cell) of its goal (or of the end of its closest-reachable path). */
  arrived: boolean;
  /** Simulated seconds to the first arrival, null if it has not arrived. */
  timeToArrive: number | null;
  /** Distance moved until arrival (or until now). */
  travelled: number;
  /** Length of the first planned path. */
  planned: number;
  /** Least distance between the agent's sphere and static geometry (negative: penetration); null when the world has none. */
  minClearance: number | null;
  /** Fixed steps that ended with the sphere penetrating static geometry by more than 1e-3. */
  stepsInside: number;
  /** Paths planned after the first (blocked path, new goal position). */
  replans: number;
}

/** Per-agent metrics of a simulation run and a summary (what `nav simulate --json` prints). */
export interface SimulationReport {
  /** One entry per agent, in the order they were added. */
  agents: AgentMetrics[];
  /**
   * Agents, how many arrived, steps inside static geometry summed over agents, and the least
   * centre distance / (r_i + r_j) of two agents over all steps (1 when no two ever touched,
   * null with fewer than two agents).
   */
  summary: { agents: number; arrived: number; stepsInside: number; minAgentGap: number | null };
}

// Module-scope scratch: measuring allocates nothing.
const _contacts = new ContactList(32);
const _p: Vec3 = { x: 0, y: 0, z: 0 };
const _q: Vec3 = { x: 0, y: 0, z: 0 };
const _n: Vec3 = { x: 0, y: 0, z: 0 };

/** Velocity, heading, travelled distance, clearance, penetration and arrival of agent i after a step of h seconds ending at t. */
export function measure(s: SteeringState, i: number, h: number, t: number): void {
  const a = s.agents[i];
  const o = 3 * i;
  const x = s.pos[o],
    y = s.pos[o + 1],
    z = s.pos[o + 2];
  const dx = x - s.prev[o],
    dy = y - s.prev[o + 1],
    dz = z - s.prev[o + 2];
  const moved = len3(dx, dy, dz);
  s.vel[o] = dx / h;
  s.vel[o + 1] = dy / h;
  s.vel[o + 2] = dz / h;
  if (moved > COINCIDENT) {
    const hx = s.head[o] + (dx / moved - s.head[o]) * HEADING_EASE;
    const hy = s.head[o + 1] + (dy / moved - s.head[o + 1]) * HEADING_EASE;
    const hz = s.head[o + 2] + (dz / moved - s.head[o + 2]) * HEADING_EASE;
    const hl = len3(hx, hy, hz);
    if (hl > HEADING_MIN_LENGTH) {
      s.head[o] = hx / hl;
      s.head[o + 1] = hy / hl;
      s.head[o + 2] = hz / hl;
    }
  }
  if (!a.arrived) a.travelled += moved;
  // Free space has no clearance to measure.
  if (s.geometry !== EMPTY_GEOMETRY) measureClearance(s, a, x, y, z, moved);
  arrive(s, a, x, y, z, t);
}

/** Latches the arrival of agent a at (x, y, z) at time t (once: it stays until a new goal). */
export function arrive(s: SteeringState, a: AgentState, x: number, y: number, z: number, t: number): void {
  if (!a.arrived && reached(s, a, x, y, z)) {
    a.arrived = true;
    a.timeToArrive = t;
  }
}

/**
 * Clearance and penetration at the end of a step. The nearest surface was `nearest` away at
 * the start of the step and is at least that minus the distance moved now: the exact
 * distance is looked up only when it could be a new least clearance or a penetration. Near
 * geometry (within the steering range) it is exact; farther away it is sampled once per
 * range travelled (it matters there only while nothing has ever come closer).
 */
export function measureClearance(s: SteeringState, a: AgentState, x: number, y: number, z: number, moved: number): void {
  const r = a.spec.radius;
  const reach = r + s.params.avoidRange * r;
  // `nearest` is Infinity when nothing was within the steering range: then the range itself bounds it.
  const lower = a.inside ? -Infinity : Math.min(a.nearest, reach) - moved;
  if (lower - r >= a.minClearance && lower >= r - PENETRATION_TOLERANCE) return;
  let d = Infinity;
  if (lower < reach) {
    const c = a.query.contacts(x, y, z, reach, _contacts);
    if (c > 0) d = _contacts.nearest();
  }
  if (d === Infinity) {
    // Nothing within the steering range: sample the clearance now and then.
    if (!(a.minClearance > reach - r) || len3(x - a.probeX, y - a.probeY, z - a.probeZ) < Math.max(reach, MIN_PROBE_SPACING)) return;
    a.probeX = x;
    a.probeY = y;
    a.probeZ = z;
    d = s.geometry.nearest(set(_p, x, y, z), a.minClearance + r, _q, _n);
    if (d === Infinity) return;
  }
  const clearance = a.inside ? -d - r : d - r;
  if (clearance < a.minClearance) a.minClearance = clearance;
  if (clearance < -PENETRATION_TOLERANCE) a.stepsInside++;
}

/** Whether agent a at (x, y, z) is within max(radius, half a cell) of its goal (a moving goal: of its sphere). */
export function reached(s: SteeringState, a: AgentState, x: number, y: number, z: number): boolean {
  const reach = arrivalRadius(s, a) + ARRIVAL_SLACK;
  const g = a.goalObstacle;
  if (g >= 0) return len3(x - s.obsPos[3 * g], y - s.obsPos[3 * g + 1], z - s.obsPos[3 * g + 2]) - s.obsRadius[g] <= reach;
  const l = 3 * (a.pathCount - 1);
  return len3(x - a.path[l], y - a.path[l + 1], z - a.path[l + 2]) <= reach;
}

/** max(radius, half a cell): how near its goal (or a path point) an agent must come. */
export function arrivalRadius(s: SteeringState, a: AgentState): number {
  return Math.max(a.spec.radius, 0.5 * s.cellSize);
}

/** The public metrics of one agent. */
export function metricsOf(a: AgentState): AgentMetrics {
  return {
    id: a.spec.id,
    arrived: a.arrived,
    timeToArrive: a.arrived ? a.timeToArrive : null,
    travelled: a.travelled,
    planned: a.planned,
    minClearance: Number.isFinite(a.minClearance) ? a.minClearance : null,
    stepsInside: a.stepsInside,
    replans: a.replans,
  };
}

/** Metrics of every agent and their summary. */
export function report(agents: readonly AgentState[], minAgentGap: number | null): SimulationReport {
  const metrics = agents.map(metricsOf);
  return {
    agents: metrics,
    summary: {
      agents: metrics.length,
      arrived: metrics.filter((m) => m.arrived).length,
      stepsInside: metrics.reduce((sum, m) => sum + m.stepsInside, 0),
      minAgentGap,
    },
  };
}
