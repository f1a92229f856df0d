import type { PathReport, QueryOptions } from '../../core/query/report.ts';
import { sparseFromGrid } from '../../core/sparse/build.ts';
import { querySparse } from '../../core/sparse/sparseQuery.ts';
import { SparseSpace } from '../../core/sparse/SparseSpace.ts';
import type { VoxelGrid } from '../../core/grid/VoxelGrid.ts';
import { UsageError, worldFlag } from '../args.ts';
import { loadSparseMap, sparseUnsupported } from './scenSparse.ts';

/** The `--world` flag of `nav path` (the same choice as `nav scen`'s). */
export const PATH_WORLD_FLAG = worldFlag(
  'dense voxel grid, or sparse voxel octree (any-angle corners, cost = Euclidean length x cellSize)',
);

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
  // The contract's `--weight` default (1), not the library's sparse default (SPARSE_WEIGHT).
  return querySparse(new SparseSpace(world), from, to, { ...search, weight: search.weight ?? 1 });
}
