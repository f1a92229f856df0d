import { WaypointGraph } from '../../core/graph/WaypointGraph.ts';
import { VoxelGrid } from '../../core/grid/VoxelGrid.ts';
import { queryGraph, QueryError, queryGrid, type PathReport, type QueryOptions } from '../../core/search/query.ts';
import { SearchContext } from '../../core/search/SearchContext.ts';
import type { Endpoint, GridData, SceneData } from '../workers/protocol.ts';

/** The searchable form of a scene: what `nav path` searches, built from SceneData. */
export interface SearchableScene {
  grid: VoxelGrid | null;
  graph: WaypointGraph;
  ids: string[];
  /** Waypoint id -> index. */
  index: Map<string, number>;
}

/** A VoxelGrid holding a copy of `data` (or its arrays themselves with `adopt`). */
export function gridFromData(data: GridData, adopt = false): VoxelGrid {
  const [ox, oy, oz] = data.origin;
  const grid = new VoxelGrid({ dims: data.dims, origin: { x: ox, y: oy, z: oz }, cellSize: data.cellSize, occupancy: adopt ? data.occupancy : data.occupancy.slice() });
  grid.terrain = data.terrain === null ? null : adopt ? data.terrain : data.terrain.slice();
  return grid;
}

/** GridData copied from a VoxelGrid. */
export function gridData(grid: VoxelGrid): GridData {
  return {
    dims: [grid.X, grid.Y, grid.Z],
    origin: [grid.origin.x, grid.origin.y, grid.origin.z],
    cellSize: grid.cellSize,
    occupancy: grid.occupancy.slice(),
    terrain: grid.terrain === null ? null : grid.terrain.slice(),
  };
}

/** The searchable form of scene data: copies, or with `adopt` its grid arrays themselves (data that was transferred). */
export function searchableScene(data: SceneData, adopt = false): SearchableScene {
  return {
    grid: data.grid === null ? null : gridFromData(data.grid, adopt),
    graph: new WaypointGraph(data.positions, data.pairs),
    ids: data.ids.slice(),
    index: new Map(data.ids.map((id, i) => [id, i])),
  };
}

/** The graph a query runs on when it does not say: waypoints for id endpoints, else the grid. */
export function defaultGraph(from: unknown): 'grid' | 'waypoints' {
  return typeof from === 'string' ? 'waypoints' : 'grid';
}

/** Waypoint index of an id endpoint; throws QueryError naming the endpoint. */
export function waypointEndpoint(scene: SearchableScene, value: Endpoint, name: string): number {
  if (typeof value !== 'string') throw new QueryError(`${name}: expected a waypoint id (string), got ${JSON.stringify(value)}`);
  const i = scene.index.get(value);
  if (i === undefined) throw new QueryError(`${name}: no waypoint with id '${value}' in this scene`);
  return i;
}

/** Voxel endpoint [x, y, z]; throws QueryError naming the endpoint. */
export function voxelEndpoint(value: Endpoint, name: string): number[] {
  if (!Array.isArray(value)) throw new QueryError(`${name}: expected voxel indices [x, y, z], got ${JSON.stringify(value)}`);
  return value;
}

/**
 * Options that apply to `graph` (the grid movement rules do not apply to waypoints; an
 * algorithm other than astar on waypoints is refused by queryGraph, naming it).
 */
export function optionsFor(graph: 'grid' | 'waypoints', options: QueryOptions): QueryOptions {
  const out: QueryOptions = {};
  for (const key of ['algorithm', 'heuristic', 'weight', 'tieBreak', 'maxExpansions', ...(graph === 'grid' ? ['neighborhood', 'cornerCutting'] : [])] as const) {
    const v = options[key as keyof QueryOptions];
    if (v !== undefined && v !== null) (out as Record<string, unknown>)[key] = v;
  }
  return out;
}

/**
 * One query as `nav path --json` answers it: queryGrid on the grid (voxel indices) or
 * queryGraph on the waypoint visibility graph (waypoint ids). Throws QueryError (or RangeError
 * for a bad option) with a message naming what is wrong.
 */
export function runSceneQuery(scene: SearchableScene, graph: 'grid' | 'waypoints', from: Endpoint, to: Endpoint, options: QueryOptions, ctx?: SearchContext): PathReport {
  if (graph === 'grid') {
    if (scene.grid === null) throw new QueryError("graph 'grid': this scene has no voxel layer; use graph 'waypoints'");
    return queryGrid(scene.grid, voxelEndpoint(from, 'from'), voxelEndpoint(to, 'to'), optionsFor('grid', options), ctx);
  }
  if (graph !== 'waypoints') throw new QueryError(`graph: expected 'grid' or 'waypoints', got ${JSON.stringify(graph)}`);
  const i = waypointEndpoint(scene, from, 'from');
  const j = waypointEndpoint(scene, to, 'to');
  return queryGraph(scene.graph, scene.ids, i, j, optionsFor('waypoints', options), ctx);
}
