/**
 * The three-side adapter of the steering simulation: static-geometry queries through the scene
 * BVH (`BvhGeometry`), and a ready simulation from a scene document (`createSceneSimulation`).
 */
import type { Box3 } from 'three';
import { checkInstance, checkNumber, checkObject, checkOneOf, checkOptions } from '../core/args.ts';
import { NavlabError } from '../core/errors.ts';
import { VisibilityGraph, type Aabb } from '../core/graph/visibility.ts';
import type { WaypointGraph } from '../core/graph/WaypointGraph.ts';
import type { Vec3 } from '../core/math/vec3.ts';
import type { ContactList, StaticGeometry, StaticQuery } from '../core/steering/geometry.ts';
import type { SteeringParams } from '../core/steering/params.ts';
import { GridPlanner, StraightPlanner, WaypointPlanner, type PathPlanner } from '../core/steering/planners.ts';
import { Simulation, type AgentSpec, type MovingObstacleSpec } from '../core/steering/Simulation.ts';
import { movingObstaclePosition, resolvePoint, waypointPositions, type SceneDocument } from '../scene/index.ts';
import { checkSceneDocument } from '../scene/documentShape.ts';
import { ObstacleWorld } from './ObstacleWorld.ts';
import type { PreprocessResult } from './preprocess.ts';
import type { StaticBVH } from './StaticBVH.ts';
import { closestPointOnTriangle, faceNormal, pointTriangleDistanceSq } from './triangleMath.ts';

/**
 * Static geometry for steering from an ObstacleWorld: the voxel faces and the primitive
 * meshes, all in the one scene BVH. A surface (one obstacle of the contact list) is a
 * primitive obstacle, or one rectangle of the voxel mesh (greedy-merged faces: a flat voxel
 * wall is one rectangle). After editing the world, call the simulation's
 * `staticGeometryChanged()` so queries drop what they cached.
 */
export class BvhGeometry implements StaticGeometry {
  readonly world: ObstacleWorld;
  /** Changes when the tree is rebuilt or `invalidate()` is called; queries refill on a change. */
  generation = 0;
  /** Surface id of each BVH triangle slot. */
  surfaceOfSlot = new Int32Array(0);
  #tree: StaticBVH | null = null;

  constructor(world: ObstacleWorld) {
    this.world = checkInstance('BvhGeometry: world', world, ObstacleWorld);
  }

  /** The current tree; refreshes the slot -> surface table after a rebuild. */
  current(): StaticBVH {
    const tree = this.world.bvh;
    if (tree !== this.#tree) {
      this.#tree = tree;
      const n = tree.triangleCount;
      if (this.surfaceOfSlot.length < n) this.surfaceOfSlot = new Int32Array(n);
      for (let k = 0; k < n; k++) this.surfaceOfSlot[k] = this.world.surfaceOf(tree.triangleOf[k]);
      this.generation++;
    }
    return tree;
  }

  createQuery(): StaticQuery {
    return new BvhQuery(this);
  }

  nearest(p: Vec3, maxDistance: number, outPoint: Vec3, outNormal: Vec3): number {
    return this.world.closestPointOnObstacles(p, maxDistance, outPoint, outNormal);
  }

  clear(ax: number, ay: number, az: number, bx: number, by: number, bz: number, radius: number): boolean {
    return this.world.capsuleClear(ax, ay, az, bx, by, bz, radius);
  }

  inside(x: number, y: number, z: number): boolean {
    return this.world.contains(x, y, z);
  }
}

/**
 * One agent's contact query. The BVH walk is the expensive part, so it is done for a ball
 * twice the asked distance and the triangles found are kept: while the agent stays within the
 * extra margin of where the ball was centred, every surface within the asked distance is among
 * them (a point moves no closer to anything than it moves), and a query only computes closest
 * points on those few triangles.
 */
class BvhQuery implements StaticQuery {
  readonly #geo: BvhGeometry;
  #generation = -1;
  #cx = 0;
  #cy = 0;
  #cz = 0;
  /** Radius of the cached ball (-1: nothing cached). */
  #radius = -1;
  slots = new Int32Array(16);
  /** Distance of each cached triangle from the ball's centre. */
  distances = new Float64Array(16);
  count = 0;

  constructor(geo: BvhGeometry) {
    this.#geo = geo;
  }

  invalidate(): void {
    this.#radius = -1;
  }

  contacts(x: number, y: number, z: number, maxDistance: number, out: ContactList): number {
    out.clear();
    const tree = this.#geo.current();
    const ex = x - this.#cx,
      ey = y - this.#cy,
      ez = z - this.#cz;
    let moved = Math.sqrt(ex * ex + ey * ey + ez * ez);
    if (this.#generation !== this.#geo.generation || !(moved + maxDistance <= this.#radius)) {
      this.#refill(tree, x, y, z, 2 * maxDistance + 1e-3);
      moved = 0;
    }
    const tris = tree.slotTris;
    const surface = this.#geo.surfaceOfSlot;
    for (let k = 0; k < this.count; k++) {
      if (this.distances[k] - moved > maxDistance) continue;
      const slot = this.slots[k];
      const d2 = closestPointOnTriangle(x, y, z, tris, 9 * slot, _q);
      if (d2 > maxDistance * maxDistance) continue;
      const d = Math.sqrt(d2);
      if (d > 1e-9) {
        out.offer(surface[slot], d, _q[0], _q[1], _q[2], (x - _q[0]) / d, (y - _q[1]) / d, (z - _q[2]) / d);
      } else {
        // On the surface: the face normal (meshes wind counter-clockwise seen from outside).
        faceNormal(tris, 9 * slot, _n);
        out.offer(surface[slot], d, _q[0], _q[1], _q[2], _n.x, _n.y, _n.z);
      }
    }
    return out.count;
  }

  #refill(tree: StaticBVH, x: number, y: number, z: number, radius: number): void {
    this.#generation = this.#geo.generation;
    this.#cx = x;
    this.#cy = y;
    this.#cz = z;
    this.#radius = radius;
    this.count = 0;
    if (tree.bvh === null) return;
    _collector = this;
    _x = x;
    _y = y;
    _z = z;
    _r2 = radius * radius;
    _pad = tree.pad;
    _tris = tree.slotTris;
    tree.bvh.shapecast(gatherCallbacks);
    _collector = null;
  }

  add(slot: number, d: number): void {
    if (this.count === this.slots.length) {
      const slots = new Int32Array(2 * this.count);
      slots.set(this.slots);
      this.slots = slots;
      const distances = new Float64Array(2 * this.count);
      distances.set(this.distances);
      this.distances = distances;
    }
    this.slots[this.count] = slot;
    this.distances[this.count] = d;
    this.count++;
  }
}

// Shapecast state (set right before each cast, as in StaticBVH).
let _collector: BvhQuery | null = null;
let _x = 0,
  _y = 0,
  _z = 0,
  _r2 = 0,
  _pad = 0;
let _tris: Float64Array = new Float64Array(0);
const _q = new Float64Array(3);
const _n = { x: 0, y: 0, z: 0 };

const gatherCallbacks = {
  intersectsBounds: (box: Box3): boolean => {
    const dx = Math.max(box.min.x - _pad - _x, 0, _x - box.max.x - _pad);
    const dy = Math.max(box.min.y - _pad - _y, 0, _y - box.max.y - _pad);
    const dz = Math.max(box.min.z - _pad - _z, 0, _z - box.max.z - _pad);
    return dx * dx + dy * dy + dz * dz <= _r2;
  },
  intersectsRange: (offset: number, count: number): boolean => {
    for (let k = offset, end = offset + count; k < end; k++) {
      const d2 = pointTriangleDistanceSq(_x, _y, _z, _tris, 9 * k);
      if (d2 <= _r2) _collector!.add(k, Math.sqrt(d2));
    }
    return false;
  },
};

/** What agents plan on: 'grid' (the voxel layer), 'waypoints' (the visibility graph) or 'straight' (neither exists). */
export type PlanningGraph = 'grid' | 'waypoints' | 'straight';

/**
 * The planning graph of a document: `search.graph` when the document has it, else the voxel
 * grid when there is a voxel layer, else the waypoints. A graph the document asks for but lacks
 * (grid without voxels, waypoints without waypoints) falls back to the other; with neither,
 * agents fly straight (steering and the collision step still keep them out of geometry).
 */
export function planningGraph(doc: SceneDocument): PlanningGraph {
  checkSceneDocument('planningGraph: doc', doc);
  const wanted = doc.search?.graph ?? (doc.voxels ? 'grid' : 'waypoints');
  if (wanted === 'grid' && doc.voxels) return 'grid';
  if (doc.waypoints.length > 0) return 'waypoints';
  return doc.voxels ? 'grid' : 'straight';
}

/** Options of `createSceneSimulation`. */
export interface SceneSimulationOptions {
  /** Seeds the simulation's randomness. @default 1 */
  seed?: number;
  /** Steering parameters over the document's `steering` settings. */
  params?: Partial<SteeringParams>;
  /** Overrides the planning graph chosen by `planningGraph`. */
  graph?: PlanningGraph;
  /** A world to share (the app's, with its meshes); its edits are seen after `staticGeometryChanged()`. @default built from the document */
  world?: ObstacleWorld;
  /** Waypoint visibility already built (`preprocessScene`): used for agents of its radius, and its world when `world` is not given. */
  preprocess?: PreprocessResult;
}

/** The arguments of `createSceneSimulation`, checked (a usage error names the argument). */
function checkSceneSimulationArgs(doc: SceneDocument, options: SceneSimulationOptions): void {
  const what = 'createSceneSimulation';
  checkSceneDocument(`${what}: doc`, doc);
  const o = checkOptions<SceneSimulationOptions>(`${what}: options`, options);
  if (o.seed !== undefined) checkNumber(`${what}: options.seed`, o.seed);
  if (o.params !== undefined) checkObject(`${what}: options.params`, o.params);
  if (o.graph !== undefined) checkOneOf(`${what}: options.graph`, o.graph, ['grid', 'waypoints', 'straight']);
  if (o.world !== undefined) checkInstance(`${what}: options.world`, o.world, ObstacleWorld);
  if (o.preprocess !== undefined) {
    checkObject(`${what}: options.preprocess`, o.preprocess, 'a PreprocessResult (preprocessScene)');
    checkInstance(`${what}: options.preprocess.world`, o.preprocess.world, ObstacleWorld);
    checkInstance(`${what}: options.preprocess.visibility`, o.preprocess.visibility, VisibilityGraph);
    checkNumber(`${what}: options.preprocess.agentRadius`, o.preprocess.agentRadius, 0);
  }
}

/** A steering simulation of a scene with what it runs on (world, geometry, planner). */
export interface SceneSimulation {
  simulation: Simulation;
  world: ObstacleWorld;
  geometry: BvhGeometry;
  planner: PathPlanner;
  graph: PlanningGraph;
  /**
   * Call after editing `world` (the box an edit returns, or null for "anything may have
   * changed"): re-links the waypoint pairs through the box for every agent radius in use, and
   * tells the simulation, whose agents re-test their paths and replan if blocked.
   */
  worldChanged(box: Aabb | null): void;
}

/**
 * A simulation of a scene document: its static world through the BVH, its moving obstacles on
 * their orbits, its agents (starts and goals resolved; a goal naming a moving obstacle is
 * chased), the document's search settings for planning and its steering settings.
 *
 * Waypoint planning links the waypoints for each agent radius, built on first use and shared
 * by agents of that radius (the document's agentRadius graph comes from `preprocess` if given).
 * Grid planning searches the world's voxel layer itself, so voxel edits are planned around.
 */
export function createSceneSimulation(doc: SceneDocument, options: SceneSimulationOptions = {}): SceneSimulation {
  checkSceneSimulationArgs(doc, options);
  const world = options.world ?? options.preprocess?.world ?? ObstacleWorld.fromScene(doc);
  const geometry = new BvhGeometry(world);
  const graph = options.graph ?? planningGraph(doc);
  const { graph: _graph, ...search } = doc.search ?? {};
  // Visibility graphs by agent radius (waypoint planning only).
  const graphs = new Map<number, VisibilityGraph>();
  let planner: PathPlanner;
  if (graph === 'grid') {
    if (world.grid === null) throw new NavlabError('usage', "createSceneSimulation: graph 'grid' needs a voxel layer");
    planner = new GridPlanner(world.grid, search);
  } else if (graph === 'waypoints') {
    if (options.preprocess) graphs.set(options.preprocess.agentRadius, options.preprocess.visibility);
    const positions = waypointPositions(doc);
    const maxLinkDistance = doc.maxLinkDistance ?? Infinity;
    const graphFor = (radius: number): WaypointGraph => {
      let v = graphs.get(radius);
      if (v === undefined) {
        v = new VisibilityGraph(world.lineOfSight(radius), { maxLinkDistance });
        v.setAll(positions);
        graphs.set(radius, v);
      }
      return v.graph();
    };
    planner = new WaypointPlanner(graphFor, (ax, ay, az, bx, by, bz, r) => geometry.clear(ax, ay, az, bx, by, bz, r), search);
  } else {
    planner = new StraightPlanner();
  }
  const movingObstacles: MovingObstacleSpec[] = doc.movingObstacles.map((mo) => ({
    id: mo.id,
    radius: mo.radius,
    positionAt: (t: number, out: Vec3) => movingObstaclePosition(mo, t, out),
  }));
  const moving = new Set(doc.movingObstacles.map((m) => m.id));
  const agents: AgentSpec[] = doc.agents.map((a) => ({
    id: a.id,
    start: resolvePoint(doc, a.start, 0),
    goal: typeof a.goal === 'string' && moving.has(a.goal) ? { obstacle: a.goal } : resolvePoint(doc, a.goal, 0),
    radius: a.radius,
    speed: a.speed,
  }));
  const { avoidRange, pullGain, minDistance, stepHz } = doc.steering ?? {};
  const simulation = new Simulation({
    geometry,
    planner,
    params: { avoidRange, pullGain, minDistance, stepHz, ...options.params },
    cellSize: world.grid?.cellSize ?? 0,
    seed: options.seed,
    movingObstacles,
    agents,
  });
  const worldChanged = (box: Aabb | null): void => {
    for (const [radius, v] of graphs) {
      if (box === null) v.setLineOfSight(world.lineOfSight(radius));
      else v.retestRegion(box, radius);
    }
    simulation.staticGeometryChanged();
  };
  return { simulation, world, geometry, planner, graph, worldChanged };
}
