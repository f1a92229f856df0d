/**
 * The hover readout's numbers (nodeInfo): g as the search recorded it, h as the search space
 * estimates it (the obstacle-free distance for `exact`), f = g + weight x h, and the closed
 * flag; for voxel nodes and for waypoints.
 */
import { describe, expect, it } from 'vitest';
import { nodeInfo } from '../../src/app/features/search/nodeReadout.ts';
import { runQuery } from '../../src/core/query/query.ts';
import { DEFAULT_CONFIG } from '../../src/app/features/search/labSettings.ts';
import { collectVisited, emptyVisited, gridPositions } from '../../src/app/features/search/visited.ts';
import { SearchContext } from '../../src/core/search/SearchContext.ts';
import { loadedScene } from './helpers.ts';

/** The exact 26-neighbour distance between voxels (cellSize 1). */
function octile3(a: number[], b: number[]): number {
  const [p, q, r] = [0, 1, 2].map((k) => Math.abs(a[k] - b[k])).sort((u, v) => u - v);
  return (Math.sqrt(3) - Math.sqrt(2)) * p + (Math.SQRT2 - 1) * q + r;
}

describe('nodeInfo', () => {
  it('reads g, h and f of every reached voxel as the search has them, with the weight in f', () => {
    const scene = loadedScene('classic-10.json');
    const grid = scene.grid!;
    const goal = [9, 5, 8];
    for (const weight of [1, 2]) {
      const ctx = new SearchContext();
      runQuery(scene, 'grid', [0, 0, 0], goal, { weight }, ctx);
      const v = collectVisited(ctx, gridPositions(grid), emptyVisited(4));
      const config = { ...DEFAULT_CONFIG, weight };
      expect(v.count).toBeGreaterThan(10);
      let closed = 0;
      for (let i = 0; i < v.count; i++) {
        const info = nodeInfo(scene, 'grid', config, goal, v, i)!;
        const voxel = [0, 1, 2].map((k) => Math.floor(v.positions[3 * i + k] / grid.cellSize));
        expect(info.g).toBe(v.g[i]);
        expect(info.h).toBeCloseTo(octile3(voxel, goal) * grid.cellSize, 5);
        expect(info.f).toBeCloseTo(info.g + weight * info.h, 9);
        expect(info.closed).toBe(v.closed[i] === 1);
        closed += info.closed ? 1 : 0;
      }
      expect(closed).toBeGreaterThan(0);
      expect(closed).toBeLessThan(v.count);
    }
  });

  it('reads waypoints by their position, and gives null for nodes or goals it cannot resolve', () => {
    const scene = loadedScene('open-field.json');
    const ctx = new SearchContext();
    runQuery(scene, 'waypoints', 'ground-01', 'mid-23', {}, ctx);
    const v = collectVisited(ctx, scene.graph, emptyVisited(4));
    const goal = scene.doc.waypoints.find((w) => w.id === 'mid-23')!.position;
    for (let i = 0; i < v.count; i++) {
      const info = nodeInfo(scene, 'waypoints', DEFAULT_CONFIG, 'mid-23', v, i)!;
      const p = [0, 1, 2].map((k) => v.positions[3 * i + k]);
      expect(info.g).toBe(v.g[i]);
      expect(info.h).toBeCloseTo(Math.hypot(p[0] - goal[0], p[1] - goal[1], p[2] - goal[2]), 4);
    }
    expect(nodeInfo(scene, 'waypoints', DEFAULT_CONFIG, 'mid-23', v, -1)).toBeNull();
    expect(nodeInfo(scene, 'waypoints', DEFAULT_CONFIG, 'mid-23', v, v.count)).toBeNull();
    expect(nodeInfo(scene, 'waypoints', DEFAULT_CONFIG, 'no-such-waypoint', v, 0)).toBeNull();
    // A position that is no waypoint.
    const moved = { ...v, positions: Float32Array.from(v.positions) };
    moved.positions[0] += 1e3;
    expect(nodeInfo(scene, 'waypoints', DEFAULT_CONFIG, 'mid-23', moved, 0)).toBeNull();
  });
});
