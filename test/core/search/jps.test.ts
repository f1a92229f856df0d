import { describe, expect, it } from 'vitest';
import { GridSpace } from '../../../src/core/grid/GridSpace.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { parse3dMap, parse3dScen } from '../../../src/core/io/movingai.ts';
import type { HeuristicName } from '../../../src/core/search/heuristics.ts';
import { forcedMoves, jumpRules } from '../../../src/core/search/jpsRules.ts';
import { findPathJps, JpsRun } from '../../../src/core/search/JpsRun.ts';
import type { SearchResult } from '../../../src/core/search/result.ts';
import { SearchContext } from '../../../src/core/search/SearchContext.ts';
import { mismatches, range, readData } from '../../support/movingai.ts';
import { mulberry32, randInt } from '../../support/random.ts';
import { refDijkstra, refMoves } from '../../support/reference.ts';
import { makeWorld, type World } from '../../support/worlds.ts';

const xyz = (grid: VoxelGrid, i: number): [number, number, number] => {
  const p = grid.coords(i, { x: 0, y: 0, z: 0 });
  return [p.x, p.y, p.z];
};

/** The path is a chain of legal 26-neighbour no-corner-cutting moves whose costs add up to `cost`. */
function expectValidPath(w: World, r: SearchResult, start: number): void {
  expect(r.path[0]).toBe(start);
  let sum = 0;
  for (let k = 1; k < r.path.length; k++) {
    const [x, y, z] = xyz(w.grid, r.path[k - 1]);
    const [tx, ty, tz] = xyz(w.grid, r.path[k]);
    const move = refMoves(w.ref, x, y, z, 26, 'forbid').find(([a, b, c]) => a === tx && b === ty && c === tz);
    expect(move, `illegal step ${[x, y, z]} -> ${[tx, ty, tz]}`).toBeDefined();
    sum += move![3];
  }
  expect(r.cost).toBeCloseTo(sum, 9);
}

/** Every seed the A* tests build a world from (astar.test.ts), without terrain: JPS does not support it. */
const A_STAR_SEEDS: number[] = [];
for (const terrain of [0, 5])
  for (const nb of [6, 18, 26])
    for (const cut of [0, 1]) for (let seed = 1; seed <= 12; seed++) A_STAR_SEEDS.push(seed * 7919 + nb * 31 + cut + terrain);
for (let seed = 1; seed <= 30; seed++) A_STAR_SEEDS.push(seed);
for (let seed = 1; seed <= 40; seed++) A_STAR_SEEDS.push(seed * 13);

const ADMISSIBLE: HeuristicName[] = ['exact', 'euclidean', 'chebyshev', 'zero'];

describe('jump point search against an independent Dijkstra', () => {
  it(`optimal on every A* test world (${A_STAR_SEEDS.length} worlds, 4 queries each, admissible heuristics)`, () => {
    const ctx = new SearchContext();
    let found = 0,
      unreachable = 0;
    for (const seed of A_STAR_SEEDS) {
      const w = makeWorld(seed, false);
      const space = new GridSpace(w.grid);
      const rand = mulberry32(seed + 1);
      for (let q = 0; q < 4 && w.free.length > 1; q++) {
        const start = w.free[randInt(rand, w.free.length)];
        const goal = w.free[randInt(rand, w.free.length)];
        const ref = refDijkstra(w.ref, xyz(w.grid, start), 26, 'forbid');
        for (const heuristic of ADMISSIBLE) {
          for (const tieBreak of ['low-h', 'none'] as const) {
            const r = findPathJps(space, start, goal, { heuristic, tieBreak }, ctx);
            expectValidPath(w, r, start);
            if (ref[goal] === Infinity) {
              expect(r.status).toBe('unreachable');
              // The path ends at the reachable voxel nearest the goal.
              const d = (i: number) => Math.hypot(...xyz(w.grid, i).map((c, a) => c - xyz(w.grid, goal)[a]));
              let best = Infinity;
              for (const v of w.free) if (ref[v] < Infinity) best = Math.min(best, d(v));
              expect(d(r.path[r.path.length - 1])).toBeCloseTo(best, 12);
              unreachable++;
            } else {
              expect(r.status).toBe('found');
              expect(r.path[r.path.length - 1]).toBe(goal);
              expect(r.cost).toBeCloseTo(ref[goal], 9);
              found++;
            }
          }
        }
      }
    }
    expect(found).toBeGreaterThan(1000);
    expect(unreachable).toBeGreaterThan(50);
  });

  it('denser random worlds (40-60% blocked, up to 9 voxels a side): optimal costs', () => {
    const ctx = new SearchContext();
    for (let seed = 1; seed <= 60; seed++) {
      const rand = mulberry32(seed * 104729);
      const X = 4 + randInt(rand, 6),
        Y = 4 + randInt(rand, 6),
        Z = 3 + randInt(rand, 6);
      const grid = new VoxelGrid({ dims: [X, Y, Z] });
      const density = 0.2 + rand() * 0.4;
      const free: number[] = [];
      for (let z = 0; z < Z; z++)
        for (let y = 0; y < Y; y++)
          for (let x = 0; x < X; x++) {
            if (rand() < density) grid.setBlocked(x, y, z, true);
            else free.push(grid.index(x, y, z));
          }
      if (free.length < 2) continue;
      const ref = { X, Y, Z, blocked: (x: number, y: number, z: number) => grid.isBlocked(x, y, z), cost: () => 1 };
      const space = new GridSpace(grid);
      for (let q = 0; q < 3; q++) {
        const start = free[randInt(rand, free.length)];
        const goal = free[randInt(rand, free.length)];
        const d = refDijkstra(ref, xyz(grid, start), 26, 'forbid');
        const r = findPathJps(space, start, goal, {}, ctx);
        expectValidPath({ grid, ref, free }, r, start);
        if (d[goal] === Infinity) expect(r.status).toBe('unreachable');
        else expect(r.cost).toBeCloseTo(d[goal], 9);
      }
    }
  });
});

describe('jump point search rules', () => {
  const space = new GridSpace(new VoxelGrid({ dims: [3, 3, 3] }));
  const rules = jumpRules(space);
  const move = (dx: number, dy: number, dz: number) => {
    for (let k = 0; k < 26; k++)
      if (space.moveDelta[3 * k] === dx && space.moveDelta[3 * k + 1] === dy && space.moveDelta[3 * k + 2] === dz) return k;
    throw new Error('no such move');
  };
  const cell = (dx: number, dy: number, dz: number) => 1 << (dx + 1 + 3 * (dy + 1) + 9 * (dz + 1));
  it('natural successors are the sub-directions: 7, 3 and 1', () => {
    const count = (m: number) =>
      m
        .toString(2)
        .split('')
        .filter((c) => c === '1').length;
    expect(count(rules.natural[move(1, 1, 1)])).toBe(7);
    expect(count(rules.natural[move(1, -1, 0)])).toBe(3);
    expect(count(rules.natural[move(0, 0, -1)])).toBe(1);
  });
  it('the bounded walk derives the very masks of the exhaustive one (1114, same order)', () => {
    // FNV-1a of altStart then altMasks, from the walk without its octile bound (before 2026-11-28).
    let h = 0x811c9dc5;
    for (const v of [...rules.altStart, ...rules.altMasks]) h = Math.imul(h ^ v, 0x01000193) >>> 0;
    expect(rules.altMasks.length).toBe(1114);
    expect(h.toString(16)).toBe('97fc1891');
  });
  it('in free space nothing is forced', () => {
    for (let d = 0; d < 26; d++) expect(forcedMoves(rules, space.moveNeed, d, 0)).toBe(0);
  });
  it('after a straight move a side voxel is forced exactly when the voxel behind it is blocked', () => {
    const d = move(1, 0, 0);
    for (const [sy, sz] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ]) {
      const side = move(0, sy, sz);
      expect(forcedMoves(rules, space.moveNeed, d, cell(-1, sy, sz)) & (1 << side)).not.toBe(0);
      expect(forcedMoves(rules, space.moveNeed, d, cell(1, sy, sz)) & (1 << side)).toBe(0);
      // Blocked side voxel: the move to it is illegal, so it cannot be forced.
      expect(forcedMoves(rules, space.moveNeed, d, cell(-1, sy, sz) | cell(0, sy, sz)) & (1 << side)).toBe(0);
    }
  });
});

describe('jump point search: slicing, budgets, unsupported grids', () => {
  it('sliced runs give the same result as one-shot runs (with and without budgets)', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const w = makeWorld(seed * 13, false);
      const rand = mulberry32(seed);
      const space = new GridSpace(w.grid);
      const start = w.free[randInt(rand, w.free.length)];
      const goal = w.free[randInt(rand, w.free.length)];
      const options = { maxExpansions: seed % 4 === 0 ? 3 : Infinity };
      const once = findPathJps(space, start, goal, options);
      expectValidPath(w, once, start);
      for (const slice of [1, 2, 5]) {
        const run = new JpsRun(space, start, goal, options);
        let r = run.step(slice);
        while (r.status === 'running') {
          expect(r.path).toEqual([]);
          r = run.step(slice);
        }
        expect({ ...r, elapsedMs: 0 }).toEqual({ ...once, elapsedMs: 0 });
      }
    }
  });

  it('a budget gives a partial result with a valid path; cancel ends a run', () => {
    let partials = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const w = makeWorld(seed, false);
      const rand = mulberry32(seed + 100);
      const space = new GridSpace(w.grid);
      const start = w.free[randInt(rand, w.free.length)];
      const goal = w.free[randInt(rand, w.free.length)];
      const r = findPathJps(space, start, goal, { maxExpansions: 2 });
      expectValidPath(w, r, start);
      if (r.status === 'partial') {
        partials++;
        expect(r.expanded).toBe(2);
      }
    }
    expect(partials).toBeGreaterThan(5);
    const grid = new VoxelGrid({ dims: [30, 3, 1] });
    const run = new JpsRun(new GridSpace(grid), 0, grid.index(29, 2, 0));
    run.step(1);
    const c = run.cancel();
    expect(c.status).toBe('cancelled');
    expect(c.path[0]).toBe(0);
    expect(run.step().status).toBe('cancelled');
  });

  it('refuses grids outside its rules, naming what is unsupported', () => {
    const grid = new VoxelGrid({ dims: [4, 4, 4] });
    expect(() => new JpsRun(new GridSpace(grid, { neighborhood: 18 }), 0, 5)).toThrow(/26 neighbours.*18 is unsupported/);
    expect(() => new JpsRun(new GridSpace(grid, { cornerCutting: 'allow' }), 0, 5)).toThrow(/corner cutting 'allow' is unsupported/);
    grid.setCost(1, 1, 1, 2);
    expect(() => new JpsRun(new GridSpace(grid), 0, 5)).toThrow(/terrain costs/);
    grid.setCost(1, 1, 1, 1);
    expect(findPathJps(new GridSpace(grid), 0, 5).status).toBe('found');
  });
});

describe('jump point search on the Moving AI sets (shipped in test/data)', () => {
  it('all 10,000 problems of Simple have the published optimal length', () => {
    const grid = parse3dMap(readData('Simple.3dmap'), 'Simple.3dmap');
    const problems = parse3dScen(readData('Simple.3dmap.3dscen'), 'Simple.3dmap.3dscen');
    expect(mismatches(grid, problems, range(0, 10000), 'jps')).toEqual([]);
  });
  it('the first 500 problems of Complex have the published optimal length', () => {
    const grid = parse3dMap(readData('Complex.3dmap'), 'Complex.3dmap');
    const problems = parse3dScen(readData('Complex.3dmap.3dscen'), 'Complex.3dmap.3dscen');
    expect(mismatches(grid, problems, range(0, 500), 'jps')).toEqual([]);
  });
});
