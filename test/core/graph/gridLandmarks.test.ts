import { describe, expect, it } from 'vitest';
import { GridLandmarks } from '../../../src/core/graph/gridLandmarks.ts';
import { clearSpace, type ClearSpace } from '../../../src/core/grid/clearance.ts';
import { GridSpace } from '../../../src/core/grid/GridSpace.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { gridDistance } from '../../../src/core/search/heuristics.ts';
import { mulberry32, randInt } from '../../support/random.ts';
import { refDijkstra, type RefGrid } from '../../support/reference.ts';

/**
 * A world of random blocks plus walls across x with one door each, so that obstacles lengthen
 * many distances well past the obstacle-free one (where landmark bounds matter).
 */
function walledSpace(seed: number, radius: number): ClearSpace {
  const random = mulberry32(seed);
  const grid = new VoxelGrid({ dims: [16, 4, 12], cellSize: 1 });
  for (let z = 0; z < grid.Z; z++)
    for (let y = 0; y < grid.Y; y++)
      for (let x = 0; x < grid.X; x++) {
        if (random() < 0.04) grid.setBlocked(x, y, z, true);
      }
  for (const x of [5, 10]) {
    const door = randInt(random, grid.Z - 3);
    for (let z = 0; z < grid.Z; z++) for (let y = 0; y < grid.Y; y++) if (z < door || z > door + 2) grid.setBlocked(x, y, z, true);
  }
  return clearSpace(grid, radius);
}

/** Grid distances from voxel `s` on the dilated grid by the reference Dijkstra (26, forbid), world units. */
function reference(space: ClearSpace, s: number): Float64Array {
  const g = space.dilated;
  const ref: RefGrid = { X: g.X, Y: g.Y, Z: g.Z, blocked: (x, y, z) => !g.inBounds(x, y, z) || g.isBlocked(x, y, z), cost: () => 1 };
  const c = g.coords(s, { x: 0, y: 0, z: 0 });
  return refDijkstra(ref, [c.x, c.y, c.z], 26, 'forbid').map((d) => d * g.cellSize);
}

describe('GridLandmarks', () => {
  for (const [seed, radius] of [
    [1, 0],
    [2, 0.3],
    [3, 0.6],
  ] as const) {
    it(`bounds and capped distances agree with a reference Dijkstra (seed ${seed}, radius ${radius})`, () => {
      const space = walledSpace(seed, radius);
      const landmarks = new GridLandmarks(space, new GridSpace(space.dilated, { neighborhood: 26, cornerCutting: 'forbid' }), 2);
      const random = mulberry32(100 + seed);
      const voxels = space.clearVoxels;
      const a = { x: 0, y: 0, z: 0 },
        b = { x: 0, y: 0, z: 0 };
      let compared = 0,
        tighter = 0;
      for (let k = 0; k < 40; k++) {
        const s = voxels[randInt(random, voxels.length)];
        const d = reference(space, s);
        for (let j = 0; j < 10; j++) {
          const g = voxels[randInt(random, voxels.length)];
          if (g === s || space.component[g] !== space.component[s]) continue;
          compared++;
          expect(d[g]).toBeLessThan(Infinity);
          if (k % 2 === 1) landmarks.build(space.component[s]);
          const lower = landmarks.lowerBound(s, g);
          expect(lower).toBeLessThanOrEqual(d[g] + 1e-9);
          space.grid.coords(s, a);
          space.grid.coords(g, b);
          if (lower > gridDistance(Math.abs(a.x - b.x), Math.abs(a.y - b.y), Math.abs(a.z - b.z), 26) * space.grid.cellSize + 0.5)
            tighter++;
          // Below the cap: the exact distance; at or above it: Infinity.
          expect(landmarks.distanceBelow(s, g, d[g] * 1.001 + 1e-9)).toBeCloseTo(d[g], 9);
          expect(landmarks.distanceBelow(s, g, Infinity)).toBeCloseTo(d[g], 9);
          expect(landmarks.distanceBelow(s, g, d[g] * 0.999)).toBe(Infinity);
          expect(landmarks.distanceBelow(s, g, 0)).toBe(Infinity);
        }
      }
      expect(compared).toBeGreaterThan(150);
      // The walls make some landmark bounds beat the obstacle-free distance clearly.
      expect(tighter).toBeGreaterThan(0);
    });
  }

  it('has no landmarks until built, then bounds from them; distanceBelow builds them once searches cost twice as much', () => {
    const space = walledSpace(4, 0.3);
    let big = 0;
    for (let c = 0; c < space.componentCount; c++) if (space.componentSize[c] > space.componentSize[big]) big = c;
    const members = Array.from(space.clearVoxels).filter((v) => space.component[v] === big);
    const landmarks = new GridLandmarks(space, new GridSpace(space.dilated), 2);
    expect(landmarks.has(big)).toBe(false);
    expect(landmarks.lowerBound(members[0], members[members.length - 1])).toBe(0);
    // Searches across the component: each expands a share of it; their total passes 2 x 2 x its size.
    let queries = 0;
    while (!landmarks.has(big) && queries < 1000) {
      landmarks.distanceBelow(members[queries % members.length], members[members.length - 1 - (queries % members.length)], Infinity);
      queries++;
    }
    expect(landmarks.has(big)).toBe(true);
    expect(landmarks.expansions).toBeGreaterThan(4 * members.length);
    expect(landmarks.lowerBound(members[0], members[members.length - 1])).toBeGreaterThan(0);
  });
});
