import type { RunPath } from '../search/SearchRun.ts';
import { type BoxOf, type Sees, SLIDE_PASSES, slide, straighten } from './corners.ts';
import type { SparseSpace } from './SparseSpace.ts';
import type { SparseWorld } from './SparseWorld.ts';
import { sparseSight as sparseSight_ } from './sparseSight.ts';

// Module-local copy: imported bindings may compile to getter calls (tsx).
const sparseSight = sparseSight_;

/**
 * Line of sight between voxels a and b of `sp`, walked from b (a blocked voxel is usually nearer
 * the cell just reached, b, than its parent, a). `boxA`, `boxB`: boxes of free voxels holding a
 * and b (sparseSight's `to` and `from`), when known.
 */
export function spaceSees(sp: SparseSpace, a: readonly number[], b: readonly number[], boxA?: Int32Array, boxB?: Int32Array): boolean {
  return sparseSight(sp.world, b[0], b[1], b[2], a[0], a[1], a[2], boxB, boxA, sp.regions, sp.boxes.count);
}

/** The space finishPath is working in (single-threaded) and the sight checks it made: module-level, so no closures per query. */
let space: SparseSpace | null = null;
let checks = 0;
const sees: Sees = (a, b, boxA, boxB) => {
  checks++;
  return spaceSees(space as SparseSpace, a, b, boxA, boxB);
};
const boxOf: BoxOf = (v, out) => (space as SparseSpace).voxelBox(v[0], v[1], v[2], out);

/**
 * A sparse run's result path from the corner voxels it reached (start first): straightened and
 * slid in `sp` (corners.ts), as voxel ids and length. The sight checks made are added to
 * `counter.losChecks`.
 */
export function finishPath(sp: SparseSpace, corners: number[][], counter: { losChecks: number }): RunPath {
  space = sp;
  checks = 0;
  try {
    return voxelPath(sp.world, slide(sp.world, straighten(corners, sees, boxOf), sees, SLIDE_PASSES, boxOf));
  } finally {
    counter.losChecks += checks;
    space = null;
  }
}

/** A run's result path from its corner voxels: their indices x + X (y + Y z) in `w`, and its Euclidean length x cellSize. */
export function voxelPath(w: SparseWorld, corners: number[][]): RunPath {
  let cost = 0;
  const ids: number[] = [];
  for (let i = 0; i < corners.length; i++) {
    const c = corners[i];
    ids.push(c[0] + w.X * (c[1] + w.Y * c[2]));
    if (i > 0) {
      const p = corners[i - 1];
      const dx = c[0] - p[0],
        dy = c[1] - p[1],
        dz = c[2] - p[2];
      cost += Math.sqrt(dx * dx + dy * dy + dz * dz);
    }
  }
  return { path: ids, cost: cost * w.cellSize };
}
