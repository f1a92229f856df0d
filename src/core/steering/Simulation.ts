import { mulberry32 } from '../math/random.ts';
import { addScaled, dot, set, type Vec3 } from '../math/vec3.ts';
import type { SearchStatus } from '../search/result.ts';
import { ContactList, EMPTY_GEOMETRY, type StaticGeometry, type StaticQuery } from './geometry.ts';
import { NeighborGrid } from './NeighborGrid.ts';
import { resolveSteeringParams, type SteeringParams } from './params.ts';
import { StraightPlanner, segmentBlocked, type PathPlanner, type PlannedPath } from './planners.ts';

/** An agent to simulate. */
export interface AgentSpec {
  id: string;
  start: Vec3;
  /** A fixed point, or the id of a moving obstacle to chase (the agent docks on its surface). */
  goal: Vec3 | { obstacle: string };
  /** Sphere radius (>= 0). */
  radius: number;
  /** World units per second (> 0). */
  speed: number;
}

/** A moving obstacle: a sphere whose centre follows `positionAt` on the simulation clock. */
export interface MovingObstacleSpec {
  id: string;
  radius: number;
  /** Centre at simulated time t (seconds), written into `out`. */
  positionAt(t: number, out: Vec3): Vec3;
}

export interface SimulationOptions {
  /** The static world. @default no static geometry */
  geometry?: StaticGeometry;
  /** Plans paths. @default StraightPlanner */
  planner?: PathPlanner;
  params?: Partial<SteeringParams>;
  /**
   * Edge of the voxel grid of the world, 0 when there is none: an agent has arrived within
   * max(its radius, half a cell) of its goal. @default 0
   */
  cellSize?: number;
  /** Seeds the only randomness: the push direction between agents at the same point. @default 1 */
  seed?: number;
  movingObstacles?: readonly MovingObstacleSpec[];
  agents?: readonly AgentSpec[];
}

/** Per-agent results, in the shape `nav simulate --json` prints. */
export interface AgentMetrics {
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
  replans: number;
}

export interface SimulationReport {
  agents: AgentMetrics[];
  summary: { agents: number; arrived: number; stepsInside: number };
}

/** Penetration deeper than this counts as a step inside geometry. */
export const PENETRATION_TOLERANCE = 1e-3;
/** Gap the collision step leaves between an agent and the surface it was pushed out of. */
const SKIN = 1e-6;
/** Arrival comparisons allow this much floating-point slack. */
const ARRIVAL_SLACK = 1e-6;
/** Separation passes per step (each resolves the overlaps the previous one left). */
const SEPARATION_PASSES = 3;
/** Collision passes per step (a pass pushes out of every surface touched; corners need a few). */
const COLLISION_PASSES = 4;

/** Per-agent state that is not drawn (positions and forces live in the simulation's typed arrays). */
class Agent {
  spec: AgentSpec;
  query: StaticQuery;
  goalObstacle = -1;
  /** Current goal point (a moving goal's centre follows the obstacle). */
  readonly goal: Vec3 = { x: 0, y: 0, z: 0 };
  /** Where a moving goal was when the path was planned. */
  readonly planGoal: Vec3 = { x: 0, y: 0, z: 0 };
  /** xyz triples; the last point is the arrival point for fixed goals. */
  path = new Float64Array(6);
  pathCount = 0;
  /** Index of the path point the agent heads for. */
  target = 0;
  /** suffix[k]: path length from point k to the end. */
  suffix = new Float64Array(2);
  costs: Float32Array | null = null;
  status: SearchStatus = 'found';
  arrived = false;
  timeToArrive = -1;
  travelled = 0;
  planned = -1;
  minClearance = Infinity;
  stepsInside = 0;
  replans = 0;
  /** The centre is inside solid geometry (an agent placed there); the collision step then projects it out. */
  inside = false;
  /** Distance to the nearest static surface at the start-of-step position (Infinity: beyond the steering range). */
  nearest = Infinity;
  stuckTimer = 0;
  stuckRemaining = Infinity;
  lastReplan = -Infinity;
  /** Check the path at the next step (static geometry changed, an obstacle was moved). */
  checkNow = false;
  /** Re-test the whole remaining path against static geometry at the next check. */
  recheckStatic = false;
  /** Where the clearance to far-away geometry was last measured. */
  probeX = NaN;
  probeY = NaN;
  probeZ = NaN;

  constructor(spec: AgentSpec, query: StaticQuery) {
    this.spec = spec;
    this.query = query;
  }
}

// Module-scope scratch: the step loop allocates nothing.
const _contacts = new ContactList(32);
const _p: Vec3 = { x: 0, y: 0, z: 0 };
const _q: Vec3 = { x: 0, y: 0, z: 0 };
const _n: Vec3 = { x: 0, y: 0, z: 0 };
const _dir: Vec3 = { x: 0, y: 0, z: 0 };
/** Steering scratch: the summed push, the unit pull and its right-hand side of the agent being steered. */
const _push: Vec3 = { x: 0, y: 0, z: 0 };
const _pullDir: Vec3 = { x: 0, y: 0, z: 0 };
const _right: Vec3 = { x: 0, y: 0, z: 0 };

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
 * Array layout (valid for indices below `agentCount`; the arrays are replaced when capacity
 * grows, so read them through the getters each frame):
 *   positions, previousPositions, velocities, headings, pullForces, pushForces : 3 per agent
 *   radii : 1 per agent;  obstaclePositions : 3 per moving obstacle
 */
export class Simulation {
  /** The parameters in force (change them with `setParams`, which checks them). */
  params: SteeringParams;
  readonly geometry: StaticGeometry;
  readonly planner: PathPlanner;
  readonly cellSize: number;
  readonly seed: number;
  /** Simulated seconds since the start. */
  time = 0;
  /** Fixed steps taken since the start. */
  stepCount = 0;
  private accumulator = 0;
  private random: () => number;
  private agents: Agent[] = [];
  private capacity = 0;
  private pos = new Float64Array(0);
  private prev = new Float64Array(0);
  private vel = new Float64Array(0);
  private head = new Float64Array(0);
  private pull = new Float64Array(0);
  private push = new Float64Array(0);
  private next = new Float64Array(0);
  private corr = new Float64Array(0);
  private rad = new Float64Array(0);
  private near = new Int32Array(0);
  /** Agents near agent i this step (for the separation pass): nbList[nbStart[i] .. nbStart[i + 1]). */
  private nbStart = new Int32Array(1);
  private nbList = new Int32Array(64);
  private nbCount = 0;
  private readonly neighbors = new NeighborGrid();
  private readonly obstacles: MovingObstacleSpec[] = [];
  private obsPos = new Float64Array(0);
  private obsPrev = new Float64Array(0);
  private obsRadius = new Float64Array(0);
  private pinned = new Uint8Array(0);
  private blockers = new Float64Array(0);

  constructor(options: SimulationOptions = {}) {
    this.params = resolveSteeringParams(options.params);
    this.geometry = options.geometry ?? EMPTY_GEOMETRY;
    this.planner = options.planner ?? new StraightPlanner();
    const cellSize = options.cellSize ?? 0;
    if (!(cellSize >= 0) || !Number.isFinite(cellSize)) throw new RangeError(`cellSize: expected a finite number >= 0, got ${cellSize}`);
    this.cellSize = cellSize;
    this.seed = options.seed ?? 1;
    if (!Number.isFinite(this.seed)) throw new RangeError(`seed: expected a finite number, got ${this.seed}`);
    this.random = mulberry32(this.seed);
    for (const o of options.movingObstacles ?? []) this.addMovingObstacle(o);
    for (const a of options.agents ?? []) this.addAgent(a);
  }

  // ---- read-only views for renderers -------------------------------------------------------

  /** Number of agents (typed arrays may be longer: read the first 3 x agentCount values). */
  get agentCount(): number {
    return this.agents.length;
  }

  /** Agent centres at the end of the last fixed step. */
  get positions(): Float64Array {
    return this.pos;
  }

  /** Agent centres at the start of the last fixed step: draw prev + (pos - prev) x `alpha` for smooth motion. */
  get previousPositions(): Float64Array {
    return this.prev;
  }

  /** Displacement of the last fixed step divided by its duration. */
  get velocities(): Float64Array {
    return this.vel;
  }

  /** Unit facing directions, smoothed over a few steps (turning without twitching). */
  get headings(): Float64Array {
    return this.head;
  }

  /** The pull of the last step: unit direction to the target times max(1, pullGain x contenders). */
  get pullForces(): Float64Array {
    return this.pull;
  }

  /** The summed push of the last step (debug arrows). */
  get pushForces(): Float64Array {
    return this.push;
  }

  /** Agent radii, one per agent. */
  get radii(): Float64Array {
    return this.rad;
  }

  /** Number of moving obstacles. */
  get obstacleCount(): number {
    return this.obstacles.length;
  }

  /** Moving obstacle centres at the current time. */
  get obstaclePositions(): Float64Array {
    return this.obsPos;
  }

  /** Fraction of a fixed step accumulated but not yet simulated, in [0, 1): the interpolation factor. */
  get alpha(): number {
    return this.accumulator * this.params.stepHz;
  }

  /** Ids of the agents, in index order. */
  agentIds(): string[] {
    return this.agents.map((a) => a.spec.id);
  }

  /** Index of the agent with this id, -1 if none. */
  agentIndex(id: string): number {
    return this.agents.findIndex((a) => a.spec.id === id);
  }

  /** Ids of the moving obstacles, in index order. */
  obstacleIds(): string[] {
    return this.obstacles.map((o) => o.id);
  }

  /** The agent's current path (xyz triples, a view: copy it to keep it) and the point it heads for. */
  path(index: number): { points: Float64Array; target: number; status: SearchStatus } {
    const a = this.agentAt(index, 'path');
    return { points: a.path.subarray(0, 3 * a.pathCount), target: a.target, status: a.status };
  }

  /** Whether agent `index` has arrived (latched: it stays true until `setGoal`). */
  arrived(index: number): boolean {
    return this.agentAt(index, 'arrived').arrived;
  }

  /** True when every agent has arrived (and when there are none). */
  get allArrived(): boolean {
    return this.agents.every((a) => a.arrived);
  }

  // ---- control ------------------------------------------------------------------------------

  /** Changes parameters (merged over the current ones; checked, throws naming a bad one). */
  setParams(params: Partial<SteeringParams>): void {
    this.params = resolveSteeringParams(params, this.params);
  }

  /**
   * Advances the clock by dt seconds of frame time: runs as many fixed steps (1 / stepHz) as
   * have accumulated, at most maxStepsPerCall (the rest is dropped). dt = 0 does nothing.
   * Returns the number of fixed steps taken.
   */
  step(dt: number): number {
    if (!(dt >= 0) || !Number.isFinite(dt)) throw new RangeError(`Simulation.step dt: expected a finite number >= 0, got ${dt}`);
    if (dt === 0) return 0;
    const h = 1 / this.params.stepHz;
    this.accumulator += dt;
    let n = 0;
    // The tolerance keeps 60 frames of 1/60 s from losing a step to rounding.
    while (this.accumulator >= h * (1 - 1e-9) && n < this.params.maxStepsPerCall) {
      this.fixedStep();
      this.accumulator = Math.max(0, this.accumulator - h);
      n++;
    }
    if (this.accumulator >= h) this.accumulator = 0;
    return n;
  }

  /** Adds an agent, plans its path, and returns its index. */
  addAgent(spec: AgentSpec): number {
    const { id, start, radius, speed } = spec;
    if (typeof id !== 'string') throw new RangeError('addAgent: id must be a string');
    if (![start.x, start.y, start.z].every(Number.isFinite)) throw new RangeError(`addAgent '${id}': start must have finite coordinates`);
    if (!(radius >= 0) || !Number.isFinite(radius)) throw new RangeError(`addAgent '${id}': radius must be a finite number >= 0, got ${radius}`);
    if (!(speed > 0) || !Number.isFinite(speed)) throw new RangeError(`addAgent '${id}': speed must be a finite number > 0, got ${speed}`);
    const goal = spec.goal;
    if ('obstacle' in goal) {
      if (this.obstacleIndex(goal.obstacle) < 0) throw new RangeError(`addAgent '${id}': no moving obstacle '${goal.obstacle}'`);
    } else if (![goal.x, goal.y, goal.z].every(Number.isFinite)) {
      throw new RangeError(`addAgent '${id}': goal must have finite coordinates`);
    }
    const copy: AgentSpec = { id, start: { ...start }, goal: 'obstacle' in goal ? { obstacle: goal.obstacle } : { x: goal.x, y: goal.y, z: goal.z }, radius, speed };
    const i = this.agents.length;
    this.ensureCapacity(i + 1);
    this.agents.push(new Agent(copy, this.geometry.createQuery()));
    this.initAgent(i);
    return i;
  }

  /**
   * Sends agent `index` to a new goal: it replans from where it is and its arrival starts over
   * (arrived, timeToArrive); the other metrics keep accumulating.
   */
  setGoal(index: number, goal: Vec3 | { obstacle: string }): void {
    const a = this.agentAt(index, 'setGoal');
    if ('obstacle' in goal) {
      const m = this.obstacleIndex(goal.obstacle);
      if (m < 0) throw new RangeError(`setGoal: no moving obstacle '${goal.obstacle}'`);
      a.spec = { ...a.spec, goal: { obstacle: goal.obstacle } };
      a.goalObstacle = m;
      setVec(a.goal, this.obsPos[3 * m], this.obsPos[3 * m + 1], this.obsPos[3 * m + 2]);
    } else {
      if (![goal.x, goal.y, goal.z].every(Number.isFinite)) throw new RangeError('setGoal: goal must have finite coordinates');
      a.spec = { ...a.spec, goal: { x: goal.x, y: goal.y, z: goal.z } };
      a.goalObstacle = -1;
      setVec(a.goal, goal.x, goal.y, goal.z);
    }
    a.arrived = false;
    a.timeToArrive = -1;
    this.plan(a, index);
    const o = 3 * index;
    if (this.reached(a, this.pos[o], this.pos[o + 1], this.pos[o + 2])) {
      a.arrived = true;
      a.timeToArrive = this.time;
    }
  }

  /** Removes agent `index`; later agents move down one index. */
  removeAgent(index: number): void {
    this.agentAt(index, 'removeAgent');
    this.agents.splice(index, 1);
    const n = this.agents.length;
    for (const arr of [this.pos, this.prev, this.vel, this.head, this.pull, this.push]) arr.copyWithin(3 * index, 3 * index + 3, 3 * n + 3);
    this.rad.copyWithin(index, index + 1, n + 1);
  }

  /** Adds a moving obstacle (agents may then name it as their goal); returns its index. */
  addMovingObstacle(spec: MovingObstacleSpec): number {
    if (!(spec.radius > 0) || !Number.isFinite(spec.radius)) throw new RangeError(`addMovingObstacle '${spec.id}': radius must be a finite number > 0, got ${spec.radius}`);
    if (this.obstacleIndex(spec.id) >= 0) throw new RangeError(`addMovingObstacle: duplicate id '${spec.id}'`);
    const m = this.obstacles.length;
    this.obstacles.push(spec);
    this.obsPos = grow(this.obsPos, 3 * (m + 1));
    this.obsPrev = grow(this.obsPrev, 3 * (m + 1));
    this.obsRadius = grow(this.obsRadius, m + 1);
    this.blockers = grow(this.blockers, 4 * (m + 1));
    const pinned = new Uint8Array(m + 1);
    pinned.set(this.pinned.subarray(0, m));
    this.pinned = pinned;
    this.obsRadius[m] = spec.radius;
    this.placeObstacle(m, this.time);
    this.obsPrev.set(this.obsPos.subarray(3 * m, 3 * m + 3), 3 * m);
    return m;
  }

  /**
   * Pins a moving obstacle at (x, y, z) (dragged in an editor, or a door shutting) until
   * `releaseObstacle`. Agents re-check their paths at the next step and replan around it.
   */
  moveObstacle(idOrIndex: string | number, x: number, y: number, z: number): void {
    const m = typeof idOrIndex === 'number' ? idOrIndex : this.obstacleIndex(idOrIndex);
    if (!(m >= 0 && m < this.obstacles.length)) throw new RangeError(`moveObstacle: no moving obstacle ${JSON.stringify(idOrIndex)}`);
    if (![x, y, z].every(Number.isFinite)) throw new RangeError('moveObstacle: coordinates must be finite');
    this.pinned[m] = 1;
    this.obsPos[3 * m] = x;
    this.obsPos[3 * m + 1] = y;
    this.obsPos[3 * m + 2] = z;
    for (const a of this.agents) a.checkNow = true;
  }

  /** Lets a pinned obstacle follow its orbit again. */
  releaseObstacle(idOrIndex: string | number): void {
    const m = typeof idOrIndex === 'number' ? idOrIndex : this.obstacleIndex(idOrIndex);
    if (!(m >= 0 && m < this.obstacles.length)) throw new RangeError(`releaseObstacle: no moving obstacle ${JSON.stringify(idOrIndex)}`);
    this.pinned[m] = 0;
  }

  /**
   * Call after editing the static world (obstacle moved, voxels painted): agents forget cached
   * surroundings, and re-test their remaining paths at the next step, replanning if blocked.
   */
  staticGeometryChanged(): void {
    for (let i = 0; i < this.agents.length; i++) {
      const a = this.agents[i];
      a.query.invalidate();
      a.checkNow = true;
      a.recheckStatic = true;
      a.nearest = 0; // unknown: forces the collision step to look
      a.inside = this.geometry.inside(this.pos[3 * i], this.pos[3 * i + 1], this.pos[3 * i + 2]);
    }
  }

  /**
   * Back to time 0: obstacles unpinned on their orbits, agents at their starts (with their
   * current goals) with fresh plans and metrics, the random sequence restarted.
   */
  reset(): void {
    this.time = 0;
    this.stepCount = 0;
    this.accumulator = 0;
    this.random = mulberry32(this.seed);
    this.pinned.fill(0);
    for (let m = 0; m < this.obstacles.length; m++) this.placeObstacle(m, 0);
    this.obsPrev.set(this.obsPos);
    for (let i = 0; i < this.agents.length; i++) {
      const a = this.agents[i];
      const fresh = new Agent(a.spec, a.query);
      a.query.invalidate();
      this.agents[i] = fresh;
      this.initAgent(i);
    }
  }

  /** Metrics of every agent, in the shape `nav simulate --json` prints. */
  report(): SimulationReport {
    const agents = this.agents.map((a) => this.metricsOf(a));
    return {
      agents,
      summary: {
        agents: agents.length,
        arrived: agents.filter((m) => m.arrived).length,
        stepsInside: agents.reduce((s, m) => s + m.stepsInside, 0),
      },
    };
  }

  /** Metrics of agent `index` (see AgentMetrics). */
  metrics(index: number): AgentMetrics {
    return this.metricsOf(this.agentAt(index, 'metrics'));
  }

  // ---- the fixed step -----------------------------------------------------------------------

  /** Runs one fixed step of 1 / stepHz seconds. */
  fixedStep(): void {
    const h = 1 / this.params.stepHz;
    const t = this.time + h;
    this.obsPrev.set(this.obsPos);
    for (let m = 0; m < this.obstacles.length; m++) if (this.pinned[m] === 0) this.placeObstacle(m, t);
    const n = this.agents.length;
    this.prev.set(this.pos);
    if (n > 0) {
      let rMax = 0, reach = 0, stepMax = 0;
      for (let i = 0; i < n; i++) {
        const r = this.rad[i];
        if (r > rMax) rMax = r;
        if (r * (1 + this.params.avoidRange) > reach) reach = r * (1 + this.params.avoidRange);
        const s = this.agents[i].spec.speed * h;
        if (s > stepMax) stepMax = s;
      }
      // One cell covers both the steering query and the separation query after the moves.
      const cell = Math.max(reach + rMax, 2 * rMax + 2 * stepMax, 1e-3);
      this.neighbors.build(this.pos, n, cell);
      this.nbCount = 0;
      for (let i = 0; i < n; i++) {
        this.nbStart[i] = this.nbCount;
        this.steer(i, h, t, rMax, stepMax);
      }
      this.nbStart[n] = this.nbCount;
      this.separate();
      for (let i = 0; i < n; i++) {
        this.collide(i);
        this.measure(i, h, t);
      }
    }
    this.time = t;
    this.stepCount++;
  }

  /** Picks agent i's target and writes its steered position into `next`. */
  private steer(i: number, h: number, t: number, rMax: number, stepMax: number): void {
    const a = this.agents[i];
    const P = this.params;
    const o = 3 * i;
    const px = this.pos[o], py = this.pos[o + 1], pz = this.pos[o + 2];
    const r = a.spec.radius;
    let bx = px, by = py, bz = pz;
    const g = a.goalObstacle;
    if (g >= 0) {
      a.goal.x = this.obsPos[3 * g];
      a.goal.y = this.obsPos[3 * g + 1];
      a.goal.z = this.obsPos[3 * g + 2];
      // The last path point follows the moving goal.
      const l = 3 * (a.pathCount - 1);
      a.path[l] = a.goal.x;
      a.path[l + 1] = a.goal.y;
      a.path[l + 2] = a.goal.z;
      if (a.arrived) {
        // Docked: ride along with the obstacle, then steer to stay docked.
        a.target = a.pathCount - 1;
        bx += this.obsPos[3 * g] - this.obsPrev[3 * g];
        by += this.obsPos[3 * g + 1] - this.obsPrev[3 * g + 1];
        bz += this.obsPos[3 * g + 2] - this.obsPrev[3 * g + 2];
      }
    } else if (a.arrived) {
      this.next[o] = px;
      this.next[o + 1] = py;
      this.next[o + 2] = pz;
      this.pull.fill(0, o, o + 3);
      this.push.fill(0, o, o + 3);
      return;
    }
    if (!a.arrived) this.followPath(a, i, h, t);

    // Target: the path point, or on the last leg to a moving goal the docking point on its surface.
    const last = a.target >= a.pathCount - 1;
    let tx = a.path[3 * a.target], ty = a.path[3 * a.target + 1], tz = a.path[3 * a.target + 2];
    let finalDist = Infinity;
    if (last && g >= 0) {
      let dx = px - tx, dy = py - ty, dz = pz - tz;
      let d = len3(dx, dy, dz);
      if (d < 1e-9) {
        dx = this.head[o];
        dy = this.head[o + 1];
        dz = this.head[o + 2];
        d = len3(dx, dy, dz) || 1;
      }
      const dock = this.obsRadius[g] + r;
      tx += (dx / d) * dock;
      ty += (dy / d) * dock;
      tz += (dz / d) * dock;
      finalDist = len3(tx - px, ty - py, tz - pz);
    } else if (last) {
      finalDist = len3(tx - px, ty - py, tz - pz);
    }
    let ux = tx - px, uy = ty - py, uz = tz - pz;
    const ul = len3(ux, uy, uz);
    if (ul > 1e-12) {
      ux /= ul;
      uy /= ul;
      uz /= ul;
    } else {
      ux = uy = uz = 0;
    }
    // Right-hand side of the pull (y up), for passing oncoming agents on the right.
    let sx = -uz, sy = 0, sz = ux;
    let sl = Math.sqrt(sx * sx + sz * sz);
    if (sl < 0.1) {
      sx = 0;
      sy = uz;
      sz = -uy;
      sl = Math.sqrt(sy * sy + sz * sz);
    }
    if (sl > 1e-12) {
      sx /= sl;
      sy /= sl;
      sz /= sl;
    }

    const range = P.avoidRange * r;
    const minD = Math.max(P.minDistance, 1e-9);
    let contenders = 0;
    set(_push, 0, 0, 0);
    set(_pullDir, ux, uy, uz);
    set(_right, sx, sy, sz);

    // Other agents (from the spatial hash), their gap measured between the two spheres. Those
    // that may overlap after this step's moves are listed for the separation pass.
    const sep = r + rMax + 2 * stepMax;
    const found = this.neighbors.query(px, py, pz, Math.max(r + range + rMax, sep), this.near);
    for (let k = 0; k < found; k++) {
      const j = this.near[k];
      if (j === i) continue;
      const q = 3 * j;
      const dx = px - this.pos[q], dy = py - this.pos[q + 1], dz = pz - this.pos[q + 2];
      const d = len3(dx, dy, dz);
      if (d < sep) this.listNeighbor(j);
      const gap = d - r - this.rad[j];
      if (gap > range) continue;
      contenders++;
      this.pushFromSphere(dx, dy, dz, d, gap, minD);
    }

    // Moving obstacles other than the agent's own goal (passed on the right too, as agents are).
    for (let m = 0; m < this.obstacles.length; m++) {
      if (m === g) continue;
      const dx = px - this.obsPos[3 * m], dy = py - this.obsPos[3 * m + 1], dz = pz - this.obsPos[3 * m + 2];
      const d = len3(dx, dy, dz);
      const gap = d - r - this.obsRadius[m];
      if (gap > range) continue;
      contenders++;
      this.pushFromSphere(dx, dy, dz, d, gap, minD);
    }

    // Static geometry: the nearest point of every surface in range.
    const c = a.query.contacts(px, py, pz, r + range, _contacts);
    a.nearest = c > 0 ? _contacts.nearest() : Infinity;
    for (let k = 0; k < c; k++) {
      const w = 1 / Math.max(_contacts.distance[k] - r, minD);
      _push.x += _contacts.normal[3 * k] * w;
      _push.y += _contacts.normal[3 * k + 1] * w;
      _push.z += _contacts.normal[3 * k + 2] * w;
    }
    contenders += c;

    const pullW = Math.max(1, P.pullGain * contenders);
    this.pull[o] = ux * pullW;
    this.pull[o + 1] = uy * pullW;
    this.pull[o + 2] = uz * pullW;
    this.push[o] = _push.x;
    this.push[o + 1] = _push.y;
    this.push[o + 2] = _push.z;
    let dx = ux * pullW + _push.x, dy = uy * pullW + _push.y, dz = uz * pullW + _push.z;
    const dl = len3(dx, dy, dz);
    if (dl > 1e-12) {
      dx /= dl;
      dy /= dl;
      dz /= dl;
    } else {
      dx = dy = dz = 0;
    }
    let len = a.spec.speed * h;
    if (last && g < 0) {
      // Slow down over the last speed x slowdownTime, never below a fifth of full speed.
      const slow = a.spec.speed * P.slowdownTime;
      if (finalDist < slow) len *= Math.max(0.2, finalDist / slow);
    }
    if (len > finalDist) len = finalDist;
    this.next[o] = bx + dx * len;
    this.next[o + 1] = by + dy * len;
    this.next[o + 2] = bz + dz * len;
  }

  /**
   * Adds the push of a sphere (another agent or a moving obstacle) whose centre is (dx, dy, dz)
   * away at distance d with surface gap `gap`: away from it with weight 1/gap (gap clamped to
   * minD), in a random direction when the centres coincide. A sphere ahead also pushes to the
   * right, so two agents meeting head-on pass each other instead of stalling nose to nose.
   */
  private pushFromSphere(dx: number, dy: number, dz: number, d: number, gap: number, minD: number): void {
    if (d < 1e-9) {
      this.randomUnit(_dir);
    } else {
      set(_dir, dx / d, dy / d, dz / d);
    }
    const w = 1 / Math.max(gap, minD);
    addScaled(_push, _push, _dir, w);
    const ahead = -dot(_dir, _pullDir);
    if (ahead > 0.5) addScaled(_push, _push, _right, w * ahead);
  }

  /** Advances along the path, string-pulls, detects blocked paths, moved goals and no progress. */
  private followPath(a: Agent, i: number, h: number, t: number): void {
    const o = 3 * i;
    const px = this.pos[o], py = this.pos[o + 1], pz = this.pos[o + 2];
    const lastIndex = a.pathCount - 1;
    const reach = this.arrivalRadius(a);
    let advanced = false;
    while (a.target < lastIndex && dist(a.path, a.target, px, py, pz) <= reach) {
      a.target++;
      advanced = true;
    }
    // Check at a fixed rhythm (staggered over agents), at once after advancing, and every step
    // while a target is about to be reached (corners in narrow corridors need the exact moment).
    const P = this.params;
    const soon = dist(a.path, a.target, px, py, pz) < 2 * a.spec.speed * h * P.checkInterval;
    if (advanced || soon || a.checkNow || (this.stepCount + i) % P.checkInterval === 0) this.checkPath(a, i, t);

    a.stuckTimer += h;
    if (a.stuckTimer >= P.stuckTime) {
      const remaining = dist(a.path, a.target, px, py, pz) + a.suffix[a.target];
      if (a.stuckRemaining - remaining < 0.1 * a.spec.speed * P.stuckTime) {
        this.replan(a, i, t);
        a.stuckRemaining = dist(a.path, a.target, px, py, pz) + a.suffix[a.target];
      } else {
        a.stuckRemaining = remaining;
      }
      a.stuckTimer = 0;
    }
  }

  private checkPath(a: Agent, i: number, t: number): void {
    const o = 3 * i;
    const px = this.pos[o], py = this.pos[o + 1], pz = this.pos[o + 2];
    const r = a.spec.radius;
    const geo = this.geometry;
    const lastIndex = a.pathCount - 1;
    a.checkNow = false;
    if (a.recheckStatic) {
      // The static world changed: is any leg of the remaining path blocked now? (A slightly
      // thinner capsule, so a path that merely grazes a surface does not count.)
      a.recheckStatic = false;
      let blocked = !geo.clear(px, py, pz, a.path[3 * a.target], a.path[3 * a.target + 1], a.path[3 * a.target + 2], 0.9 * r);
      for (let k = a.target; k < lastIndex && !blocked; k++) {
        blocked = !geo.clear(a.path[3 * k], a.path[3 * k + 1], a.path[3 * k + 2], a.path[3 * k + 3], a.path[3 * k + 4], a.path[3 * k + 5], 0.9 * r);
      }
      if (blocked) {
        this.replan(a, i, t);
        return;
      }
    }
    // String pulling: head for the furthest of the next points in line of sight (past static
    // geometry and the moving obstacles as they are now).
    const g = a.goalObstacle;
    const count = this.collectBlockers(g);
    const planner = this.planner;
    const end = Math.min(lastIndex, a.target + this.params.lookahead);
    let pathCost = a.costs === null ? 1 : a.costs[a.target];
    for (let j = a.target + 1; j <= end; j++) {
      const jx = a.path[3 * j], jy = a.path[3 * j + 1], jz = a.path[3 * j + 2];
      if (!geo.clear(px, py, pz, jx, jy, jz, r) || segmentBlocked(this.blockers, count, px, py, pz, jx, jy, jz, r)) break;
      if (a.costs !== null && planner.maxCostAlong) {
        if (a.costs[j] > pathCost) pathCost = a.costs[j];
        if (planner.maxCostAlong(px, py, pz, jx, jy, jz) > pathCost + 1e-9) break;
      }
      a.target = j;
    }
    // A moving obstacle (other than the goal) now covers the leg being flown or the next one.
    if (count > 0) {
      // A slightly thinner capsule: an agent resting against an obstacle it is passing does not count.
      const k = a.target;
      let blocked = segmentBlocked(this.blockers, count, px, py, pz, a.path[3 * k], a.path[3 * k + 1], a.path[3 * k + 2], 0.9 * r);
      if (!blocked && k < lastIndex) {
        blocked = segmentBlocked(this.blockers, count, a.path[3 * k], a.path[3 * k + 1], a.path[3 * k + 2], a.path[3 * k + 3], a.path[3 * k + 4], a.path[3 * k + 5], 0.9 * r);
      }
      if (blocked && t - a.lastReplan >= this.params.replanInterval) {
        this.replan(a, i, t);
        return;
      }
    }
    if (g >= 0 && t - a.lastReplan >= this.params.replanInterval) {
      // A moving goal: replan when it slipped out of sight on the last leg, or moved far from
      // where the path was planned to (far relative to how far away it still is).
      const gx = a.goal.x, gy = a.goal.y, gz = a.goal.z;
      const lost = a.target === lastIndex && !geo.clear(px, py, pz, gx, gy, gz, r);
      const drift = len3(gx - a.planGoal.x, gy - a.planGoal.y, gz - a.planGoal.z);
      if (lost || (a.target < lastIndex && drift > Math.max(this.arrivalRadius(a), 0.25 * len3(gx - px, gy - py, gz - pz)))) this.replan(a, i, t);
    }
  }

  /** Writes the moving obstacles other than `skip` into `blockers` (x, y, z, radius); returns their count. */
  private collectBlockers(skip: number): number {
    let count = 0;
    for (let m = 0; m < this.obstacles.length; m++) {
      if (m === skip) continue;
      this.blockers[4 * count] = this.obsPos[3 * m];
      this.blockers[4 * count + 1] = this.obsPos[3 * m + 1];
      this.blockers[4 * count + 2] = this.obsPos[3 * m + 2];
      this.blockers[4 * count + 3] = this.obsRadius[m];
      count++;
    }
    return count;
  }

  /** Plans from where agent i is, around the moving obstacles as they are now. */
  private replan(a: Agent, i: number, t: number): void {
    this.plan(a, i);
    a.replans++;
    a.lastReplan = t;
  }

  private plan(a: Agent, i: number): void {
    const o = 3 * i;
    _p.x = this.pos[o];
    _p.y = this.pos[o + 1];
    _p.z = this.pos[o + 2];
    const count = this.collectBlockers(a.goalObstacle);
    let plan = this.planner.plan(_p, a.goal, a.spec.radius, this.blockers, count);
    // Obstacles that move are planned around when possible, but never make a goal
    // "unreachable": arrival only moves to a closest point for static reasons.
    if (plan.status !== 'found' && count > 0) plan = this.planner.plan(_p, a.goal, a.spec.radius);
    this.setPath(a, plan);
  }

  private setPath(a: Agent, plan: PlannedPath): void {
    const n = plan.points.length / 3;
    if (n < 1) throw new Error('PathPlanner.plan returned no points');
    if (a.path.length < 3 * n) a.path = new Float64Array(3 * n);
    a.path.set(plan.points);
    a.pathCount = n;
    a.target = n > 1 ? 1 : 0;
    if (a.suffix.length < n) a.suffix = new Float64Array(n);
    a.suffix[n - 1] = 0;
    for (let k = n - 2; k >= 0; k--) a.suffix[k] = a.suffix[k + 1] + len3(a.path[3 * k + 3] - a.path[3 * k], a.path[3 * k + 4] - a.path[3 * k + 1], a.path[3 * k + 5] - a.path[3 * k + 2]);
    a.costs = plan.costs;
    a.status = plan.status;
    a.planGoal.x = a.goal.x;
    a.planGoal.y = a.goal.y;
    a.planGoal.z = a.goal.z;
    if (a.planned < 0) a.planned = a.suffix[0];
    a.stuckTimer = 0;
    a.stuckRemaining = Infinity;
  }

  /**
   * Pushes overlapping agents apart (half the overlap each; an arrived agent holds its place).
   * Jacobi passes over the pairs listed while steering: order-independent, and a few passes
   * settle the chains of contacts in a crowd.
   */
  private separate(): void {
    for (let pass = 0; pass < SEPARATION_PASSES; pass++) if (!this.separatePass()) return;
  }

  private separatePass(): boolean {
    const n = this.agents.length;
    const next = this.next, corr = this.corr;
    corr.fill(0, 0, 3 * n);
    let any = false;
    for (let i = 0; i < n; i++) {
      if (this.anchored(i)) continue;
      const o = 3 * i;
      for (let k = this.nbStart[i]; k < this.nbStart[i + 1]; k++) {
        const j = this.nbList[k];
        const q = 3 * j;
        let dx = next[o] - next[q], dy = next[o + 1] - next[q + 1], dz = next[o + 2] - next[q + 2];
        const d = len3(dx, dy, dz);
        const overlap = this.rad[i] + this.rad[j] - d;
        if (overlap <= 0) continue;
        if (d < 1e-9) {
          this.randomUnit(_dir);
          dx = _dir.x;
          dy = _dir.y;
          dz = _dir.z;
        } else {
          dx /= d;
          dy /= d;
          dz /= d;
        }
        const share = this.anchored(j) ? overlap : 0.5 * overlap;
        corr[o] += dx * share;
        corr[o + 1] += dy * share;
        corr[o + 2] += dz * share;
        any = true;
      }
    }
    if (any) for (let k = 0; k < 3 * n; k++) next[k] += corr[k];
    return any;
  }

  private listNeighbor(j: number): void {
    if (this.nbCount === this.nbList.length) {
      const list = new Int32Array(2 * this.nbList.length);
      list.set(this.nbList);
      this.nbList = list;
    }
    this.nbList[this.nbCount++] = j;
  }

  private anchored(i: number): boolean {
    const a = this.agents[i];
    return a.arrived && a.goalObstacle < 0;
  }

  /**
   * The collision step: out of moving obstacles, then out of static geometry along the
   * surface normals. A move whose centre would cross a surface is refused, and so is any
   * result still penetrating after the passes: the agent stays where it was (outside).
   */
  private collide(i: number): void {
    const a = this.agents[i];
    const o = 3 * i;
    const r = a.spec.radius;
    const x0 = this.prev[o], y0 = this.prev[o + 1], z0 = this.prev[o + 2];
    let x = this.next[o], y = this.next[o + 1], z = this.next[o + 2];
    for (let m = 0; m < this.obstacles.length; m++) {
      if (m === a.goalObstacle) continue;
      const dx = x - this.obsPos[3 * m], dy = y - this.obsPos[3 * m + 1], dz = z - this.obsPos[3 * m + 2];
      const d = len3(dx, dy, dz);
      const reach = this.obsRadius[m] + r;
      if (d >= reach || d < 1e-9) continue;
      x = this.obsPos[3 * m] + (dx / d) * reach;
      y = this.obsPos[3 * m + 1] + (dy / d) * reach;
      z = this.obsPos[3 * m + 2] + (dz / d) * reach;
    }
    const move = len3(x - x0, y - y0, z - z0);
    // The nearest surface was `nearest` away at the start and moves at most `move` closer:
    // if that still leaves room for the sphere, nothing can touch it (no query needed).
    if (!a.inside && a.nearest - move >= r + SKIN) {
      this.setPos(o, x, y, z);
      return;
    }
    const geo = this.geometry;
    const range = this.params.avoidRange * r;
    if (a.inside) {
      if (geo.inside(x, y, z) && geo.nearest(setVec(_p, x, y, z), Infinity, _q, _n) < Infinity) {
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
    this.setPos(o, x, y, z);
  }

  /** Velocity, heading, travelled distance, clearance, penetration and arrival of agent i after a step. */
  private measure(i: number, h: number, t: number): void {
    const a = this.agents[i];
    const o = 3 * i;
    const x = this.pos[o], y = this.pos[o + 1], z = this.pos[o + 2];
    const dx = x - this.prev[o], dy = y - this.prev[o + 1], dz = z - this.prev[o + 2];
    const moved = len3(dx, dy, dz);
    this.vel[o] = dx / h;
    this.vel[o + 1] = dy / h;
    this.vel[o + 2] = dz / h;
    if (moved > 1e-9) {
      // Ease the heading a quarter of the way to the motion each step.
      const hx = this.head[o] + (dx / moved - this.head[o]) * 0.25;
      const hy = this.head[o + 1] + (dy / moved - this.head[o + 1]) * 0.25;
      const hz = this.head[o + 2] + (dz / moved - this.head[o + 2]) * 0.25;
      const hl = len3(hx, hy, hz);
      if (hl > 1e-6) {
        this.head[o] = hx / hl;
        this.head[o + 1] = hy / hl;
        this.head[o + 2] = hz / hl;
      }
    }
    if (!a.arrived) a.travelled += moved;
    this.measureClearance(a, x, y, z, moved);
    if (!a.arrived && this.reached(a, x, y, z)) {
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
  private measureClearance(a: Agent, x: number, y: number, z: number, moved: number): void {
    const r = a.spec.radius;
    const reach = r + this.params.avoidRange * r;
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
      if (!(a.minClearance > reach - r) || len3(x - a.probeX, y - a.probeY, z - a.probeZ) < Math.max(reach, 1e-3)) return;
      a.probeX = x;
      a.probeY = y;
      a.probeZ = z;
      d = this.geometry.nearest(setVec(_p, x, y, z), a.minClearance + r, _q, _n);
      if (d === Infinity) return;
    }
    const clearance = a.inside ? -d - r : d - r;
    if (clearance < a.minClearance) a.minClearance = clearance;
    if (clearance < -PENETRATION_TOLERANCE) a.stepsInside++;
  }

  /** Whether agent a at (x, y, z) is within max(radius, half a cell) of its goal (a moving goal: of its sphere). */
  private reached(a: Agent, x: number, y: number, z: number): boolean {
    const reach = this.arrivalRadius(a) + ARRIVAL_SLACK;
    const g = a.goalObstacle;
    if (g >= 0) return len3(x - this.obsPos[3 * g], y - this.obsPos[3 * g + 1], z - this.obsPos[3 * g + 2]) - this.obsRadius[g] <= reach;
    const l = 3 * (a.pathCount - 1);
    return len3(x - a.path[l], y - a.path[l + 1], z - a.path[l + 2]) <= reach;
  }

  private arrivalRadius(a: Agent): number {
    return Math.max(a.spec.radius, 0.5 * this.cellSize);
  }

  // ---- bookkeeping --------------------------------------------------------------------------

  private initAgent(i: number): void {
    const a = this.agents[i];
    const o = 3 * i;
    const { start, goal, radius } = a.spec;
    this.pos[o] = this.prev[o] = start.x;
    this.pos[o + 1] = this.prev[o + 1] = start.y;
    this.pos[o + 2] = this.prev[o + 2] = start.z;
    this.vel.fill(0, o, o + 3);
    this.pull.fill(0, o, o + 3);
    this.push.fill(0, o, o + 3);
    this.rad[i] = radius;
    if ('obstacle' in goal) {
      a.goalObstacle = this.obstacleIndex(goal.obstacle);
      setVec(a.goal, this.obsPos[3 * a.goalObstacle], this.obsPos[3 * a.goalObstacle + 1], this.obsPos[3 * a.goalObstacle + 2]);
    } else {
      setVec(a.goal, goal.x, goal.y, goal.z);
    }
    a.inside = this.geometry.inside(start.x, start.y, start.z);
    a.nearest = 0;
    this.plan(a, i);
    // Face the first leg.
    const hx = a.path[3 * a.target] - start.x, hy = a.path[3 * a.target + 1] - start.y, hz = a.path[3 * a.target + 2] - start.z;
    const hl = len3(hx, hy, hz);
    if (hl > 1e-9) {
      this.head[o] = hx / hl;
      this.head[o + 1] = hy / hl;
      this.head[o + 2] = hz / hl;
    } else {
      this.head[o] = 1;
      this.head[o + 1] = 0;
      this.head[o + 2] = 0;
    }
    this.measureClearance(a, start.x, start.y, start.z, 0);
    if (this.reached(a, start.x, start.y, start.z)) {
      a.arrived = true;
      a.timeToArrive = this.time;
    }
  }

  private metricsOf(a: Agent): AgentMetrics {
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

  private agentAt(index: number, method: string): Agent {
    const a = this.agents[index];
    if (!Number.isInteger(index) || a === undefined) throw new RangeError(`Simulation.${method}: agent index ${index} is outside [0, ${this.agents.length})`);
    return a;
  }

  private obstacleIndex(id: string): number {
    return this.obstacles.findIndex((o) => o.id === id);
  }

  private placeObstacle(m: number, t: number): void {
    this.obstacles[m].positionAt(t, _q);
    this.obsPos[3 * m] = _q.x;
    this.obsPos[3 * m + 1] = _q.y;
    this.obsPos[3 * m + 2] = _q.z;
  }

  private setPos(o: number, x: number, y: number, z: number): void {
    this.pos[o] = x;
    this.pos[o + 1] = y;
    this.pos[o + 2] = z;
  }

  private ensureCapacity(n: number): void {
    if (n <= this.capacity) return;
    const cap = Math.max(n, 2 * this.capacity, 16);
    this.pos = grow(this.pos, 3 * cap);
    this.prev = grow(this.prev, 3 * cap);
    this.vel = grow(this.vel, 3 * cap);
    this.head = grow(this.head, 3 * cap);
    this.pull = grow(this.pull, 3 * cap);
    this.push = grow(this.push, 3 * cap);
    this.next = grow(this.next, 3 * cap);
    this.corr = grow(this.corr, 3 * cap);
    this.rad = grow(this.rad, cap);
    this.near = new Int32Array(cap);
    this.nbStart = new Int32Array(cap + 1);
    this.capacity = cap;
  }

  /** A uniformly random unit vector from the seeded generator. */
  private randomUnit(out: Vec3): Vec3 {
    const z = 2 * this.random() - 1;
    const phi = 2 * Math.PI * this.random();
    const s = Math.sqrt(1 - z * z);
    return setVec(out, s * Math.cos(phi), z, s * Math.sin(phi));
  }
}

function grow(a: Float64Array<ArrayBuffer>, n: number): Float64Array<ArrayBuffer> {
  if (a.length >= n) return a;
  const b = new Float64Array(n);
  b.set(a);
  return b;
}

function setVec(out: Vec3, x: number, y: number, z: number): Vec3 {
  out.x = x;
  out.y = y;
  out.z = z;
  return out;
}

/** Distance from (x, y, z) to point k of a flat xyz array. */
function dist(path: Float64Array, k: number, x: number, y: number, z: number): number {
  return len3(path[3 * k] - x, path[3 * k + 1] - y, path[3 * k + 2] - z);
}

/** Length of (x, y, z); Math.hypot is several times slower in V8. */
function len3(x: number, y: number, z: number): number {
  return Math.sqrt(x * x + y * y + z * z);
}
