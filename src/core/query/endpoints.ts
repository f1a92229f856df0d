import { describeValue } from '../args.ts';
import type { VoxelGrid } from '../grid/VoxelGrid.ts';
import { quote } from '../text.ts';
import { QueryError } from './QueryError.ts';

/**
 * Query endpoints and the one set of messages for them: voxel indices [x, y, z] on the grid,
 * waypoint ids (strings) or waypoint indices on the waypoint graph. Each check returns the
 * endpoint's node index or throws a QueryError whose message starts with the endpoint's name.
 */

/** A query endpoint: a waypoint id, or voxel indices [x, y, z]. */
export type Endpoint = string | readonly number[];

/** How a query's messages name its endpoints and the scene (the CLI names its flags and file). */
export interface QueryLabels {
  /** How messages name the start (`from`, or the CLI's `--from`). */
  from: string;
  /** How messages name the goal (`to`, or the CLI's `--to`). */
  to: string;
  /** Ends "no waypoint with id 'x' in ..." */
  scene: string;
}

/** The names of plain library calls: 'from', 'to', 'this scene'. */
export const DEFAULT_LABELS: Readonly<QueryLabels> = Object.freeze({ from: 'from', to: 'to', scene: 'this scene' });

/** `value` when it is an array (the form of a voxel endpoint); a QueryError naming the endpoint otherwise. */
export function voxelEndpoint(value: unknown, name: string): readonly number[] {
  if (!Array.isArray(value)) throw new QueryError(`${name}: expected voxel indices [x, y, z], got ${JSON.stringify(value)}`);
  return value;
}

/** What a voxel endpoint is checked against: the dense grid, or a sparse world's view of its voxels. */
export type VoxelBounds = Pick<VoxelGrid, 'X' | 'Y' | 'Z' | 'inBounds' | 'isBlocked' | 'index'>;

/**
 * Node index of a voxel endpoint [x, y, z] on `grid`; a QueryError naming the endpoint when
 * it is not an array of three integers, lies outside the grid or is blocked.
 */
export function voxelNode(grid: VoxelBounds, value: unknown, name: string): number {
  const v = voxelEndpoint(value, name);
  if (v.length !== 3 || !v.every(Number.isInteger))
    throw new QueryError(
      `${name}: expected integer voxel coordinates x,y,z, got ${v.length <= 3 ? v.map(describeValue).join(',') : `${v.length} values`}`,
    );
  const [x, y, z] = v;
  if (!grid.inBounds(x, y, z)) throw new QueryError(`${name}: voxel (${x}, ${y}, ${z}) is outside the ${grid.X}x${grid.Y}x${grid.Z} grid`);
  if (grid.isBlocked(x, y, z)) throw new QueryError(`${name}: voxel (${x}, ${y}, ${z}) is blocked`);
  return grid.index(x, y, z);
}

/** Node index of a voxel given by its index (`grid.index(x, y, z)`): the same checks as voxelNode. */
export function voxelIndexNode(grid: VoxelGrid, value: unknown, name: string): number {
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) >= grid.size)
    throw new QueryError(`${name}: no voxel with index ${String(value)} (the grid has ${grid.size})`);
  const c = grid.coords(value as number, { x: 0, y: 0, z: 0 });
  return voxelNode(grid, [c.x, c.y, c.z], name);
}

/**
 * Waypoint index of an id endpoint (`index`: id -> index); a QueryError naming the endpoint
 * and `where` it was looked up (a scene, a file) when it is not a string or not a waypoint.
 */
export function waypointEndpoint(index: ReadonlyMap<string, number>, value: unknown, name: string, where = DEFAULT_LABELS.scene): number {
  if (typeof value !== 'string') throw new QueryError(`${name}: expected a waypoint id (string), got ${JSON.stringify(value)}`);
  const i = index.get(value);
  if (i === undefined) throw new QueryError(`${name}: no waypoint with id ${quote(value)} in ${where}`);
  return i;
}

/** A waypoint given by its index in a graph of `count` waypoints; a QueryError naming the endpoint when there is none. */
export function waypointIndexNode(count: number, value: unknown, name: string): number {
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) >= count)
    throw new QueryError(`${name}: no waypoint with index ${String(value)} (the graph has ${count})`);
  return value as number;
}
