import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse3dMap, parse3dScen } from '../../../src/core/io/movingai.ts';
import { hasFullData, mismatches, MOVINGAI_DIR } from '../../support/movingai.ts';
import { mulberry32, randInt } from '../../support/random.ts';

// Extended group: the large Warframe maps live outside the repo (../shared/data/movingai/3d
// or $NAVLAB_MOVINGAI_DIR). CI has them; a bare clone skips this group and says so.
// A seeded sample: 2 of the maps, on each 4 of its first 20 problems and 1 of its last 20 (the
// longest), with A* and JPS. `npm run verify` (verify:movingai) runs every problem of every map.
const SEED = 20_241_127;
const full = hasFullData();
if (!full) console.log(`skipped: data absent (${MOVINGAI_DIR})`);

/** The sampled maps and problem indices (`n` problems per scenario, as all the Warframe maps have). */
function sample(maps: string[], n: number): { map: string; indices: number[] }[] {
  const rand = mulberry32(SEED);
  const left = [...maps];
  const picked: { map: string; indices: number[] }[] = [];
  for (let m = 0; m < 2 && left.length > 0; m++) {
    const [map] = left.splice(randInt(rand, left.length), 1);
    const first = new Set<number>();
    while (first.size < 4) first.add(randInt(rand, 20));
    picked.push({ map, indices: [...[...first].sort((a, b) => a - b), n - 20 + randInt(rand, 20)] });
  }
  return picked;
}

describe.skipIf(!full)('Moving AI 3D extended: a seeded sample of the other maps, A* and JPS', () => {
  const maps = full
    ? readdirSync(join(MOVINGAI_DIR, '3d'))
        .filter((f) => f.endsWith('.3dmap') && f !== 'Simple.3dmap' && f !== 'Complex.3dmap')
        .sort()
    : [];
  it('has maps to sample', () => {
    expect(maps.length).toBeGreaterThanOrEqual(2);
  });
  for (const { map, indices } of sample(maps, 10_000)) {
    it(`${map}: problems ${indices.join(', ')}`, () => {
      const dir = join(MOVINGAI_DIR, '3d');
      const grid = parse3dMap(readFileSync(join(dir, map), 'utf8'), map);
      const problems = parse3dScen(readFileSync(join(dir, `${map}.3dscen`), 'utf8'), `${map}.3dscen`);
      expect(problems).toHaveLength(10_000);
      expect(mismatches(grid, problems, indices)).toEqual([]);
      expect(mismatches(grid, problems, indices, 'jps')).toEqual([]);
    }, 600_000); // the 89M-voxel maps take a while to load and search twice on a busy machine
  }
});
