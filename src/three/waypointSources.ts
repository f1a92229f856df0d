/**
 * Automatic waypoints for `NavWorld.fromObject3D` (`waypoints: autoWaypoints`): kept out of
 * NavWorld's module so a program that builds its NavWorld without them does not carry the
 * placement (clearance, cover, connect, prune, refine).
 */
import { checkFunction, checkInstance, checkInteger, checkNumber, checkOptions } from '../core/args.ts';
import { placeWaypoints } from '../core/graph/autoWaypoints.ts';
import type { LineOfSight } from '../core/graph/visibility.ts';
import { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import { LIMITS } from '../core/limits.ts';

/** What `NavWorld.fromObject3D` tells a waypoint placer. */
export interface WaypointPlacementOptions {
  /** The agent radius (finite, >= 0): waypoints keep this clearance. @default 0 */
  agentRadius?: number;
  /** At most this many waypoints (1 to 50,000). @default 50000 */
  maxWaypoints?: number;
}

/**
 * A waypoint placer for `NavWorld.fromObject3D`'s `waypoints` option: the positions (xyz
 * triples) of waypoints in the free voxels of `surface` (blocked where the geometry is, not
 * grown by the agent radius), seen through the agent's line of sight `los`.
 */
export type WaypointPlacer = (surface: VoxelGrid, los: LineOfSight, options?: WaypointPlacementOptions) => ArrayLike<number>;

/**
 * Places few waypoints covering the free space (placeWaypoints in navlab's core: every clear
 * voxel sees a waypoint of its own component, one graph component per free component). Pass
 * it as `NavWorld.fromObject3D(root, { cellSize, waypoints: autoWaypoints })`. Throws a
 * NavlabError 'usage' naming a bad argument or a grid over 2^24 voxels.
 */
export const autoWaypoints: WaypointPlacer = (surface, los, options = {}) => {
  checkInstance('autoWaypoints: surface', surface, VoxelGrid);
  checkFunction('autoWaypoints: los', los);
  const o = checkOptions<WaypointPlacementOptions>('autoWaypoints: options', options);
  const agentRadius = o.agentRadius === undefined ? 0 : checkNumber('autoWaypoints: options.agentRadius', o.agentRadius, 0);
  const maxWaypoints =
    o.maxWaypoints === undefined ? undefined : checkInteger('autoWaypoints: options.maxWaypoints', o.maxWaypoints, 1, LIMITS.waypoints);
  return placeWaypoints(surface, los, { agentRadius, maxWaypoints }).positions;
};
