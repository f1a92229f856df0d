/**
 * The one query path (src/core/query): the default graph rule (waypoint ids mean the waypoint
 * graph, voxel indices the grid, unless `graph` says otherwise), one message per misuse, and
 * the same answers as the engine's runs on scenes and Moving AI maps.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NavlabError } from '../../../src/core/errors.ts';
import { GraphSpace } from '../../../src/core/graph/WaypointGraph.ts';
import { GridSpace } from '../../../src/core/grid/GridSpace.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { parse3dMap, parse3dScen } from '../../../src/core/io/movingai.ts';
import { defaultGraph, resolveGraph } from '../../../src/core/query/graphChoice.ts';
import { queryGraph, queryGrid, queryNodes, runQuery, startQuery } from '../../../src/core/query/query.ts';
import { QueryError } from '../../../src/core/query/QueryError.ts';
import { searchableOf } from '../../../src/core/query/target.ts';
import { AStarRun } from '../../../src/core/search/AStarRun.ts';
import { JpsRun } from '../../../src/core/search/JpsRun.ts';
import { LazyThetaRun } from '../../../src/core/search/LazyThetaRun.ts';
import { SearchContext } from '../../../src/core/search/SearchContext.ts';
import { buildVoxelGrid, parseScene, waypointIndex } from '../../../src/scene/index.ts';
import { preprocessScene } from '../../../src/three/preprocess.ts';
import { ROOT } from '../../support/cli.ts';
import { readData } from '../../support/movingai.ts';

const doc = parseScene(readFileSync(join(ROOT, 'scenes', 'building.json'), 'utf8'));
const grid = buildVoxelGrid(doc)!;
const { graph } = preprocessScene(doc);
const ids = doc.waypoints.map((w) => w.id);
const scene = searchableOf(grid, graph, ids);
const noMs = <T extends { ms: number }>(r: T) => ({ ...r, ms: 0 });

/** What `f` throws (fails the test when it returns). */
function thrown(f: () => unknown): Error {
  try {
    f();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a throw');
}

describe('the default graph rule', () => {
  it('waypoint ids mean the waypoint graph, voxel indices the grid', () => {
    expect(defaultGraph('g-hall')).toBe('waypoints');
    expect(defaultGraph([1, 1, 1])).toBe('grid');
    expect(resolveGraph(undefined, 'g-hall')).toBe('waypoints');
    expect(resolveGraph(undefined, [1, 1, 1])).toBe('grid');
    expect(resolveGraph('grid', 'g-hall')).toBe('grid');
    expect(resolveGraph('waypoints', [1, 1, 1])).toBe('waypoints');
    expect(() => resolveGraph('mesh', 'g-hall')).toThrow(QueryError);
  });

  it('a query without a graph runs on the graph its endpoints name', () => {
    const index = waypointIndex(doc);
    const byIds = runQuery(scene, undefined, 'g-hall', 'g-room');
    expect(noMs(byIds)).toEqual(noMs(queryGraph(graph, ids, index.get('g-hall')!, index.get('g-room')!)));
    expect(byIds.ids![0]).toBe('g-hall');
    expect(startQuery(scene, undefined, 'g-hall', 'g-room').graph).toBe('waypoints');
    const byVoxels = runQuery(scene, undefined, [1, 1, 1], [20, 1, 10], { neighborhood: 18 });
    expect(byVoxels.ids).toBeUndefined();
    expect(noMs(byVoxels)).toEqual(noMs(queryGrid(grid, [1, 1, 1], [20, 1, 10], { neighborhood: 18 })));
    expect(startQuery(scene, undefined, [1, 1, 1], [20, 1, 10]).graph).toBe('grid');
  });

  it('the grid movement rules do not apply to waypoints', () => {
    const plain = runQuery(scene, 'waypoints', 'g-hall', 'g-room');
    expect(noMs(runQuery(scene, 'waypoints', 'g-hall', 'g-room', { neighborhood: 6, cornerCutting: 'allow' }))).toEqual(noMs(plain));
  });
});

describe('one message per misuse', () => {
  const walled = new VoxelGrid({ dims: [4, 4, 4] });
  walled.setBlocked(1, 1, 1, true);
  const small = searchableOf(walled, graph, ids);
  const cases: [string, () => unknown, string][] = [
    ['graph unknown', () => runQuery(small, 'mesh' as 'grid', [0, 0, 0], [3, 3, 3]), `graph: expected 'grid' or 'waypoints', got "mesh"`],
    [
      'no voxel layer',
      () => runQuery(searchableOf(null, graph, ids), 'grid', [0, 0, 0], [1, 1, 1]),
      "graph 'grid': this scene has no voxel layer; use graph 'waypoints'",
    ],
    [
      'voxel endpoint not an array',
      () => runQuery(small, 'grid', 'g-hall', [1, 1, 1]),
      'from: expected voxel indices [x, y, z], got "g-hall"',
    ],
    [
      'voxel endpoint not integers',
      () => runQuery(small, 'grid', [0, 0, 0], [1, 0.5, 1]),
      'to: expected integer voxel coordinates x,y,z, got 1,0.5,1',
    ],
    [
      'voxel endpoint too long',
      () => runQuery(small, 'grid', [0, 0, 0, 0], [1, 1, 0]),
      'from: expected integer voxel coordinates x,y,z, got 4 values',
    ],
    ['voxel outside', () => runQuery(small, 'grid', [0, 0, 0], [4, 0, 0]), 'to: voxel (4, 0, 0) is outside the 4x4x4 grid'],
    ['voxel blocked', () => runQuery(small, 'grid', [1, 1, 1], [0, 0, 0]), 'from: voxel (1, 1, 1) is blocked'],
    [
      'waypoint endpoint not a string',
      () => runQuery(small, 'waypoints', [1, 1, 1], 'g-hall'),
      'from: expected a waypoint id (string), got [1,1,1]',
    ],
    ['waypoint unknown', () => runQuery(small, 'waypoints', 'g-hall', 'nowhere'), "to: no waypoint with id 'nowhere' in this scene"],
    [
      'waypoint index unknown',
      () => queryGraph(graph, ids, 0, ids.length),
      `to: no waypoint with index ${ids.length} (the graph has ${ids.length})`,
    ],
    ['voxel index unknown', () => queryNodes(small, 'grid', -1, 0), 'from: no voxel with index -1 (the grid has 64)'],
    [
      'algorithm unknown',
      () => runQuery(small, 'grid', [0, 0, 0], [3, 3, 3], { algorithm: 'dijkstra' as 'astar' }),
      'algorithm: expected one of astar, jps, lazy-theta, got dijkstra',
    ],
    [
      'algorithm on waypoints',
      () => runQuery(small, 'waypoints', 'g-hall', 'g-room', { algorithm: 'jps' }),
      'algorithm: jps runs on the voxel grid only; the waypoint graph uses astar',
    ],
  ];
  for (const [what, call, message] of cases) {
    it(`${what}: a QueryError (code 'query') with that message`, () => {
      const e = thrown(call) as NavlabError;
      expect(e).toBeInstanceOf(QueryError);
      expect(e.code).toBe('query');
      expect(e.message).toBe(message);
    });
  }

  it('the labels name the endpoints and the scene in every message', () => {
    const labels = { from: '--from', to: '--to', scene: 'b.json' };
    expect(thrown(() => runQuery(small, undefined, 'g-hall', 'nowhere', {}, undefined, labels)).message).toBe(
      "--to: no waypoint with id 'nowhere' in b.json",
    );
    expect(thrown(() => runQuery(small, undefined, [1, 1, 1], [0, 0, 0], {}, undefined, labels)).message).toBe(
      '--from: voxel (1, 1, 1) is blocked',
    );
  });

  it('an unsupported grid is NavlabError "unsupported", the same through every entry', () => {
    for (const call of [
      () => runQuery(small, 'grid', [0, 0, 0], [3, 3, 3], { algorithm: 'jps', neighborhood: 18 }),
      () => startQuery(small, 'grid', [0, 0, 0], [3, 3, 3], { algorithm: 'jps', neighborhood: 18 }),
      () => queryGrid(walled, [0, 0, 0], [3, 3, 3], { algorithm: 'jps', neighborhood: 18 }),
    ]) {
      const e = thrown(call) as NavlabError;
      expect(e.code).toBe('unsupported');
      expect(e.message).toBe('jps supports only 26 neighbours (neighborhood 18 is unsupported)');
    }
  });

  it('a bad option is a usage error naming it; the endpoints are checked first', () => {
    expect((thrown(() => runQuery(small, 'grid', [0, 0, 0], [3, 3, 3], { weight: 0.5 })) as NavlabError).code).toBe('usage');
    expect(thrown(() => runQuery(small, 'grid', [0, 0, 0], [3, 3, 3], { weight: 0.5 })).message).toMatch(/^weight: /);
    expect(thrown(() => runQuery(small, 'grid', [1, 1, 1], [3, 3, 3], { algorithm: 'bogus' as 'jps' })).message).toBe(
      'from: voxel (1, 1, 1) is blocked',
    );
  });
});

describe('the same answers as the engine', () => {
  it('on a scene: every algorithm on the grid, A* on the waypoints', () => {
    const space = new GridSpace(grid);
    const [from, to] = [grid.index(1, 1, 1), grid.index(20, 1, 10)];
    const runs = {
      astar: new AStarRun(space, from, to),
      jps: new JpsRun(space, from, to),
      'lazy-theta': new LazyThetaRun(space, from, to),
    };
    for (const [algorithm, run] of Object.entries(runs)) {
      const want = run.step();
      const got = runQuery(scene, 'grid', [1, 1, 1], [20, 1, 10], { algorithm: algorithm as 'astar' });
      expect([got.status, got.cost, got.expanded]).toEqual([want.status, want.cost, want.expanded]);
      expect(got.path).toEqual(want.path.map((i) => Object.values(grid.coords(i, { x: 0, y: 0, z: 0 }))));
    }
    const index = waypointIndex(doc);
    const want = new AStarRun(new GraphSpace(graph), index.get('g-hall')!, index.get('door')!, { heuristic: 'zero' }).step();
    const got = runQuery(scene, 'waypoints', 'g-hall', 'door', { heuristic: 'zero' });
    expect([got.status, got.cost, got.expanded, got.ids]).toEqual([want.status, want.cost, want.expanded, want.path.map((i) => ids[i])]);
  });

  it('on Moving AI problems: the published lengths (jps equal, lazy-theta never longer)', () => {
    const map = parse3dMap(readData('Simple.3dmap'), 'Simple.3dmap');
    const problems = parse3dScen(readData('Simple.3dmap.3dscen'), 'Simple.3dmap.3dscen').slice(0, 40);
    const target = searchableOf(map);
    const ctx = new SearchContext();
    for (const p of problems) {
      for (const algorithm of ['astar', 'jps', 'lazy-theta'] as const) {
        const r = runQuery(target, undefined, p.start, p.goal, { algorithm }, ctx);
        if (p.expected < 0) expect(r.status).toBe('unreachable');
        else if (algorithm === 'lazy-theta') expect(r.cost).toBeLessThanOrEqual(p.expected + 1e-3);
        else expect(Math.abs(r.cost - p.expected)).toBeLessThanOrEqual(1e-3);
      }
    }
  });

  it('a started query stepped in slices reports what the one-shot query reports', () => {
    for (const algorithm of ['astar', 'jps', 'lazy-theta'] as const) {
      const q = startQuery(scene, 'grid', [1, 1, 1], [20, 1, 10], { algorithm }, new SearchContext());
      let steps = 0;
      while (q.run.step(3).status === 'running') steps++;
      expect(steps).toBeGreaterThan(0);
      expect(q.run.algorithm).toBe(algorithm);
      expect(noMs(q.report())).toEqual(noMs(runQuery(scene, 'grid', [1, 1, 1], [20, 1, 10], { algorithm })));
    }
  });
});
