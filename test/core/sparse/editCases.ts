import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import type { SparseEdit } from '../../../src/core/sparse/edit.ts';
import type { SparseWorld } from '../../../src/core/sparse/SparseWorld.ts';
import { randInt } from '../../support/random.ts';

/** Random sparse edits and the comparison of worlds, for the edit tests. */

export type Rand = () => number;

/** A grid with a few random blocked boxes (seeded). */
export function randomGrid(rnd: Rand, X: number, Y: number, Z: number): VoxelGrid {
  const g = new VoxelGrid({ dims: [X, Y, Z] });
  for (let b = 0; b < 6; b++) {
    const x0 = randInt(rnd, X),
      y0 = randInt(rnd, Y),
      z0 = randInt(rnd, Z);
    for (let z = z0; z < Math.min(Z, z0 + 1 + randInt(rnd, 10)); z++)
      for (let y = y0; y < Math.min(Y, y0 + 1 + randInt(rnd, 10)); y++)
        for (let x = x0; x < Math.min(X, x0 + 1 + randInt(rnd, 10)); x++) g.occupancy[g.index(x, y, z)] = 1;
  }
  return g;
}

/** A random edit (a box, large or small, or a few voxels), applied to `grid` too. */
export function randomEdit(rnd: Rand, grid: VoxelGrid): SparseEdit {
  const blocked = rnd() < 0.5;
  const { X, Y, Z } = grid;
  if (rnd() < 0.15) {
    // A wall across the whole grid (splits or joins components).
    const axis = randInt(rnd, 3);
    const dims = [X, Y, Z];
    const at = randInt(rnd, dims[axis]);
    const min = [0, 0, 0];
    const max = [X - 1, Y - 1, Z - 1];
    min[axis] = max[axis] = at;
    for (let z = min[2]; z <= max[2]; z++)
      for (let y = min[1]; y <= max[1]; y++) for (let x = min[0]; x <= max[0]; x++) grid.occupancy[grid.index(x, y, z)] = blocked ? 1 : 0;
    return { blocked, box: { min, max } };
  }
  if (rnd() < 0.6) {
    const big = rnd() < 0.3 ? 17 : 5;
    const min = [randInt(rnd, X), randInt(rnd, Y), randInt(rnd, Z)];
    const max = [
      Math.min(X - 1, min[0] + randInt(rnd, big)),
      Math.min(Y - 1, min[1] + randInt(rnd, big)),
      Math.min(Z - 1, min[2] + randInt(rnd, big)),
    ];
    for (let z = min[2]; z <= max[2]; z++)
      for (let y = min[1]; y <= max[1]; y++) for (let x = min[0]; x <= max[0]; x++) grid.occupancy[grid.index(x, y, z)] = blocked ? 1 : 0;
    return { blocked, box: { min, max } };
  }
  const voxels: number[] = [];
  for (let i = 0; i < 1 + randInt(rnd, 6); i++) {
    const x = randInt(rnd, X),
      y = randInt(rnd, Y),
      z = randInt(rnd, Z);
    voxels.push(x, y, z);
    grid.occupancy[grid.index(x, y, z)] = blocked ? 1 : 0;
  }
  return { blocked, voxels };
}

const ARRAYS = ['levelStart', 'code', 'kind', 'level', 'firstChild', 'parents', 'coarseLink', 'maskLo', 'maskHi'] as const;

/** The name of the first array where a and b differ, or null. */
export function worldDifference(a: SparseWorld, b: SparseWorld): string | null {
  if (a.top !== b.top) return 'top';
  for (const k of ARRAYS) {
    const x = a[k],
      y = b[k];
    if (x.length !== y.length) return `${k}: length ${x.length} vs ${y.length}`;
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return `${k}[${i}]: ${x[i]} vs ${y[i]}`;
  }
  return null;
}

/** Whether boxes a and b ([x, y, z, sx, sy, sz]) share part of a face: touching along one axis, overlapping along the others. */
export function shareFace(a: readonly number[], b: readonly number[]): boolean {
  let touch = 0;
  for (let k = 0; k < 3; k++) {
    const aLo = a[k],
      aHi = a[k] + a[3 + k],
      bLo = b[k],
      bHi = b[k] + b[3 + k];
    if (aHi === bLo || bHi === aLo) touch++;
    else if (!(aLo < bHi && bLo < aHi)) return false;
  }
  return touch === 1;
}

/**
 * What is wrong with the search cells (regions) of `space` against the free voxels of `grid`,
 * checked voxel by voxel and pair by pair: every free voxel in exactly one cell whose box holds
 * it, every cell's box all free, every cell's neighbours exactly the cells sharing part of a face
 * (with their boxes). The first few problems; [] when none.
 */
export function regionErrors(
  space: {
    nodeCount: number;
    cellOf(x: number, y: number, z: number): number;
    isTraversable(c: number): boolean;
    cellBox(c: number, out: number[]): number[];
    neighbours(c: number): number;
    buffer: Int32Array;
    boxBuffer: Int32Array;
  },
  grid: VoxelGrid,
): string[] {
  const wrong: string[] = [];
  const voxels = new Map<number, number>();
  const box = [0, 0, 0, 0, 0, 0];
  for (let z = 0; z < grid.Z; z++)
    for (let y = 0; y < grid.Y; y++)
      for (let x = 0; x < grid.X; x++) {
        const c = space.cellOf(x, y, z);
        if (grid.isBlocked(x, y, z) !== c < 0) wrong.push(`(${x}, ${y}, ${z}): cell ${c}`);
        if (c < 0) continue;
        if (!space.isTraversable(c)) wrong.push(`(${x}, ${y}, ${z}): ${c} is no cell`);
        space.cellBox(c, box);
        if (x < box[0] || y < box[1] || z < box[2] || x >= box[0] + box[3] || y >= box[1] + box[4] || z >= box[2] + box[5])
          wrong.push(`(${x}, ${y}, ${z}) outside its cell ${c}`);
        voxels.set(c, (voxels.get(c) ?? 0) + 1);
      }
  const boxes = new Map<number, number[]>();
  for (const [c, n] of voxels) {
    const b = space.cellBox(c, [0, 0, 0, 0, 0, 0]).slice();
    boxes.set(c, b);
    if (b[3] * b[4] * b[5] !== n) wrong.push(`cell ${c}: box of ${b[3] * b[4] * b[5]} voxels, ${n} free voxels in it`);
  }
  const ids = [...boxes.keys()].sort((p, q) => p - q);
  for (const c of ids) {
    const count = space.neighbours(c);
    const got = Array.from(space.buffer.subarray(0, count)).sort((p, q) => p - q);
    const want = ids.filter((d) => d !== c && shareFace(boxes.get(c)!, boxes.get(d)!));
    if (got.join() !== want.join()) wrong.push(`cell ${c}: neighbours ${got} != ${want}`);
    for (let i = 0; i < count; i++) {
      const n = space.buffer[i];
      if (boxes.has(n) && space.boxBuffer.subarray(6 * i, 6 * i + 6).join() !== boxes.get(n)!.join()) wrong.push(`cell ${c}: box of ${n}`);
    }
    if (wrong.length > 5) break;
  }
  return wrong.slice(0, 5);
}
