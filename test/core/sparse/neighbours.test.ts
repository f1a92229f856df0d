import { describe, expect, it } from 'vitest';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { sparseFromGrid } from '../../../src/core/sparse/build.ts';
import { SparseSpace } from '../../../src/core/sparse/SparseSpace.ts';
import { mulberry32, randInt } from '../../support/random.ts';

/** A grid of random blocked boxes and scattered voxels (seeded). */
function randomGrid(seed: number, X: number, Y: number, Z: number, boxes: number, scatter: number): VoxelGrid {
  const rnd = mulberry32(seed);
  const g = new VoxelGrid({ dims: [X, Y, Z] });
  for (let b = 0; b < boxes; b++) {
    const x0 = randInt(rnd, X),
      y0 = randInt(rnd, Y),
      z0 = randInt(rnd, Z);
    const sx = 1 + randInt(rnd, 10),
      sy = 1 + randInt(rnd, 10),
      sz = 1 + randInt(rnd, 10);
    for (let z = z0; z < Math.min(Z, z0 + sz); z++)
      for (let y = y0; y < Math.min(Y, y0 + sy); y++) for (let x = x0; x < Math.min(X, x0 + sx); x++) g.occupancy[g.index(x, y, z)] = 1;
  }
  for (let i = 0; i < scatter; i++) g.occupancy[randInt(rnd, g.size)] = 1;
  return g;
}

/** Whether boxes a and b ([x, y, z, sx, sy, sz]) share part of a face: touching along one axis, overlapping along the others. */
function shareFace(a: number[], b: number[]): boolean {
  let touch = 0;
  for (let k = 0; k < 3; k++) {
    const aLo = a[k],
      aHi = a[k] + a[3 + k],
      bLo = b[k],
      bHi = b[k] + b[3 + k];
    if (aHi === bLo || bHi === aLo) touch++;
    else if (aHi < bLo || bHi < aLo || !(aLo < bHi && bLo < aHi)) return false;
  }
  return touch === 1;
}

describe('SparseSpace.neighbours', () => {
  it.each([
    [1, 20, 12, 20, 10, 200],
    [2, 33, 17, 9, 6, 900],
    [3, 16, 16, 16, 3, 60],
  ])('lists exactly the cells sharing part of a face, once each, with their boxes (seed %i)', (seed, X, Y, Z, boxes, scatter) => {
    const space = new SparseSpace(sparseFromGrid(randomGrid(seed, X, Y, Z, boxes, scatter)), { components: false });
    const cells: number[] = [];
    const box = new Map<number, number[]>();
    for (let c = 0; c < space.nodeCount; c++)
      if (space.isTraversable(c)) {
        cells.push(c);
        box.set(c, space.cellBox(c, [0, 0, 0, 0, 0, 0]).slice());
      }
    let pairs = 0;
    const wrong: string[] = [];
    for (const c of cells) {
      const count = space.neighbours(c);
      const got = Array.from(space.buffer.subarray(0, count));
      const want = cells.filter((d) => d !== c && shareFace(box.get(c)!, box.get(d)!));
      if (new Set(got).size !== count || [...got].sort((p, q) => p - q).join() !== want.join()) wrong.push(`cell ${c}: ${got} != ${want}`);
      for (let i = 0; i < count; i++)
        if (space.boxBuffer.subarray(6 * i, 6 * i + 6).join() !== box.get(got[i])!.join()) wrong.push(`cell ${c}: box of ${got[i]}`);
      pairs += count;
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(pairs).toBeGreaterThan(cells.length);
  });
});
