/** Every default length at the level's scale (levelScale) and the grid's default start and goal (spreadEndpoints). */
import { describe, expect, it } from 'vitest';
import { levelScale } from '../../src/app/shell/base/scale.ts';
import { applyEditScale } from '../../src/app/features/editor/editScale.ts';
import type { EditSettings } from '../../src/app/features/editor/editSettings.ts';
import { spreadEndpoints } from '../../src/app/features/search/gridEndpoints.ts';
import { ACROSS_VIEW } from '../../src/app/shell/camera/framing.ts';
import { freeComponents } from '../../src/core/grid/freeComponents.ts';
import { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';
import { voxelizeTriangles } from '../../src/core/geometry/voxelizeMesh.ts';
import { runQuery } from '../../src/core/query/query.ts';
import { WaypointGraph } from '../../src/core/graph/WaypointGraph.ts';
import { levelMesh } from '../support/levelMeshes.ts';
import { loadedScene } from './helpers.ts';

const box = (k: number) => ({ bounds: { min: [0, 0, 0], max: [2 * k, 0.5 * k, 2.2 * k] } });

describe('levelScale', () => {
  it('scales every length with the level: the same level 1,000 times bigger has 1,000 times the lengths', () => {
    const small = levelScale(box(1));
    const big = levelScale(box(1000));
    for (const key of [
      'extent',
      'cell',
      'agentRadius',
      'agentSpeed',
      'agentMinDrawRadius',
      'waypointRadius',
      'obstacleSize',
      'flySpeed',
    ] as const)
      expect(big[key] / small[key], key).toBeCloseTo(1000, 6);
    for (const key of ['agentRadiusRange', 'obstacleSizeRange', 'flySpeedRange'] as const)
      for (const k of [0, 1]) expect(big[key][k] / small[key][k], key).toBeCloseTo(1000, 6);
  });

  it('a two-unit level gets a small agent (0.4 cells, as its import writes), far from the 0.4 units of the shipped scenes', () => {
    const s = levelScale(box(1));
    expect(s.extent).toBeCloseTo(2.2);
    expect(s.cell).toBeCloseTo(2.2 / 128);
    expect(s.agentRadius).toBeCloseTo(0.4 * s.cell);
    expect(s.agentRadius).toBeLessThan(s.extent / 40 + 1e-12);
    expect(s.agentRadiusRange[0]).toBeLessThan(s.agentRadius);
    expect(s.agentRadiusRange[1]).toBeGreaterThan(s.agentRadius);
    expect(s.waypointRadius).toBeLessThan(0.05);
  });

  it("keeps the document's own agent radius and cell size", () => {
    const s = levelScale({ ...box(1), agentRadius: 0.05, voxels: { cellSize: 0.1 } });
    expect(s.agentRadius).toBe(0.05);
    expect(s.cell).toBe(0.1);
    const field = loadedScene('open-field.json').doc;
    expect(levelScale(field).agentRadius).toBe(field.agentRadius);
  });
});

describe('applyEditScale', () => {
  it("sets the Edit panel's plane, depth and obstacle size at the level's scale", () => {
    const settings = { planeHeight: 0, depth: 10, size: 2 } as EditSettings;
    for (const k of [1, 1000]) {
      applyEditScale(settings, box(k), null);
      const scale = levelScale(box(k));
      expect(settings.size).toBeCloseTo(scale.obstacleSize, 1 - Math.log10(scale.obstacleSize));
      expect(settings.depth / scale.radius).toBeCloseTo(2, 1);
      expect(settings.planeHeight).toBeCloseTo(Math.min(2, (0.5 * k) / 4), 2);
    }
  });
});

describe('spreadEndpoints', () => {
  it("on an imported level: two voxels on the room's floor, far apart across the view, connected", () => {
    const { positions, indices } = levelMesh();
    const soup = new Float32Array(indices.length * 3);
    for (let i = 0; i < indices.length; i++) for (let a = 0; a < 3; a++) soup[3 * i + a] = positions[3 * indices[i] + a];
    for (const fill of ['surface', 'solid'] as const) {
      const { grid } = voxelizeTriangles(soup, { cellSize: 2.2 / 128, fill });
      const [s, g] = spreadEndpoints(grid, ACROSS_VIEW)!;
      const world = (v: number[]) => [0, 1, 2].map((k) => [grid.origin.x, grid.origin.y, grid.origin.z][k] + (v[k] + 0.5) * grid.cellSize);
      for (const v of [s, g]) {
        const p = world(v);
        // On the floor (top at y = 0), inside the walls (|x|, |z| < 1.02), standing on a blocked voxel.
        expect(p[1]).toBeGreaterThan(0);
        expect(p[1]).toBeLessThan(2 * grid.cellSize);
        expect(Math.max(Math.abs(p[0]), Math.abs(p[2]))).toBeLessThan(1.02);
        expect(grid.isBlocked(v[0], v[1], v[2])).toBe(false);
        expect(grid.isBlocked(v[0], v[1] - 1, v[2])).toBe(true);
      }
      // Across the view, most of the room apart.
      const across = (v: number[]) => v[0] * ACROSS_VIEW.x + v[2] * ACROSS_VIEW.z;
      expect((across(g) - across(s)) * grid.cellSize).toBeGreaterThan(1.5);
      const c = freeComponents(grid, 26);
      expect(c.componentOf(grid.index(s[0], s[1], s[2]))).toBe(c.componentOf(grid.index(g[0], g[1], g[2])));
      const r = runQuery(
        { grid, graph: new WaypointGraph([], []), ids: [], index: new Map() },
        'grid',
        s as [number, number, number],
        g as [number, number, number],
        {},
      );
      expect(r.status).toBe('found');
    }
  });

  it("on a scene whose ground lies under its grid (open field): on the ground, not on the pillars' tops", () => {
    const scene = loadedScene('open-field.json');
    const g = scene.grid!;
    expect(scene.doc.bounds.min[1]).toBeLessThan(g.origin.y);
    const [s, goal] = spreadEndpoints(g, ACROSS_VIEW, 26, 'forbid', true)!;
    expect([s[1], goal[1]]).toEqual([0, 0]);
    // Without the ground, only the pillars' tops stand on anything.
    const tops = spreadEndpoints(g, ACROSS_VIEW)!;
    expect(tops[0][1]).toBeGreaterThan(0);
  });

  it('on a one-layer map, and none on a grid with fewer than two free voxels', () => {
    const map = new VoxelGrid({ dims: [20, 1, 10] });
    for (let x = 5; x < 15; x++) map.setBlocked(x, 0, 5, true);
    const e = spreadEndpoints(map, ACROSS_VIEW)!;
    expect(e).not.toBeNull();
    expect(e[0][1]).toBe(0);
    expect(e[0]).not.toEqual(e[1]);
    const full = new VoxelGrid({ dims: [3, 3, 3] });
    for (let i = 0; i < 27; i++) full.setBlocked(i % 3, Math.floor(i / 3) % 3, Math.floor(i / 9), i !== 13);
    expect(spreadEndpoints(full, ACROSS_VIEW)).toBeNull();
  });
});
