import { describe, expect, it } from 'vitest';
import { gridCapsuleSight } from '../../../src/core/graph/gridCapsuleSight.ts';
import { clearSpace } from '../../../src/core/grid/clearance.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { mulberry32 } from '../../support/random.ts';
import { oldGridCapsuleSight } from './oldGridCapsuleSight.ts';

describe('gridCapsuleSight near geometry (blocked-neighbour masks)', () => {
  it('answers as the scan of voxels (the old test, kept in oldGridCapsuleSight.ts) on random, axis, 45-degree and centre-to-centre segments', () => {
    let total = 0,
      trues = 0;
    for (const [seed, density, radius, fat] of [
      [1, 0.04, 0.1, 0],
      [2, 0.12, 0.2, 0],
      [3, 0.25, 0.15, 0],
      [4, 0.05, 0.4, 0],
      [5, 0.02, 0.9, 0],
      [6, 0.04, 0.1, 0.867],
      [7, 0.02, 0.15, 0.6],
      [8, 0.08, 0.25, 0.5],
      [9, 0.03, 0.5, 0],
      [10, 0.03, 0.25, 0.75],
      [11, 0.05, 0.0, 0],
    ] as const) {
      const random = mulberry32(seed);
      const s = 0.5;
      const grid = new VoxelGrid({ dims: [14, 9, 12], cellSize: s, origin: { x: -1.25, y: 0.5, z: 2 } });
      for (let z = 0; z < grid.Z; z++)
        for (let y = 0; y < grid.Y; y++) for (let x = 0; x < grid.X; x++) if (random() < density) grid.setBlocked(x, y, z, true);
      const space = clearSpace(grid, radius);
      const sight = gridCapsuleSight(space),
        old = oldGridCapsuleSight(space);
      const c = { x: 0, y: 0, z: 0 };
      const centre = (v: number): number[] => {
        grid.coords(v, c);
        return [grid.origin.x + (c.x + 0.5) * s, grid.origin.y + (c.y + 0.5) * s, grid.origin.z + (c.z + 0.5) * s];
      };
      const voxels = space.clearVoxels;
      for (let k = 0; k < 4000; k++) {
        const a = centre(voxels[Math.floor(random() * voxels.length)]);
        let b: number[];
        const mode = k % 4;
        if (mode === 0) b = centre(voxels[Math.floor(random() * voxels.length)]);
        else if (mode === 1) {
          // Along an axis, a face diagonal or a space diagonal, n cells.
          const n = 1 + Math.floor(random() * 6);
          const dir = [0, 1, 2].map(() => Math.floor(random() * 3) - 1);
          b = a.map((x, i) => x + dir[i] * n * s);
        } else if (mode === 2) b = a.map((x) => x + (random() - 0.5) * 8 * s);
        else b = centre(voxels[Math.floor(random() * voxels.length)]).map((x) => x + (random() - 0.5) * 0.9 * s);
        const want = old(a[0], a[1], a[2], b[0], b[1], b[2], fat);
        expect(sight(a[0], a[1], a[2], b[0], b[1], b[2], fat), `seed ${seed}: ${a} -> ${b}`).toBe(want);
        total++;
        if (want) trues++;
      }
    }
    // Not a comparison of two tests that say false to everything.
    expect(trues).toBeGreaterThan(0.1 * total);
  });
  it('is false on a segment that only touches a grown box at its edge or corner (grazing counts as touching)', () => {
    const s = 0.25;
    // Radii below half a cell: the voxels by the edge are near (tested on their neighbours, not proven by clearance).
    for (const radius of [0.03, 0.06, 0.1, 0.12]) {
      const grid = new VoxelGrid({ dims: [12, 12, 12], cellSize: s, origin: { x: 0.5, y: -1, z: 0 } });
      grid.setBlocked(5, 5, 5, true);
      const space = clearSpace(grid, radius);
      const sight = gridCapsuleSight(space);
      const r = radius / s + 1e-6;
      const at = (x: number, y: number, z: number): number[] => [0.5 + x * s, -1 + y * s, z * s];
      // Through the grown box's edge (low x, high y) at z = 5.5, and its corners (low x, high y,
      // high z) and (high x, low y, low z), along (1, 1, 0) and (1, 1, 1).
      for (const [p, d] of [
        [
          [5 - r, 6 + r, 5.5],
          [1, 1, 0],
        ],
        [
          [6 + r, 5 - r, 5.5],
          [1, 1, 0],
        ],
        [
          [5 - r, 6 + r, 6 + r],
          [1, 1, 1],
        ],
        [
          [6 + r, 5 - r, 5 - r],
          [1, 1, 1],
        ],
      ]) {
        const a = at(p[0] - 2 * d[0], p[1] - 2 * d[1], p[2] - 2 * d[2]),
          b = at(p[0] + 2 * d[0], p[1] + 2 * d[1], p[2] + 2 * d[2]);
        expect(sight(a[0], a[1], a[2], b[0], b[1], b[2]), `radius ${radius}: ${a} -> ${b}`).toBe(false);
        // A hair away (0.01 cells) from the box it is clear.
        const e = at(p[0] - 2 * d[0] - 0.01, p[1] - 2 * d[1] + 0.01, p[2] - 2 * d[2]),
          f = at(p[0] + 2 * d[0] - 0.01, p[1] + 2 * d[1] + 0.01, p[2] + 2 * d[2]);
        const away =
          p[0] < 5.5
            ? sight(e[0], e[1], e[2], f[0], f[1], f[2])
            : sight(e[0] + 0.02 * s, e[1] - 0.02 * s, e[2], f[0] + 0.02 * s, f[1] - 0.02 * s, f[2]);
        expect(away, `radius ${radius}: ${e} -> ${f} moved off`).toBe(true);
      }
    }
  });
});
