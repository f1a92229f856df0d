/**
 * GridPlanner around blockers: its private grid copy marks only the blocked box as edited, so
 * the copy's derived bit rows are updated in that box, not rebuilt. A planner reused over many
 * plans with changing blockers must answer exactly as a new planner (whose copy and rows are
 * built from scratch) for the same plan.
 */
import { describe, expect, it } from 'vitest';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { GridPlanner } from '../../../src/core/steering/planners.ts';
import type { QueryOptions } from '../../../src/core/query/report.ts';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

function world(seed: number): VoxelGrid {
  const g = new VoxelGrid({ dims: [24, 10, 24] });
  const r = rng(seed);
  for (let k = 0; k < 600; k++) g.setBlocked(Math.floor(r() * 24), Math.floor(r() * 10), Math.floor(r() * 24), true);
  return g;
}

describe('GridPlanner with blockers', () => {
  for (const options of [{}, { algorithm: 'jps' }, { algorithm: 'lazy-theta' }] as QueryOptions[]) {
    it(`a reused planner plans as a fresh one (${options.algorithm ?? 'astar'})`, () => {
      const grid = world(7);
      const reused = new GridPlanner(grid, options);
      const version = grid.version;
      const r = rng(11);
      const point = () => ({ x: r() * 24, y: r() * 10, z: r() * 24 });
      let blocked = 0;
      for (let k = 0; k < 40; k++) {
        const count = 1 + Math.floor(r() * 3);
        const blockers = new Float64Array(4 * count);
        for (let b = 0; b < count; b++) {
          const p = point();
          blockers.set([p.x, p.y, p.z, 0.5 + r() * 2], 4 * b);
        }
        const from = point(),
          to = point();
        const got = reused.plan(from, to, 0.4, blockers, count);
        const want = new GridPlanner(grid, options).plan(from, to, 0.4, blockers, count);
        expect(got.status).toBe(want.status);
        expect(Array.from(got.points)).toEqual(Array.from(want.points));
        // And the blockers really changed the answer sometimes (the test exercises the copy).
        const free = new GridPlanner(grid, options).plan(from, to, 0.4);
        if (Array.from(free.points).join() !== Array.from(got.points).join()) blocked++;
      }
      expect(blocked).toBeGreaterThan(0);
      // The shared grid itself is never touched by the blockers.
      expect(grid.version).toBe(version);
    });
  }
});
