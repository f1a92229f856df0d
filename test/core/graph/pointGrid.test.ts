import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PointGrid } from '../../../src/core/graph/PointGrid.ts';

/** The k nearest of `q` among `live` (not `self`) within sqrt(maxSq), by (distance, rank): a sort. */
function bruteNearest(p: number[], live: number[], rank: number[], q: number[], self: number, k: number, maxSq: number): number[] {
  const d = (j: number) => (p[3 * j] - q[0]) ** 2 + (p[3 * j + 1] - q[1]) ** 2 + (p[3 * j + 2] - q[2]) ** 2;
  return live
    .filter((j) => j !== self && d(j) <= maxSq)
    .sort((a, b) => d(a) - d(b) || rank[a] - rank[b])
    .slice(0, k);
}

describe('PointGrid', () => {
  // Lattice points (ties everywhere, many exactly on cell boundaries), a few far outliers, and
  // flat sets; the set changes by inserts and removals after the grid was fitted.
  const coord = fc.integer({ min: -6, max: 6 }).map((v) => v * 0.5);
  const point = fc.oneof(
    { arbitrary: fc.tuple(coord, coord, coord), weight: 8 },
    { arbitrary: fc.tuple(coord, fc.constant(0), coord), weight: 3 },
    { arbitrary: fc.tuple(fc.constantFrom(-1e12, 1e9), coord, coord), weight: 1 },
  );

  it('nearest is exact by (distance, rank) and forEachReaching finds every item within its reach, on a changing set', () => {
    fc.assert(
      fc.property(
        fc.array(point, { minLength: 1, maxLength: 60 }),
        fc.array(point, { maxLength: 20 }),
        fc.array(fc.nat(), { maxLength: 15 }),
        fc.constantFrom(3, 8, 64),
        fc.constantFrom(Infinity, 4),
        (first, later, removals, k, maxDist) => {
          const p = [...first, ...later].flat();
          const n = p.length / 3;
          // Ranks reverse the item numbers, so ties do not simply follow them.
          const rank = Array.from({ length: n }, (_, i) => n - 1 - i);
          const grid = PointGrid.fit(
            p,
            Array.from({ length: first.length }, (_, i) => i),
          );
          const live: number[] = [];
          for (let i = 0; i < n; i++) {
            grid.insert(i, p[3 * i], p[3 * i + 1], p[3 * i + 2]);
            live.push(i);
          }
          for (const r of removals) {
            if (live.length === 0) break;
            const i = live.splice(r % live.length, 1)[0];
            grid.remove(i, p[3 * i], p[3 * i + 1], p[3 * i + 2]);
          }
          const out = new Int32Array(k);
          for (const i of live) {
            const q = [p[3 * i], p[3 * i + 1], p[3 * i + 2]];
            const m = grid.nearest(q[0], q[1], q[2], i, k, maxDist * maxDist, p, rank, out);
            expect(Array.from(out.subarray(0, m))).toEqual(bruteNearest(p, live, rank, q, i, k, maxDist * maxDist));
          }
          // Reaches: each item's distance to its second live neighbour (0 when none).
          const reach = new Map<number, number>();
          for (const i of live) {
            const near = bruteNearest(p, live, rank, [p[3 * i], p[3 * i + 1], p[3 * i + 2]], i, 2, Infinity);
            const j = near[near.length - 1];
            const r =
              j === undefined ? 0 : (p[3 * j] - p[3 * i]) ** 2 + (p[3 * j + 1] - p[3 * i + 1]) ** 2 + (p[3 * j + 2] - p[3 * i + 2]) ** 2;
            reach.set(i, r);
            grid.setReach(i, p[3 * i], p[3 * i + 1], p[3 * i + 2], r);
          }
          for (const s of live) {
            const found = new Set<number>();
            grid.forEachReaching(p[3 * s], p[3 * s + 1], p[3 * s + 2], p[3 * s], p[3 * s + 1], p[3 * s + 2], (i) => void found.add(i));
            for (const i of live) {
              const d = (p[3 * s] - p[3 * i]) ** 2 + (p[3 * s + 1] - p[3 * i + 1]) ** 2 + (p[3 * s + 2] - p[3 * i + 2]) ** 2;
              if (d <= reach.get(i)!) expect(found.has(i)).toBe(true);
            }
          }
        },
      ),
      { seed: 27, numRuns: 150 },
    );
  });
});
