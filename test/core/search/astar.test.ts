import { describe, expect, it } from 'vitest';
import { GridSpace } from '../../../src/core/grid/GridSpace.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { AStarRun, findPath } from '../../../src/core/search/AStarRun.ts';
import { isAdmissible, type HeuristicName, type Neighborhood } from '../../../src/core/search/heuristics.ts';
import { SearchContext } from '../../../src/core/search/SearchContext.ts';
import { mulberry32, randInt } from '../../support/random.ts';
import { expectLegalPath, refDijkstra } from '../../support/reference.ts';
import { makeWorld, type World } from '../../support/worlds.ts';

type Cut = 'forbid' | 'allow';
const NEIGHBORHOODS: Neighborhood[] = [6, 18, 26];
const CUTS: Cut[] = ['forbid', 'allow'];
const HEURISTICS: HeuristicName[] = ['exact', 'euclidean', 'manhattan', 'chebyshev', 'squared', 'zero'];

const xyz = (grid: VoxelGrid, i: number): [number, number, number] => {
  const p = grid.coords(i, { x: 0, y: 0, z: 0 });
  return [p.x, p.y, p.z];
};

const dist = (w: World, a: number, b: number): number => {
  const [ax, ay, az] = xyz(w.grid, a);
  const [bx, by, bz] = xyz(w.grid, b);
  return Math.hypot(ax - bx, ay - by, az - bz);
};

describe('A* on voxel grids against an independent Dijkstra', () => {
  for (const terrain of [false, true]) {
    for (const nb of NEIGHBORHOODS) {
      for (const cut of CUTS) {
        it(`${nb} neighbours, corner cutting ${cut}, terrain ${terrain ? 'on' : 'off'}: every heuristic`, () => {
          const ctx = new SearchContext();
          for (let seed = 1; seed <= 12; seed++) {
            const w = makeWorld(seed * 7919 + nb * 31 + (cut === 'allow' ? 1 : 0) + (terrain ? 5 : 0), terrain);
            const rand = mulberry32(seed);
            const space = new GridSpace(w.grid, { neighborhood: nb, cornerCutting: cut });
            for (let q = 0; q < 4 && w.free.length > 1; q++) {
              const start = w.free[randInt(rand, w.free.length)];
              const goal = w.free[randInt(rand, w.free.length)];
              const ref = refDijkstra(w.ref, xyz(w.grid, start), nb, cut);
              for (const h of HEURISTICS) {
                const r = findPath(space, start, goal, { heuristic: h }, ctx);
                expectLegalPath(w, r, start, nb, cut);
                if (ref[goal] === Infinity) {
                  expect(r.status).toBe('unreachable');
                  if (!isAdmissible(h, nb)) continue;
                  // Every reachable voxel was closed: the path ends at the one nearest the goal.
                  let best = Infinity;
                  for (const v of w.free) if (ref[v] < Infinity) best = Math.min(best, dist(w, v, goal));
                  const last = r.path[r.path.length - 1];
                  expect(dist(w, last, goal)).toBeCloseTo(best, 12);
                  for (const v of w.free)
                    if (ref[v] < Infinity && dist(w, v, goal) === dist(w, last, goal)) expect(ref[last]).toBeLessThanOrEqual(ref[v] + 1e-9);
                  expect(r.cost).toBeCloseTo(ref[last], 9);
                  continue;
                }
                expect(r.status).toBe('found');
                expect(r.path[r.path.length - 1]).toBe(goal);
                if (isAdmissible(h, nb)) expect(r.cost).toBeCloseTo(ref[goal], 9);
                else expect(r.cost).toBeGreaterThanOrEqual(ref[goal] - 1e-9);
              }
              for (const weight of [1.5, 3]) {
                const r = findPath(space, start, goal, { weight }, ctx);
                if (ref[goal] < Infinity) expect(r.cost).toBeLessThanOrEqual(weight * ref[goal] + 1e-9);
              }
              const none = findPath(space, start, goal, { tieBreak: 'none' }, ctx);
              if (ref[goal] < Infinity) expect(none.cost).toBeCloseTo(ref[goal], 9);
            }
          }
        });
      }
    }
  }
});

describe('expansion budget, slicing and cancellation', () => {
  it('a budget stops at the closed node nearest the goal and reports partial', () => {
    let partials = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const w = makeWorld(seed, seed % 2 === 0);
      const rand = mulberry32(seed + 100);
      const space = new GridSpace(w.grid);
      const start = w.free[randInt(rand, w.free.length)];
      const goal = w.free[randInt(rand, w.free.length)];
      const budget = randInt(rand, 12);
      const ctx = new SearchContext();
      const r = findPath(space, start, goal, { maxExpansions: budget }, ctx);
      expectLegalPath(w, r, start, 26, 'forbid');
      if (r.status !== 'partial') continue;
      partials++;
      expect(r.expanded).toBe(budget);
      let best = Infinity;
      let bestG = Infinity;
      ctx.forEachVisited((node, g, closed) => {
        if (!closed) return;
        const d = dist(w, node, goal);
        if (d < best || (d === best && g < bestG)) {
          best = d;
          bestG = g;
        }
      });
      const last = r.path[r.path.length - 1];
      if (budget === 0) expect(r.path).toEqual([start]);
      else {
        expect(dist(w, last, goal)).toBe(best);
        expect(r.cost).toBe(bestG);
      }
    }
    expect(partials).toBeGreaterThan(10);
  });

  it('sliced runs give the same result as one-shot runs', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const w = makeWorld(seed * 13, seed % 3 === 0);
      const rand = mulberry32(seed);
      const nb = NEIGHBORHOODS[seed % 3];
      const space = new GridSpace(w.grid, { neighborhood: nb });
      const start = w.free[randInt(rand, w.free.length)];
      const goal = w.free[randInt(rand, w.free.length)];
      const options = { heuristic: HEURISTICS[seed % HEURISTICS.length], maxExpansions: seed % 4 === 0 ? 15 : Infinity };
      const once = findPath(space, start, goal, options);
      for (const slice of [1, 3, 7]) {
        const run = new AStarRun(space, start, goal, options);
        let r = run.step(slice);
        let slices = 1;
        while (r.status === 'running') {
          expect(r.path).toEqual([]);
          r = run.step(slice);
          slices++;
        }
        expect(slices).toBeGreaterThanOrEqual(Math.ceil(once.expanded / slice));
        expect({ ...r, elapsedMs: 0 }).toEqual({ ...once, elapsedMs: 0 });
      }
    }
  });

  it('cancel ends a run with the path to the nearest closed node', () => {
    const w = makeWorld(99, false);
    const grid = new VoxelGrid({ dims: [30, 1, 1] });
    const run = new AStarRun(new GridSpace(grid), 0, 29);
    expect(run.step(5).status).toBe('running');
    const r = run.cancel();
    expect(r.status).toBe('cancelled');
    expect(r.path).toEqual([0, 1, 2, 3, 4]);
    expect(r.cost).toBe(4);
    expect(run.step().status).toBe('cancelled');
    expect(w.free.length).toBeGreaterThan(0);
  });

  it('a run cut short with successors on its immediate stack leaks none into the next run on its context; runs on two contexts interleave', () => {
    const grid = new VoxelGrid({ dims: [24, 24, 1] });
    const space = new GridSpace(grid, { neighborhood: 6 });
    const ctx = new SearchContext();
    const plain = (s: number, g: number) => ({ ...findPath(space, s, g, {}, new SearchContext()), elapsedMs: 0 });
    for (const budget of [3, 9, 20]) {
      // Cut short while equal-f successors wait on the stack (6 neighbours, open grid: many ties).
      expect(new AStarRun(space, 0, 24 * 24 - 1, { maxExpansions: budget }, ctx).step().status).toBe('partial');
      expect({ ...findPath(space, 30, 500, {}, ctx), elapsedMs: 0 }).toEqual(plain(30, 500));
    }
    const other = new SearchContext();
    const a = new AStarRun(space, 0, 575, {}, ctx);
    // Its own space too: a grid space holds its run's goal (setGoal).
    const b = new AStarRun(new GridSpace(grid, { neighborhood: 6 }), 23, 552, {}, other);
    let ra = a.step(1);
    let rb = b.step(1);
    while (ra.status === 'running' || rb.status === 'running') {
      ra = a.step(1);
      rb = b.step(1);
    }
    expect([
      { ...ra, elapsedMs: 0 },
      { ...rb, elapsedMs: 0 },
    ]).toEqual([plain(0, 575), plain(23, 552)]);
  });

  it('a reused context invalidates the older run instead of mixing state', () => {
    const grid = new VoxelGrid({ dims: [10, 10, 1] });
    const ctx = new SearchContext();
    const space = new GridSpace(grid);
    const a = new AStarRun(space, 0, 99, {}, ctx);
    a.step(2);
    findPath(space, 5, 50, {}, ctx);
    expect(() => a.step()).toThrow(/reused/);
  });
});

describe('misuse and degenerate queries', () => {
  const grid = new VoxelGrid({ dims: [4, 4, 4] });
  grid.setBlocked(1, 1, 1, true);
  const space = new GridSpace(grid);
  it('start equal to goal is found at cost 0', () => {
    expect(findPath(space, 5, 5)).toMatchObject({ status: 'found', path: [5], cost: 0 });
  });
  it('blocked or out-of-range start and goal throw, naming the argument', () => {
    expect(() => findPath(space, grid.index(1, 1, 1), 0)).toThrow(/start: .*blocked/);
    expect(() => findPath(space, 0, 64)).toThrow(/^goal: node: expected an integer in \[0, 63\], got 64$/);
    expect(() => findPath(space, 0, 1, { weight: 0.5 })).toThrow(/weight/);
    expect(() => findPath(space, 0, 1, { heuristic: 'bogus' as HeuristicName })).toThrow(/heuristic/);
    expect(() => new GridSpace(grid, { neighborhood: 8 as Neighborhood })).toThrow(/neighborhood/);
    expect(() => findPath(space, 0, -1)).toThrow(/^goal: node: expected an integer in \[0, 63\], got -1$/);
    expect(() => findPath(space, 0.5, 1)).toThrow(/^start: node: expected an integer/);
  });
  it('a bad space, context or options object throws, naming the run and the argument', () => {
    const bad = Object.assign(Object.create(space), { position: 3 }) as GridSpace;
    expect(() => new AStarRun(bad, 0, 1)).toThrow(/^AStarRun: space.position: expected a function/);
    expect(() => new AStarRun(null as unknown as GridSpace, 0, 1)).toThrow(
      /^AStarRun: space: expected a search space \(nodeCount, isTraversable/,
    );
    expect(() => new AStarRun(space, 0, 1, {}, {} as SearchContext)).toThrow(/^AStarRun: ctx: expected a SearchContext/);
    expect(() => new AStarRun(space, 0, 1, [] as never)).toThrow(/^AStarRun: options: expected an options object/);
    expect(new AStarRun(space, 0, 1, undefined).step().status).toBe('found');
  });
  it('a sealed goal is unreachable and the path ends next to it', () => {
    const g = new VoxelGrid({ dims: [7, 7, 7] });
    for (let z = 2; z <= 4; z++)
      for (let y = 2; y <= 4; y++) for (let x = 2; x <= 4; x++) if (x !== 3 || y !== 3 || z !== 3) g.setBlocked(x, y, z, true);
    const r = findPath(new GridSpace(g), g.index(0, 0, 0), g.index(3, 3, 3));
    expect(r.status).toBe('unreachable');
    const p = g.coords(r.path[r.path.length - 1], { x: 0, y: 0, z: 0 });
    expect(Math.hypot(p.x - 3, p.y - 3, p.z - 3)).toBe(2);
  });
});
