import { describe, expect, it } from 'vitest';
import { NearestPoints } from '../../../src/core/graph/NearestPoints.ts';
import { ALL_PAIRS_LIMIT, buildVisibility, NEAREST_LINKS, VisibilityGraph } from '../../../src/core/graph/visibility.ts';
import { mulberry32 } from '../../helpers/random.ts';

describe('NearestPoints', () => {
  it('finds the k nearest like a brute-force sort (distinct distances)', () => {
    const rand = mulberry32(3);
    const n = 500;
    const p = Float64Array.from({ length: 3 * n }, () => rand() * 100);
    const tree = new NearestPoints(p);
    const out = new Int32Array(20);
    for (const i of [0, 7, 123, 499]) {
      const d = (j: number) => (p[3 * j] - p[3 * i]) ** 2 + (p[3 * j + 1] - p[3 * i + 1]) ** 2 + (p[3 * j + 2] - p[3 * i + 2]) ** 2;
      const want = Array.from({ length: n }, (_, j) => j).filter((j) => j !== i).sort((a, b) => d(a) - d(b) || a - b).slice(0, 20);
      expect(tree.nearest(i, 20, out)).toBe(20);
      expect(Array.from(out)).toEqual(want);
    }
  });

  it('many points at one spot: k of them, quickly', () => {
    const p = new Float64Array(3 * 20_000).fill(1);
    const tree = new NearestPoints(p);
    const out = new Int32Array(8);
    expect(tree.nearest(5, 8, out)).toBe(8);
    expect(Array.from(out)).not.toContain(5);
  });
});

describe('visibility above ALL_PAIRS_LIMIT', () => {
  const n = ALL_PAIRS_LIMIT + 500;
  const rand = mulberry32(5);
  const p = Float64Array.from({ length: 3 * n }, () => rand() * 1000);

  it('links each waypoint to its nearest visible ones: bounded degree, nobody left out', () => {
    const g = buildVisibility(p, () => true);
    expect(g.linkCount).toBeLessThanOrEqual(NEAREST_LINKS * n);
    for (let i = 0; i < n; i++) expect(g.offsets[i + 1] - g.offsets[i]).toBeGreaterThanOrEqual(NEAREST_LINKS);
  });

  it('VisibilityGraph gives the same links as buildVisibility, also after edits', () => {
    const los = (ax: number, _ay: number, _az: number, bx: number) => Math.floor(ax / 100) === Math.floor(bx / 100);
    const v = new VisibilityGraph(los);
    v.setAll(p);
    const clear = (i: number, j: number) => los(p[3 * i], 0, 0, p[3 * j]);
    expect(v.graph().pairs()).toEqual(buildVisibility(p, clear).pairs());
    v.add(1, 2, 3);
    const q = v.positions();
    expect(v.graph().pairs()).toEqual(buildVisibility(q, (i, j) => los(q[3 * i], 0, 0, q[3 * j])).pairs());
  });
});
