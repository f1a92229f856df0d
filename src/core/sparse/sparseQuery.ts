import type { Endpoint, QueryLabels, VoxelBounds } from '../query/endpoints.ts';
import { DEFAULT_LABELS, voxelNode } from '../query/endpoints.ts';
import type { PathReport } from '../query/report.ts';
import type { SearchOptions } from '../search/options.ts';
import type { SearchContext } from '../search/SearchContext.ts';
import { findPathSparse } from './SparseRun.ts';
import type { SparseSpace } from './SparseSpace.ts';
import type { SparseWorld } from './SparseWorld.ts';

/** A sparse world's voxels as the query's endpoint checks see them (the dense grid's messages). */
export function sparseVoxels(w: SparseWorld): VoxelBounds {
  return {
    X: w.X,
    Y: w.Y,
    Z: w.Z,
    inBounds: (x, y, z) => w.inBounds(x, y, z),
    isBlocked: (x, y, z) => w.isBlocked(x, y, z),
    index: (x, y, z) => x + w.X * (y + w.Y * z),
  };
}

/**
 * One query between voxel endpoints [x, y, z] on the sparse voxel octree, reported as the dense
 * grid's queries are (PathReport): `path` lists the voxel indices whose centres are the any-angle
 * path's corners (each segment legal under the closed-box rule), `cost` is its Euclidean length x
 * cellSize, and an unreachable goal gives the path to the closest reachable point. An endpoint
 * that is not voxel indices, lies outside the world or is blocked throws a QueryError naming it
 * (the dense grid's messages, `labels` naming the endpoints).
 */
export function querySparse(
  space: SparseSpace,
  from: Endpoint,
  to: Endpoint,
  search: Partial<SearchOptions> = {},
  ctx?: SearchContext,
  labels: QueryLabels = DEFAULT_LABELS,
): PathReport {
  const w = space.world;
  const voxels = sparseVoxels(w);
  voxelNode(voxels, from, labels.from);
  voxelNode(voxels, to, labels.to);
  const r = findPathSparse(space, from as readonly number[], to as readonly number[], search, ctx);
  return {
    status: r.status,
    cost: r.cost,
    path: r.path.map((i) => [i % w.X, Math.floor(i / w.X) % w.Y, Math.floor(i / (w.X * w.Y))]),
    expanded: r.expanded,
    ms: r.elapsedMs,
  };
}
