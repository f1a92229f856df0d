// 50,000 waypoints in an open world (within the limit) ran Node out of memory: every pair was
// linked (n^2). A document at each limit now loads, links and searches in bounded memory.
// Peak memory is measured by hand (see the commit's report), never asserted; time neither.
import { describe, expect, it } from 'vitest';
import { queryGraph, queryGrid } from '../../src/core/query/query.ts';
import { NEAREST_LINKS } from '../../src/core/graph/visibility.ts';
import { buildVoxelGrid, parseScene, SCENE_LIMITS } from '../../src/scene/index.ts';
import { preprocessScene } from '../../src/three/preprocess.ts';
import { createSceneSimulation } from '../../src/scene-three/simulation.ts';

describe('documents at the limits', () => {
  it('50,000 waypoints in an open world: load, link, search', { timeout: 600_000 }, () => {
    const n = SCENE_LIMITS.waypoints;
    const side = Math.ceil(Math.cbrt(n));
    const waypoints = Array.from({ length: n }, (_, i) => ({
      id: `w${i}`,
      position: [i % side, Math.floor(i / side) % side, Math.floor(i / (side * side))],
    }));
    const doc = parseScene({ version: 1, waypoints });
    const { graph } = preprocessScene(doc);
    expect(graph.count).toBe(n);
    expect(graph.linkCount).toBeLessThanOrEqual(NEAREST_LINKS * n);
    const r = queryGraph(
      graph,
      doc.waypoints.map((w) => w.id),
      0,
      n - 1,
    );
    expect(r.status).toBe('found');
  });

  it('10,000 agents: simulate a step', { timeout: 600_000 }, () => {
    const agents = Array.from({ length: SCENE_LIMITS.agents }, (_, i) => ({
      id: `a${i}`,
      start: [i % 100, 0, Math.floor(i / 100)],
      goal: [99 - (i % 100), 0, Math.floor(i / 100)],
      radius: 0.2,
      speed: 1,
    }));
    const { simulation } = createSceneSimulation(parseScene({ version: 1, agents }));
    simulation.fixedStep();
    expect(simulation.report().agents).toHaveLength(SCENE_LIMITS.agents);
  });

  it('100,000 primitives (solid boxes) on a 2^24-voxel grid: build and search', { timeout: 600_000 }, () => {
    const solid = Array.from({ length: SCENE_LIMITS.primitives }, (_, i) => [
      i % 256,
      (i >> 8) % 255,
      1 + (i % 200),
      i % 256,
      (i >> 8) % 255,
      1 + (i % 200),
    ]);
    const grid = buildVoxelGrid(parseScene({ version: 1, voxels: { dims: [256, 256, 256], solid } }))!;
    expect(grid.size).toBe(2 ** 24);
    expect(queryGrid(grid, [0, 0, 0], [255, 255, 0]).status).toBe('found');
  });

  it('2^28 voxels: build and search', { timeout: 600_000 }, () => {
    const grid = buildVoxelGrid(parseScene({ version: 1, voxels: { dims: [1024, 1024, 256], solid: [[0, 0, 1, 1023, 1023, 255]] } }))!;
    expect(grid.size).toBe(SCENE_LIMITS.voxels);
    expect(queryGrid(grid, [0, 0, 0], [1023, 1023, 0], { maxExpansions: 100_000 }).status).toMatch(/found|partial/);
  });
});
