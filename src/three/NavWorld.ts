import type { Mesh, Object3D, Vector3 } from 'three';
import type { LineOfSight, VisibilityGraph } from '../core/graph/visibility.ts';
import { WaypointRouter } from '../core/graph/waypointRoute.ts';
import { WaypointGraph } from '../core/graph/WaypointGraph.ts';
import type { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import { FREE_VOXEL_SNAP_RADIUS, nearestFreeVoxel } from '../core/grid/nearestFree.ts';
import type { Vec3 } from '../core/math/vec3.ts';
import type { PathReport } from '../core/query/report.ts';
import { SearchContext } from '../core/search/SearchContext.ts';
import type { Endpoint, QueryLabels } from '../core/query/endpoints.ts';
import { checkAlgorithm, gridOf, resolveGraph } from '../core/query/graphChoice.ts';
import { queryNodes, runQuery, type SceneQueryOptions } from '../core/query/query.ts';
import type { SearchableScene } from '../core/query/target.ts';
import { obstacleMeshes } from './meshTriangles.ts';
import type { MeshWorld } from './MeshWorld.ts';
import { voxelizeRegion } from './voxelize.ts';
import type { VoxelFill } from '../core/geometry/voxelizeMesh.ts';
import { checkFunction, checkNumber, checkOptions, checkOut, checkVec3, usageError } from '../core/args.ts';
import { checkObjectWorldArgs, checkSceneParts, usage } from './navWorldArgs.ts';
import { buildParts, filled, moveMeshes, type NavWorldOptions, type NavWorldParts } from './navWorldBuild.ts';
import { fastestAlgorithm, freeVoxel, polyline } from './worldPaths.ts';
import type { NavPath, NavPathOptions, NavSceneParts, NavUpdate } from './navWorldTypes.ts';

export type { NavWorldOptions } from './navWorldBuild.ts';

export type { NavPath, NavPathOptions, NavSceneParts, NavUpdate } from './navWorldTypes.ts';

/** A `NavWorld.query` option set: the `nav path` search flags and the graph (SceneQueryOptions of navlab). */
export type NavQueryOptions = SceneQueryOptions;

/** A NavWorld built by `fromObject3D`: it always has its root, world, grid and line of sight. */
export type ObjectNavWorld = NavWorld & {
  /** The root the obstacle meshes were collected from. */
  readonly root: Object3D;
  /** The world of those meshes (BVH line of sight, ray picks). */
  readonly world: MeshWorld;
  /** The voxel grid of the meshes, grown by the agent radius. */
  readonly grid: VoxelGrid;
  /** Capsule line of sight of the agent radius through the world. */
  readonly lineOfSight: LineOfSight;
};

/** Waypoints (the nearest visible ones) a path's start and goal link to on the waypoint graph. */
const END_LINKS = 16;

/**
 * Navigation in the world space of a three.js scene: the meshes under a root, voxelized into a
 * grid grown by the agent radius, one BVH over their triangles for line of sight, and a
 * waypoint graph (`fromObject3D`); or the grid, waypoint graph and world a scene already has
 * (`fromScene`: how the sandbox app searches). Two result shapes: a path between world
 * points comes back as Vector3 corners (`findPath`: NavPath), a query between waypoint ids or
 * voxel indices as `nav path --json` reports it (`query`: PathReport). A NavWorld is a
 * SearchableScene, so `startQuery(nav, ...)` (navlab) gives the same query as a resumable run.
 *
 * ```ts
 * const nav = NavWorld.fromObject3D(level, { cellSize: 0.5, agentRadius: 0.3 });
 * const { points } = nav.findPath(start, goal, { algorithm: 'jps' });
 * box.position.x += 2; nav.update(box);
 * ```
 */
export class NavWorld implements SearchableScene {
  /** The root the obstacles were collected from (null: a NavWorld of a scene's parts). */
  declare readonly root: Object3D | null;
  /** Voxel edge length (the grid's; 0 without a grid). */
  declare readonly cellSize: number;
  /** Agent radius the grid was grown by and the waypoints linked with (world units, >= 0). */
  declare readonly agentRadius: number;
  /** Static geometry and its BVH (null: a NavWorld of a scene's parts given without it). */
  declare readonly world: MeshWorld | null;
  /** The voxel grid searches run on (from `fromObject3D`: blocked where an agent's centre cannot be), or null. */
  declare readonly grid: VoxelGrid | null;
  /**
   * The fill `fromObject3D` voxelized with: 'solid' (the inside of closed meshes is blocked)
   * or 'surface' (only what the triangles meet); null when the grid was given (`fromScene`,
   * `navWorldFromNavbin`: used as it is).
   */
  declare readonly fill: VoxelFill | null;
  /** The waypoint graph kept up to date under `update`, or null ('none', or a fixed graph given to `fromScene`). */
  declare readonly waypoints: VisibilityGraph | null;
  /** The agent's line of sight (capsule of the agent radius against the BVH; from `navWorldFromNavbin`, the voxel grid's; on a sparse world, the octree's voxels'), or null without a world. */
  declare readonly lineOfSight: LineOfSight | null;
  /** Waypoint ids in graph order: queries name waypoints by id ('0', '1', ... unless `fromScene` names them). */
  declare readonly ids: readonly string[];
  /** Waypoint id -> graph index. */
  declare readonly index: ReadonlyMap<string, number>;
  readonly #meshes: Map<Mesh, { id: string; soup: Float64Array }>;
  readonly #fixedGraph: WaypointGraph;
  readonly #ctx = new SearchContext();
  #router: { graph: WaypointGraph; router: WaypointRouter } | null = null;
  readonly #listeners: ((change: NavUpdate) => void)[] = [];

  private constructor(parts: NavWorldParts & { lineOfSight?: LineOfSight | null }) {
    this.root = parts.root;
    this.world = parts.world;
    this.grid = parts.grid;
    this.fill = parts.fill;
    this.cellSize = parts.grid?.cellSize ?? 0;
    this.agentRadius = parts.agentRadius;
    this.lineOfSight = parts.lineOfSight ?? parts.world?.lineOfSight(this.agentRadius) ?? null;
    this.#meshes = parts.meshes;
    const g = parts.graph;
    this.waypoints = g && !(g instanceof WaypointGraph) ? g : null;
    this.#fixedGraph = g instanceof WaypointGraph ? g : NO_WAYPOINTS;
    const count = this.graph.count;
    const ids = parts.ids ?? Array.from({ length: count }, (_, i) => String(i));
    if (ids.length !== count) throw usage(`ids: ${ids.length} ids for ${count} waypoints`);
    // Shared like the grid and the graph: a scene's 50,000 ids are not copied on every edit.
    this.ids = ids;
    this.index = parts.index ?? new Map(ids.map((id, i) => [id, i]));
    if (this.index.size !== count) throw usage(`index: ${this.index.size} entries for ${count} waypoints (ids must be distinct)`);
  }

  /**
   * Navigation for the meshes under `root` (their world transforms now). Throws a
   * NavlabError: 'usage' naming the option on bad options, a root without meshes or a cell
   * size that makes the grid too big (2^28 voxels, 2^24 with automatic waypoints); 'input'
   * on a mesh with a non-finite vertex.
   */
  static fromObject3D(root: Object3D, options: NavWorldOptions = {}): ObjectNavWorld {
    checkObjectWorldArgs(root, options);
    root.updateMatrixWorld(true);
    const meshes = obstacleMeshes(root, options.filter);
    if (meshes.length === 0 || meshes.every((m) => m.geometry.getAttribute('position').count < 3))
      throw usage('root: no mesh with triangles under it');
    // The sparse world's code comes with the option (sparseNavWorld, navWorldSparse.ts): dense programs do not carry it.
    const sparse =
      options.world !== undefined && options.world !== 'dense' && checkFunction<Sparse>('sparse', options.sparse)(root, options, meshes);
    if (sparse) return sparse as ObjectNavWorld;
    return new NavWorld(buildParts(root, options, meshes)) as ObjectNavWorld;
  }

  /**
   * Navigation over what a scene already has, shared, not copied or rebuilt: its voxel grid,
   * its waypoint graph with the waypoint ids, and (optionally) its static world with the BVH.
   * This is how the sandbox app, its workers and `nav path` search a loaded scene. Without a
   * world, paths are not string-pulled, `findPath` on waypoints and `createSimulation` are
   * unavailable (NavlabError 'usage'), and `update` has no meshes to follow. Throws a
   * NavlabError 'usage' when `ids` does not name every waypoint once (or `index` disagrees).
   */
  static fromScene(scene: NavSceneParts): NavWorld {
    checkSceneParts(scene);
    const agentRadius = scene.agentRadius === undefined ? 0 : checkNumber('agentRadius', scene.agentRadius, 0);
    return new NavWorld({
      root: null,
      world: scene.world ?? null,
      grid: scene.grid ?? null,
      graph: scene.graph ?? null,
      ids: scene.ids,
      index: scene.index,
      agentRadius,
      meshes: new Map(),
      fill: null,
    });
  }

  /** The waypoint graph searched now (empty without waypoints). */
  get graph(): WaypointGraph {
    return this.waypoints?.graph() ?? this.#fixedGraph;
  }

  /**
   * One query between waypoint ids or voxel indices [x, y, z], answered exactly as
   * `nav path --json` prints it (the CLI and the app's `navlab.query` run this): `runQuery`
   * (src/core/query) on this world; the graph is `options.graph`, else waypoints for a
   * waypoint id and the grid for voxel indices. Throws a QueryError naming a blocked, unknown
   * or out-of-range endpoint or a bad graph or algorithm, a NavlabError 'usage' for a bad
   * option and 'unsupported' when the algorithm cannot search this grid with these settings.
   * The resumable form (`run.step(n)`: a search spread over frames) is `startQuery(nav, ...)`.
   * @param ctx the search state to use (e.g. to read the visited nodes afterwards) @default this world's
   * @param labels how messages name the endpoints and the scene
   */
  query(from: Endpoint, to: Endpoint, options: NavQueryOptions = {}, ctx: SearchContext = this.#ctx, labels?: QueryLabels): PathReport {
    const { graph, ...rest } = checkOptions<NavQueryOptions>('NavWorld.query: options', options);
    return runQuery(this, graph, from, to, rest, ctx, labels);
  }

  /** Voxel indices [x, y, z] of the voxel containing world point `p`; null outside the grid (or, with `free`, when blocked). */
  voxelAt(p: Vec3, free = false): [number, number, number] | null {
    checkVec3('NavWorld.voxelAt: p', p);
    const g = this.grid;
    const v = g?.voxelIndexAt(p.x, p.y, p.z) ?? -1;
    if (v < 0 || (free && g!.occupancy[v] !== 0)) return null;
    return voxelTriple(g!, v);
  }

  /** The free voxel whose centre is nearest `p` within `maxCells` voxels (navlab's nearestFreeVoxel), or null. */
  nearestFreeVoxel(p: Vec3, maxCells = FREE_VOXEL_SNAP_RADIUS): [number, number, number] | null {
    checkVec3('NavWorld.nearestFreeVoxel: p', p);
    checkNumber('NavWorld.nearestFreeVoxel: maxCells', maxCells, 0, false, true);
    const g = this.grid;
    const v = g === null ? -1 : nearestFreeVoxel(g, p, maxCells);
    return v < 0 ? null : voxelTriple(g!, v);
  }

  /** The id of the waypoint nearest world point `p` (WaypointGraph.nearest), or null without waypoints. */
  nearestWaypoint(p: Vec3): string | null {
    checkVec3('NavWorld.nearestWaypoint: p', p);
    const i = this.graph.nearest(p.x, p.y, p.z);
    return i < 0 ? null : this.ids[i];
  }

  /** World position of a query endpoint: a waypoint's position, or a voxel's centre; null for an unknown id or without a grid. */
  positionOf(endpoint: Endpoint, out: Vec3 = { x: 0, y: 0, z: 0 }): Vec3 | null {
    checkOut('NavWorld.positionOf: out', out);
    if (typeof endpoint === 'string') {
      const i = this.index.get(endpoint);
      return i === undefined ? null : this.graph.position(i, out);
    }
    if (!(Array.isArray(endpoint) && endpoint.length === 3 && endpoint.every(Number.isFinite)))
      throw usageError('NavWorld.positionOf: endpoint', 'a waypoint id or voxel indices [x, y, z]', endpoint);
    return this.grid?.voxelCenter(endpoint[0], endpoint[1], endpoint[2], out) ?? null;
  }

  /**
   * A path between two world points. A point in a blocked voxel moves to the nearest free
   * voxel within 4 cells; on the grid the search is the query path's (`queryNodes`, with the
   * same graph, algorithm and option checks as `query`). Without `algorithm` the grid search is
   * the fastest the settings allow (JPS for the Moving AI rules: 26 neighbours, corner cutting
   * 'forbid', no terrain; else A*); `query` and the CLI keep 'astar' as their default. A goal
   * in another free component than the start is 'unreachable' at once, with the path to the
   * closest reachable point (no flood of the grid). To bound a query's work: `maxExpansions`
   * (the status is then 'partial', the path ends at the expanded node nearest the goal), or
   * run it resumably on voxels (`startQuery(nav, 'grid', nav.voxelAt(from, true), nav.voxelAt(to,
   * true), options)`, navlab) and advance `run.step(n)` n expansions at a time (e.g. a slice
   * per frame; sliced or not, the result is the same), `run.cancel()` to stop.
   * Throws a NavlabError: 'usage' on bad
   * arguments, 'query' (a QueryError) for a bad graph or algorithm, a world without that graph
   * or a point outside the grid or with no free voxel near it, 'unsupported' when the
   * algorithm cannot search this grid with these settings.
   */
  findPath(from: Vector3, to: Vector3, options: NavPathOptions = {}): NavPath {
    checkVec3('from', from);
    checkVec3('to', to);
    options = checkOptions<NavPathOptions>('NavWorld.findPath: options', options);
    const { graph = 'grid', smooth = this.lineOfSight !== null, ...query } = options;
    if (smooth && this.lineOfSight === null) throw usage('smooth: string-pulling needs a NavWorld with a world (line of sight)');
    const g = resolveGraph(graph, null);
    if (g === 'waypoints') {
      checkAlgorithm(query.algorithm, g);
      if (this.waypoints === null && this.#fixedGraph === NO_WAYPOINTS)
        throw usage("graph: 'waypoints' needs a NavWorld built with waypoints");
      const los = this.lineOfSight;
      if (los === null)
        throw usage("graph: 'waypoints' with world points needs a NavWorld with a world (line of sight); query by waypoint id instead");
      const graph = this.graph;
      if (this.#router?.graph !== graph) this.#router = { graph, router: new WaypointRouter(graph, los, this.#ctx, END_LINKS) };
      const route = this.#router!.router.route([from.x, from.y, from.z], [to.x, to.y, to.z]);
      if (!Number.isFinite(route.length)) return { status: 'unreachable', points: [from.clone()], length: 0, cost: Infinity };
      return { status: 'found', cost: route.unpulled, ...polyline(route.points, null) };
    }
    const grid = gridOf(this.grid);
    const start = freeVoxel(grid, from, 'from');
    const goal = freeVoxel(grid, to, 'to');
    const algorithm = query.algorithm ?? fastestAlgorithm(grid, query);
    const r = queryNodes(this, g, start, goal, { ...query, algorithm }, this.#ctx).run.step();
    // Corners: from, the path's voxel centres, and to when the path reaches it.
    const c = { x: 0, y: 0, z: 0 };
    const corners = [from.x, from.y, from.z];
    for (const v of r.path) {
      grid.coords(v, c);
      grid.voxelCenter(c.x, c.y, c.z, c);
      corners.push(c.x, c.y, c.z);
    }
    if (r.status === 'found') corners.push(to.x, to.y, to.z);
    return { status: r.status, cost: r.cost, expanded: r.expanded, ...polyline(corners, smooth ? this.lineOfSight : null) };
  }

  /**
   * Call after `object` (an obstacle mesh under the root, or a group of them) moved, turned or
   * deformed: its world triangles are re-read, the BVH rebuilt, only the voxels near its old
   * and new place re-voxelized and only the waypoint links through that box re-tested; then
   * the `onUpdate` listeners are called (the agents of this world's simulations re-test their paths). The obstacles are the meshes
   * found by `fromObject3D`: a mesh added later, or one whose triangle count changed, needs a
   * new NavWorld (the latter throws a NavlabError 'usage'). A NavWorld from `fromScene` follows
   * no meshes (its scene's own edits make a new one): it returns `{ box: null }`. With
   * `fill` 'solid', air the meshes enclose after the move is blocked again (a whole-grid pass);
   * space the move opens is freed within the updated box.
   */
  update(object: Object3D): NavUpdate {
    // Without a world and a grid there is nothing to follow (the meshes stay where they were).
    const world = this.world!;
    const box = moveMeshes(world, this.grid && this.#meshes, object);
    if (box === null) return { box: null, voxels: 0, links: 0 };
    const voxels = voxelizeRegion(world, this.grid!, box, { dilation: this.agentRadius });
    // Solid fill: air the moved meshes enclose is blocked again (space an update opens is freed within the box only).
    filled(this.grid!, this.fill ?? 'surface');
    const links = this.waypoints?.retestRegion(box, this.agentRadius) ?? 0;
    const change = { box, voxels, links };
    for (const listener of this.#listeners) listener(change);
    return change;
  }

  /**
   * Calls `listener` after every `update` that changed something (with what it returned): how
   * a simulation (createSimulation in NavSimulation.ts) follows its world. Returns the function
   * that stops it.
   */
  onUpdate(listener: (change: NavUpdate) => void): () => void {
    checkFunction('NavWorld.onUpdate: listener', listener);
    this.#listeners.push(listener);
    return () => {
      const i = this.#listeners.indexOf(listener);
      if (i >= 0) this.#listeners.splice(i, 1);
    };
  }

  /** Frees the BVH and the world's GPU resources (of a world this NavWorld built or was given). */
  dispose(): void {
    this.world?.dispose();
  }
}

/** Voxel index `v` of `g` as [x, y, z]. */
function voxelTriple(g: VoxelGrid, v: number): [number, number, number] {
  const c = g.coords(v, { x: 0, y: 0, z: 0 });
  return [c.x, c.y, c.z];
}

/** The sparse support's type (NavWorldOptions.sparse). */
type Sparse = NonNullable<NavWorldOptions['sparse']>;

const NO_WAYPOINTS = /* @__PURE__ */ new WaypointGraph([], []);

/**
 * A NavWorld of `parts` (for factories outside the class, such as navWorldFromNavbin, kept out
 * of the class so that a program that does not use them does not carry them).
 */
export function navWorldOf(parts: NavWorldParts & { lineOfSight?: LineOfSight | null }): NavWorld {
  return new (NavWorld as unknown as new (p: typeof parts) => NavWorld)(parts);
}
