import { describe, expect, it } from 'vitest';
import { GridSpace } from '../../../src/core/grid/GridSpace.ts';
import type { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { parse2dMap, parse2dScen, parse3dMap, parse3dScen, type ScenarioProblem } from '../../../src/core/io/movingai.ts';
import { findPath } from '../../../src/core/search/AStarRun.ts';
import { SearchContext } from '../../../src/core/search/SearchContext.ts';
import { readData } from '../../helpers/movingai.ts';

/** Runs problems and returns the indices whose result disagrees with the published length. */
export function mismatches(grid: VoxelGrid, problems: ScenarioProblem[], indices: number[]): string[] {
  const space = new GridSpace(grid);
  const ctx = new SearchContext();
  const bad: string[] = [];
  for (const i of indices) {
    const p = problems[i];
    const r = findPath(space, grid.index(...p.start), grid.index(...p.goal), {}, ctx);
    const ok = p.expected < 0 ? r.status === 'unreachable' : r.status === 'found' && Math.abs(r.cost - p.expected) <= 1e-3;
    if (!ok) bad.push(`#${i}: expected ${p.expected}, got ${r.status} ${r.cost}`);
  }
  return bad;
}

export const range = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);

describe('Moving AI 3D benchmark (shipped in test/data)', () => {
  it('all 10,000 problems of Simple have the published optimal length', () => {
    const grid = parse3dMap(readData('Simple.3dmap'), 'Simple.3dmap');
    const problems = parse3dScen(readData('Simple.3dmap.3dscen'), 'Simple.3dmap.3dscen');
    expect(problems.length).toBe(10000);
    expect(mismatches(grid, problems, range(0, 10000))).toEqual([]);
  });

  it('the first 500 problems of Complex have the published optimal length', () => {
    const grid = parse3dMap(readData('Complex.3dmap'), 'Complex.3dmap');
    const problems = parse3dScen(readData('Complex.3dmap.3dscen'), 'Complex.3dmap.3dscen');
    expect(mismatches(grid, problems, range(0, 500))).toEqual([]);
  });
});

describe('Moving AI 2D benchmark as one-voxel-thick grids (26 neighbours, forbid = octile no-cut)', () => {
  for (const [map, scen] of [['arena.map', 'arena.map.scen'], ['den312d.map', 'den312d-random-1.scen'], ['Berlin_1_256.map', 'Berlin_1_256-random-1.scen']]) {
    it(`all problems of ${map}`, () => {
      const grid = parse2dMap(readData(map), map);
      const problems = parse2dScen(readData(scen), scen);
      expect(problems.length).toBeGreaterThan(100);
      expect(mismatches(grid, problems, range(0, problems.length))).toEqual([]);
    });
  }
});
