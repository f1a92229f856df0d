import type { PathReport, QueryOptions } from '../../core/query/report.ts';
import { sparseFromGrid } from '../../core/sparse/build.ts';
import { findPathSparse } from '../../core/sparse/SparseRun.ts';
import { SparseSpace } from '../../core/sparse/SparseSpace.ts';
import type { SparseWorld } from '../../core/sparse/SparseWorld.ts';
import type { VoxelGrid } from '../../core/grid/VoxelGrid.ts';
import { UsageError, worldFlag } from '../args.ts';
import { loadSparseMap, sparseUnsupported } from './scenSparse.ts';

/** The `--world` flag of `nav path` (the same choice as `nav scen`'s). */
export const PATH_WORLD_FLAG = worldFlag(
  'dense voxel grid, or sparse voxel octree (any-angle corners, cost = Euclidean length x cellSize)',
);

/** Checks a voxel endpoint of the sparse world as the dense grid's endpoints are checked (the same messages). */
function checkVoxel(w: SparseWorld, name: string, v: readonly number[]): void {
  const [x, y, z] = v;
  if (!w.inBounds(x, y, z)) throw new UsageError(`${name}: voxel (${x}, ${y}, ${z}) is outside the ${w.X}x${w.Y}x${w.Z} grid`);
  if (w.isBlocked(x, y, z)) throw new UsageError(`${name}: voxel (${x}, ${y}, ${z}) is blocked`);
}

/**
 * `nav path ... --world sparse`: one any-angle query on the sparse voxel octree of a map (a
 * `.3dmap` straight from its blocked voxels) or of a scene's grid (`sceneGrid`, called only
 * for a scene). Prints the dense command's JSON: `path` lists the voxel indices [x, y, z]
 * whose centres are the corners (each segment legal under the closed-box rule), `cost` =
 * the Euclidean length x cellSize. Flags the octree search cannot honour are usage errors.
 */
export function sparsePathReport(
  file: string,
  sceneGrid: (() => VoxelGrid) | null,
  from: readonly number[],
  to: readonly number[],
  options: QueryOptions,
): PathReport {
  const { neighborhood, cornerCutting, algorithm, ...search } = options;
  const why = sparseUnsupported({ neighborhood, cornerCutting, algorithm: algorithm ?? 'lazy-theta', search }, algorithm !== undefined);
  if (why !== null) throw new UsageError(why);
  const world = sceneGrid === null ? loadSparseMap(file) : sparseFromGrid(sceneGrid());
  checkVoxel(world, 'from', from);
  checkVoxel(world, 'to', to);
  // The contract's `--weight` default (1), not the library's sparse default (SPARSE_WEIGHT).
  const r = findPathSparse(new SparseSpace(world), from, to, { ...search, weight: search.weight ?? 1 });
  const X = world.X,
    XY = world.X * world.Y;
  return {
    status: r.status,
    cost: r.cost,
    path: r.path.map((i) => [i % X, Math.floor(i / X) % world.Y, Math.floor(i / XY)]),
    expanded: r.expanded,
    ms: r.elapsedMs,
  };
}
