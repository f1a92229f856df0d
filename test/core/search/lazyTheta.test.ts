import { describe, expect, it } from 'vitest';
import { GridSpace } from '../../../src/core/grid/GridSpace.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { parse3dMap, parse3dScen } from '../../../src/core/io/movingai.ts';
import type { Neighborhood } from '../../../src/core/search/heuristics.ts';
import { findPathLazyTheta, LazyThetaRun } from '../../../src/core/search/LazyThetaRun.ts';
import type { SearchResult } from '../../../src/core/search/result.ts';
import { SearchContext } from '../../../src/core/search/SearchContext.ts';
import { range, readData } from '../../support/movingai.ts';
import { mulberry32, randInt } from '../../support/random.ts';
import { refDijkstra, type RefGrid } from '../../support/reference.ts';
import { segmentLegal } from '../../support/segmentLegal.ts';
import { makeWorld } from '../../support/worlds.ts';

function coords(grid: VoxelGrid, i: number): number[] {
  const p = grid.coords(i, { x: 0, y: 0, z: 0 });
  return [p.x, p.y, p.z];
}

/** Every segment legal by the independent walk; cost = summed Euclidean lengths x cellSize. */
function expectLegalPath(grid: VoxelGrid, ref: RefGrid, r: SearchResult, start: number): void {
  expect(r.path[0]).toBe(start);
  let sum = 0;
  for (let k = 1; k < r.path.length; k++) {
    const a = coords(grid, r.path[k - 1]);
    const b = coords(grid, r.path[k]);
    expect(segmentLegal(ref, a, b), `segment ${a} -> ${b} crosses a blocked voxel`).toBe(true);
    sum += Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) * grid.cellSize;
  }
  expect(r.cost).toBeCloseTo(sum, 9);
}

describe('the independent segment walk', () => {
  it('agrees with the no-corner-cutting rule on unit moves', () => {
    const blockedAt = [1, 1, 0];
    const ref: RefGrid = {
      X: 3,
      Y: 3,
      Z: 3,
      blocked: (x, y, z) =>
        x < 0 || y < 0 || z < 0 || x > 2 || y > 2 || z > 2 || (x === blockedAt[0] && y === blockedAt[1] && z === blockedAt[2]),
      cost: () => 1,
    };
    expect(segmentLegal(ref, [0, 0, 0], [1, 0, 0])).toBe(true);
    expect(segmentLegal(ref, [1, 0, 0], [0, 1, 0])).toBe(false); // edge shared with (1,1,0)
    expect(segmentLegal(ref, [0, 0, 1], [1, 1, 0])).toBe(false);
    expect(segmentLegal(ref, [0, 0, 1], [1, 1, 2])).toBe(true);
    expect(segmentLegal(ref, [0, 0, 0], [2, 2, 1])).toBe(false); // passes through (1,1,0)'s box
  });
});

describe('Lazy Theta* on random worlds', () => {
  for (const nb of [26, 18, 6] as Neighborhood[]) {
    it(`${nb} neighbours: legal segments, never longer than the grid optimum, same reachability`, () => {
      const ctx = new SearchContext();
      let shorter = 0;
      for (let seed = 1; seed <= 40; seed++) {
        const w = makeWorld(seed * 7919 + nb, false);
        const rand = mulberry32(seed + 7);
        const space = new GridSpace(w.grid, { neighborhood: nb });
        for (let q = 0; q < 4; q++) {
          const start = w.free[randInt(rand, w.free.length)];
          const goal = w.free[randInt(rand, w.free.length)];
          const d = refDijkstra(w.ref, coords(w.grid, start) as [number, number, number], nb, 'forbid');
          const r = findPathLazyTheta(space, start, goal, {}, ctx);
          expectLegalPath(w.grid, w.ref, r, start);
          if (d[goal] === Infinity) {
            expect(r.status).toBe('unreachable');
            continue;
          }
          expect(r.status).toBe('found');
          expect(r.path[r.path.length - 1]).toBe(goal);
          expect(r.cost).toBeLessThanOrEqual(d[goal]);
          const [a, b] = [coords(w.grid, start), coords(w.grid, goal)];
          expect(r.cost).toBeGreaterThanOrEqual(Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) - 1e-9);
          if (r.cost < d[goal] - 1e-6) shorter++;
        }
      }
      expect(shorter).toBeGreaterThan(10);
    });
  }

  it('sliced runs give the same result as one-shot runs', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const w = makeWorld(seed * 13, false);
      const rand = mulberry32(seed);
      const space = new GridSpace(w.grid);
      const start = w.free[randInt(rand, w.free.length)];
      const goal = w.free[randInt(rand, w.free.length)];
      const options = { maxExpansions: seed % 4 === 0 ? 10 : Infinity };
      const once = findPathLazyTheta(space, start, goal, options);
      expectLegalPath(w.grid, w.ref, once, start);
      for (const slice of [1, 4]) {
        const run = new LazyThetaRun(space, start, goal, options);
        let r = run.step(slice);
        while (r.status === 'running') r = run.step(slice);
        expect({ ...r, elapsedMs: 0 }).toEqual({ ...once, elapsedMs: 0 });
      }
    }
  });

  it('refuses corner cutting and terrain, naming them', () => {
    const grid = new VoxelGrid({ dims: [4, 4, 4] });
    expect(() => new LazyThetaRun(new GridSpace(grid, { cornerCutting: 'allow' }), 0, 5)).toThrow(/corner cutting 'allow' is unsupported/);
    grid.setCost(2, 2, 2, 3);
    expect(() => new LazyThetaRun(new GridSpace(grid), 0, 5)).toThrow(/terrain costs/);
  });

  it('an open box gives one straight segment', () => {
    const grid = new VoxelGrid({ dims: [10, 7, 5], cellSize: 0.5 });
    const r = findPathLazyTheta(new GridSpace(grid), grid.index(0, 0, 0), grid.index(9, 4, 3));
    expect(r.path).toEqual([grid.index(0, 0, 0), grid.index(9, 4, 3)]);
    expect(r.cost).toBeCloseTo(Math.hypot(9, 4, 3) * 0.5, 12);
  });
});

describe('Lazy Theta* on Simple (shipped in test/data)', () => {
  it('problems 0-999: legal segments, never longer than the published optimum', () => {
    const grid = parse3dMap(readData('Simple.3dmap'), 'Simple.3dmap');
    const problems = parse3dScen(readData('Simple.3dmap.3dscen'), 'Simple.3dmap.3dscen');
    const ref: RefGrid = { X: grid.X, Y: grid.Y, Z: grid.Z, blocked: (x, y, z) => grid.isBlocked(x, y, z), cost: () => 1 };
    const space = new GridSpace(grid);
    const ctx = new SearchContext();
    let bad = 0;
    for (const i of range(0, 1000)) {
      const p = problems[i];
      const start = grid.index(...p.start);
      const r = findPathLazyTheta(space, start, grid.index(...p.goal), {}, ctx);
      expectLegalPath(grid, ref, r, start);
      if (r.status !== 'found' || r.cost > p.expected + 1e-6) bad++;
    }
    expect(bad).toBe(0);
  });
});
