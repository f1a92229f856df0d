import { checkInstance, checkOptions, describeValue } from '../args.ts';
import { NavlabError } from '../errors.ts';
import type { Vec3 } from '../math/vec3.ts';
import { GridSpace, type GridSearchSettings } from '../grid/GridSpace.ts';
import { VoxelGrid } from '../grid/VoxelGrid.ts';
import { ALGORITHMS, findGridPath, gridUnsupported, type Algorithm } from './algorithms.ts';
import type { SearchOptions } from './options.ts';
import type { SearchStatus } from './result.ts';
import { SearchContext } from './SearchContext.ts';

/** Everything a query can set: search options, the grid movement rules and the algorithm. */
export type QueryOptions = Partial<SearchOptions> &
  GridSearchSettings & {
    /** 'jps' and 'lazy-theta' run on the grid only. @default 'astar' */
    algorithm?: Algorithm;
  };

/** The algorithm a query names (astar when none); a QueryError for an unknown name. */
export function checkAlgorithm(algorithm: unknown): Algorithm {
  if (algorithm === undefined) return 'astar';
  if (!(ALGORITHMS as readonly unknown[]).includes(algorithm))
    throw new QueryError(`algorithm: expected one of ${ALGORITHMS.join(', ')}, got ${String(algorithm)}`);
  return algorithm as Algorithm;
}

/**
 * A search result in the shape of `nav path --json` and `navlab.query`: on the grid, `path`
 * lists voxel indices [x, y, z]; on a waypoint graph it lists positions and `ids` the waypoints.
 */
export interface PathReport {
  status: SearchStatus;
  cost: number;
  path: number[][];
  ids?: string[];
  expanded: number;
  ms: number;
}

/** A query that cannot run: a start or goal blocked, unknown or out of bounds. */
export class QueryError extends NavlabError {
  constructor(message: string) {
    super('query', message);
    this.name = 'QueryError';
  }
}

function checkVoxel(grid: VoxelGrid, v: readonly number[], name: string): number {
  if (!Array.isArray(v)) throw new QueryError(`${name}: expected voxel indices [x, y, z], got ${describeValue(v)}`);
  if (v.length !== 3 || !v.every(Number.isInteger))
    throw new QueryError(
      `${name}: expected integer voxel coordinates x,y,z, got ${v.length <= 3 ? v.map(describeValue).join(',') : `${v.length} values`}`,
    );
  const [x, y, z] = v;
  if (!grid.inBounds(x, y, z)) throw new QueryError(`${name}: voxel (${x}, ${y}, ${z}) is outside the ${grid.X}x${grid.Y}x${grid.Z} grid`);
  if (grid.isBlocked(x, y, z)) throw new QueryError(`${name}: voxel (${x}, ${y}, ${z}) is blocked`);
  return grid.index(x, y, z);
}

/**
 * A search on the voxel grid between two voxels given as [x, y, z] indices: A* (default), jump
 * point search or Lazy Theta* (`options.algorithm`). A grid the algorithm does not support is
 * a QueryError naming what is unsupported. With lazy-theta, `path` lists the corner voxels.
 */
export function queryGrid(
  grid: VoxelGrid,
  from: readonly number[],
  to: readonly number[],
  options: QueryOptions = {},
  ctx?: SearchContext,
): PathReport {
  checkInstance('queryGrid: grid', grid, VoxelGrid);
  if (ctx !== undefined) checkInstance('queryGrid: ctx', ctx, SearchContext);
  const { neighborhood, cornerCutting, algorithm, ...search } = checkOptions<QueryOptions>('queryGrid: options', options);
  const algo = checkAlgorithm(algorithm);
  const start = checkVoxel(grid, from, 'from');
  const goal = checkVoxel(grid, to, 'to');
  const space = new GridSpace(grid, { neighborhood, cornerCutting });
  const why = gridUnsupported(algo, space);
  if (why !== null) throw new QueryError(why);
  const r = findGridPath(algo, space, start, goal, search, ctx);
  const p: Vec3 = { x: 0, y: 0, z: 0 };
  return {
    status: r.status,
    cost: r.cost,
    path: r.path.map((i) => {
      grid.coords(i, p);
      return [p.x, p.y, p.z];
    }),
    expanded: r.expanded,
    ms: r.elapsedMs,
  };
}
