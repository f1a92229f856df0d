import { describe, expect, it } from 'vitest';
import { gridCapsuleSight } from '../../../src/core/graph/gridCapsuleSight.ts';
import { clearSpace } from '../../../src/core/grid/clearance.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { mulberry32 } from '../../support/random.ts';
import { refBox, segmentBoxDistance, segmentMeetsBox, type RefBox, type V3 } from '../../three/analytic.ts';

/** A grid with random blocked voxels (cell size 0.5, origin off zero) and the blocked voxels' boxes. */
function world(seed: number, density: number): { grid: VoxelGrid; boxes: RefBox[] } {
  const random = mulberry32(seed);
  const s = 0.5;
  const origin = { x: -1.25, y: 0.5, z: 2 };
  const grid = new VoxelGrid({ dims: [14, 9, 12], cellSize: s, origin });
  const boxes: RefBox[] = [];
  for (let z = 0; z < grid.Z; z++)
    for (let y = 0; y < grid.Y; y++)
      for (let x = 0; x < grid.X; x++) {
        if (random() >= density) continue;
        grid.setBlocked(x, y, z, true);
        const c: V3 = [origin.x + (x + 0.5) * s, origin.y + (y + 0.5) * s, origin.z + (z + 0.5) * s];
        boxes.push(refBox({ id: 'b', shape: 'box', position: c, size: [s, s, s] }));
      }
  return { grid, boxes };
}

/** The exact capsule test against the boxes (the oracle). */
const clearOf = (boxes: RefBox[], a: V3, b: V3, r: number): boolean =>
  boxes.every((box) => !segmentMeetsBox(box, a, b, r) || segmentBoxDistance(box, a, b) >= r - 1e-9);

describe('gridCapsuleSight', () => {
  for (const [seed, density, radius] of [
    [1, 0.04, 0.1],
    [2, 0.12, 0.2],
    [3, 0.25, 0.15],
    [4, 0.05, 0.4],
    [5, 0.02, 0.9],
  ] as const) {
    it(`is never true for a capsule that touches a blocked box (seed ${seed}, radius ${radius}); with radius < half a cell it sees face neighbours`, () => {
      const { grid, boxes } = world(seed, density);
      const space = clearSpace(grid, radius);
      const sight = gridCapsuleSight(space);
      const random = mulberry32(seed + 100);
      const voxels = space.clearVoxels;
      const c = { x: 0, y: 0, z: 0 };
      const centre = (v: number): V3 => {
        grid.coords(v, c);
        const s = grid.cellSize;
        return [grid.origin.x + (c.x + 0.5) * s, grid.origin.y + (c.y + 0.5) * s, grid.origin.z + (c.z + 0.5) * s];
      };
      let trueCount = 0,
        clearCount = 0;
      for (let k = 0; k < 3000; k++) {
        const a = centre(voxels[Math.floor(random() * voxels.length)]);
        // Voxel centres and points anywhere in the grid's clear voxels.
        const v = voxels[Math.floor(random() * voxels.length)];
        const b = centre(v);
        if (k % 2 === 1) for (let i = 0; i < 3; i++) b[i] += (random() - 0.5) * grid.cellSize * 0.9;
        const clear = clearOf(boxes, a, b, radius);
        const seen = sight(a[0], a[1], a[2], b[0], b[1], b[2]);
        if (seen) expect(clear, `${a} -> ${b}`).toBe(true);
        if (seen) trueCount++;
        if (clear) clearCount++;
      }
      // It proves most clear segments clear (not a test that says false to everything); fat
      // agents lose more to the max-norm gap at the boxes' edges and corners.
      expect(trueCount).toBeGreaterThan((radius < 0.5 * grid.cellSize ? 0.5 : 0.25) * clearCount);
      if (radius < 0.5 * grid.cellSize) {
        for (const v of voxels) {
          grid.coords(v, c);
          for (const [dx, dy, dz] of [
            [1, 0, 0],
            [0, 1, 0],
            [0, 0, 1],
          ]) {
            if (!grid.inBounds(c.x + dx, c.y + dy, c.z + dz)) continue;
            const u = grid.index(c.x + dx, c.y + dy, c.z + dz);
            if (space.dilated.occupancy[u] !== 0) continue;
            const a = centre(v),
              b = centre(u);
            expect(sight(a[0], a[1], a[2], b[0], b[1], b[2])).toBe(true);
            grid.coords(v, c);
          }
        }
      }
    });
  }
  it('is one test per clear space (placement and cover share its compiled code), and a new space gets its own', () => {
    const { grid } = world(6, 0.05);
    const space = clearSpace(grid, 0.1);
    expect(gridCapsuleSight(space)).toBe(gridCapsuleSight(space));
    expect(gridCapsuleSight(clearSpace(grid, 0.2))).not.toBe(gridCapsuleSight(space));
  });
});
