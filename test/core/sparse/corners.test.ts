import { describe, expect, it } from 'vitest';
import { centreSightVoxelwise } from '../../../src/core/grid/centreSight.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { sparseFromGrid } from '../../../src/core/sparse/build.ts';
import { exitBlocked } from '../../../src/core/sparse/corners.ts';
import { mulberry32, randInt } from '../../support/random.ts';

describe('exitBlocked', () => {
  it.each([1, 2])(
    'seed %i: true only where the dense voxel-by-voxel rule sees no segment, and for most of the near blocked ones',
    (seed) => {
      const rnd = mulberry32(seed);
      const g = new VoxelGrid({ dims: [20, 18, 22] });
      for (let i = 0; i < g.size * 0.15; i++) g.occupancy[g.index(randInt(rnd, g.X), randInt(rnd, g.Y), randInt(rnd, g.Z))] = 1;
      const w = sparseFromGrid(g);
      let rejected = 0,
        blockedNear = 0,
        ties = 0;
      for (let q = 0; q < 4000; q++) {
        const a = [randInt(rnd, g.X), randInt(rnd, g.Y), randInt(rnd, g.Z)];
        if (g.isBlocked(a[0], a[1], a[2])) continue;
        // Near ends (the moves of slide) and far ones, with ties of the largest |delta| on two or three axes.
        const r = q % 3 === 0 ? 2 : 9;
        const b = a.map((c) => c + randInt(rnd, 2 * r + 1) - r);
        if (q % 5 === 0) b[1] = a[1] + (b[0] - a[0]);
        if (!g.inBounds(b[0], b[1], b[2]) || g.isBlocked(b[0], b[1], b[2])) continue;
        const sees = centreSightVoxelwise(g, a[0], a[1], a[2], b[0], b[1], b[2]);
        const exit = exitBlocked(w, a, b);
        if (exit) {
          expect(sees, `${a} -> ${b}`).toBe(false);
          rejected++;
        } else if (!sees && r === 2) blockedNear++;
        const d = b.map((c, k) => Math.abs(c - a[k]));
        if (exit && d.filter((v) => v === Math.max(...d)).length > 1) ties++;
      }
      // It answers a good share of the near segments that are not seen, ties included.
      expect(rejected).toBeGreaterThan(blockedNear);
      expect(ties).toBeGreaterThan(10);
      expect(exitBlocked(w, [3, 3, 3], [3, 3, 3])).toBe(false);
    },
  );
});
