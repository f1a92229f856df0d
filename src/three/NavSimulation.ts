import { Object3D, Vector3 } from 'three';
import { checkInstance, checkObject, checkOneOf, checkOptions, checkVec3 } from '../core/args.ts';
import { NavlabError } from '../core/errors.ts';
import { quote } from '../core/text.ts';
import type { Vec3 } from '../core/math/vec3.ts';
import type { SteeringParams } from '../core/steering/params.ts';
import { GridPlanner, WaypointPlanner, type PathPlanner } from '../core/steering/planners.ts';
import { Simulation } from '../core/steering/Simulation.ts';
import { NavWorld } from './NavWorld.ts';
import { BvhGeometry } from './BvhGeometry.ts';

/** Options of `createSimulation` (and of `new NavSimulation`). */
export interface NavSimulationOptions {
  /** What agents plan on ('grid': the voxel grid, or the octree of a NavWorld built with world 'sparse'). @default 'grid' */
  graph?: 'grid' | 'waypoints';
  /** Steering parameters. @default DEFAULT_STEERING_PARAMS */
  params?: Partial<SteeringParams>;
  /** Seeds the simulation's randomness. @default 1 */
  seed?: number;
}

/** Options of `NavSimulation.addAgent`. */
export interface NavAgentOptions {
  /** Where the agent goes (world space). */
  goal: Vector3;
  /** @default the world's agent radius */
  radius?: number;
  /** World units per second (> 0). @default 2 */
  speed?: number;
}

const _p = new Vector3();

/**
 * A steering simulation in `nav` (see NavSimulation): agents are three objects. The same as
 * `new NavSimulation(nav, options)`. Throws a NavlabError 'usage' on bad options, a NavWorld
 * without a world (its static geometry), or a graph the NavWorld does not have.
 *
 * ```ts
 * const sim = createSimulation(nav);
 * sim.addAgent(drone, { goal: new Vector3(4, 1, 0) });
 * renderer.setAnimationLoop(() => sim.update(clock.getDelta()));
 * ```
 */
export function createSimulation(nav: NavWorld, options: NavSimulationOptions = {}): NavSimulation {
  return new NavSimulation(nav, options);
}

/**
 * Steering agents in a NavWorld, each driving a three.js object: call `update(dt)` every frame
 * and the objects' positions follow the agents (interpolated between fixed steps). The agents
 * plan on the world's grid or waypoint graph, steer around each other and keep out of the
 * world's geometry; `NavWorld.update` makes them re-test their paths (the simulation follows
 * its NavWorld's updates from its construction on).
 */
export class NavSimulation {
  /** The core simulation (positions, forces, metrics). */
  declare readonly simulation: Simulation;
  /** The objects driven, by agent index. */
  readonly objects: Object3D[] = [];
  readonly #nav: NavWorld;
  #next = 1;

  /**
   * A simulation on `nav` (its grid or waypoints, see options.graph) with no agents yet; bad options throw a NavlabError
   * (usage) naming them.
   */
  constructor(nav: NavWorld, options: NavSimulationOptions = {}) {
    // NavWorld's constructor is private: its factories make it.
    checkInstance('NavSimulation: nav', nav, NavWorld as unknown as abstract new () => NavWorld, 'NavWorld');
    options = checkOptions<NavSimulationOptions>('NavSimulation: options', options);
    if (options.graph !== undefined) checkOneOf('graph', options.graph, ['grid', 'waypoints']);
    this.#nav = nav;
    if (nav.world === null) throw new NavlabError('usage', 'createSimulation: needs a NavWorld with a world (its static geometry)');
    const geometry = new BvhGeometry(nav.world);
    let planner: PathPlanner;
    // options.graph is checked above: 'grid' (the default) or 'waypoints'.
    if (options.graph !== 'waypoints') {
      // A world on the sparse octree plans with its own (navWorldSparse.ts).
      const own = (nav as { simulationPlanner?(): PathPlanner }).simulationPlanner?.();
      if (own === undefined && nav.grid === null) throw new NavlabError('usage', "graph: 'grid' needs a NavWorld with a voxel grid");
      planner = own ?? new GridPlanner(nav.grid!);
    } else {
      if (nav.waypoints === null && nav.graph.count === 0)
        throw new NavlabError('usage', "graph: 'waypoints' needs a NavWorld built with waypoints");
      planner = new WaypointPlanner(
        () => nav.graph,
        (ax, ay, az, bx, by, bz, r) => geometry.clear(ax, ay, az, bx, by, bz, r),
      );
    }
    this.simulation = new Simulation({ geometry, planner, params: options.params, cellSize: nav.cellSize, seed: options.seed });
    nav.onUpdate(() => this.worldChanged());
  }

  /**
   * Makes `object` an agent starting where it is (world position) and heading for `goal`;
   * returns its index. Throws a NavlabError 'usage' on a bad radius, speed or goal.
   */
  addAgent(object: Object3D, options: NavAgentOptions): number {
    checkInstance('NavSimulation.addAgent: object', object, Object3D);
    const {
      goal,
      radius = this.#nav.agentRadius,
      speed = 2,
    } = checkObject<NavAgentOptions>('NavSimulation.addAgent: options', options, 'an object { goal, radius?, speed? }');
    checkVec3('NavSimulation.addAgent: options.goal', goal);
    object.updateWorldMatrix(true, false);
    object.getWorldPosition(_p);
    // Simulation.addAgent checks radius, speed and goal (NavlabError 'usage').
    const i = this.simulation.addAgent({ id: object.name || `agent-${this.#next++}`, start: vec(_p), goal: vec(goal), radius, speed });
    this.objects[i] = object;
    return i;
  }

  /** Sends the agent driving `object` to a new goal. */
  setGoal(object: Object3D, goal: Vector3): void {
    checkVec3('NavSimulation.setGoal: goal', goal);
    this.simulation.setGoal(this.#indexOf(object), vec(goal));
  }

  /** Stops driving `object` (it stays where it is). */
  removeAgent(object: Object3D): void {
    const i = this.#indexOf(object);
    this.simulation.removeAgent(i);
    this.objects.splice(i, 1);
  }

  /** Whether the agent driving `object` has arrived. */
  arrived(object: Object3D): boolean {
    return this.simulation.arrived(this.#indexOf(object));
  }

  /** Advances the simulation by `dt` seconds (fixed steps inside) and moves the objects. */
  update(dt: number): void {
    this.simulation.step(dt);
    const pos = this.simulation.positions,
      prev = this.simulation.previousPositions;
    const a = this.simulation.alpha;
    for (let i = 0; i < this.objects.length; i++) {
      const o = this.objects[i];
      _p.set(
        prev[3 * i] + (pos[3 * i] - prev[3 * i]) * a,
        prev[3 * i + 1] + (pos[3 * i + 1] - prev[3 * i + 1]) * a,
        prev[3 * i + 2] + (pos[3 * i + 2] - prev[3 * i + 2]) * a,
      );
      if (o.parent !== null) o.parent.worldToLocal(_p);
      o.position.copy(_p);
    }
  }

  /** Agents re-test their paths against the changed world (`NavWorld.update` calls this). */
  worldChanged(): void {
    this.simulation.staticGeometryChanged();
  }

  #indexOf(object: Object3D): number {
    checkInstance('NavSimulation: object', object, Object3D);
    const i = this.objects.indexOf(object);
    if (i < 0) throw new NavlabError('usage', `object ${quote(object.name)} is not an agent of this simulation`);
    return i;
  }
}

const vec = (v: Vector3): Vec3 => ({ x: v.x, y: v.y, z: v.z });
