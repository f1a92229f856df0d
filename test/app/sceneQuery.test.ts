import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { queryGraph, queryGrid } from '../../src/core/query/query.ts';
import { SearchContext } from '../../src/core/search/SearchContext.ts';
import { defaultGraph, optionsFor } from '../../src/core/query/graphChoice.ts';
import { runQuery } from '../../src/core/query/query.ts';
import { searchableScene } from '../../src/app/shell/workers/sceneQuery.ts';
import { collectVisited, emptyVisited, gridPositions } from '../../src/app/features/search/visited.ts';
import { buildVoxelGrid, parseScene, waypointIndex } from '../../src/scene/index.ts';
import { preprocessScene } from '../../src/three/preprocess.ts';
import { ROOT } from '../support/cli.ts';
import { loadedScene } from './helpers.ts';

const doc = (file: string) => parseScene(readFileSync(join(ROOT, 'scenes', file), 'utf8'));

describe("the app's scene queries", () => {
  it("answer grid queries as queryGrid on the document's grid (what `nav path` runs)", () => {
    const scene = loadedScene('river-bridge.json');
    const grid = buildVoxelGrid(doc('river-bridge.json'))!;
    for (const options of [
      {},
      { neighborhood: 6 as const },
      { heuristic: 'squared' as const, tieBreak: 'none' as const },
      { maxExpansions: 10 },
    ]) {
      expect(runQuery(scene, 'grid', [2, 0, 2], [30, 0, 17], options)).toEqual({
        ...queryGrid(grid, [2, 0, 2], [30, 0, 17], options),
        ms: expect.any(Number),
      });
    }
  });

  it('answer waypoint queries on the same graph as preprocessScene builds', () => {
    const d = doc('open-field.json');
    const scene = loadedScene('open-field.json');
    const { graph } = preprocessScene(d);
    const index = waypointIndex(d);
    const ids = d.waypoints.map((w) => w.id);
    expect(scene.graph.pairs()).toEqual(graph.pairs());
    const got = runQuery(scene, 'waypoints', 'ground-01', 'mid-23', { heuristic: 'zero', neighborhood: 6 });
    const want = queryGraph(graph, ids, index.get('ground-01')!, index.get('mid-23')!, { heuristic: 'zero' });
    expect({ ...got, ms: 0 }).toEqual({ ...want, ms: 0 });
    expect(got.ids![0]).toBe('ground-01');
  });

  it('reject bad endpoints with messages that name them', () => {
    const scene = loadedScene('classic-10.json');
    expect(() => runQuery(scene, 'grid', [0, 0, 0], [10, 0, 0], {})).toThrow('to: voxel (10, 0, 0) is outside the 10x10x10 grid');
    expect(() => runQuery(scene, 'waypoints', 'start', 'nowhere', {})).toThrow("to: no waypoint with id 'nowhere' in this scene");
    expect(() => runQuery(scene, 'grid', 'start', [1, 1, 1], {})).toThrow('from: expected voxel indices [x, y, z], got "start"');
    expect(() => runQuery(loadedScene('thin-walls.json'), 'grid', [0, 0, 0], [1, 1, 1], {})).toThrow('no voxel layer');
    expect(() => runQuery(scene, 'grid', [0, 0, 0], [9, 5, 8], { neighborhood: 7 as 6 })).toThrow(/neighborhood/);
  });

  it('pick the graph from the endpoints and keep only the options that apply to it', () => {
    expect(defaultGraph('w1')).toBe('waypoints');
    expect(defaultGraph([0, 0, 0])).toBe('grid');
    expect(optionsFor('waypoints', { neighborhood: 6, cornerCutting: 'allow', weight: 2 })).toEqual({ weight: 2 });
    expect(optionsFor('grid', { neighborhood: 6, heuristic: undefined })).toEqual({ neighborhood: 6 });
  });

  it('round-trip the scene through SceneData for workers', () => {
    const scene = loadedScene('maze.json');
    const copy = searchableScene(scene.sceneData());
    expect(copy.grid!.occupancy).toEqual(scene.grid!.occupancy);
    expect(copy.graph.pairs()).toEqual(scene.graph.pairs());
    expect(copy.ids).toEqual(scene.ids);
  });
});

describe('collectVisited', () => {
  it('lists every node a search reached with its voxel centre, cost so far and closed flag', () => {
    const scene = loadedScene('classic-10.json');
    const ctx = new SearchContext();
    const r = runQuery(scene, 'grid', [0, 0, 0], [9, 5, 8], {}, ctx);
    const seen: [number, number, boolean][] = [];
    ctx.forEachVisited((n, g, c) => seen.push([n, g, c]));
    const v = collectVisited(ctx, gridPositions(scene.grid!), emptyVisited(4));
    expect(v.count).toBe(seen.length);
    expect(seen.filter(([, , c]) => c)).toHaveLength(r.expanded);
    const p = { x: 0, y: 0, z: 0 };
    seen.forEach(([n, g, c], i) => {
      scene.grid!.coords(n, p);
      expect([v.positions[3 * i], v.positions[3 * i + 1], v.positions[3 * i + 2]]).toEqual([p.x + 0.5, p.y + 0.5, p.z + 0.5]);
      expect(v.g[i]).toBeCloseTo(g, 5);
      expect(v.closed[i]).toBe(c ? 1 : 0);
    });
    expect(v.maxG).toBe(Math.max(...seen.map(([, g]) => g)));
  });
});

describe("the app's scene queries: the algorithm option", () => {
  it('passes `algorithm` through to queryGrid, and refuses it on waypoints or where unsupported', () => {
    const scene = loadedScene('maze.json');
    const grid = buildVoxelGrid(doc('maze.json'))!;
    const free: number[][] = [];
    for (let i = 0; i < grid.size; i++)
      if (grid.occupancy[i] === 0) free.push(((p) => [p.x, p.y, p.z])(grid.coords(i, { x: 0, y: 0, z: 0 })));
    const [from, to] = [free[0], free[free.length - 1]];
    expect(grid.terrain === null || grid.terrain.every((c) => c === 1)).toBe(true);
    for (const algorithm of ['astar', 'jps', 'lazy-theta'] as const) {
      const r = runQuery(scene, 'grid', from, to, { algorithm });
      expect(r.status).toBe('found');
      expect(r).toEqual({ ...queryGrid(grid, from, to, { algorithm }), ms: expect.any(Number) });
    }
    const river = loadedScene('river-bridge.json');
    const riverGrid = buildVoxelGrid(doc('river-bridge.json'))!;
    expect(riverGrid.terrain).not.toBeNull();
    expect(() => runQuery(river, 'grid', [2, 0, 2], [30, 0, 17], { algorithm: 'jps' })).toThrow(/jps does not support terrain costs/);
    expect(optionsFor('grid', { algorithm: 'jps' })).toEqual({ algorithm: 'jps' });
    const ids = scene.ids;
    expect(() => runQuery(scene, 'waypoints', ids[0], ids[1], { algorithm: 'jps' })).toThrow(/runs on the voxel grid only/);
    expect(() => runQuery(scene, 'grid', from, to, { algorithm: 'bogus' as 'jps' })).toThrow(
      /algorithm: expected one of astar, jps, lazy-theta/,
    );
  });
});
