import { Matrix4, Vector3, type Box3, type Mesh, type Object3D } from 'three';
import { NavlabError } from '../core/errors.ts';
import { MAX_PLACEMENT_VOXELS, placeWaypoints } from '../core/graph/autoWaypoints.ts';
import { VisibilityGraph, type Aabb, type LineOfSight } from '../core/graph/visibility.ts';
import { stringPull, WaypointRouter } from '../core/graph/waypointRoute.ts';
import type { WaypointGraph } from '../core/graph/WaypointGraph.ts';
import { GridSpace, type GridSearchSettings } from '../core/grid/GridSpace.ts';
import { MAX_VOXELS, type VoxelGrid } from '../core/grid/VoxelGrid.ts';
import { ALGORITHMS, createGridRun, gridUnsupported, type Algorithm } from '../core/search/algorithms.ts';
import type { SearchOptions } from '../core/search/options.ts';
import type { SearchResult, SearchStatus } from '../core/search/result.ts';
import { SearchContext } from '../core/search/SearchContext.ts';
import { obstacleMeshes, worldTriangles } from './meshTriangles.ts';
import { NavSimulation, type NavSimulationOptions } from './NavSimulation.ts';
import { ObstacleWorld } from './ObstacleWorld.ts';
import { voxelize, voxelizeRegion } from './voxelize.ts';
import { meshGridSpec, soupBounds } from './voxelizeMesh.ts';

/** Options of `NavWorld.fromObject3D`. */
export interface NavWorldOptions {
  /** Voxel edge length in world units (finite, > 0). */
  cellSize: number;
  /** Radius of the agents (finite, >= 0): grid paths and waypoint links keep this clearance. @default 0 */
  agentRadius?: number;
  /**
   * Waypoints of the waypoint graph: `'auto'` places them (few, covering the free space),
   * `'none'` builds no graph, or the given positions. @default 'auto'
   */
  waypoints?: 'auto' | 'none' | readonly Vector3[];
  /** At most this many automatic waypoints (1 to 50,000). @default 50000 */
  maxWaypoints?: number;
  /** The grid covers at least this box (e.g. the space agents fly in). @default the meshes' box */
  bounds?: Box3;
  /** Which meshes under the root are obstacles. @default every mesh */
  filter?: (mesh: Mesh) => boolean;
}

/** Options of `NavWorld.findPath`: the graph, the algorithm and the search settings. */
export interface NavPathOptions extends Partial<SearchOptions>, GridSearchSettings {
  /** 'grid' (the voxel grid) or 'waypoints' (the waypoint graph). @default 'grid' */
  graph?: 'grid' | 'waypoints';
  /** Grid algorithm; the waypoint graph uses 'astar' (and ignores the search settings). @default 'astar' */
  algorithm?: Algorithm;
  /** String-pull the path with the agent's line of sight. @default true */
  smooth?: boolean;
}

/** A world-space path. */
export interface NavPath {
  /** 'found', or why not (the path then ends at the reachable point nearest the goal). */
  status: SearchStatus;
  /** Corners from the start to the end of the path, world units. */
  points: Vector3[];
  /** Length of the polyline `points`. */
  length: number;
  /** The search's cost (world units; with terrain, weighted) of the path before smoothing. */
  cost: number;
  /** Nodes the grid search expanded (absent on the waypoint graph). */
  expanded?: number;
}

/** What `NavWorld.update` changed. */
export interface NavUpdate {
  /** The world box that changed (old and new place of the object's meshes), or null when nothing moved. */
  box: Aabb | null;
  /** Grid voxels that changed between free and blocked. */
  voxels: number;
  /** Waypoint pairs re-tested. */
  links: number;
}

/** Voxels a blocked start or goal may be moved to reach a free one. */
const SNAP_CELLS = 4;
/** Waypoints (the nearest visible ones) a path's start and goal link to on the waypoint graph. */
const END_LINKS = 16;

const usage = (message: string): NavlabError => new NavlabError('usage', message);

function checkNumber(name: string, v: unknown, min: number, open = false): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || (open ? v <= min : v < min)) {
    throw usage(`${name}: expected a finite number ${open ? '>' : '>='} ${min}, got ${String(v)}`);
  }
  return v;
}

function checkPoint(name: string, p: unknown): Vector3 {
  const v = p as Vector3;
  if (v === null || typeof v !== 'object' || ![v.x, v.y, v.z].every((c) => typeof c === 'number' && Number.isFinite(c))) {
    throw usage(`${name}: expected a Vector3 with finite coordinates`);
  }
  return v;
}

/**
 * Navigation in the world space of a three.js scene: the meshes under a root, voxelized into a
 * grid grown by the agent radius, one BVH over their triangles for line of sight, and a
 * waypoint graph. Paths come back as world-space Vector3 corners.
 *
 * ```ts
 * const nav = NavWorld.fromObject3D(level, { cellSize: 0.5, agentRadius: 0.3 });
 * const { points } = nav.findPath(start, goal, { algorithm: 'jps' });
 * box.position.x += 2; nav.update(box);
 * ```
 */
export class NavWorld {
  /** The root the obstacles were collected from. */
  readonly root: Object3D;
  readonly cellSize: number;
  readonly agentRadius: number;
  /** Static geometry and its BVH (the obstacle meshes' world triangles). */
  readonly world: ObstacleWorld;
  /** Blocked where an agent's centre cannot be: geometry grown by the agent radius. */
  readonly grid: VoxelGrid;
  /** The waypoint graph kept up to date under `update`, or null ('none'). */
  readonly waypoints: VisibilityGraph | null;
  /** The agent's line of sight (capsule of the agent radius against the BVH). */
  readonly lineOfSight: LineOfSight;
  private readonly meshes = new Map<Mesh, { id: string; soup: Float64Array }>();
  private readonly ctx = new SearchContext();
  private router: { graph: WaypointGraph; router: WaypointRouter } | null = null;
  private readonly simulations: NavSimulation[] = [];

  private constructor(root: Object3D, options: NavWorldOptions, meshes: Mesh[]) {
    this.root = root;
    this.cellSize = options.cellSize;
    this.agentRadius = options.agentRadius ?? 0;
    let total = 0;
    for (const [k, mesh] of meshes.entries()) {
      const soup = checkFinite(worldTriangles(mesh), mesh.name || String(k));
      this.meshes.set(mesh, { id: `mesh-${k}`, soup });
      total += soup.length;
    }
    const all = new Float64Array(total);
    let o = 0;
    for (const { soup } of this.meshes.values()) {
      all.set(soup, o);
      o += soup.length;
    }
    const { min, max } = soupBounds(all);
    if (options.bounds !== undefined) {
      min.x = Math.min(min.x, options.bounds.min.x);
      min.y = Math.min(min.y, options.bounds.min.y);
      min.z = Math.min(min.z, options.bounds.min.z);
      max.x = Math.max(max.x, options.bounds.max.x);
      max.y = Math.max(max.y, options.bounds.max.y);
      max.z = Math.max(max.z, options.bounds.max.z);
    }
    const spec = { ...meshGridSpec(min, max, this.cellSize, this.agentRadius), cellSize: this.cellSize };
    const voxels = spec.dims[0] * spec.dims[1] * spec.dims[2];
    const wanted = options.waypoints ?? 'auto';
    const limit = wanted === 'auto' ? MAX_PLACEMENT_VOXELS : MAX_VOXELS;
    if (voxels > limit) {
      throw usage(`cellSize ${this.cellSize}: the grid would have ${spec.dims.join('x')} = ${voxels} voxels, over the limit of ${limit}${wanted === 'auto' ? " for waypoints 'auto'" : ''}`);
    }
    const identity = new Matrix4();
    this.world = new ObstacleWorld([], null, { meshes: [...this.meshes.values()].map(({ id, soup }) => ({ id, soup, matrix: identity })) });
    this.grid = voxelize(this.world, spec, { dilation: this.agentRadius });
    this.lineOfSight = this.world.lineOfSight(this.agentRadius);
    if (wanted === 'none') {
      this.waypoints = null;
      return;
    }
    let positions: ArrayLike<number>;
    if (wanted === 'auto') {
      // Placement measures clearance itself: it wants the geometry, not the grown grid.
      const surface = this.agentRadius === 0 ? this.grid : voxelize(this.world, spec);
      positions = placeWaypoints(surface, this.lineOfSight, { agentRadius: this.agentRadius, maxWaypoints: options.maxWaypoints }).positions;
    } else {
      positions = wanted.flatMap((p) => [p.x, p.y, p.z]);
    }
    this.waypoints = new VisibilityGraph(this.lineOfSight);
    this.waypoints.setAll(positions);
  }

  /**
   * Navigation for the meshes under `root` (their world transforms now). Throws a
   * NavlabError: 'usage' naming the option on bad options, a root without meshes or a cell
   * size that makes the grid too big (2^28 voxels, 2^24 with automatic waypoints); 'input'
   * on a mesh with a non-finite vertex.
   */
  static fromObject3D(root: Object3D, options: NavWorldOptions): NavWorld {
    if (root === null || typeof root !== 'object' || typeof (root as Object3D).traverse !== 'function') throw usage('root: expected an Object3D');
    if (options === null || typeof options !== 'object') throw usage('options: expected an object with cellSize');
    checkNumber('cellSize', options.cellSize, 0, true);
    if (options.agentRadius !== undefined) checkNumber('agentRadius', options.agentRadius, 0);
    if (options.maxWaypoints !== undefined && !(Number.isInteger(options.maxWaypoints) && options.maxWaypoints >= 1 && options.maxWaypoints <= 50_000)) {
      throw usage(`maxWaypoints: expected an integer from 1 to 50000, got ${String(options.maxWaypoints)}`);
    }
    const w = options.waypoints;
    if (w !== undefined && w !== 'auto' && w !== 'none' && !Array.isArray(w)) throw usage(`waypoints: expected 'auto', 'none' or an array of Vector3, got ${String(w)}`);
    const b = options.bounds;
    if (b !== undefined && !(b !== null && [b.min?.x, b.min?.y, b.min?.z, b.max?.x, b.max?.y, b.max?.z].every(Number.isFinite) && b.min.x <= b.max.x && b.min.y <= b.max.y && b.min.z <= b.max.z)) {
      throw usage('bounds: expected a Box3 with finite corners, min <= max');
    }
    if (Array.isArray(w)) {
      if (w.length > 50_000) throw usage(`waypoints: ${w.length} given, over the limit of 50000`);
      w.forEach((p, i) => checkPoint(`waypoints[${i}]`, p));
    }
    root.updateMatrixWorld(true);
    const meshes = obstacleMeshes(root, options.filter);
    if (meshes.length === 0 || meshes.every((m) => m.geometry.getAttribute('position').count < 3)) throw usage('root: no mesh with triangles under it');
    return new NavWorld(root, options, meshes);
  }

  /**
   * A path between two world points. A point in a blocked voxel moves to the nearest free
   * voxel within 4 cells. Throws a NavlabError: 'usage' on bad arguments, 'query' when a point
   * lies outside the grid or no free voxel is near it, 'unsupported' when the algorithm cannot
   * search this grid with these settings.
   */
  findPath(from: Vector3, to: Vector3, options: NavPathOptions = {}): NavPath {
    checkPoint('from', from);
    checkPoint('to', to);
    const { graph = 'grid', algorithm = 'astar', smooth = true, neighborhood, cornerCutting, ...search } = options;
    if (!(ALGORITHMS as readonly unknown[]).includes(algorithm)) throw usage(`algorithm: expected one of ${ALGORITHMS.join(', ')}, got ${String(algorithm)}`);
    if (graph === 'waypoints') {
      if (algorithm !== 'astar') throw usage(`algorithm: ${algorithm} runs on the grid only; the waypoint graph uses astar`);
      return this.waypointPath(from, to);
    }
    if (graph !== 'grid') throw usage(`graph: expected 'grid' or 'waypoints', got ${String(graph)}`);
    const space = new GridSpace(this.grid, { neighborhood, cornerCutting });
    const why = gridUnsupported(algorithm, space);
    if (why !== null) throw new NavlabError('unsupported', why);
    const start = this.freeVoxel(from, 'from');
    const goal = this.freeVoxel(to, 'to');
    const r = createGridRun(algorithm, space, start, goal, search, this.ctx).step();
    return this.gridPath(r, from, to, smooth);
  }

  /**
   * Call after `object` (an obstacle mesh under the root, or a group of them) moved, turned or
   * deformed: its world triangles are re-read, the BVH rebuilt, only the voxels near its old
   * and new place re-voxelized and only the waypoint links through that box re-tested; the
   * agents of this world's simulations re-test their paths. The obstacles are the meshes
   * found by `fromObject3D`: a mesh added later, or one whose triangle count changed, needs a
   * new NavWorld (the latter throws a NavlabError 'usage').
   */
  update(object: Object3D): NavUpdate {
    if (object === null || typeof object !== 'object' || typeof object.traverse !== 'function') throw usage('update: expected an Object3D');
    object.updateMatrixWorld(true);
    let box: Aabb | null = null;
    object.traverse((o) => {
      const entry = this.meshes.get(o as Mesh);
      if (entry === undefined) return;
      const soup = checkFinite(worldTriangles(o as Mesh, entry.soup), o.name || entry.id);
      if (soup !== entry.soup) throw usage(`update: mesh '${o.name}' changed its triangle count; build a new NavWorld`);
      const changed = this.world.setMeshTriangles(entry.id, soup);
      if (changed === null) return;
      if (box === null) box = changed;
      else {
        for (const k of ['x', 'y', 'z'] as const) {
          box.min[k] = Math.min(box.min[k], changed.min[k]);
          box.max[k] = Math.max(box.max[k], changed.max[k]);
        }
      }
    });
    if (box === null) return { box: null, voxels: 0, links: 0 };
    const voxels = voxelizeRegion(this.world, this.grid, box, { dilation: this.agentRadius });
    const links = this.waypoints === null ? 0 : this.waypoints.retestRegion(box, this.agentRadius);
    for (const sim of this.simulations) sim.worldChanged();
    return { box, voxels, links };
  }

  /** A steering simulation in this world; agents are three objects (see NavSimulation). */
  createSimulation(options: NavSimulationOptions = {}): NavSimulation {
    const sim = new NavSimulation(this, options);
    this.simulations.push(sim);
    return sim;
  }

  /** Frees the BVH and the world's GPU resources. */
  dispose(): void {
    this.world.dispose();
  }

  private freeVoxel(p: Vector3, name: string): number {
    if (this.grid.voxelIndexAt(p.x, p.y, p.z) < 0) throw new NavlabError('query', `${name}: (${p.x}, ${p.y}, ${p.z}) is outside the navigation grid`);
    const v = this.grid.nearestFreeVoxel(p, SNAP_CELLS);
    if (v < 0) throw new NavlabError('query', `${name}: (${p.x}, ${p.y}, ${p.z}) is inside geometry, with no free voxel within ${SNAP_CELLS} cells`);
    return v;
  }

  private gridPath(r: SearchResult, from: Vector3, to: Vector3, smooth: boolean): NavPath {
    const g = this.grid;
    const c = { x: 0, y: 0, z: 0 };
    const corners = [from.x, from.y, from.z];
    for (const v of r.path) {
      g.voxelCenter(...xyz(g.coords(v, c)), c);
      corners.push(c.x, c.y, c.z);
    }
    if (r.status === 'found') corners.push(to.x, to.y, to.z);
    return { status: r.status, cost: r.cost, expanded: r.expanded, ...polyline(corners, smooth ? this.lineOfSight : null) };
  }

  private waypointPath(from: Vector3, to: Vector3): NavPath {
    if (this.waypoints === null) throw usage("graph: 'waypoints' needs a NavWorld built with waypoints 'auto' or a list");
    const graph = this.waypoints.graph();
    if (this.router === null || this.router.graph !== graph) this.router = { graph, router: new WaypointRouter(graph, this.lineOfSight, this.ctx, END_LINKS) };
    const route = this.router.router.route([from.x, from.y, from.z], [to.x, to.y, to.z]);
    if (!Number.isFinite(route.length)) return { status: 'unreachable', points: [from.clone()], length: 0, cost: Infinity };
    return { status: 'found', cost: route.unpulled, ...polyline(route.points, null) };
  }
}

/** `soup`, after checking every coordinate is finite (a NavlabError 'input' naming the mesh if not). */
function checkFinite(soup: Float64Array, mesh: string): Float64Array {
  for (let i = 0; i < soup.length; i++) {
    if (!Number.isFinite(soup[i])) throw new NavlabError('input', `mesh '${mesh}': vertex ${Math.floor(i / 3)} is not finite in world space`);
  }
  return soup;
}

const xyz = (c: { x: number; y: number; z: number }): [number, number, number] => [c.x, c.y, c.z];

/** Corners (xyz triples) as Vector3s with their length; string-pulled with `los` if given. */
function polyline(corners: readonly number[], los: LineOfSight | null): { points: Vector3[]; length: number } {
  const flat = los === null ? corners : stringPull(corners, los).points;
  const points: Vector3[] = [];
  let length = 0;
  for (let i = 0; i < flat.length; i += 3) {
    points.push(new Vector3(flat[i], flat[i + 1], flat[i + 2]));
    if (i > 0) length += points[points.length - 1].distanceTo(points[points.length - 2]);
  }
  return { points, length };
}
