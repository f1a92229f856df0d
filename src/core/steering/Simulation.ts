import { checkNumber, checkObject, describeValue } from '../args.ts';
import { checkAgentSpec, checkSimulationOptions } from './simulationArgs.ts';
import { NavlabError } from '../errors.ts';
import { mulberry32 } from '../math/random.ts';
import type { Vec3 } from '../math/vec3.ts';
import type { SearchStatus } from '../search/result.ts';
import { aim, checkGoal, initAgent } from './agentSetup.ts';
import { AgentState, SteeringState, TRIPLES, type AgentSpec, type MovingObstacleSpec } from './agentState.ts';
import { minAgentGap } from './agentGap.ts';
import { runFixedStep } from './fixedStep.ts';
import { EMPTY_GEOMETRY, type StaticGeometry } from './geometry.ts';
import { arrive, metricsOf, report, type AgentMetrics, type SimulationReport } from './metrics.ts';
import { addObstacle, obstacleAt, pinObstacle, placeObstacle } from './movingObstacles.ts';
import { resolveSteeringParams, type SteeringParams } from './params.ts';
import { plan } from './pathFollowing.ts';
import { StraightPlanner, type PathPlanner } from './planners.ts';
import { STEP_ROUNDING } from './tuning.ts';

export type { AgentSpec, MovingObstacleSpec } from './agentState.ts';
export type { AgentMetrics, SimulationReport } from './metrics.ts';
export { PENETRATION_TOLERANCE } from './tuning.ts';

/** What a Simulation starts with: static world, planner, steering parameters, agents and moving obstacles. */
export interface SimulationOptions {
  /** The static world. @default no static geometry */
  geometry?: StaticGeometry;
  /** Plans paths. @default StraightPlanner */
  planner?: PathPlanner;
  /** Steering parameters to override (each within its range, see SteeringParams). @default the defaults of SteeringParams */
  params?: Partial<SteeringParams>;
  /**
   * Edge of the voxel grid of the world, 0 when there is none: an agent has arrived within
   * max(its radius, half a cell) of its goal. @default 0
   */
  cellSize?: number;
  /** Seeds the only randomness: the push direction between agents at the same point. @default 1 */
  seed?: number;
  /** Moving spheres agents avoid and may chase. @default none */
  movingObstacles?: readonly MovingObstacleSpec[];
  /** Agents to add at the start (more can be added later). @default none */
  agents?: readonly AgentSpec[];
}

/**
 * Agents steering along planned paths in 3D, past each other, moving obstacles and static
 * geometry, on a fixed-step clock. Engine-neutral: the static world and the path planner are
 * injected; positions, velocities, headings and force vectors are typed arrays a renderer reads.
 *
 * Each fixed step, in order:
 *  1. moving obstacles move to their place at the new time;
 *  2. every agent picks its target on its path (advancing, string pulling, replanning) and
 *     steers: the target pulls (unit vector, scaled by max(1, pullGain x contenders)), every
 *     obstacle whose surface is within avoidRange x radius of the agent's pushes with weight
 *     1 / gap (gap clamped to minDistance), the sum is normalised and the agent moves
 *     speed x dt along it (slower just before a fixed goal). An agent or moving obstacle
 *     straight ahead also pushes to the right, so head-on meetings resolve instead of
 *     stalling. All axes are treated alike (agents fly). All agents steer from the same
 *     snapshot of positions, so the order of agents does not matter;
 *  3. overlapping agents are separated;
 *  4. the collision step pushes each agent out of moving obstacles, then out of static
 *     geometry along the surface normals, so no step ends inside it;
 *  5. metrics, arrival.
 *
 * The stages live in their own modules: agentState (the shared state), fixedStep (this order),
 * pathFollowing, forces, collision and metrics, with agentSetup and movingObstacles for adding
 * and placing agents and obstacles; the fixed numbers they use are named in tuning.
 *
 * Array layout (valid for indices below `agentCount`; the arrays are replaced when capacity
 * grows, so read them through the getters each frame):
 *   positions, previousPositions, velocities, preferredVelocities, headings, pullForces,
 *   pushForces : 3 per agent
 *   radii : 1 per agent;  obstaclePositions : 3 per moving obstacle
 */
export class Simulation {
  /** The static world agents steer around and collide with. */
  declare readonly geometry: StaticGeometry;
  /** Plans the agents' paths (and replans). */
  declare readonly planner: PathPlanner;
  /** Voxel edge of the world's grid, 0 without one (sets the arrival distance, see SimulationOptions). */
  declare readonly cellSize: number;
  /** The seed of the run's only randomness (see SimulationOptions.seed). */
  declare readonly seed: number;
  /** Simulated seconds since the start. */
  time = 0;
  /** Fixed steps taken since the start. */
  stepCount = 0;
  #accumulator = 0;
  /** Agents, moving obstacles and the arrays the stages of a step share. */
  readonly #s: SteeringState;

  /**
   * A simulation at time 0 with the given world, planner, parameters, obstacles and agents; options are checked (a
   * NavlabError usage names the bad field).
   */
  constructor(options: SimulationOptions = {}) {
    checkSimulationOptions(options);
    const params = resolveSteeringParams(options.params);
    this.geometry = options.geometry ?? EMPTY_GEOMETRY;
    this.planner = options.planner ?? new StraightPlanner();
    this.cellSize = checkNumber('cellSize', options.cellSize ?? 0, 0);
    this.seed = checkNumber('seed', options.seed ?? 1);
    this.#s = new SteeringState(params, this.geometry, this.planner, this.cellSize, mulberry32(this.seed));
    for (const o of options.movingObstacles ?? []) this.addMovingObstacle(o);
    for (const a of options.agents ?? []) this.addAgent(a);
  }

  /** The parameters in force (change them with `setParams`, which checks them). */
  get params(): SteeringParams {
    return this.#s.params;
  }

  set params(params: SteeringParams) {
    this.#s.params = resolveSteeringParams(checkObject('Simulation.params', params));
  }

  // ---- read-only views for renderers -------------------------------------------------------

  /** Number of agents (typed arrays may be longer: read the first 3 x agentCount values). */
  get agentCount(): number {
    return this.#s.agents.length;
  }

  /** Agent centres at the end of the last fixed step. */
  get positions(): Float64Array {
    return this.#s.pos;
  }

  /** Agent centres at the start of the last fixed step: draw prev + (pos - prev) x `alpha` for smooth motion. */
  get previousPositions(): Float64Array {
    return this.#s.prev;
  }

  /** Displacement of the last fixed step divided by its duration. */
  get velocities(): Float64Array {
    return this.#s.vel;
  }

  /**
   * The velocity each agent wanted in the last step: towards its target (pulled by the path,
   * pushed by static geometry, and with the swarm rule by other agents and moving obstacles)
   * at its speed. With reciprocal avoidance the velocity flown (`velocities`) is the nearest
   * collision-free one to it; compare the two to see the avoiding. Zero for an arrived agent.
   */
  get preferredVelocities(): Float64Array {
    return this.#s.pref;
  }

  /** Unit facing directions, smoothed over a few steps (turning without twitching). */
  get headings(): Float64Array {
    return this.#s.head;
  }

  /** The pull of the last step: unit direction to the target times max(1, pullGain x contenders). */
  get pullForces(): Float64Array {
    return this.#s.pull;
  }

  /** The summed push of the last step (debug arrows). */
  get pushForces(): Float64Array {
    return this.#s.push;
  }

  /** Agent radii, one per agent. */
  get radii(): Float64Array {
    return this.#s.rad;
  }

  /** Number of moving obstacles. */
  get obstacleCount(): number {
    return this.#s.obstacles.length;
  }

  /** Moving obstacle centres at the current time. */
  get obstaclePositions(): Float64Array {
    return this.#s.obsPos;
  }

  /** Fraction of a fixed step accumulated but not yet simulated, in [0, 1): the interpolation factor. */
  get alpha(): number {
    return this.#accumulator * this.params.stepHz;
  }

  /** Ids of the agents, in index order. */
  agentIds(): string[] {
    return this.#s.agents.map((a) => a.spec.id);
  }

  /** Index of the agent with this id, -1 if none. */
  agentIndex(id: string): number {
    return this.#s.agents.findIndex((a) => a.spec.id === id);
  }

  /** Ids of the moving obstacles, in index order. */
  obstacleIds(): string[] {
    return this.#s.obstacles.map((o) => o.id);
  }

  /** The agent's current path (xyz triples, a view: copy it to keep it) and the point it heads for. */
  path(index: number): { points: Float64Array; target: number; status: SearchStatus } {
    const a = this.#agentAt(index, 'path');
    return { points: a.path.subarray(0, 3 * a.pathCount), target: a.target, status: a.status };
  }

  /** Whether agent `index` has arrived (latched: it stays true until `setGoal`). */
  arrived(index: number): boolean {
    return this.#agentAt(index, 'arrived').arrived;
  }

  /** True when every agent has arrived (and when there are none). */
  get allArrived(): boolean {
    return this.#s.agents.every((a) => a.arrived);
  }

  // ---- control ------------------------------------------------------------------------------

  /** Changes parameters (merged over the current ones; checked, throws naming a bad one). */
  setParams(params: Partial<SteeringParams>): void {
    checkObject('Simulation.setParams: params', params);
    this.#s.params = resolveSteeringParams(params, this.#s.params);
  }

  /**
   * Advances the clock by dt seconds of frame time: runs as many fixed steps (1 / stepHz) as
   * have accumulated, at most maxStepsPerCall (the rest is dropped). dt = 0 does nothing.
   * Returns the number of fixed steps taken.
   */
  step(dt: number): number {
    if (checkNumber('Simulation.step dt', dt, 0) === 0) return 0;
    const h = 1 / this.params.stepHz;
    this.#accumulator += dt;
    let n = 0;
    while (this.#accumulator >= h * (1 - STEP_ROUNDING) && n < this.params.maxStepsPerCall) {
      this.fixedStep();
      this.#accumulator = Math.max(0, this.#accumulator - h);
      n++;
    }
    if (this.#accumulator >= h) this.#accumulator = 0;
    return n;
  }

  /** Adds an agent, plans its path, and returns its index. */
  addAgent(spec: AgentSpec): number {
    const { id, start, radius, speed } = checkAgentSpec('addAgent', spec);
    const s = this.#s;
    const copy: AgentSpec = { id, start: { ...start }, goal: checkGoal(s, `addAgent '${id}'`, spec.goal), radius, speed };
    const i = s.agents.length;
    s.ensureCapacity(i + 1);
    s.agents.push(new AgentState(copy, this.geometry.createQuery()));
    initAgent(s, i, this.time);
    return i;
  }

  /**
   * Sends agent `index` to a new goal: it replans from where it is and its arrival starts over
   * (arrived, timeToArrive); the other metrics keep accumulating.
   */
  setGoal(index: number, goal: Vec3 | { obstacle: string }): void {
    const s = this.#s;
    const a = this.#agentAt(index, 'setGoal');
    a.spec = { ...a.spec, goal: checkGoal(s, 'setGoal', goal) };
    aim(s, a);
    a.arrived = false;
    a.timeToArrive = -1;
    plan(s, a, index);
    const o = 3 * index;
    arrive(s, a, s.pos[o], s.pos[o + 1], s.pos[o + 2], this.time);
  }

  /** Removes agent `index`; later agents move down one index. */
  removeAgent(index: number): void {
    const s = this.#s;
    this.#agentAt(index, 'removeAgent');
    s.agents.splice(index, 1);
    const n = s.agents.length;
    for (const k of TRIPLES) s[k].copyWithin(3 * index, 3 * index + 3, 3 * n + 3);
    s.rad.copyWithin(index, index + 1, n + 1);
  }

  /** Adds a moving obstacle (agents may then name it as their goal); returns its index. */
  addMovingObstacle(spec: MovingObstacleSpec): number {
    return addObstacle(this.#s, spec, this.time);
  }

  /**
   * Pins a moving obstacle at (x, y, z) (dragged in an editor, or a door shutting) until
   * `releaseObstacle`. Agents re-check their paths at the next step and replan around it.
   */
  moveObstacle(idOrIndex: string | number, x: number, y: number, z: number): void {
    pinObstacle(this.#s, idOrIndex, x, y, z);
  }

  /** Lets a pinned obstacle follow its orbit again. */
  releaseObstacle(idOrIndex: string | number): void {
    this.#s.pinned[obstacleAt(this.#s, idOrIndex, 'releaseObstacle')] = 0;
  }

  /**
   * Call after editing the static world (obstacle moved, voxels painted): agents forget cached
   * surroundings, and re-test their remaining paths at the next step, replanning if blocked.
   */
  staticGeometryChanged(): void {
    const s = this.#s;
    for (let i = 0; i < s.agents.length; i++) {
      const a = s.agents[i];
      a.query.invalidate();
      a.checkNow = true;
      a.recheckStatic = true;
      a.nearest = 0; // unknown: forces the collision step to look
      a.inside = this.geometry.inside(s.pos[3 * i], s.pos[3 * i + 1], s.pos[3 * i + 2]);
    }
  }

  /**
   * Back to time 0: obstacles unpinned on their orbits, agents at their starts (with their
   * current goals) with fresh plans and metrics, the random sequence restarted.
   */
  reset(): void {
    const s = this.#s;
    this.time = 0;
    this.stepCount = 0;
    this.#accumulator = 0;
    s.random = mulberry32(this.seed);
    s.minGap = Infinity;
    s.pinned.fill(0);
    for (let m = 0; m < s.obstacles.length; m++) placeObstacle(s, m, 0);
    s.obsPrev.set(s.obsPos);
    for (let i = 0; i < s.agents.length; i++) {
      const a = s.agents[i];
      const fresh = new AgentState(a.spec, a.query);
      a.query.invalidate();
      s.agents[i] = fresh;
      initAgent(s, i, this.time);
    }
  }

  /** Metrics of every agent, in the shape `nav simulate --json` prints. */
  report(): SimulationReport {
    return report(this.#s.agents, minAgentGap(this.#s));
  }

  /** Metrics of agent `index` (see AgentMetrics). */
  metrics(index: number): AgentMetrics {
    return metricsOf(this.#agentAt(index, 'metrics'));
  }

  // ---- the fixed step -----------------------------------------------------------------------

  /** Runs one fixed step of 1 / stepHz seconds. */
  fixedStep(): void {
    const h = 1 / this.params.stepHz;
    const t = this.time + h;
    runFixedStep(this.#s, h, t, this.stepCount);
    this.time = t;
    this.stepCount++;
  }

  // ---- bookkeeping --------------------------------------------------------------------------

  #agentAt(index: number, method: string): AgentState {
    const a = this.#s.agents[index];
    if (!Number.isInteger(index) || a === undefined)
      throw new NavlabError('usage', `Simulation.${method}: agent index ${describeValue(index)} is outside [0, ${this.#s.agents.length})`);
    return a;
  }
}
