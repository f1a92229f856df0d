import { describe, expect, it } from 'vitest';
import { sparseFromGrid } from '../../../src/core/sparse/build.ts';
import { SparseSpace } from '../../../src/core/sparse/SparseSpace.ts';
import { boxesGrid } from '../../support/worlds.ts';
import { shareFace } from './editCases.ts';

describe('SparseSpace.neighbours', () => {
  it.each([
    [1, 20, 12, 20, 10, 200, true],
    [2, 33, 17, 9, 6, 900, true],
    [3, 16, 16, 16, 3, 60, true],
    [1, 20, 12, 20, 10, 200, false],
    [2, 33, 17, 9, 6, 900, false],
  ])(
    'lists exactly the cells sharing part of a face, once each, with their boxes (seed %i, %i x %i x %i, %i boxes, scatter %i, regions %s)',
    (seed, X, Y, Z, boxes, scatter, regions) => {
      const space = new SparseSpace(sparseFromGrid(boxesGrid(seed, X, Y, Z, boxes, scatter, 10)), { components: false, regions });
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
        if (new Set(got).size !== count || [...got].sort((p, q) => p - q).join() !== want.join())
          wrong.push(`cell ${c}: ${got} != ${want}`);
        for (let i = 0; i < count; i++)
          if (space.boxBuffer.subarray(6 * i, 6 * i + 6).join() !== box.get(got[i])!.join()) wrong.push(`cell ${c}: box of ${got[i]}`);
        pairs += count;
      }
      expect(wrong.slice(0, 5)).toEqual([]);
      expect(pairs).toBeGreaterThan(cells.length);
    },
  );
});
