import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse3dMap, parse3dScen } from '../../../src/core/io/movingai.ts';
import { hasFullData, mismatches, MOVINGAI_DIR, range } from '../../support/movingai.ts';

// Extended group: the large Warframe maps live outside the repo (../shared/data/movingai/3d
// or $NAVLAB_MOVINGAI_DIR). CI has them; a bare clone skips this group and says so.
const full = hasFullData();
if (!full) console.log(`skipped: data absent (${MOVINGAI_DIR})`);
describe.skipIf(!full)('Moving AI 3D extended: first and last 20 problems of every other map, A* and JPS', () => {
  const maps = full
    ? readdirSync(join(MOVINGAI_DIR, '3d')).filter((f) => f.endsWith('.3dmap') && f !== 'Simple.3dmap' && f !== 'Complex.3dmap')
    : [];
  for (const map of maps) {
    it(map, () => {
      const dir = join(MOVINGAI_DIR, '3d');
      const grid = parse3dMap(readFileSync(join(dir, map), 'utf8'), map);
      const problems = parse3dScen(readFileSync(join(dir, `${map}.3dscen`), 'utf8'), `${map}.3dscen`);
      const n = problems.length;
      const indices = [...range(0, 20), ...range(n - 20, n)];
      expect(mismatches(grid, problems, indices)).toEqual([]);
      expect(mismatches(grid, problems, indices, 'jps')).toEqual([]);
    }, 600_000); // the 89M-voxel maps take minutes to load and search twice on a busy machine
  }
});
