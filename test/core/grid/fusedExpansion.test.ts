/**
 * The engine expands a GridSpace through its move table (`lattice`, one fused loop) and any
 * other space through `expand` + `relax`. Both must give the same search: the same successors
 * in the same order at the same costs. Here the generic path runs on the same grid by hiding
 * the lattice behind a plain SearchSpace, on random seeded worlds, for every neighbourhood,
 * corner-cutting rule, heuristic and with terrain, including budgets that end runs early.
 */
import { describe, expect, it } from 'vitest';
import { GridSpace } from '../../../src/core/grid/GridSpace.ts';
import { AStarRun } from '../../../src/core/search/AStarRun.ts';
import type { HeuristicName, Neighborhood } from '../../../src/core/search/heuristics.ts';
import { SearchContext } from '../../../src/core/search/SearchContext.ts';
import type { SearchSpace } from '../../../src/core/search/space.ts';
import { mulberry32, randInt } from '../../support/random.ts';
import { makeWorld } from '../../support/worlds.ts';

/**
 * The same space without its move table: the engine must take the generic `expand` path. It
 * keeps the grid and its rules, so a goal in another component is settled the same way
 * (componentCheck.ts) and the searches stay comparable.
 */
function generic(space: GridSpace): SearchSpace {
  const plain: SearchSpace & Pick<GridSpace, 'grid' | 'neighborhood' | 'cornerCutting'> = {
    kind: 'grid',
    grid: space.grid,
    neighborhood: space.neighborhood,
    cornerCutting: space.cornerCutting,
    nodeCount: space.nodeCount,
    isTraversable: (v) => space.isTraversable(v),
    expand: (u, sink) => space.expand(u, sink),
    setGoal: (goal, h) => space.setGoal(goal, h),
    estimate: (v) => space.estimate(v),
    distanceToGoal: (v) => space.distanceToGoal(v),
    position: (v, out) => space.position(v, out),
  };
  return plain;
}

const HEURISTICS: HeuristicName[] = ['exact', 'euclidean', 'manhattan', 'chebyshev', 'squared', 'zero'];

describe('fused grid expansion', () => {
  it('a GridSpace offers its move table; a plain space does not', () => {
    const w = makeWorld(3, false);
    const space = new GridSpace(w.grid);
    expect(space.lattice).toBe(space);
    expect(generic(space).lattice).toBeUndefined();
  });

  for (const terrain of [false, true]) {
    for (const nb of [6, 18, 26] as Neighborhood[]) {
      for (const cut of ['forbid', 'allow'] as const) {
        it(`matches the generic expand path: ${nb} neighbours, corner cutting ${cut}, terrain ${terrain ? 'on' : 'off'}`, () => {
          const fusedCtx = new SearchContext();
          const plainCtx = new SearchContext();
          let compared = 0;
          for (let seed = 1; seed <= 8; seed++) {
            const w = makeWorld(seed * 104729 + nb + (cut === 'allow' ? 7 : 0) + (terrain ? 13 : 0), terrain);
            const rand = mulberry32(seed * 31 + nb);
            const space = new GridSpace(w.grid, { neighborhood: nb, cornerCutting: cut });
            const plain = generic(space);
            for (let q = 0; q < 3 && w.free.length > 1; q++) {
              const start = w.free[randInt(rand, w.free.length)];
              const goal = w.free[randInt(rand, w.free.length)];
              for (const heuristic of HEURISTICS) {
                for (const maxExpansions of [Infinity, 1 + randInt(rand, 40)]) {
                  const options = { heuristic, maxExpansions, weight: heuristic === 'exact' ? 1 + randInt(rand, 3) / 2 : 1 };
                  const fused = new AStarRun(space, start, goal, options, fusedCtx).step();
                  const slow = new AStarRun(plain, start, goal, options, plainCtx).step();
                  expect({ ...slow, elapsedMs: 0 }).toEqual({ ...fused, elapsedMs: 0 });
                  compared++;
                }
              }
            }
          }
          expect(compared).toBeGreaterThan(100);
        });
      }
    }
  }
});
