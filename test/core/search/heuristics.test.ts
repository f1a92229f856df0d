import { describe, expect, it } from 'vitest';
import { gridDistance, heuristic, isAdmissible } from '../../../src/core/search/heuristics.ts';
import { refDijkstra } from '../../support/reference.ts';

describe('heuristics', () => {
  it('exact equals the obstacle-free grid distance for 6, 18 and 26 neighbours', () => {
    const R = 4;
    const N = 2 * R + 1;
    const empty = {
      X: N,
      Y: N,
      Z: N,
      blocked: (x: number, y: number, z: number) => x < 0 || y < 0 || z < 0 || x >= N || y >= N || z >= N,
      cost: () => 1,
    };
    for (const nb of [6, 18, 26] as const) {
      const d = refDijkstra(empty, [R, R, R], nb, 'forbid');
      for (let z = 0; z < N; z++)
        for (let y = 0; y < N; y++)
          for (let x = 0; x < N; x++) expect(gridDistance(x - R, y - R, z - R, nb)).toBeCloseTo(d[x + N * (y + N * z)], 12);
    }
  });

  it('documents admissibility: manhattan only for 6, squared never', () => {
    expect(isAdmissible('manhattan', 6)).toBe(true);
    expect(isAdmissible('manhattan', 26)).toBe(false);
    expect(isAdmissible('squared', 6)).toBe(false);
    expect(isAdmissible('exact', 0)).toBe(true);
    // Squared over-estimates as soon as the distance exceeds one step.
    expect(heuristic('squared', 3, 0, 0, 26)).toBeGreaterThan(3);
    expect(heuristic('exact', 3, 4, 0, 0)).toBe(5);
    expect(heuristic('chebyshev', 3, -7, 2, 26)).toBe(7);
    expect(heuristic('zero', 3, 4, 5, 26)).toBe(0);
  });
});
