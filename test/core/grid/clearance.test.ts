import { describe, expect, it } from 'vitest';
import { clearSpace, gridAssistedLineOfSight, gridSweepProof, squaredClearance } from '../../../src/core/grid/clearance.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { mulberry32 } from '../../support/random.ts';
import { refMoves, type RefGrid } from '../../support/reference.ts';
import { refBox, segmentBoxDistance, type RefBox, type V3 } from '../../three/analytic.ts';

function randomGrid(seed: number, dims: [number, number, number], density: number): VoxelGrid {
  const random = mulberry32(seed);
  const grid = new VoxelGrid({ dims, cellSize: 0.5, origin: { x: -1, y: 2, z: 0 } });
  for (let i = 0; i < grid.size; i++) grid.occupancy[i] = random() < density ? 1 : 0;
  return grid;
}

/** Brute force: squared distance (cells) from each centre to the nearest blocked box. */
function bruteSquared(grid: VoxelGrid): Float64Array {
  const out = new Float64Array(grid.size).fill(Infinity);
  const gap = (d: number) => Math.max(Math.abs(d) - 0.5, 0);
  for (let z = 0; z < grid.Z; z++)
    for (let y = 0; y < grid.Y; y++)
      for (let x = 0; x < grid.X; x++) {
        let best = Infinity;
        for (let c = 0; c < grid.Z; c++)
          for (let b = 0; b < grid.Y; b++)
            for (let a = 0; a < grid.X; a++) {
              if (grid.occupancy[a + grid.X * (b + grid.Y * c)] === 0) continue;
              best = Math.min(best, gap(x - a) ** 2 + gap(y - b) ** 2 + gap(z - c) ** 2);
            }
        out[x + grid.X * (y + grid.Y * z)] = best;
      }
  return out;
}

describe('squaredClearance', () => {
  it('equals the brute-force distance from each voxel centre to the nearest blocked box', () => {
    for (const [seed, dims, density] of [
      [1, [7, 5, 6], 0.1],
      [2, [9, 3, 4], 0.02],
      [3, [5, 8, 5], 0.4],
      [4, [6, 6, 6], 0],
    ] as const) {
      const grid = randomGrid(seed, [...dims], density);
      const got = squaredClearance(grid);
      const want = bruteSquared(grid);
      for (let i = 0; i < grid.size; i++) expect(got[i], `seed ${seed}, voxel ${i}`).toBeCloseTo(want[i], 4);
    }
  });
});

describe('clearSpace', () => {
  it('keeps exactly the free voxels at clearance >= R and labels them like a 26-neighbour, no-corner-cutting flood fill', () => {
    for (const [seed, radius] of [
      [5, 0.2],
      [6, 0.3],
      [7, 0.8],
    ] as const) {
      const grid = randomGrid(seed, [8, 6, 7], 0.12);
      const space = clearSpace(grid, radius);
      const brute = bruteSquared(grid);
      const s = grid.cellSize;
      for (let i = 0; i < grid.size; i++) {
        const clear = grid.occupancy[i] === 0 && Math.sqrt(brute[i]) * s >= radius - 1e-9;
        expect(space.dilated.occupancy[i] === 0, `voxel ${i}`).toBe(clear);
        expect(space.component[i] >= 0).toBe(clear);
      }
      // Reference components by the written movement rules (26 neighbours, forbid).
      const ref: RefGrid = {
        X: grid.X,
        Y: grid.Y,
        Z: grid.Z,
        blocked: (x, y, z) => space.dilated.isBlocked(x, y, z),
        cost: () => 1,
      };
      const label = new Int32Array(grid.size).fill(-1);
      let count = 0;
      const c = { x: 0, y: 0, z: 0 };
      for (let i = 0; i < grid.size; i++) {
        if (space.dilated.occupancy[i] !== 0 || label[i] !== -1) continue;
        const stack = [i];
        label[i] = count;
        while (stack.length > 0) {
          grid.coords(stack.pop()!, c);
          for (const [x, y, z] of refMoves(ref, c.x, c.y, c.z, 26, 'forbid')) {
            const j = grid.index(x, y, z);
            if (label[j] === -1) {
              label[j] = count;
              stack.push(j);
            }
          }
        }
        count++;
      }
      expect(space.componentCount).toBe(count);
      // Same partition: the label maps are a bijection.
      const map = new Map<number, number>();
      for (let i = 0; i < grid.size; i++) {
        if (label[i] < 0) continue;
        if (!map.has(label[i])) map.set(label[i], space.component[i]);
        expect(space.component[i]).toBe(map.get(label[i]));
      }
      expect(new Set(map.values()).size).toBe(count);
      // Labels 0 .. count - 1 in order of each component's first voxel, with their sizes; the clear voxels ascending.
      const clear: number[] = [];
      const sizes = new Array<number>(count).fill(0);
      let next = 0;
      for (let i = 0; i < grid.size; i++) {
        const c = space.component[i];
        if (c < 0) continue;
        if (c === next) next++;
        expect(c, `voxel ${i}`).toBeLessThan(next);
        clear.push(i);
        sizes[c]++;
      }
      expect([...space.clearVoxels]).toEqual(clear);
      expect([...space.componentSize]).toEqual(sizes);
    }
  });

  it('rejects a bad radius', () => {
    const grid = randomGrid(1, [3, 3, 3], 0.1);
    expect(() => clearSpace(grid, -1)).toThrow(/radius/);
    expect(() => clearSpace(grid, NaN)).toThrow(/radius/);
  });
});

/** The grid's solid voxels as reference boxes. */
function voxelBoxes(grid: VoxelGrid): RefBox[] {
  const s = grid.cellSize,
    o = grid.origin;
  const boxes: RefBox[] = [];
  const c = { x: 0, y: 0, z: 0 };
  for (let i = 0; i < grid.size; i++) {
    if (grid.occupancy[i] === 0) continue;
    grid.coords(i, c);
    boxes.push(
      refBox({ id: 'b', shape: 'box', position: [o.x + (c.x + 0.5) * s, o.y + (c.y + 0.5) * s, o.z + (c.z + 0.5) * s], size: [s, s, s] }),
    );
  }
  return boxes;
}

describe('gridAssistedLineOfSight', () => {
  it('answers like the capsule test it wraps, and skips it where the grid proves the segment clear', () => {
    const grid = randomGrid(8, [12, 6, 10], 0.015);
    const boxes = voxelBoxes(grid);
    const o = grid.origin;
    const random = mulberry32(3);
    for (const r of [0, 0.2, 0.45]) {
      let calls = 0;
      const exact = (ax: number, ay: number, az: number, bx: number, by: number, bz: number) => {
        calls++;
        const p: V3 = [ax, ay, az],
          q: V3 = [bx, by, bz];
        return boxes.every((b) => segmentBoxDistance(b, p, q) >= r - 1e-6);
      };
      const assisted = gridAssistedLineOfSight(grid, r, exact);
      let skipped = 0;
      for (let k = 0; k < 400; k++) {
        // Segments of random length, some reaching past the grid.
        const a: V3 = [o.x + random() * 6.5 - 0.25, o.y + random() * 3.5 - 0.25, o.z + random() * 5.5 - 0.25];
        const len = random() * 3;
        const b: V3 = [a[0] + (random() - 0.5) * len, a[1] + (random() - 0.5) * len, a[2] + (random() - 0.5) * len];
        const before = calls;
        const got = assisted(...a, ...b);
        if (calls === before) skipped++;
        expect(got, `r ${r}, segment ${k}`).toBe(exact(...a, ...b));
      }
      expect(skipped).toBeGreaterThan(20);
    }
  });
});

describe('gridSweepProof', () => {
  it('proves a segment only when its capsule is clear of every blocked box', () => {
    const grid = randomGrid(9, [14, 6, 12], 0.01);
    const boxes = voxelBoxes(grid);
    const o = grid.origin;
    const random = mulberry32(4);
    const point = (): V3 => [o.x + random() * 7, o.y + random() * 3, o.z + random() * 6];
    for (const r of [0, 0.3]) {
      const proof = gridSweepProof(grid, r)!;
      let proven = 0;
      for (let k = 0; k < 600; k++) {
        // Two points anywhere in (or a little past) the grid.
        const a = point(),
          b = point();
        if (!proof.segment(...a, ...b)) continue;
        proven++;
        expect(
          boxes.every((box) => segmentBoxDistance(box, a, b) >= r),
          `r ${r}, segment ${k}`,
        ).toBe(true);
      }
      expect(proven).toBeGreaterThan(15);
    }
  });
});
