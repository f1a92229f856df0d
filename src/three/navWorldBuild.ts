/**
 * What a NavWorld is made of, and building it from the meshes under a root (`fromObject3D`):
 * their world triangles in one ObstacleWorld, the grid voxelized from it grown by the agent
 * radius, and the waypoint graph.
 */
import { Matrix4, type Box3, type Mesh, type Object3D, type Vector3 } from 'three';
import { NavlabError } from '../core/errors.ts';
import { checkNumbers } from '../core/args.ts';
import { MAX_PLACEMENT_VOXELS } from '../core/graph/autoWaypoints.ts';
import { VisibilityGraph } from '../core/graph/visibility.ts';
import type { WaypointGraph } from '../core/graph/WaypointGraph.ts';
import { MAX_VOXELS, type VoxelGrid } from '../core/grid/VoxelGrid.ts';
import { LIMITS } from '../core/limits.ts';
import { unionBox } from '../core/geometry/boxes.ts';
import { worldTriangles } from './meshTriangles.ts';
import { ObstacleWorld } from './ObstacleWorld.ts';
import { voxelize } from './voxelize.ts';
import { meshGridSpec, soupBounds } from '../core/geometry/voxelizeMesh.ts';
import type { WaypointPlacer } from './waypointPlacement.ts';

const usage = (message: string): NavlabError => new NavlabError('usage', message);

/** Options of `NavWorld.fromObject3D`. */
export interface NavWorldOptions {
  /** Voxel edge length in world units (finite, > 0). */
  cellSize: number;
  /** Radius of the agents (finite, >= 0): grid paths and waypoint links keep this clearance. @default 0 */
  agentRadius?: number;
  /**
   * Waypoints of the waypoint graph: `'none'` builds no graph, a list gives their positions,
   * and a placer places them: `autoWaypoints` (from navlab/three) places few, covering the
   * free space (a grid of at most 2^24 voxels). @default 'none'
   */
  waypoints?: 'none' | readonly Vector3[] | WaypointPlacer;
  /** At most this many waypoints from a placer (1 to 50,000). @default 50000 */
  maxWaypoints?: number;
  /** The grid covers at least this box (e.g. the space agents fly in). @default the meshes' box */
  bounds?: Box3;
  /** Which meshes under the root are obstacles. @default every mesh */
  filter?: (mesh: Mesh) => boolean;
}

/** What a NavWorld is made of (see fromObject3D and fromScene). */
export interface NavWorldParts {
  root: Object3D | null;
  world: ObstacleWorld | null;
  grid: VoxelGrid | null;
  graph: WaypointGraph | VisibilityGraph | null;
  ids?: readonly string[];
  index?: ReadonlyMap<string, number>;
  agentRadius: number;
  meshes: Map<Mesh, { id: string; soup: Float64Array }>;
}

/**
 * Builds what `fromObject3D` promises (options checked): the meshes' world triangles in one
 * ObstacleWorld, the grid voxelized from it grown by the agent radius, the waypoints.
 */
export function buildParts(root: Object3D, options: NavWorldOptions, list: Mesh[]): NavWorldParts {
  const cellSize = options.cellSize;
  const agentRadius = options.agentRadius ?? 0;
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
  const spec = { ...meshGridSpec(min, max, cellSize, agentRadius), cellSize };
  const voxels = spec.dims[0] * spec.dims[1] * spec.dims[2];
  const wanted = options.waypoints ?? 'none';
  const placed = typeof wanted === 'function';
  const limit = placed ? MAX_PLACEMENT_VOXELS : MAX_VOXELS;
  if (voxels > limit) {
    throw usage(
      `cellSize ${cellSize}: the grid would have ${spec.dims.join('x')} = ${voxels} voxels, over the limit of ${limit}${placed ? ' for placed waypoints' : ''}`,
    );
  }
  const identity = new Matrix4();
  const world = new ObstacleWorld([], null, { meshes: [...meshes.values()].map(({ id, soup }) => ({ id, soup, matrix: identity })) });
  const grid = voxelize(world, spec, { dilation: agentRadius });
  const parts: NavWorldParts = { root, world, grid, graph: null, agentRadius, meshes };
  if (wanted === 'none') return parts;
  const los = world.lineOfSight(agentRadius);
  let positions: ArrayLike<number>;
  if (typeof wanted === 'function') {
    // Placement measures clearance itself: it wants the geometry, not the grown grid.
    const surface = agentRadius === 0 ? grid : voxelize(world, spec);
    positions = wanted(surface, los, { agentRadius, maxWaypoints: options.maxWaypoints });
    checkNumbers('waypoints: the positions placed', positions, 3, 3 * LIMITS.waypoints);
  } else {
    positions = wanted.flatMap((p) => [p.x, p.y, p.z]);
  }
  const visibility = new VisibilityGraph(los);
  visibility.setAll(positions);
  return { ...parts, graph: visibility };
}

/** `soup`, after checking every coordinate is finite (a NavlabError 'input' naming the mesh if not). */
export function checkFinite(soup: Float64Array, mesh: string): Float64Array {
  for (let i = 0; i < soup.length; i++) {
    if (!Number.isFinite(soup[i]))
      throw new NavlabError('input', `mesh '${mesh}': vertex ${Math.floor(i / 3)} is not finite in world space`);
  }
  return soup;
}
