import { describe, expect, it } from 'vitest';
import { centreSightVoxelwise } from '../../../src/core/grid/centreSight.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { sparseFromGrid } from '../../../src/core/sparse/build.ts';
import { sparseSight } from '../../../src/core/sparse/sparseSight.ts';
import { SparseSpace } from '../../../src/core/sparse/SparseSpace.ts';
import { mulberry32, randInt } from '../../support/random.ts';

describe('sparseSight', () => {
  it.each([
    [1, 0.002],
    [2, 0.01],
    [3, 0.05],
  ])(
    "seed %i (density %f): the dense voxel-by-voxel answer on every segment, with and without the end cells' boxes and the regions",
    (seed, density) => {
      const rnd = mulberry32(seed);
      const g = new VoxelGrid({ dims: [45, 38, 50] });
      for (let i = 0; i < g.size * density; i++) {
        // Small blocked clumps, so large empty nodes and mixed bricks both occur.
        const x = randInt(rnd, g.X),
          y = randInt(rnd, g.Y),
          z = randInt(rnd, g.Z);
        for (let k = 0; k < 3; k++) if (g.inBounds(x + k, y, z)) g.occupancy[g.index(x + k, y, z)] = 1;
      }
      const w = sparseFromGrid(g);
      // The endpoints' cells (regions: free boxes) as the walk's `from` and `to` boxes.
      const space = new SparseSpace(w, { components: false });
      const boxOf = (v: number[]): Int32Array => space.cellBox(space.cellOf(v[0], v[1], v[2]), new Int32Array(6));
      let differ = 0,
        seen = 0,
        boxed = 0;
      for (let q = 0; q < 4000; q++) {
        const a = [randInt(rnd, g.X), randInt(rnd, g.Y), randInt(rnd, g.Z)];
        // Axis-aligned and diagonal segments too, where ties (edges, corners) happen.
        const kind = q % 4;
        const b =
          kind === 0
            ? [randInt(rnd, g.X), a[1], a[2]]
            : kind === 1
              ? [Math.min(g.X - 1, a[0] + 7), Math.min(g.Y - 1, a[1] + 7), a[2]]
              : [randInt(rnd, g.X), randInt(rnd, g.Y), randInt(rnd, g.Z)];
        if (g.isBlocked(a[0], a[1], a[2]) || g.isBlocked(b[0], b[1], b[2])) continue;
        const dense = centreSightVoxelwise(g, a[0], a[1], a[2], b[0], b[1], b[2]);
        if (dense) seen++;
        if (sparseSight(w, a[0], a[1], a[2], b[0], b[1], b[2]) !== dense) differ++;
        // The rule is symmetric (the search walks its segments from the far end).
        if (sparseSight(w, b[0], b[1], b[2], a[0], a[1], a[2]) !== dense) differ++;
        const ba = boxOf(a),
          bb = boxOf(b);
        if (sparseSight(w, a[0], a[1], a[2], b[0], b[1], b[2], ba, bb) !== dense) boxed++;
        if (sparseSight(w, b[0], b[1], b[2], a[0], a[1], a[2], bb, ba) !== dense) boxed++;
        // One box only, either end.
        if (sparseSight(w, a[0], a[1], a[2], b[0], b[1], b[2], ba) !== dense) boxed++;
        if (sparseSight(w, a[0], a[1], a[2], b[0], b[1], b[2], undefined, bb) !== dense) boxed++;
        // Jumping whole regions from EMPTY nodes, with and without the end boxes.
        const r = space.regions,
          base = space.boxes.count;
        if (sparseSight(w, a[0], a[1], a[2], b[0], b[1], b[2], undefined, undefined, r, base) !== dense) boxed++;
        if (sparseSight(w, b[0], b[1], b[2], a[0], a[1], a[2], bb, ba, r, base) !== dense) boxed++;
      }
      expect(differ).toBe(0);
      expect(boxed).toBe(0);
      // Both answers occur.
      expect(seen).toBeGreaterThan(100);
    },
  );
});
