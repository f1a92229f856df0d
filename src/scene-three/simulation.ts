import { checkInstance, checkNumber, checkObject, checkOneOf, checkOptions } from '../core/args.ts';
import { NavlabError } from '../core/errors.ts';
import { VisibilityGraph, type Aabb } from '../core/graph/visibility.ts';
import type { WaypointGraph } from '../core/graph/WaypointGraph.ts';
import type { Vec3 } from '../core/math/vec3.ts';
import type { SteeringParams } from '../core/steering/params.ts';
import { GridPlanner, StraightPlanner, WaypointPlanner, type PathPlanner } from '../core/steering/planners.ts';
import { Simulation, type AgentSpec, type MovingObstacleSpec } from '../core/steering/Simulation.ts';
import { movingObstaclePosition, resolvePoint, waypointPositions, type SceneDocument } from '../scene/index.ts';
import { checkSceneDocument } from '../scene/documentShape.ts';
import { CollisionWorld } from '../three/CollisionWorld.ts';
import { ObstacleWorld } from '../three/ObstacleWorld.ts';
import type { PreprocessResult } from '../three/preprocess.ts';

import { BvhGeometry } from '../three/BvhGeometry.ts';

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

/** Options of `createSceneSimulation` (W: the kind of world it runs in, drawn or not). */
export interface SceneSimulationOptions<W extends CollisionWorld = ObstacleWorld> {
  /** Seeds the simulation's randomness. @default 1 */
  seed?: number;
  /** Steering parameters over the document's `steering` settings. */
  params?: Partial<SteeringParams>;
  /** Overrides the planning graph chosen by `planningGraph`. */
  graph?: PlanningGraph;
  /**
   * A world to share (the app's, with its meshes; a CollisionWorld where nothing is drawn);
   * its edits are seen after `staticGeometryChanged()`. @default an ObstacleWorld built from the document
   */
  world?: W;
  /** Waypoint visibility already built (`preprocessScene`): used for agents of its radius, and its world when `world` is not given. */
  preprocess?: PreprocessResult<W>;
}

/** The arguments of `createSceneSimulation`, checked (a usage error names the argument). */
function checkSceneSimulationArgs(doc: SceneDocument, options: SceneSimulationOptions<CollisionWorld>): void {
  const what = 'createSceneSimulation';
  checkSceneDocument(`${what}: doc`, doc);
  const o = checkOptions<SceneSimulationOptions<CollisionWorld>>(`${what}: options`, options);
  if (o.seed !== undefined) checkNumber(`${what}: options.seed`, o.seed);
  if (o.params !== undefined) checkObject(`${what}: options.params`, o.params);
  if (o.graph !== undefined) checkOneOf(`${what}: options.graph`, o.graph, ['grid', 'waypoints', 'straight']);
  if (o.world !== undefined) checkInstance(`${what}: options.world`, o.world, CollisionWorld);
  if (o.preprocess !== undefined) {
    checkObject(`${what}: options.preprocess`, o.preprocess, 'a PreprocessResult (preprocessScene)');
    checkInstance(`${what}: options.preprocess.world`, o.preprocess.world, CollisionWorld);
    checkInstance(`${what}: options.preprocess.visibility`, o.preprocess.visibility, VisibilityGraph);
    checkNumber(`${what}: options.preprocess.agentRadius`, o.preprocess.agentRadius, 0);
  }
}

/** A steering simulation of a scene with what it runs on (world, geometry, planner). */
export interface SceneSimulation<W extends CollisionWorld = ObstacleWorld> {
  /** The simulation with the scene's agents and moving obstacles. */
  simulation: Simulation;
  /** The static world it runs in (edit it, then call `worldChanged`). */
  world: W;
  /** The world as steering and collision geometry. */
  geometry: BvhGeometry;
  /** The planner the agents use (grid, waypoints or straight, see `graph`). */
  planner: PathPlanner;
  /** What the agents plan on: 'grid', 'waypoints' or 'straight'. */
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
export function createSceneSimulation<W extends CollisionWorld = ObstacleWorld>(
  doc: SceneDocument,
  options: SceneSimulationOptions<W> = {},
): SceneSimulation<W> {
  checkSceneSimulationArgs(doc, options);
  // Without a world given, W is ObstacleWorld (the default): the one built here.
  const world = (options.world ?? options.preprocess?.world ?? ObstacleWorld.fromScene(doc)) as W;
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
  const { avoidance, avoidRange, pullGain, minDistance, stepHz } = doc.steering ?? {};
  const simulation = new Simulation({
    geometry,
    planner,
    params: { avoidance, avoidRange, pullGain, minDistance, stepHz, ...options.params },
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
