import { describe, expect, it } from 'vitest';
import { nearestPoints } from '../../../src/core/graph/nearestPoints.ts';
import { mulberry32 } from '../../support/random.ts';

/** The nearest-points selection of placement's prune and routes against a full sort. */

describe('nearestPoints', () => {
  it('is the prefix of the full sort by (distance, index), with a filter and with ties', () => {
    const random = mulberry32(7);
    for (let trial = 0; trial < 50; trial++) {
      const n = 1 + Math.floor(random() * 300);
      // Coordinates on a coarse lattice, so equal distances occur.
      const xyz = Float64Array.from({ length: 3 * n }, () => Math.floor(random() * 6));
      const [x, y, z] = [random() * 6, 2, Math.floor(random() * 6)];
      const keep = trial % 2 === 0 ? undefined : (i: number) => i % 3 !== 0;
      const m = 1 + Math.floor(random() * 40);
      const out = new Int32Array(m),
        dist = new Float64Array(m);
      const found = nearestPoints(xyz, n, x, y, z, out, dist, keep);
      const d = (i: number) => (xyz[3 * i] - x) ** 2 + (xyz[3 * i + 1] - y) ** 2 + (xyz[3 * i + 2] - z) ** 2;
      const all = Array.from({ length: n }, (_, i) => i)
        .filter((i) => keep === undefined || keep(i))
        .sort((a, b) => d(a) - d(b) || a - b)
        .slice(0, m);
      expect(found).toBe(all.length);
      expect(Array.from(out.subarray(0, found))).toEqual(all);
      expect(Array.from(dist.subarray(0, found))).toEqual(all.map(d));
    }
  });
});
