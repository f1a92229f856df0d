import { now } from '../core/clock.ts';
import { NavlabError } from '../core/errors.ts';
import { MAX_PLACEMENT_VOXELS, placeWaypoints, type PlacedWaypoints, type PlaceWaypointsOptions } from '../core/graph/autoWaypoints.ts';
import { buildVisibility, segmentClearOf, type LineOfSight } from '../core/graph/visibility.ts';
import { measureWaypoints, type MetricsOptions, type WaypointMetrics } from '../core/graph/waypointMetrics.ts';
import type { WaypointGraph } from '../core/graph/WaypointGraph.ts';
import type { ClearSpace } from '../core/grid/clearance.ts';
import type { VoxelGrid, VoxelGridOptions } from '../core/grid/VoxelGrid.ts';
import { buildVoxelGrid, type SceneBounds, type SceneDocument, type SceneWaypoint } from '../scene/index.ts';
import { ObstacleWorld, type ObstacleWorldOptions } from '../three/ObstacleWorld.ts';
import { voxelize } from '../three/voxelize.ts';
import { checkLimit, checkNumber, checkOptions, usageError } from '../core/args.ts';
import { checkSceneDocument } from '../scene/documentShape.ts';

/** Voxels along the longest side of a scene's bounds when it has no voxel layer. */
export const DEFAULT_VOXELS_ACROSS = 128;

/**
 * The default voxel frame of a box: cell size = its longest side / 128, origin at its
 * minimum corner, dims rounded up so the grid covers the box.
 */
export function defaultVoxelFrame(bounds: SceneBounds): VoxelGridOptions {
  const size = [0, 1, 2].map((a) => bounds.max[a] - bounds.min[a]);
  const cellSize = Math.max(...size) / DEFAULT_VOXELS_ACROSS;
  const dims = size.map((s) => Math.max(1, Math.ceil(s / cellSize - 1e-9))) as [number, number, number];
  return { dims, cellSize, origin: { x: bounds.min[0], y: bounds.min[1], z: bounds.min[2] } };
}

/**
 * The blocked/free grid of a scene's static world that automatic waypoints are placed on: in
 * the frame of its voxel layer (or `defaultVoxelFrame(bounds)` without one), a voxel is blocked
 * when the layer blocks it or static geometry reaches into it (`voxelize`). A layer without
 * static obstacles is returned as is (it is the geometry).
 */
export function placementGrid(doc: SceneDocument, world: ObstacleWorld): VoxelGrid {
  const layer = world.grid;
  if (layer !== null && world.obstacleCount === 0) return layer;
  const frame: VoxelGridOptions =
    layer === null ? defaultVoxelFrame(doc.bounds) : { dims: [layer.X, layer.Y, layer.Z], cellSize: layer.cellSize, origin: layer.origin };
  return voxelize(world, frame);
}

/** Options of `placeSceneWaypoints`. */
export interface SceneWaypointOptions extends Omit<PlaceWaypointsOptions, 'agentRadius' | 'maxLinkDistance'> {
  /** @default the document's agentRadius, else 0 */
  agentRadius?: number;
  /** @default the document's maxLinkDistance, else unlimited */
  maxLinkDistance?: number;
  /** How the scene's world is built (its meshes, e.g. `sceneMeshes`). @default the document's obstacles and voxel layer only */
  world?: ObstacleWorldOptions;
  /**
   * The clear space of the scene's placement grid (`clearSpace` of a grid with its frame and
   * voxels, for agentRadius; `importScene` hands its placer one): placed on instead of computing
   * it again. Of other voxels or another radius: a usage error naming `space`. @default computed
   */
  space?: ClearSpace;
}

/** Automatic waypoints of a scene with the world and line of sight they were placed with. */
export interface SceneWaypoints {
  /** The placed waypoints with their placement grid and step figures. */
  placed: PlacedWaypoints;
  /** The scene's static world the waypoints were placed in (built on first read when placement needed none). */
  readonly world: ObstacleWorld;
  /** The agent's capsule line of sight through the scene BVH (what placement used). */
  los: LineOfSight;
  /** Agent radius used (world units). */
  agentRadius: number;
  /** Longest link used (world units; Infinity: no limit). */
  maxLinkDistance: number;
  /** Wall time: world (when placement built it), placement grid, placement. */
  ms: number;
  /**
   * Its parts: the world (its BVH is built on the first line-of-sight query; 0 when placement
   * needed no world: then it is built when `world` or `los` is first used), placement grid (voxelization).
   */
  worldMs: number;
  /** Building the placement grid (voxelization), in ms. */
  gridMs: number;
}

/**
 * Automatic waypoints for a scene's static world (moving obstacles ignored, like
 * preprocessing): `placeWaypoints` on `placementGrid`, seeing through the scene-wide BVH with
 * the capsule test of the agent radius (built on the first test: placement below half a cell
 * decides on the grid alone; the voxel layer is not drawn unless `world.drawVoxels` says so).
 */
export function placeSceneWaypoints(doc: SceneDocument, options: SceneWaypointOptions = {}): SceneWaypoints {
  checkSceneDocument('placeSceneWaypoints: doc', doc);
  checkOptions('placeSceneWaypoints: options', options);
  const agentRadius = checkNumber('agentRadius', options.agentRadius ?? doc.agentRadius ?? 0, 0);
  const maxLinkDistance = checkLimit('maxLinkDistance', options.maxLinkDistance ?? doc.maxLinkDistance ?? Infinity);
  // Refuse an oversized layer before building anything for it.
  const dims = doc.voxels?.dims ?? defaultVoxelFrame(doc.bounds).dims;
  const voxels = dims[0] * dims[1] * dims[2];
  if (voxels > MAX_PLACEMENT_VOXELS) {
    throw new NavlabError(
      'usage',
      `placeWaypoints: the grid has ${dims.join('x')} = ${voxels} voxels, over the limit of ${MAX_PLACEMENT_VOXELS}`,
    );
  }
  const t0 = now();
  // Undrawn by default, and built only when asked for: a layer without obstacles is the
  // placement grid itself, and placement below half a cell asks the line of sight nothing.
  let world: ObstacleWorld | null = null;
  let worldMs = 0;
  const sceneWorld = (): ObstacleWorld => {
    if (world === null) {
      const t = now();
      world = ObstacleWorld.fromScene(doc, { drawVoxels: false, ...options.world });
      worldMs = now() - t;
    }
    return world;
  };
  const layout =
    (doc.voxels !== undefined && !doc.obstacles?.length && !options.world?.grid ? buildVoxelGrid(doc) : null) ??
    placementGrid(doc, sceneWorld());
  // A given clear space is placed on with its own grid (the same voxels).
  const space = options.space;
  if (space !== undefined && !(space?.radius === agentRadius && sameVoxels(space.grid, layout)))
    throw new NavlabError('usage', "space: not the clear space of the scene's placement grid for agentRadius");
  const grid = space?.grid ?? layout;
  const gridMs = now() - t0 - worldMs;
  let sight: LineOfSight | null = null;
  const los: LineOfSight = (ax, ay, az, bx, by, bz) => (sight ??= sceneWorld().lineOfSight(agentRadius))(ax, ay, az, bx, by, bz);
  const placed = placeWaypoints(grid, los, { ...options, agentRadius, maxLinkDistance });
  const ms = now() - t0;
  return {
    placed,
    get world() {
      return sceneWorld();
    },
    los,
    agentRadius,
    maxLinkDistance,
    ms,
    worldMs,
    gridMs,
  };
}

/** Whether two grids have the same frame and voxels. */
function sameVoxels(a: VoxelGrid, b: VoxelGrid): boolean {
  const frame = (g: VoxelGrid) => [g.X, g.Y, g.Z, g.cellSize, g.origin.x, g.origin.y, g.origin.z].join();
  if (!(a?.occupancy instanceof Uint8Array) || frame(a) !== frame(b)) return false;
  // A plain loop: `every` with a callback took 30-150 ms on 2M voxels, part of every import.
  const p = a.occupancy,
    q = b.occupancy;
  for (let i = 0; i < p.length; i++) if (p[i] !== q[i]) return false;
  return true;
}

export interface SceneWaypointFigures extends SceneWaypoints {
  /** The placed positions relinked by `buildVisibility`, as preprocessing links a scene. */
  graph: WaypointGraph;
  metrics: WaypointMetrics;
  /** Wall time of relinking and measuring. */
  figuresMs: number;
}

/**
 * `placeSceneWaypoints`, then the figures of `measureWaypoints` (default: 1,000 pairs, seed 1)
 * on the positions relinked from scratch by `buildVisibility`, independently of the graph the
 * placement kept.
 */
export function sceneWaypointFigures(
  doc: SceneDocument,
  options: SceneWaypointOptions = {},
  metrics: MetricsOptions = {},
): SceneWaypointFigures {
  const r = placeSceneWaypoints(doc, options);
  const t = now();
  const p = r.placed.positions;
  const graph = buildVisibility(p, segmentClearOf(p, r.los), { maxLinkDistance: r.maxLinkDistance });
  const m = measureWaypoints(r.placed.space, graph, r.los, metrics);
  return { ...r, graph, metrics: m, figuresMs: now() - t };
}

/** Placed positions as scene waypoints, with the ids `auto-1`, `auto-2`, ... in placement order. */
export function autoWaypointList(positions: Float64Array): SceneWaypoint[] {
  if (!(positions instanceof Float64Array) || positions.length % 3 !== 0)
    throw usageError('autoWaypointList: positions', 'a Float64Array of xyz triples', positions);
  return Array.from({ length: positions.length / 3 }, (_, i) => ({
    id: `auto-${i + 1}`,
    position: [positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]] as [number, number, number],
  }));
}
