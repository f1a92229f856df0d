import { describe, expect, it } from 'vitest';
import { DISTANCE_MATRIX_LIMIT, GraphSpace, WaypointGraph } from '../../../src/core/graph/WaypointGraph.ts';
import { findPath } from '../../../src/core/search/AStarRun.ts';
import type { HeuristicName } from '../../../src/core/search/heuristics.ts';
import { mulberry32, randInt } from '../../support/random.ts';
import { refGraphDijkstra } from '../../support/reference.ts';

function randomGraph(seed: number, n: number, linkChance: number) {
  const rand = mulberry32(seed);
  const positions: number[] = [];
  for (let i = 0; i < n; i++) positions.push(rand() * 50, rand() * 20, rand() * 50);
  const pairs: number[] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (rand() < linkChance) pairs.push(i, j);
  return { graph: new WaypointGraph(positions, pairs), pairs, rand };
}

describe('WaypointGraph', () => {
  it('stores links both ways in CSR order with lengths and a distance matrix', () => {
    const g = new WaypointGraph([0, 0, 0, 3, 4, 0, 0, 0, 1], [1, 0, 0, 2]);
    expect(Array.from(g.offsets)).toEqual([0, 2, 3, 4]);
    expect(Array.from(g.targets)).toEqual([1, 2, 0, 0]);
    expect(g.linkCost(0, 1)).toBe(5);
    expect(g.linkCost(1, 2)).toBe(Infinity);
    expect(g.linkCost(2, 2)).toBe(0);
    expect(g.pairs()).toEqual([
      [0, 1],
      [0, 2],
    ]);
    expect(g.distances).not.toBeNull();
    expect(() => new WaypointGraph([0, 0, 0], [0, 1])).toThrow(/pairs\[1\]/);
  });

  it('falls back to CSR lookups above the matrix limit, with the same answers', () => {
    const n = DISTANCE_MATRIX_LIMIT + 1;
    const { graph, pairs } = randomGraph(5, n, 0);
    expect(graph.distances).toBeNull();
    const linked = new WaypointGraph(graph.positions, [0, 5, 5, 7, ...pairs]);
    expect(linked.linkCost(5, 0)).toBeCloseTo(linked.straightDistance(0, 5), 12);
    expect(linked.linkCost(5, 6)).toBe(Infinity);
  });

  it('A* over the graph matches Dijkstra for every admissible heuristic', () => {
    for (let seed = 1; seed <= 25; seed++) {
      const { graph, pairs, rand } = randomGraph(seed, 30, 0.12);
      const edges: [number, number, number][] = [];
      for (let k = 0; k < pairs.length; k += 2) edges.push([pairs[k], pairs[k + 1], graph.straightDistance(pairs[k], pairs[k + 1])]);
      const space = new GraphSpace(graph);
      for (let q = 0; q < 5; q++) {
        const s = randInt(rand, 30);
        const t = randInt(rand, 30);
        const ref = refGraphDijkstra(30, edges, s);
        for (const h of ['exact', 'euclidean', 'chebyshev', 'zero'] as HeuristicName[]) {
          const r = findPath(space, s, t, { heuristic: h });
          if (ref[t] === Infinity) {
            expect(r.status).toBe('unreachable');
          } else {
            expect(r.status).toBe('found');
            expect(r.cost).toBeCloseTo(ref[t], 9);
            let sum = 0;
            for (let k = 1; k < r.path.length; k++) sum += graph.linkCost(r.path[k - 1], r.path[k]);
            expect(sum).toBeCloseTo(r.cost, 4);
          }
        }
      }
    }
  });
});
