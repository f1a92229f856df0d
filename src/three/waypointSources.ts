/**
 * Where `NavWorld.fromObject3D` gets its waypoint graph (`waypoints: autoWaypoints` or
 * `waypoints: waypointList(points)`): kept out of NavWorld's modules so a program that builds
 * its NavWorld without waypoints carries neither the visibility graph nor the placement
 * (clearance, cover, connect, prune, refine).
 */
import type { Vector3 } from 'three';
import { checkFunction, checkInteger, checkNumber, checkObject, checkVec3, usageError } from '../core/args.ts';
import { NavlabError } from '../core/errors.ts';
import { checkGridVoxels } from '../core/geometry/voxelizeMesh.ts';
import { MAX_PLACEMENT_VOXELS, placeWaypoints } from '../core/graph/autoWaypoints.ts';
import { VisibilityGraph, type LineOfSight } from '../core/graph/visibility.ts';
import type { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import { WAYPOINT_LIMIT } from '../core/limits.ts';

/** What `NavWorld.fromObject3D` gives a WaypointSource: the world being built. */
export interface WaypointSourceInput {
  /** The agent's line of sight: a capsule of the agent radius against the world's BVH. */
  los: LineOfSight;
  /** The agent radius (finite, >= 0). */
  agentRadius: number;
  /** Voxel edge length of the grid. */
  cellSize: number;
  /** Voxel counts [X, Y, Z] of the grid. */
  dims: readonly [number, number, number];
  /** At most this many waypoints (`NavWorldOptions.maxWaypoints`). @default 50000 */
  maxWaypoints?: number;
  /** The world voxelized without the agent radius (what placement measures clearance on); made on the first call. */
  surface(): VoxelGrid;
}

/**
 * A NavWorld's waypoint graph from the world being built (`NavWorldOptions.waypoints`):
 * `autoWaypoints`, `waypointList(points)`, or your own (a VisibilityGraph over `input.los`).
 */
export type WaypointSource = (input: WaypointSourceInput) => VisibilityGraph;

/** `input` when it is what fromObject3D gives a WaypointSource. */
function checkInput(who: string, input: unknown): WaypointSourceInput {
  const i = checkObject<WaypointSourceInput>(`${who}: input`, input, 'a WaypointSourceInput { los, agentRadius, cellSize, dims, surface }');
  checkFunction(`${who}: input.los`, i.los);
  checkNumber(`${who}: input.agentRadius`, i.agentRadius, 0);
  checkNumber(`${who}: input.cellSize`, i.cellSize, 0, true);
  if (!Array.isArray(i.dims) || i.dims.length !== 3 || !i.dims.every((n) => Number.isInteger(n) && n >= 1))
    throw usageError(`${who}: input.dims`, '[X, Y, Z] of integers >= 1', i.dims);
  if (i.maxWaypoints !== undefined) checkInteger(`${who}: input.maxWaypoints`, i.maxWaypoints, 1, WAYPOINT_LIMIT);
  checkFunction(`${who}: input.surface`, i.surface);
  return i;
}

/**
 * Places few waypoints covering the free space (placeWaypoints in navlab's core: every clear
 * voxel sees a waypoint of its own component, one graph component per free component), on a
 * grid of at most 2^24 voxels. `NavWorld.fromObject3D(root, { cellSize, waypoints: autoWaypoints })`.
 * Throws a NavlabError 'usage' naming a bad argument or the cell size of a grid over the limit.
 */
export function autoWaypoints(input: WaypointSourceInput): VisibilityGraph {
  const { los, agentRadius, cellSize, dims, maxWaypoints, surface } = checkInput('autoWaypoints', input);
  checkGridVoxels(cellSize, dims, MAX_PLACEMENT_VOXELS, ' for autoWaypoints');
  const graph = new VisibilityGraph(los);
  graph.setAll(placeWaypoints(surface(), los, { agentRadius, maxWaypoints }).positions);
  return graph;
}

/**
 * Waypoints at the given positions (at most 50,000), linked where the agent sees from one to
 * the other: `NavWorld.fromObject3D(root, { cellSize, waypoints: waypointList([a, b]) })`.
 * Throws a NavlabError 'usage' naming a point that is not finite.
 */
export function waypointList(points: readonly Vector3[]): WaypointSource {
  if (!Array.isArray(points)) throw usageError('waypointList: points', 'an array of Vector3', points);
  if (points.length > WAYPOINT_LIMIT)
    throw new NavlabError('usage', `waypointList: points: ${points.length} given, over the limit of ${WAYPOINT_LIMIT}`);
  const positions = points.flatMap((p, i) => {
    const v = checkVec3(`waypointList: points[${i}]`, p);
    return [v.x, v.y, v.z];
  });
  return (input) => {
    const { los } = checkInput('waypointList', input);
    const graph = new VisibilityGraph(los);
    graph.setAll(positions);
    return graph;
  };
}
