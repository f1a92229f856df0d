import { describe, expect, it } from 'vitest';
import { parse2dMap, parse2dScen, parse3dMap, parse3dScen } from '../../../src/core/io/movingai.ts';
import { mismatches, range, readData } from '../../support/movingai.ts';
import { FULL, sampleCases } from '../../support/sample.ts';

describe('Moving AI 3D benchmark (shipped in test/data)', () => {
  // npm test: a seeded 2,000 of them; npm run verify:full (and verify:movingai) all 10,000.
  it(`${FULL ? 'all 10,000' : 'a seeded 2,000 of the 10,000'} problems of Simple have the published optimal length`, () => {
    const grid = parse3dMap(readData('Simple.3dmap'), 'Simple.3dmap');
    const problems = parse3dScen(readData('Simple.3dmap.3dscen'), 'Simple.3dmap.3dscen');
    expect(problems.length).toBe(10000);
    expect(mismatches(grid, problems, sampleCases(range(0, 10000), 2000, 10))).toEqual([]);
  });

  it('the first 500 problems of Complex have the published optimal length', () => {
    const grid = parse3dMap(readData('Complex.3dmap'), 'Complex.3dmap');
    const problems = parse3dScen(readData('Complex.3dmap.3dscen'), 'Complex.3dmap.3dscen');
    expect(mismatches(grid, problems, range(0, 500))).toEqual([]);
  });
});

describe('Moving AI 2D benchmark as one-voxel-thick grids (26 neighbours, forbid = octile no-cut)', () => {
  for (const [map, scen] of [
    ['arena.map', 'arena.map.scen'],
    ['den312d.map', 'den312d-random-1.scen'],
    ['Berlin_1_256.map', 'Berlin_1_256-random-1.scen'],
  ]) {
    it(`all problems of ${map}`, () => {
      const grid = parse2dMap(readData(map), map);
      const problems = parse2dScen(readData(scen), scen);
      expect(problems.length).toBeGreaterThan(100);
      expect(mismatches(grid, problems, range(0, problems.length))).toEqual([]);
    });
  }
});
