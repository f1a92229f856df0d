/**
 * What a NavWorld is made of, and building it from the meshes under a root (`fromObject3D`):
 * their world triangles in one MeshWorld, the grid voxelized from it grown by the agent
 * radius, and the waypoint graph.
 */
import { levelAgentRadius, levelCellSize } from '../core/levelScale.ts';
import { Matrix4, type Box3, type Mesh, type Object3D } from 'three';
import { NavlabError } from '../core/errors.ts';
import { usageError } from '../core/args.ts';
import type { Aabb, VisibilityGraph } from '../core/graph/visibility.ts';
import type { WaypointGraph } from '../core/graph/WaypointGraph.ts';
import { MAX_VOXELS, type VoxelGrid } from '../core/grid/VoxelGrid.ts';
import { unionBox } from '../core/geometry/boxes.ts';
import { worldTriangles } from './meshTriangles.ts';
import { MeshWorld } from './MeshWorld.ts';
import { voxelize } from './voxelize.ts';
import { checkGridVoxels, fillEnclosed, meshGridSpec, soupBounds, type VoxelFill } from '../core/geometry/voxelizeMesh.ts';
import { isClosedMesh } from '../core/geometry/closedMesh.ts';
import { isVisibilityGraph, usage } from './navWorldArgs.ts';
import type { WaypointSource } from './waypointSources.ts';

/** Options of `NavWorld.fromObject3D`. */
export interface NavWorldOptions {
  /** Voxel edge length in world units (finite, > 0). @default the level's: the longest side of the meshes' box (with `bounds`) / 128 (navlab's levelCellSize) */
  cellSize?: number;
  /**
   * Radius of the agents (finite, >= 0): grid paths and waypoint links keep this clearance.
   * @default the level's: 0.4 cells within [extent / 1000, extent / 40] (navlab's levelAgentRadius)
   */
  agentRadius?: number;
  /**
   * The waypoint graph: `'none'` builds none; `autoWaypoints` places few, covering the free
   * space (a grid of at most 2^24 voxels); `waypointList(points)` puts them at the given
   * points (both from navlab/three); or a WaypointSource of your own. @default 'none'
   */
  waypoints?: 'none' | WaypointSource;
  /** At most this many waypoints from the source (1 to 50,000). @default 50000 */
  maxWaypoints?: number;
  /** The grid covers at least this box (e.g. the space agents fly in). @default the meshes' box */
  bounds?: Box3;
  /** Which meshes under the root are obstacles. @default every mesh */
  filter?: (mesh: Mesh) => boolean;
  /**
   * What is blocked: 'surface', the voxels the triangles meet (a closed mesh stays hollow);
   * 'solid', also every voxel the grid border cannot reach through free voxels (face
   * neighbours), so the inside of closed meshes is blocked; 'auto', solid when the obstacle
   * meshes together are closed (navlab's `isClosedMesh`: watertight), surface otherwise. The
   * choice made is `NavWorld.fill`. @default 'auto'
   */
  fill?: VoxelFill | 'auto';
  /**
   * What the searches run on: 'dense', the voxel grid; 'sparse', a sparse voxel octree built
   * straight from the triangles (big worlds; `grid` is then null, see sparseNavWorld);
   * 'auto', sparse above SPARSE_AUTO_VOXELS (2^24) voxels in the grid's box, else dense.
   * 'sparse' and 'auto' need `sparse: sparseNavWorld` (navlab/three). @default 'dense'
   */
  world?: 'dense' | 'sparse' | 'auto';
  /**
   * The sparse support `world` 'sparse' or 'auto' uses: `sparseNavWorld` from navlab/three,
   * passed in so that programs on the dense grid do not carry the octree's code.
   */
  sparse?: (root: Object3D, options: NavWorldOptions, meshes: Mesh[]) => object | null;
}

/** What a NavWorld is made of (see fromObject3D and fromScene). */
export interface NavWorldParts {
  root: Object3D | null;
  world: MeshWorld | null;
  grid: VoxelGrid | null;
  graph: WaypointGraph | VisibilityGraph | null;
  ids?: readonly string[];
  index?: ReadonlyMap<string, number>;
  agentRadius: number;
  meshes: Map<Mesh, { id: string; soup: Float64Array }>;
  /** The fill the grid was voxelized with; null when the grid was given (a scene's, a .navbin's). */
  fill: VoxelFill | null;
}

/**
 * Builds what `fromObject3D` promises (options checked): the meshes' world triangles in one
 * MeshWorld, the grid voxelized from it grown by the agent radius, the waypoints.
 */
export function buildParts(root: Object3D, options: NavWorldOptions, list: Mesh[]): NavWorldParts {
  const meshes = new Map<Mesh, { id: string; soup: Float64Array }>();
  let total = 0;
  for (const [k, mesh] of list.entries()) {
    const soup = checkFinite(worldTriangles(mesh), mesh.name || String(k));
    meshes.set(mesh, { id: `mesh-${k}`, soup });
    total += soup.length;
  }
  const all = new Float64Array(total);
  let o = 0;
  for (const { soup } of meshes.values()) {
    all.set(soup, o);
    o += soup.length;
  }
  const { min, max } = soupBounds(all);
  if (options.bounds !== undefined) unionBox({ min, max }, options.bounds);
  // Lengths not given follow the level (levelScale.ts): a model two units across and one two thousand across alike.
  const extent = Math.max(max.x - min.x, max.y - min.y, max.z - min.z, 1e-9);
  const cellSize = options.cellSize ?? levelCellSize(extent);
  const agentRadius = options.agentRadius ?? levelAgentRadius(extent, cellSize);
  const spec = { ...meshGridSpec(min, max, cellSize, agentRadius), cellSize };
  checkGridVoxels(cellSize, spec.dims, MAX_VOXELS);
  const fill: VoxelFill = (options.fill ?? 'auto') === 'auto' ? (isClosedMesh(all) ? 'solid' : 'surface') : (options.fill as VoxelFill);
  const identity = new Matrix4();
  const world = new MeshWorld({ meshes: [...meshes.values()].map(({ id, soup }) => ({ id, soup, matrix: identity })) });
  // The geometry alone (placement measures clearance itself), made only when asked for.
  let surface: VoxelGrid | null = null;
  const surfaceGrid = (): VoxelGrid => (surface ??= filled(voxelize(world, spec), fill));
  const source = options.waypoints ?? 'none';
  let graph: VisibilityGraph | null = null;
  if (source !== 'none') {
    const los = world.lineOfSight(agentRadius);
    graph = source({ los, agentRadius, cellSize, dims: spec.dims, maxWaypoints: options.maxWaypoints, surface: surfaceGrid });
    if (!isVisibilityGraph(graph)) throw usageError('waypoints: the source returned', 'a VisibilityGraph', graph);
  }
  const grid = agentRadius === 0 ? surfaceGrid() : filled(voxelize(world, spec, { dilation: agentRadius }), fill);
  return { root, world, grid, graph, agentRadius, meshes, fill };
}

/**
 * `grid` with, for 'solid', every free voxel the border cannot reach blocked (fillEnclosed);
 * derived data is marked stale when a voxel changed. Returns `grid`.
 */
export function filled(grid: VoxelGrid, fill: VoxelFill): VoxelGrid {
  if (fill === 'solid' && fillEnclosed(grid) > 0) grid.markEdited(0, 0, 0, grid.X - 1, grid.Y - 1, grid.Z - 1);
  return grid;
}

/** `soup`, after checking every coordinate is finite (a NavlabError 'input' naming the mesh if not). */
export function checkFinite(soup: Float64Array, mesh: string): Float64Array {
  for (let i = 0; i < soup.length; i++) {
    if (!Number.isFinite(soup[i]))
      throw new NavlabError('input', `mesh '${mesh}': vertex ${Math.floor(i / 3)} is not finite in world space`);
  }
  return soup;
}

/**
 * `NavWorld.update`'s first half: moves the triangles of the meshes under `object` that the world
 * holds (`meshes`: each mesh's id and triangle soup; null: none) to where they are now, and returns the box
 * they left and entered, or null when none moved. Usage errors for a non-Object3D and for a mesh
 * whose triangle count changed.
 */
export function moveMeshes(world: MeshWorld, meshes: Map<Mesh, { id: string; soup: Float64Array }> | null, object: Object3D): Aabb | null {
  if (typeof object?.traverse !== 'function') throw usage('update: expected an Object3D');
  object.updateMatrixWorld(true);
  let box: Aabb | null = null;
  object.traverse((o) => {
    const entry = meshes?.get(o as Mesh);
    if (entry === undefined) return;
    const soup = checkFinite(worldTriangles(o as Mesh, entry.soup), o.name || entry.id);
    if (soup !== entry.soup) throw usage(`update: mesh '${o.name}' changed its triangle count; build a new NavWorld`);
    const changed = world.setMeshTriangles(entry.id, soup);
    if (changed === null) return;
    if (box === null) box = changed;
    else unionBox(box, changed);
  });
  return box;
}
