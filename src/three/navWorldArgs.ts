/**
 * Argument checks of NavWorld's factories: the root and options of `fromObject3D`, the parts
 * of `fromScene`, and world points. Each throws a NavlabError (code usage) naming the argument.
 */
import type { Vector3 } from 'three';
import {
  checkFunction,
  checkInstance,
  checkInteger,
  checkNumber,
  checkObject,
  checkOneOf,
  checkOptions,
  checkVec3,
  usageError,
} from '../core/args.ts';
import { NavlabError } from '../core/errors.ts';
import type { VisibilityGraph } from '../core/graph/visibility.ts';
import { WaypointGraph } from '../core/graph/WaypointGraph.ts';
import { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import { WAYPOINT_LIMIT } from '../core/limits.ts';
import { MeshWorld } from './MeshWorld.ts';

/** A NavlabError 'usage' with `message` (NavWorld's checks and factories). */
export const usage = (message: string): NavlabError => new NavlabError('usage', message);

/** `p` when it is a point with finite coordinates (a Vector3). */
export function checkPoint(name: string, p: unknown): Vector3 {
  return checkVec3(name, p) as Vector3;
}

/** The root and options of `NavWorld.fromObject3D` (NavWorldOptions), checked. */
export function checkObjectWorldArgs(root: unknown, options: unknown): void {
  if (typeof (root as { traverse?: unknown } | null)?.traverse !== 'function') throw usage('root: expected an Object3D');
  const o = checkOptions('options', options) as {
    cellSize?: unknown;
    agentRadius?: unknown;
    maxWaypoints?: unknown;
    waypoints?: unknown;
    filter?: unknown;
    fill?: unknown;
    bounds?: { min?: Partial<Vector3>; max?: Partial<Vector3> } | null;
  };
  if (o.cellSize !== undefined) checkNumber('cellSize', o.cellSize, 0, true);
  if (o.agentRadius !== undefined) checkNumber('agentRadius', o.agentRadius, 0);
  if (o.maxWaypoints !== undefined) checkInteger('maxWaypoints', o.maxWaypoints, 1, WAYPOINT_LIMIT);
  const w = o.waypoints;
  if (w !== undefined && w !== 'none' && typeof w !== 'function')
    throw usageError('waypoints', "'none' or a waypoint source (autoWaypoints, waypointList(points): exports of navlab/three)", w);
  if (o.filter !== undefined) checkFunction('filter', o.filter);
  if (o.fill !== undefined) checkOneOf('fill', o.fill, ['surface', 'solid', 'auto']);
  const b = o.bounds;
  const c = [b?.min?.x, b?.min?.y, b?.min?.z, b?.max?.x, b?.max?.y, b?.max?.z] as number[];
  if (b !== undefined && !(c.every(Number.isFinite) && c[0] <= c[3] && c[1] <= c[4] && c[2] <= c[5]))
    throw usage('bounds: expected a Box3 with finite corners, min <= max');
}

/** The parts `NavWorld.fromScene` is given (NavSceneParts), each of its kind (the counts are checked by the constructor). */
export function checkSceneParts(scene: unknown): void {
  const s = checkObject<{ grid?: unknown; graph?: unknown; ids?: unknown; index?: unknown; world?: unknown }>(
    'fromScene: scene',
    scene,
    '{ grid, graph?, ids?, index?, world?, agentRadius? }',
  );
  if (s.grid !== null && s.grid !== undefined) checkInstance('fromScene: grid', s.grid, VoxelGrid, 'VoxelGrid or null');
  const g = s.graph;
  if (g !== undefined && g !== null && !(g instanceof WaypointGraph) && !isVisibilityGraph(g))
    throw usageError('fromScene: graph', 'a WaypointGraph, a VisibilityGraph or null', g);
  if (s.ids !== undefined && (!Array.isArray(s.ids) || !s.ids.every((id) => typeof id === 'string')))
    throw usageError('fromScene: ids', 'an array of waypoint ids (strings)', s.ids);
  if (s.index !== undefined) checkInstance('fromScene: index', s.index, Map, 'Map from waypoint id to index');
  if (s.world !== undefined && s.world !== null)
    checkInstance('fromScene: world', s.world, MeshWorld, 'CollisionWorld (or ObstacleWorld, MeshWorld) or null');
}

/** Whether `g` is a VisibilityGraph, told by its methods (its class is not loaded here, so a NavWorld without waypoints does not carry it). */
export function isVisibilityGraph(g: unknown): g is VisibilityGraph {
  const v = g as VisibilityGraph | null;
  return v !== null && typeof v === 'object' && typeof v.graph === 'function' && typeof v.retestRegion === 'function';
}
