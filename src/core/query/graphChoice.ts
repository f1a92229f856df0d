import type { VoxelGrid } from '../grid/VoxelGrid.ts';
import { ALGORITHMS, type Algorithm } from '../search/algorithms.ts';
import type { QueryOptions } from './report.ts';
import { QueryError } from './QueryError.ts';

/**
 * The graph a query runs on and the algorithm it runs, each resolved once per query.
 *
 * The default graph rule (CLI, `navlab.query`, the lab, NavWorld): a waypoint id (a string)
 * means the waypoint graph, voxel indices ([x, y, z]) mean the grid, unless the query names
 * its `graph`. On the waypoint graph the algorithm is A*; JPS and Lazy Theta* run on the grid.
 */

/** The graphs a query runs on: the voxel grid or the waypoint (visibility) graph. */
export type QueryGraph = 'grid' | 'waypoints';

/** The graph a query runs on when it does not say: waypoints for a waypoint id `from`, else the grid. */
export function defaultGraph(from: unknown): QueryGraph {
  return typeof from === 'string' ? 'waypoints' : 'grid';
}

/** `graph` when given (checked), else the default graph of `from`. Throws QueryError on an unknown graph. */
export function resolveGraph(graph: unknown, from: unknown): QueryGraph {
  if (graph === undefined || graph === null) return defaultGraph(from);
  if (graph !== 'grid' && graph !== 'waypoints')
    throw new QueryError(`graph: expected 'grid' or 'waypoints', got ${JSON.stringify(graph)}`);
  return graph;
}

/** The voxel grid a grid query runs on; a QueryError when the scene has none. */
export function gridOf(grid: VoxelGrid | null): VoxelGrid {
  if (grid === null) throw new QueryError("graph 'grid': this scene has no voxel layer; use graph 'waypoints'");
  return grid;
}

/**
 * The algorithm a query names (astar when none), checked against the graph it runs on: a
 * QueryError for an unknown name, or for an algorithm other than astar on the waypoint graph.
 */
export function checkAlgorithm(algorithm: unknown, graph: QueryGraph = 'grid'): Algorithm {
  if (algorithm === undefined || algorithm === null) return 'astar';
  if (!(ALGORITHMS as readonly unknown[]).includes(algorithm))
    throw new QueryError(`algorithm: expected one of ${ALGORITHMS.join(', ')}, got ${String(algorithm)}`);
  if (graph === 'waypoints' && algorithm !== 'astar')
    throw new QueryError(`algorithm: ${String(algorithm)} runs on the voxel grid only; the waypoint graph uses astar`);
  return algorithm as Algorithm;
}

/**
 * The options that apply to `graph`, without undefined or null values: the search settings
 * and the algorithm everywhere, the grid movement rules (neighborhood, cornerCutting) on the
 * grid only (they do not apply to waypoints).
 */
export function optionsFor(graph: QueryGraph, options: QueryOptions): QueryOptions {
  const out: QueryOptions = {};
  for (const key of [
    'algorithm',
    'heuristic',
    'weight',
    'tieBreak',
    'maxExpansions',
    ...(graph === 'grid' ? ['neighborhood', 'cornerCutting'] : []),
  ] as const) {
    const v = options[key as keyof QueryOptions];
    if (v !== undefined && v !== null) (out as Record<string, unknown>)[key] = v;
  }
  return out;
}
