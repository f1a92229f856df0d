/**
 * NavWorld on a sparse voxel octree (`world: 'sparse'` or `'auto'`): the value a program passes
 * as `options.sparse` to `NavWorld.fromObject3D`, so that programs that never ask for a sparse
 * world do not carry its code. The octree is voxelized straight from the meshes' triangles
 * (sparseFromTriangles: no dense grid), searched any-angle (findPathSparse) and edited locally
 * on `update` (editSparseSpace).
 */
import { Matrix4, type Mesh, type Object3D, type Vector3 } from 'three';
import { CENTER } from 'three-mesh-bvh';
import { isClosedMesh } from '../core/geometry/closedMesh.ts';
import { blockTriangles, meshGridSpec, soupBounds, type VoxelFill } from '../core/geometry/voxelizeMesh.ts';
import type { Aabb, LineOfSight } from '../core/graph/visibility.ts';
import { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import { levelAgentRadius, levelCellSize } from '../core/levelScale.ts';
import type { Endpoint, QueryLabels } from '../core/query/endpoints.ts';
import { QueryError } from '../core/query/QueryError.ts';
import type { PathReport } from '../core/query/report.ts';
import type { Vec3 } from '../core/math/vec3.ts';
import type { SearchOptions } from '../core/search/options.ts';
import { LargeSearchContext } from '../core/sparse/largeContext.ts';
import type { PathPlanner } from '../core/steering/planners.ts';
import { editSparseSpace } from '../core/sparse/editSpace.ts';
import { sparseFromTriangles } from '../core/sparse/fromTriangles.ts';
import { findPathSparse } from '../core/sparse/SparseRun.ts';
import { sparseWorldSight } from '../core/sparse/worldSight.ts';
import { querySparse } from '../core/sparse/sparseQuery.ts';
import { SparseSpace } from '../core/sparse/SparseSpace.ts';
import type { SparseWorld } from '../core/sparse/SparseWorld.ts';
import { voxelBlocked as voxelBlocked_ } from '../core/sparse/sparseSight.ts';
import { BrickBoxes } from '../core/sparse/brickBoxes.ts';
import { checkFunction, checkNumber, checkOneOf, checkOptions, checkVec3, usageError } from '../core/args.ts';
import { obstacleMeshes, worldTriangles } from './meshTriangles.ts';
import { MeshWorld } from './MeshWorld.ts';
import { type NavQueryOptions, NavWorld, type ObjectNavWorld } from './NavWorld.ts';
import type { NavWorldOptions, NavWorldParts } from './navWorldBuild.ts';
import { checkFinite, moveMeshes } from './navWorldBuild.ts';
import { checkObjectWorldArgs, checkPoint, usage } from './navWorldArgs.ts';
import type { NavPath, NavPathOptions, NavUpdate } from './navWorldTypes.ts';
import { oneComponent, sealEnclosed } from './sparseSolid.ts';
import { polyline, pullEnds } from './worldPaths.ts';

/**
 * Above this many voxels in the grid's box (2^24 = 16,777,216, a 256^3 box), `world: 'auto'`
 * builds the sparse octree; at or below it, the dense grid.
 */
export const SPARSE_AUTO_VOXELS = 1 << 24;

/** Voxels a blocked start or goal may be moved to reach a free one (as on the dense grid). */
const SNAP = 4;

/** What `NavWorld.fromObject3D` calls for `world: 'sparse' | 'auto'`: a NavWorld on the octree, or null (auto: dense). */
export type SparseNavFactory = (root: Object3D, options?: NavWorldOptions, meshes?: Mesh[]) => ObjectNavWorld | null;

/** A NavWorld whose searches run on a sparse voxel octree (`NavWorld.sparse`); its `grid` is null. */
export type SparseNavWorld = NavWorld & {
  /** The octree's search space (its `world` is the SparseWorld). */
  readonly sparse: SparseSpace;
};

/**
 * The sparse support for `NavWorld.fromObject3D(root, { world: 'sparse', sparse: sparseNavWorld })`
 * (or `world: 'auto'`: sparse above SPARSE_AUTO_VOXELS voxels). The NavWorld it makes has no
 * dense grid (`grid` null) and no waypoints; `sparse` holds the octree's search space.
 * `findPath` runs the any-angle search on the octree's free cells (a blocked point moves to
 * the nearest free voxel within 4 cells; an unreachable goal gives the path to the closest
 * reachable point) and pulls its ends on the octree's own voxels (`pullEnds` with its
 * `lineOfSight`, sparseWorldSight: a conservative capsule test, no BVH); `update` re-voxelizes
 * the moved meshes' box and edits the octree locally (editSparseSpace: only the changed bricks,
 * their ancestors and the components beside them are rebuilt; with fill 'solid', air the moved
 * meshes enclose within the re-voxelized box is blocked). `query` answers voxel queries as
 * `nav path --world sparse` does, `voxelAt`, `nearestFreeVoxel` and `positionOf` read the
 * octree's voxels, and `createSimulation` plans its agents on the octree. Throws a NavlabError 'usage'
 * for `waypoints` or `bounds` (not supported on a sparse world) and for a world over 4,096
 * voxels a side. Called by `fromObject3D` with the obstacle meshes it found; called directly,
 * it finds them under `root` itself (`options.filter`).
 */
export const sparseNavWorld: SparseNavFactory = (root, options = {}, list) => {
  checkObjectWorldArgs(root, options);
  if (checkOneOf('world', options.world ?? 'dense', ['dense', 'sparse', 'auto']) === 'dense') return null;
  if (list === undefined) {
    root.updateMatrixWorld(true);
    list = obstacleMeshes(root, options.filter);
  }
  if (!Array.isArray(list) || list.length === 0) throw usageError('meshes', 'a non-empty array of the obstacle meshes', list);
  if ((options.waypoints ?? 'none') !== 'none') throw usage("waypoints: not available with world 'sparse' (use world 'dense')");
  if (options.bounds !== undefined) throw usage("bounds: not available with world 'sparse'");
  const meshes = new Map<Mesh, { id: string; soup: Float64Array }>();
  const soups: Float64Array[] = [];
  for (const [k, mesh] of list.entries()) {
    const soup = checkFinite(worldTriangles(mesh), mesh.name || String(k));
    meshes.set(mesh, { id: `mesh-${k}`, soup });
    soups.push(soup);
  }
  const all = new Float64Array(soups.reduce((n, s) => n + s.length, 0));
  let at = 0;
  for (const s of soups) {
    all.set(s, at);
    at += s.length;
  }
  const { min, max } = soupBounds(all);
  const extent = Math.max(max.x - min.x, max.y - min.y, max.z - min.z, 1e-9);
  const cellSize = options.cellSize ?? levelCellSize(extent);
  const agentRadius = options.agentRadius ?? levelAgentRadius(extent, cellSize);
  if (options.world === 'auto') {
    const { dims } = meshGridSpec(min, max, cellSize, agentRadius, Number.POSITIVE_INFINITY);
    if (dims[0] * dims[1] * dims[2] <= SPARSE_AUTO_VOXELS) return null;
  }
  const fill: VoxelFill = (options.fill ?? 'auto') === 'auto' ? (isClosedMesh(all) ? 'solid' : 'surface') : (options.fill as VoxelFill);
  const octree = sparseFromTriangles(all, { cellSize, dilation: agentRadius, fill });
  // Solid: the fill left one component, the air the border reaches (no union-find over the cells).
  const space = new SparseSpace(octree, {}, fill === 'solid' ? { boxes: new BrickBoxes(octree), components: oneComponent } : undefined);
  const identity = new Matrix4();
  // Queries need no BVH: their ends are pulled on the octree's own voxels (sparseWorldSight). The
  // BVH is built lazily by what asks for it (a simulation's steering, raycasts): split at centres,
  // 3-4x quicker to build than the surface-area heuristic of STATIC_BVH_OPTIONS on the example levels.
  const bvh = { strategy: CENTER };
  const world = new MeshWorld({ bvh, meshes: [...meshes.values()].map(({ id, soup }) => ({ id, soup, matrix: identity })) });
  const nav: Sparse = new Sparse(
    { root, world, grid: null, graph: null, agentRadius, meshes, fill, lineOfSight: sparseWorldSight(() => nav.sparse.world) },
    space,
  );
  return nav as unknown as ObjectNavWorld;
};

/** NavWorld's class, constructible here (its constructor is private to NavWorld's factories). */
const NavWorldClass = NavWorld as unknown as new (parts: NavWorldParts & { lineOfSight: LineOfSight }) => NavWorld;

class Sparse extends NavWorldClass {
  sparse: SparseSpace;
  readonly #meshes: Map<Mesh, { id: string; soup: Float64Array }>;
  readonly #ctx = new LargeSearchContext();
  readonly #listeners: ((change: NavUpdate) => void)[] = [];

  constructor(parts: NavWorldParts & { lineOfSight: LineOfSight }, space: SparseSpace) {
    super(parts);
    this.sparse = space;
    this.#meshes = parts.meshes;
  }

  /** An any-angle path on the octree between two world points (see sparseNavWorld). */
  override findPath(from: Vector3, to: Vector3, options: NavPathOptions = {}): NavPath {
    checkPoint('from', from);
    checkPoint('to', to);
    const given = checkOptions<NavPathOptions>('NavWorld.findPath: options', options);
    // No options (the usual call): no objects made for them (NO_SEARCH).
    let empty = true;
    for (const _ in given) {
      empty = false;
      break;
    }
    let smooth = true,
      search = NO_SEARCH;
    if (!empty) {
      const { smooth: pull = true, ...rest } = given;
      smooth = pull;
      search = octreeSearch(rest);
    }
    const { status, cost, expanded, corners } = this.#route(from, to, search);
    return { status, cost, expanded, ...polyline(smooth ? pullEnds(corners, this.lineOfSight!) : corners, null) };
  }

  /**
   * What a simulation on this world plans with (NavSimulation, graph 'grid'): the same any-angle
   * paths as findPath, from the agent's position to its goal (or to the closest reachable point).
   * Moving obstacles are not planned around on the octree: steering keeps agents off them. A
   * start or goal with no free voxel near it leaves the agent where it is ('unreachable').
   */
  simulationPlanner(): PathPlanner {
    return {
      plan: (from, to) => {
        try {
          const { status, corners } = this.#route(from, to, {});
          return { points: Float64Array.from(corners), status, costs: null };
        } catch (e) {
          if (!(e instanceof QueryError)) throw e;
          return { points: Float64Array.of(from.x, from.y, from.z), status: 'unreachable', costs: null };
        }
      },
    };
  }

  /**
   * One query between voxel indices [x, y, z] on the octree, as `nav path --world sparse --json`
   * prints it (querySparse: `path` = the corner voxels, `cost` = Euclidean length x cellSize);
   * without a `weight`, the library's sparse default (SPARSE_WEIGHT, 1.5) where the CLI's is 1.
   * Throws a QueryError naming an endpoint that is not voxel indices, outside the world or
   * blocked, and a NavlabError 'usage' for an option the octree search cannot honour.
   */
  override query(from: Endpoint, to: Endpoint, options: NavQueryOptions = {}, ctx = this.#ctx, labels?: QueryLabels): PathReport {
    const search = octreeSearch(checkOptions<NavQueryOptions>('NavWorld.query: options', options));
    return querySparse(this.sparse, from, to, search, ctx, labels);
  }

  /** Voxel indices of the voxel containing `p`; null outside the world (or, with `free`, when blocked). */
  override voxelAt(p: Vec3, free = false): [number, number, number] | null {
    checkVec3('NavWorld.voxelAt: p', p);
    const w = this.sparse.world;
    const [x, y, z] = [p.x - w.origin.x, p.y - w.origin.y, p.z - w.origin.z].map((c) => Math.floor(c / w.cellSize));
    return !w.inBounds(x, y, z) || (free && w.isBlocked(x, y, z)) ? null : [x, y, z];
  }

  /** The free voxel whose centre is nearest `p` within `maxCells` voxels, or null. */
  override nearestFreeVoxel(p: Vec3, maxCells = SNAP): [number, number, number] | null {
    checkVec3('NavWorld.nearestFreeVoxel: p', p);
    checkNumber('NavWorld.nearestFreeVoxel: maxCells', maxCells, 0, false, true);
    return nearestFree(this.sparse.world, p, maxCells);
  }

  /** The centre of voxel [x, y, z] (null outside the world); waypoint ids: null (a sparse world has none). */
  override positionOf(endpoint: Endpoint, out: Vec3 = { x: 0, y: 0, z: 0 }): Vec3 | null {
    const none = super.positionOf(endpoint, out); // checks the endpoint's form
    const w = this.sparse.world;
    if (typeof endpoint === 'string' || !w.inBounds(endpoint[0], endpoint[1], endpoint[2])) return none;
    out.x = w.origin.x + (endpoint[0] + 0.5) * w.cellSize;
    out.y = w.origin.y + (endpoint[1] + 0.5) * w.cellSize;
    out.z = w.origin.z + (endpoint[2] + 0.5) * w.cellSize;
    return out;
  }

  /** The octree search between two world points: its result, and the path's corners (world xyz) from `from` on. */
  #route(from: Vec3, to: Vec3, search: Partial<SearchOptions>) {
    const s = this.sparse;
    const r = findPathSparse(s, freeVoxel(s, from, 'from'), freeVoxel(s, to, 'to'), search, this.#ctx);
    const w = s.world;
    const corners = [from.x, from.y, from.z];
    for (const v of r.path) {
      const x = v % w.X,
        y = Math.floor(v / w.X) % w.Y,
        z = Math.floor(v / (w.X * w.Y));
      corners.push(w.origin.x + (x + 0.5) * w.cellSize, w.origin.y + (y + 0.5) * w.cellSize, w.origin.z + (z + 0.5) * w.cellSize);
    }
    if (r.status === 'found') corners.push(to.x, to.y, to.z);
    return { status: r.status, cost: r.cost, expanded: r.expanded, corners };
  }

  /** Re-voxelizes the box the object's meshes left and entered and edits the octree there (editSparseSpace). */
  override update(object: Object3D): NavUpdate {
    const box = moveMeshes(this.world!, this.#meshes, object);
    if (box === null) return { box: null, voxels: 0, links: 0 };
    const voxels = this.#revoxelize(box);
    const change = { box, voxels, links: 0 };
    for (const listener of this.#listeners) listener(change);
    return change;
  }

  override onUpdate(listener: (change: NavUpdate) => void): () => void {
    checkFunction('NavWorld.onUpdate: listener', listener);
    this.#listeners.push(listener);
    return () => {
      const i = this.#listeners.indexOf(listener);
      if (i >= 0) this.#listeners.splice(i, 1);
    };
  }

  /** The voxels of `box` (grown by the agent radius and a voxel) voxelized again; the octree edited where they changed. Returns how many changed. */
  #revoxelize(box: Aabb): number {
    const w = this.sparse.world;
    const s = w.cellSize,
      grow = this.agentRadius + s;
    const o = [w.origin.x, w.origin.y, w.origin.z];
    const lo = [box.min.x, box.min.y, box.min.z].map((v, a) => Math.max(0, Math.floor((v - grow - o[a]) / s)));
    const dims = [w.X, w.Y, w.Z];
    const hi = [box.max.x, box.max.y, box.max.z].map((v, a) => Math.min(dims[a], Math.floor((v + grow - o[a]) / s) + 1));
    if (lo.some((v, a) => v >= hi[a])) return 0;
    const size: [number, number, number] = [hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]];
    const chunk = new VoxelGrid({ dims: size, origin: w.origin, cellSize: s });
    for (const { soup } of this.#meshes.values()) blockTriangles(soup, chunk, this.agentRadius, [0, 0, 0, ...size], lo);
    if (this.fill === 'solid') sealEnclosed(chunk, lo, w);
    const block: number[] = [],
      clear: number[] = [];
    for (let z = 0; z < size[2]; z++)
      for (let y = 0; y < size[1]; y++)
        for (let x = 0; x < size[0]; x++) {
          const now = chunk.occupancy[x + size[0] * (y + size[1] * z)] !== 0;
          if (now === w.isBlocked(lo[0] + x, lo[1] + y, lo[2] + z)) continue;
          (now ? block : clear).push(lo[0] + x, lo[1] + y, lo[2] + z);
        }
    if (block.length + clear.length === 0) return 0;
    this.sparse = editSparseSpace(this.sparse, [
      { blocked: true, voxels: block },
      { blocked: false, voxels: clear },
    ]).space;
    return (block.length + clear.length) / 3;
  }
}

/** The search options of a findPath given none (never changed). */
const NO_SEARCH: Partial<SearchOptions> = Object.freeze({});

/**
 * The search options of a findPath or query on the octree: the graph, algorithm and move rules
 * it cannot honour are a NavlabError 'usage'; the rest (heuristic, weight, budget...) pass on.
 */
function octreeSearch(options: NavQueryOptions): Partial<SearchOptions> {
  const { graph = 'grid', algorithm, neighborhood, cornerCutting, ...search } = options;
  if (graph !== 'grid') throw usage(`graph: '${graph}' is not available with world 'sparse' (the octree is the only graph)`);
  if (algorithm !== undefined && algorithm !== 'lazy-theta')
    throw usage(`algorithm: '${algorithm}' is not available with world 'sparse' (any-angle 'lazy-theta' only)`);
  if ((neighborhood ?? 26) !== 26 || (cornerCutting ?? 'forbid') !== 'forbid')
    throw usage("neighborhood, cornerCutting: world 'sparse' searches 26 neighbours without corner cutting");
  return search;
}

// A module-local copy: an imported binding may compile to a getter call (tsx), too slow per voxel.
const voxelBlocked = voxelBlocked_;

/**
 * The free voxel whose centre is nearest world point `p` within `maxCells` voxels (p's own when
 * free), or null. An endpoint lifted off a floor is mostly inside the dilation (on the recast pairs
 * of space-station and cave, 105 of 118 and 382 of 384 endpoints): its voxels are read by
 * sparseSight's `voxelBlocked`, which keeps the last node (the voxels around p mostly share a
 * brick), where isBlocked descends from the root for each.
 */
function nearestFree(w: SparseWorld, p: Vec3, maxCells: number): [number, number, number] | null {
  const ox = w.origin.x,
    oy = w.origin.y,
    oz = w.origin.z,
    cs = w.cellSize;
  const vx = Math.floor((p.x - ox) / cs),
    vy = Math.floor((p.y - oy) / cs),
    vz = Math.floor((p.z - oz) / cs);
  if (!voxelBlocked(w, vx, vy, vz)) return [vx, vy, vz];
  let bx = 0,
    by = 0,
    bz = 0;
  let bestD = Number.POSITIVE_INFINITY;
  const m = Math.floor(maxCells);
  // Shells of growing Chebyshev radius r around p's voxel: a voxel of shell r is at least (r - 0.5) cells from p,
  // so once a shell's bound passes the best distance no farther voxel can win. Ties: the least (dz, dy, dx).
  for (let r = 1; r <= m && (r - 0.5) * (r - 0.5) * cs * cs <= bestD; r++)
    for (let dz = -r; dz <= r; dz++)
      for (let dy = -r; dy <= r; dy++) {
        const inner = dz > -r && dz < r && dy > -r && dy < r;
        for (let dx = -r; dx <= r; dx += inner ? 2 * r : 1) {
          const x = vx + dx,
            y = vy + dy,
            z = vz + dz;
          const d = ((x + 0.5) * cs + ox - p.x) ** 2 + ((y + 0.5) * cs + oy - p.y) ** 2 + ((z + 0.5) * cs + oz - p.z) ** 2;
          const dz0 = bz - vz,
            dy0 = by - vy,
            dx0 = bx - vx;
          // The voxel is looked up only when it would win (most of a shell is farther than the best so far).
          if (d < bestD || (d === bestD && (dz < dz0 || (dz === dz0 && (dy < dy0 || (dy === dy0 && dx < dx0)))))) {
            if (voxelBlocked(w, x, y, z)) continue;
            bestD = d;
            bx = x;
            by = y;
            bz = z;
          }
        }
      }
  return bestD === Number.POSITIVE_INFINITY ? null : [bx, by, bz];
}

/** The free voxel standing for world point `p` (the nearest within SNAP voxels); a QueryError naming the point if none. */
function freeVoxel(space: SparseSpace, p: Vec3, name: string): number[] {
  const w = space.world;
  const s = w.cellSize;
  if (!w.inBounds(Math.floor((p.x - w.origin.x) / s), Math.floor((p.y - w.origin.y) / s), Math.floor((p.z - w.origin.z) / s)))
    throw new QueryError(`${name}: (${p.x}, ${p.y}, ${p.z}) is outside the navigation grid`);
  const free = nearestFree(w, p, SNAP);
  if (free === null) throw new QueryError(`${name}: (${p.x}, ${p.y}, ${p.z}) is inside geometry, with no free voxel within ${SNAP} cells`);
  return free;
}
