/**
 * Connected components answer "unreachable" before any search: on random worlds with sealed
 * pockets, for every neighbourhood x corner cutting and every algorithm the rule allows, a
 * query into another component ends where a full flood would (the reachable voxel nearest the
 * goal, ties by least cost, checked against an independent Dijkstra), with the least cost to
 * it, after no more expansions than a found query to that voxel; sliced runs report the same;
 * budgets give 'partial'; edits that open or seal a pocket are seen by the next query. A space
 * made without the check (GridSearchSettings.components) floods to the same end voxel and cost.
 */
import { describe, expect, it } from 'vitest';
import { type ComponentCheck, GridSpace } from '../../../src/core/grid/GridSpace.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { createGridRun, gridUnsupported } from '../../../src/core/query/runs.ts';
import type { Algorithm } from '../../../src/core/search/algorithms.ts';
import { findPath } from '../../../src/core/search/AStarRun.ts';
import { componentCheck } from '../../../src/core/search/componentCheck.ts';
import type { Neighborhood } from '../../../src/core/search/heuristics.ts';
import type { SearchResult } from '../../../src/core/search/result.ts';
import { SearchContext } from '../../../src/core/search/SearchContext.ts';
import { mulberry32, randInt } from '../../support/random.ts';
import { expectLegalPath, refDijkstra, type RefGrid } from '../../support/reference.ts';

type Cut = 'forbid' | 'allow';

interface PocketWorld {
  grid: VoxelGrid;
  ref: RefGrid;
  free: number[];
  /** Free voxels inside sealed pockets. */
  inside: number[];
}

/** A random world (5..9 a side, 10-30% blocked) with 1-3 sealed hollow boxes carved into it. */
function pocketWorld(seed: number): PocketWorld {
  const rand = mulberry32(seed);
  const X = 5 + randInt(rand, 5),
    Y = 5 + randInt(rand, 5),
    Z = 4 + randInt(rand, 4);
  const blocked = new Uint8Array(X * Y * Z);
  const density = 0.1 + rand() * 0.2;
  for (let i = 0; i < blocked.length; i++) blocked[i] = rand() < density ? 1 : 0;
  const hollow = new Uint8Array(X * Y * Z);
  const pockets = 1 + randInt(rand, 3);
  for (let p = 0; p < pockets; p++) {
    const w = [1 + randInt(rand, 2), 1 + randInt(rand, 2), 1 + randInt(rand, 2)];
    const dims = [X, Y, Z];
    const lo = w.map((s, a) => randInt(rand, dims[a] - s - 1));
    for (let z = lo[2]; z <= lo[2] + w[2] + 1; z++)
      for (let y = lo[1]; y <= lo[1] + w[1] + 1; y++)
        for (let x = lo[0]; x <= lo[0] + w[0] + 1; x++) {
          const shell =
            x === lo[0] || y === lo[1] || z === lo[2] || x === lo[0] + w[0] + 1 || y === lo[1] + w[1] + 1 || z === lo[2] + w[2] + 1;
          const i = x + X * (y + Y * z);
          blocked[i] = shell ? 1 : 0;
          hollow[i] = shell ? 0 : 1;
        }
  }
  const grid = new VoxelGrid({ dims: [X, Y, Z] });
  const free: number[] = [];
  const inside: number[] = [];
  for (let i = 0; i < blocked.length; i++) {
    if (blocked[i]) {
      const p = grid.coords(i, { x: 0, y: 0, z: 0 });
      grid.setBlocked(p.x, p.y, p.z, true);
    } else {
      free.push(i);
      if (hollow[i]) inside.push(i);
    }
  }
  const ref: RefGrid = {
    X,
    Y,
    Z,
    blocked: (x, y, z) => x < 0 || y < 0 || z < 0 || x >= X || y >= Y || z >= Z || grid.isBlocked(x, y, z),
    cost: () => 1,
  };
  return { grid, ref, free, inside };
}

const xyz = (grid: VoxelGrid, i: number): [number, number, number] => {
  const p = grid.coords(i, { x: 0, y: 0, z: 0 });
  return [p.x, p.y, p.z];
};
const dist2 = (grid: VoxelGrid, a: number, b: number): number => {
  const [ax, ay, az] = xyz(grid, a);
  const [bx, by, bz] = xyz(grid, b);
  return (ax - bx) ** 2 + (ay - by) ** 2 + (az - bz) ** 2;
};

const strip = (r: SearchResult) => ({ ...r, elapsedMs: 0 });

/** A run stepped `n` expansions at a time to its end. */
function sliced(run: { step(n?: number): SearchResult }, n: number): SearchResult {
  for (;;) {
    const r = run.step(n);
    if (r.status !== 'running') return r;
  }
}

const SEEDS = Array.from({ length: 60 }, (_, i) => 1000 + i);

describe('a goal in another component is unreachable before any search', () => {
  for (const nb of [6, 18, 26] as Neighborhood[]) {
    for (const cut of ['forbid', 'allow'] as Cut[]) {
      it(`${nb} neighbours, corner cutting ${cut}: the flood's end voxel and cost, no more work than a found query to it`, () => {
        const ctx = new SearchContext();
        let unreachable = 0;
        let ties = 0;
        let tiedWork = 0;
        let foundWork = 0;
        for (const seed of SEEDS) {
          const w = pocketWorld(seed);
          const space = new GridSpace(w.grid, { neighborhood: nb, cornerCutting: cut, components: componentCheck });
          const rand = mulberry32(seed * 7 + nb);
          for (let q = 0; q < 4 && w.inside.length > 0; q++) {
            const start = w.free[randInt(rand, w.free.length)];
            // Half the goals in a pocket, half anywhere.
            const goal = q % 2 === 0 ? w.inside[randInt(rand, w.inside.length)] : w.free[randInt(rand, w.free.length)];
            const ref = refDijkstra(w.ref, xyz(w.grid, start), nb, cut);
            for (const algorithm of ['astar', 'jps', 'lazy-theta'] as Algorithm[]) {
              if (gridUnsupported(algorithm, space) !== null) continue;
              const r = createGridRun(algorithm, space, start, goal, {}, ctx).step();
              if (ref[goal] < Infinity) {
                expect(r.status).toBe('found');
                continue;
              }
              expect(r.status).toBe('unreachable');
              const last = r.path[r.path.length - 1];
              let best = Infinity;
              for (const v of w.free) if (ref[v] < Infinity) best = Math.min(best, dist2(w.grid, v, goal));
              expect(dist2(w.grid, last, goal)).toBe(best);
              const tied = w.free.filter((v) => ref[v] < Infinity && dist2(w.grid, v, goal) === best);
              for (const v of tied) expect(ref[last]).toBeLessThanOrEqual(ref[v] + 1e-9);
              if (algorithm === 'lazy-theta') expect(r.cost).toBeLessThanOrEqual(ref[last] + 1e-9);
              else {
                expectLegalPath(w, r, start, nb, cut);
                expect(r.cost).toBeCloseTo(ref[last], 9);
              }
              // The work of a found query to that voxel (plus, on a tie, the searches that settle it).
              const found = createGridRun(algorithm, space, start, last, {}, ctx).step();
              expect(found.status).toBe('found');
              expect(found.cost).toBeCloseTo(r.cost, 9);
              // Equally near voxels: one search heads for all of them, no dearer than a found query
              // to each of them, and in sum near one found query to the voxel it ends at.
              if (tied.length === 1) expect(r.expanded, `${algorithm} seed ${seed}`).toBe(found.expanded);
              else {
                let each = 0;
                for (const t of tied) each += createGridRun(algorithm, space, start, t, {}, ctx).step().expanded;
                expect(r.expanded, `${algorithm} seed ${seed} ties ${tied.length}`).toBeLessThanOrEqual(each);
                tiedWork += r.expanded;
                foundWork += found.expanded;
              }
              // A weighted run (it cannot settle the tie itself) gets the same voxel from the check.
              if (algorithm === 'astar' && tied.length > 1) {
                const w2 = createGridRun(algorithm, space, start, goal, { weight: 2 }, ctx).step();
                const end = w2.path[w2.path.length - 1];
                expect(dist2(w.grid, end, goal)).toBe(best);
                for (const v of tied) expect(ref[end]).toBeLessThanOrEqual(ref[v] + 1e-9);
              }
              if (tied.length > 1) ties++;
              // Sliced runs report exactly what the one-shot run reports.
              for (const n of [1, 3]) expect(strip(sliced(createGridRun(algorithm, space, start, goal, {}, ctx), n))).toEqual(strip(r));
              unreachable++;
            }
          }
        }
        expect(unreachable).toBeGreaterThan(30);
        expect(ties).toBeGreaterThan(10); // equally near voxels, settled by least cost
        expect(tiedWork).toBeLessThanOrEqual(1.25 * foundWork); // the tie costs no second search (before: ~2x)
      });
    }
  }

  it('six equally near voxels cost one search, with each algorithm: the least-cost one, near the work of a found query to it', () => {
    // A corridor 40 long; at its far end a sealed hollow box whose centre is the goal: the six
    // voxels facing the box's faces from outside are equally near it, the one toward the start cheapest.
    const grid = new VoxelGrid({ dims: [40, 9, 9] });
    for (let z = 2; z <= 6; z++)
      for (let y = 2; y <= 6; y++)
        for (let x = 34; x <= 38; x++) if (x % 4 === 2 || y % 4 === 2 || z % 4 === 2) grid.setBlocked(x, y, z, true);
    // The check as the runs ask it: whether they leave the tie to their own search, and what it spent.
    const asked: { settles: boolean; expanded: number }[] = [];
    const check: ComponentCheck = (...a) => {
      const c = componentCheck(...a);
      if (c !== null) asked.push({ settles: c.tied !== undefined, expanded: c.expanded });
      return c;
    };
    const space = new GridSpace(grid, { components: check });
    const start = grid.index(1, 4, 4);
    const goal = grid.index(36, 4, 4);
    expect(componentCheck(space, start, goal, 'low-h', { heuristic: 'exact', weight: 1 })!.tied?.size).toBe(6);
    const ctx = new SearchContext();
    for (const algorithm of ['astar', 'jps', 'lazy-theta'] as Algorithm[]) {
      const r = createGridRun(algorithm, space, start, goal, {}, ctx).step();
      // No tie-settling search of its own: the run's search settles it.
      expect(asked.pop()).toEqual({ settles: true, expanded: 0 });
      expect(r.status).toBe('unreachable');
      expect(r.path[r.path.length - 1]).toBe(grid.index(33, 4, 4));
      const found = createGridRun(algorithm, space, start, grid.index(33, 4, 4), {}, ctx).step();
      expect(r.cost).toBeCloseTo(found.cost, 9);
      expect(r.expanded, algorithm).toBeLessThanOrEqual(Math.ceil(1.2 * found.expanded));
      for (const n of [1, 2]) expect(strip(sliced(createGridRun(algorithm, space, start, goal, {}, ctx), n))).toEqual(strip(r));
    }
    // A weighted run cannot settle it: the check does, by an A* search of its own, to the same voxel.
    asked.length = 0;
    const weighted = createGridRun('astar', space, start, goal, { weight: 2 }, ctx).step();
    // Asked twice: by the check's own run (inside), which settles it, then for the weighted run.
    expect(asked).toHaveLength(2);
    expect(asked[0]).toEqual({ settles: true, expanded: 0 });
    expect(asked[1].settles).toBe(false);
    expect(asked[1].expanded).toBeGreaterThan(30);
    expect(weighted.path[weighted.path.length - 1]).toBe(grid.index(33, 4, 4));
  });

  it("a budget too small to reach the closest point is 'partial', from the start; a budget that reaches it is not", () => {
    const ctx = new SearchContext();
    let partial = 0;
    for (const seed of SEEDS) {
      const w = pocketWorld(seed);
      if (w.inside.length === 0) continue;
      const space = new GridSpace(w.grid, { components: componentCheck });
      const start = w.free[0];
      const goal = w.inside[0];
      for (const algorithm of ['astar', 'jps'] as Algorithm[]) {
        const whole = createGridRun(algorithm, space, start, goal, {}, ctx).step();
        if (whole.status !== 'unreachable' || whole.expanded < 2) continue;
        for (const budget of [1, whole.expanded - 1]) {
          const cut = createGridRun(algorithm, space, start, goal, { maxExpansions: budget }, ctx).step();
          expect(cut.status).toBe('partial');
          expect(cut.path[0]).toBe(start);
          expect(cut.expanded).toBe(budget);
          // Sliced with the same budget: the same result.
          const again = sliced(createGridRun(algorithm, space, start, goal, { maxExpansions: budget }, ctx), 2);
          expect(strip(again)).toEqual(strip(cut));
        }
        const enough = createGridRun(algorithm, space, start, goal, { maxExpansions: whole.expanded }, ctx).step();
        expect(strip(enough)).toEqual(strip(whole));
        partial++;
      }
    }
    expect(partial).toBeGreaterThan(10);
  });

  it('edits are seen by the next query: opening a pocket makes its goal found, sealing it again unreachable', () => {
    const grid = new VoxelGrid({ dims: [9, 9, 9] });
    for (let z = 3; z <= 5; z++)
      for (let y = 3; y <= 5; y++) for (let x = 3; x <= 5; x++) if (x !== 4 || y !== 4 || z !== 4) grid.setBlocked(x, y, z, true);
    const space = new GridSpace(grid, { components: componentCheck });
    const start = grid.index(0, 0, 0);
    const goal = grid.index(4, 4, 4);
    const sealed = findPath(space, start, goal);
    expect(sealed.status).toBe('unreachable');
    expect(sealed.expanded).toBeLessThan(20); // a search to the wall, not a flood of 700 voxels
    grid.setBlocked(4, 4, 3, false);
    const open = findPath(space, start, goal);
    expect(open.status).toBe('found');
    expect(open.cost).toBeCloseTo(
      refDijkstra(
        {
          X: 9,
          Y: 9,
          Z: 9,
          blocked: (x, y, z) => x < 0 || y < 0 || z < 0 || x > 8 || y > 8 || z > 8 || grid.isBlocked(x, y, z),
          cost: () => 1,
        },
        [0, 0, 0],
        26,
        'forbid',
      )[goal],
      9,
    );
    grid.setBlocked(4, 4, 3, true);
    expect(findPath(space, start, goal).status).toBe('unreachable');
    // Terrain never changes connectivity.
    grid.setCost(1, 1, 1, 3);
    expect(findPath(space, start, goal).status).toBe('unreachable');
  });

  it('requestedGoal keeps the goal asked for; goal is where the run heads', () => {
    const grid = new VoxelGrid({ dims: [7, 7, 7] });
    for (let z = 2; z <= 4; z++)
      for (let y = 2; y <= 4; y++) for (let x = 2; x <= 4; x++) if (x !== 3 || y !== 3 || z !== 3) grid.setBlocked(x, y, z, true);
    const run = createGridRun('astar', new GridSpace(grid, { components: componentCheck }), 0, grid.index(3, 3, 3)) as unknown as {
      goal: number;
      requestedGoal: number;
    };
    expect(run.requestedGoal).toBe(grid.index(3, 3, 3));
    expect(run.goal).not.toBe(run.requestedGoal);
    expect(grid.isBlocked(...xyz(grid, run.goal))).toBe(false);
  });

  it('a space without the component check floods the start component to the same end voxel and cost', () => {
    const ctx = new SearchContext();
    let compared = 0;
    for (const seed of SEEDS.slice(0, 20)) {
      const w = pocketWorld(seed);
      if (w.inside.length === 0) continue;
      const checked = new GridSpace(w.grid, { components: componentCheck });
      const plain = new GridSpace(w.grid);
      const start = w.free[0];
      const goal = w.inside[0];
      const a = findPath(checked, start, goal, {}, ctx);
      const b = findPath(plain, start, goal, {}, ctx);
      expect(b.status).toBe('unreachable');
      expect(a.status).toBe('unreachable');
      expect(dist2(w.grid, b.path[b.path.length - 1], goal)).toBe(dist2(w.grid, a.path[a.path.length - 1], goal));
      expect(b.cost).toBeCloseTo(a.cost, 9);
      expect(b.expanded).toBeGreaterThanOrEqual(a.expanded);
      compared++;
    }
    expect(compared).toBeGreaterThan(5);
  });

  it('GridSpace refuses a components setting that is not a check', () => {
    expect(() => new GridSpace(new VoxelGrid({ dims: [2, 2, 2] }), { components: 1 as never })).toThrow(/components.*a component check/);
  });
});
