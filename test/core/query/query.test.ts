/**
 * The one scene query path (src/scene/query.ts) and its default graph rule: waypoint ids mean
 * the waypoint graph, voxel indices the grid, unless `graph` says otherwise.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NavlabError } from '../../src/core/errors.ts';
import { queryGraph } from '../../src/core/graph/queryGraph.ts';
import { QueryError, queryGrid } from '../../src/core/search/query.ts';
import { buildVoxelGrid, parseScene, waypointIndex } from '../../src/scene/index.ts';
import { defaultGraph, resolveGraph, runSceneQuery, searchableOf, waypointEndpoint } from '../../src/scene/query.ts';
import { preprocessScene } from '../../src/three/preprocess.ts';
import { ROOT } from './helpers.ts';

const doc = parseScene(readFileSync(join(ROOT, 'scenes', 'building.json'), 'utf8'));
const grid = buildVoxelGrid(doc)!;
const { graph } = preprocessScene(doc);
const ids = doc.waypoints.map((w) => w.id);
const scene = searchableOf(grid, graph, ids);
const noMs = <T extends { ms: number }>(r: T) => ({ ...r, ms: 0 });

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
    const byIds = runSceneQuery(scene, undefined, 'g-hall', 'g-room', {});
    expect(noMs(byIds)).toEqual(noMs(queryGraph(graph, ids, index.get('g-hall')!, index.get('g-room')!)));
    expect(byIds.ids![0]).toBe('g-hall');
    const byVoxels = runSceneQuery(scene, undefined, [1, 1, 1], [20, 1, 10], { neighborhood: 18 });
    expect(noMs(byVoxels)).toEqual(noMs(queryGrid(grid, [1, 1, 1], [20, 1, 10], { neighborhood: 18 })));
  });

  it('`graph` overrides the rule, and endpoints of the wrong kind are query errors naming them', () => {
    expect(() => runSceneQuery(scene, 'grid', 'g-hall', 'g-room', {})).toThrow('from: expected voxel indices [x, y, z], got "g-hall"');
    expect(() => runSceneQuery(scene, 'waypoints', [1, 1, 1], [2, 1, 1], {})).toThrow('from: expected a waypoint id (string), got [1,1,1]');
    expect(() => runSceneQuery(scene, undefined, 'g-hall', [2, 1, 1], {})).toThrow('to: expected a waypoint id');
    try {
      runSceneQuery(scene, undefined, 'g-hall', 'nowhere', {}, undefined, { from: '--from', to: '--to', scene: 'b.json' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(NavlabError);
      expect((e as NavlabError).code).toBe('query');
      expect((e as Error).message).toBe("--to: no waypoint with id 'nowhere' in b.json");
    }
  });

  it('a scene without waypoints or without a grid says which graph is missing', () => {
    const gridOnly = searchableOf(grid);
    expect(() => runSceneQuery(gridOnly, undefined, 'a', 'b', {})).toThrow("from: no waypoint with id 'a' in this scene");
    expect(() => runSceneQuery(searchableOf(null, graph, ids), undefined, [0, 0, 0], [1, 1, 1], {})).toThrow('no voxel layer');
    expect(() => searchableOf(null, graph, ids.slice(1))).toThrow(/ids for/);
    expect(waypointEndpoint(new Map([['x', 4]]), 'x', 'from')).toBe(4);
  });
});
