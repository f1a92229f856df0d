import { set, type Vec3 } from '../math/vec3.ts';
import type { SearchStatus } from '../search/result.ts';
import type { StaticGeometry, StaticQuery } from './geometry.ts';
import { NeighborGrid } from './NeighborGrid.ts';
import type { SteeringParams } from './params.ts';
import type { PathPlanner } from './planners.ts';
import { grown } from '../math/grown.ts';

/** An agent to simulate. */
export interface AgentSpec {
  /** Unique id of the agent (reported in the metrics). */
  id: string;
  /** Start position, world units. */
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
  /** Unique id of the obstacle (an agent's goal may name it). */
  id: string;
  /** Sphere radius (>= 0, world units). */
  radius: number;
  /** Centre at simulated time t (seconds), written into `out`. */
  positionAt(t: number, out: Vec3): Vec3;
}

/** Per-agent state that is not drawn (positions and forces live in SteeringState's typed arrays). */
export class AgentState {
  declare spec: AgentSpec;
  declare query: StaticQuery;
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
  /** Reciprocal avoidance: the neighbour search level this agent starts at (see steer in forces.ts). */
  orcaLevel = 0;

  constructor(spec: AgentSpec, query: StaticQuery) {
    this.spec = spec;
    this.query = query;
  }
}

/** The per-agent arrays of SteeringState holding 3 numbers per agent. */
export const TRIPLES = ['pos', 'prev', 'vel', 'pref', 'head', 'pull', 'push', 'next', 'corr'] as const;

/**
 * Everything the stages of a fixed step share: the agents, the moving obstacles and the flat
 * arrays a renderer reads. Owned by a Simulation; the stage modules (path following, forces,
 * collision, metrics) read and write it.
 *
 * Array layout (valid for indices below `agents.length`; replaced when capacity grows):
 *   pos, prev, vel, pref, head, pull, push : 3 per agent (xyz), the views Simulation exposes
 *   next : 3 per agent, the steered position before separation and collision
 *   corr : 3 per agent, one separation pass's corrections
 *   rad, held : 1 per agent;  near : agent indices a neighbour query returns
 *   nbList[nbStart[i] .. nbStart[i + 1]) : the agents near agent i this step (separation)
 *   obsPos, obsPrev : 3 per moving obstacle (now, at the start of the step); obsRadius : 1
 *   pinned : 1 per moving obstacle (1: held where an editor put it)
 *   blockers : 4 per moving obstacle (x, y, z, radius) handed to the planner
 */
export class SteeringState {
  declare params: SteeringParams;
  declare readonly geometry: StaticGeometry;
  declare readonly planner: PathPlanner;
  /** Edge of the world's voxel grid, 0 when there is none (sets the arrival radius). */
  declare readonly cellSize: number;
  /** Seeded generator: the only randomness. */
  declare random: () => number;
  agents: AgentState[] = [];
  capacity = 0;
  pos = new Float64Array(0);
  prev = new Float64Array(0);
  vel = new Float64Array(0);
  pref = new Float64Array(0);
  head = new Float64Array(0);
  pull = new Float64Array(0);
  push = new Float64Array(0);
  next = new Float64Array(0);
  corr = new Float64Array(0);
  rad = new Float64Array(0);
  near = new Int32Array(0);
  /** 1 when agent i holds its place (arrived at a fixed goal; others are pushed off it), as at the start of the step (written by runFixedStep). */
  held = new Uint8Array(0);
  nbStart = new Int32Array(1);
  nbList = new Int32Array(64);
  nbCount = 0;
  /** Least centre distance / (r_i + r_j) of two agents seen so far (Infinity: no pair yet; see agentGap). */
  minGap = Infinity;
  readonly neighbors = new NeighborGrid();
  /**
   * `neighbors`, then the agents in cells 2, 4, 8... times as large (reciprocal avoidance's
   * farther searches; added and built only when one needs them, see steer).
   */
  readonly grids = [this.neighbors];
  /** How many of `grids` are built at this step's positions (the coarser ones only when a search needs them). */
  built = 0;
  readonly obstacles: MovingObstacleSpec[] = [];
  obsPos = new Float64Array(0);
  obsPrev = new Float64Array(0);
  obsRadius = new Float64Array(0);
  pinned = new Uint8Array(0);
  blockers = new Float64Array(0);

  constructor(params: SteeringParams, geometry: StaticGeometry, planner: PathPlanner, cellSize: number, random: () => number) {
    this.params = params;
    this.geometry = geometry;
    this.planner = planner;
    this.cellSize = cellSize;
    this.random = random;
  }

  /** Index of the moving obstacle with this id, -1 if none. */
  obstacleIndex(id: string): number {
    return this.obstacles.findIndex((o) => o.id === id);
  }

  /** Lists agent j as near the agent being steered (grows the list as needed). */
  listNeighbor(j: number): void {
    if (this.nbCount === this.nbList.length) this.nbList = grown(this.nbList, 2 * this.nbCount);
    this.nbList[this.nbCount++] = j;
  }

  setPos(o: number, x: number, y: number, z: number): void {
    this.pos[o] = x;
    this.pos[o + 1] = y;
    this.pos[o + 2] = z;
  }

  /** Makes room for n agents (the per-agent arrays at least double). */
  ensureCapacity(n: number): void {
    if (n <= this.capacity) return;
    const cap = Math.max(n, 2 * this.capacity, 16);
    for (const k of TRIPLES) this[k] = grow(this[k], 3 * cap);
    this.rad = grow(this.rad, cap);
    this.near = new Int32Array(cap);
    this.held = new Uint8Array(cap);
    this.nbStart = new Int32Array(cap + 1);
    this.capacity = cap;
  }

  /** A uniformly random unit vector from the seeded generator. */
  randomUnit(out: Vec3): Vec3 {
    const z = 2 * this.random() - 1;
    const phi = 2 * Math.PI * this.random();
    const s = Math.sqrt(1 - z * z);
    return set(out, s * Math.cos(phi), z, s * Math.sin(phi));
  }
}

/** `a` when it holds at least n values, else a copy of it in a new array of length n. */
export function grow(a: Float64Array<ArrayBuffer>, n: number): Float64Array<ArrayBuffer> {
  return a.length >= n ? a : grown(a, n);
}

/** Distance from (x, y, z) to point k of a flat xyz array. */
export function dist(path: Float64Array, k: number, x: number, y: number, z: number): number {
  return len3(path[3 * k] - x, path[3 * k + 1] - y, path[3 * k + 2] - z);
}

/** Length of (x, y, z); Math.hypot is several times slower in V8. */
export function len3(x: number, y: number, z: number): number {
  return Math.sqrt(x * x + y * y + z * z);
}
