import type { GridSearchSettings } from '../grid/GridSpace.ts';
import type { Algorithm } from '../search/algorithms.ts';
import type { SearchOptions } from '../search/options.ts';
import type { SearchStatus } from '../search/result.ts';

/* The option set and the report of a query (the query path: query.ts). */

/** Everything a query can set: search options, the grid movement rules and the algorithm. */
export type QueryOptions = Partial<SearchOptions> &
  GridSearchSettings & {
    /** 'jps' and 'lazy-theta' run on the grid only. @default 'astar' */
    algorithm?: Algorithm;
  };

/**
 * The result of a query between voxels or waypoints, in the shape of `nav path --json` and
 * `navlab.query` (the keys in this order): on the grid, `path` lists voxel indices [x, y, z]
 * (with lazy-theta: the corner voxels); on the waypoint graph it lists waypoint positions and
 * `ids` the waypoints. `cost` is the path's cost (also when it does not reach the goal),
 * `expanded` the nodes closed, `ms` the search time.
 */
export interface PathReport {
  /** 'found', or why not: 'unreachable', 'partial', 'cancelled' (see SearchStatus). */
  status: SearchStatus;
  /** Cost of the returned path, world units (x terrain multipliers on the grid); also when it does not reach the goal. */
  cost: number;
  /** Grid: voxel indices [x, y, z] from start to end (lazy-theta: the corner voxels). Waypoints: positions [x, y, z]. */
  path: number[][];
  /** Waypoint graph only: the ids of the waypoints on the path, in order. */
  ids?: string[];
  /** Nodes the search closed. */
  expanded: number;
  /** Search time in milliseconds (wall clock, summed over slices). */
  ms: number;
}
