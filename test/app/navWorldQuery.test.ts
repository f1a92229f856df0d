import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Group } from 'three';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadedScene } from '../../src/app/shell/scene/LoadedScene.ts';
import { searchableScene, sceneNavWorld } from '../../src/app/shell/workers/sceneQuery.ts';
import { SearchLab } from '../../src/app/features/search/SearchLab.ts';
import { preprocessForApp } from '../../src/app/shell/workers/preprocessForApp.ts';
import { readSceneMeshes } from '../../src/cli/meshFiles.ts';
import { mulberry32 } from '../../src/core/math/random.ts';
import type { PathReport, QueryOptions } from '../../src/core/query/report.ts';
import { SearchContext } from '../../src/core/search/SearchContext.ts';
import { runQuery, startQuery } from '../../src/core/query/query.ts';
import type { Endpoint } from '../../src/core/query/endpoints.ts';
import type { QueryGraph } from '../../src/core/query/graphChoice.ts';
import { parseScene } from '../../src/scene/validate.ts';
import { NavWorld } from '../../src/three/NavWorld.ts';
import { ROOT } from '../support/cli.ts';
import { inlinePool } from './helpers.ts';

/*
 * The app searches through NavWorld (LoadedScene.nav on the main thread, sceneNavWorld in its
 * workers). These tests check that this gives what the scene query gave before (runQuery
 * on the scene data a worker received), on every shipped scene, and that the app's entry
 * points really go through it.
 */

const SHIPPED: string[] = JSON.parse(readFileSync(join(ROOT, 'scenes', 'index.json'), 'utf8')).map((e: { file: string }) => e.file);
/** The shipped scenes with something to search: a voxel layer or waypoints (the crowd scenes have neither: their agents fly straight). */
const SEARCHABLE = SHIPPED.filter((file) => {
  const doc = JSON.parse(readFileSync(join(ROOT, 'scenes', file), 'utf8'));
  return doc.voxels !== undefined || doc.waypoints.length > 0;
});

/** A shipped scene as the app holds it after loading (its meshes read, preprocessed as the worker does). */
async function shippedScene(file: string): Promise<LoadedScene> {
  const path = join(ROOT, 'scenes', file);
  const text = readFileSync(path, 'utf8');
  const meshes = await readSceneMeshes(parseScene(text), path);
  const { value } = preprocessForApp({ kind: 'json', text }, meshes);
  return new LoadedScene(1, value, 0, meshes);
}

/** `count` seeded random pairs of distinct free voxels of the scene's grid. */
function voxelPairs(scene: LoadedScene, count: number, seed: number): [number[], number[]][] {
  const grid = scene.grid!;
  const free: number[] = [];
  for (let i = 0; i < grid.size; i++) if (grid.occupancy[i] === 0) free.push(i);
  const random = mulberry32(seed);
  const at = (i: number) => ((p) => [p.x, p.y, p.z])(grid.coords(i, { x: 0, y: 0, z: 0 }));
  return Array.from({ length: count }, () => [at(free[Math.floor(random() * free.length)]), at(free[Math.floor(random() * free.length)])]);
}

/** `count` seeded random pairs of waypoint ids. */
function idPairs(scene: LoadedScene, count: number, seed: number): [string, string][] {
  const random = mulberry32(seed);
  const pick = () => scene.ids[Math.floor(random() * scene.ids.length)];
  return Array.from({ length: count }, () => [pick(), pick()]);
}

/** A report or the message it failed with; `ms` zeroed (a timing). */
function outcome(f: () => PathReport): PathReport | string {
  try {
    return { ...f(), ms: 0 };
  } catch (e) {
    return (e as Error).message;
  }
}

/** The report of a startQuery run on a NavWorld stepped to its end in slices of `slice` expansions. */
function stepped(
  nav: NavWorld,
  graph: QueryGraph,
  from: Endpoint,
  to: Endpoint,
  options: QueryOptions,
  slice: number,
): PathReport | string {
  let search: ReturnType<typeof startQuery>;
  try {
    search = startQuery(nav, graph, from, to, options, new SearchContext());
  } catch (e) {
    return (e as Error).message;
  }
  let r = search.run.step(0);
  while (r.status === 'running') r = search.run.step(slice);
  const p = { x: 0, y: 0, z: 0 };
  if (graph === 'grid')
    return {
      status: r.status,
      cost: r.cost,
      path: r.path.map((i) => (nav.grid!.coords(i, p), [p.x, p.y, p.z])),
      expanded: r.expanded,
      ms: 0,
    };
  return {
    status: r.status,
    cost: r.cost,
    path: r.path.map((i) => (nav.graph.position(i, p), [p.x, p.y, p.z])),
    ids: r.path.map((i) => nav.ids[i]),
    expanded: r.expanded,
    ms: 0,
  };
}

const GRID_OPTIONS: QueryOptions[] = [
  {},
  { algorithm: 'jps' },
  { algorithm: 'lazy-theta' },
  { neighborhood: 6, heuristic: 'zero' },
  { maxExpansions: 25 },
];

describe("the app's NavWorld over a loaded scene", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shares the scene's grid and waypoint graph (nothing copied or rebuilt)", async () => {
    const scene = await shippedScene('open-field.json');
    expect(scene.nav.grid).toBe(scene.grid);
    expect(scene.nav.graph).toBe(scene.graph);
    expect(scene.nav.ids).toBe(scene.ids);
    expect(scene.nav.world).toBeNull();
  });

  it('searches every shipped scene but the two crowd scenes, which have nothing to search', () => {
    expect(SHIPPED.filter((f) => !SEARCHABLE.includes(f))).toEqual(['sphere-swap.json', 'crowd-crossing.json']);
  });

  it.each(SEARCHABLE)(
    'answers %s as the scene query did, on the main thread, in a worker, and stepped in slices',
    async (file) => {
      const scene = await shippedScene(file);
      const before = searchableScene(scene.sceneData());
      const worker = sceneNavWorld(scene.sceneData());
      const cases: [QueryGraph, Endpoint, Endpoint, QueryOptions][] = [];
      if (scene.grid !== null) for (const [a, b] of voxelPairs(scene, 2, 7)) for (const o of GRID_OPTIONS) cases.push(['grid', a, b, o]);
      if (scene.ids.length > 0)
        for (const [a, b] of idPairs(scene, 3, 11))
          for (const o of [{}, { heuristic: 'zero' as const }]) cases.push(['waypoints', a, b, o]);
      expect(cases.length).toBeGreaterThan(0);
      let found = 0;
      for (const [graph, from, to, options] of cases) {
        const want = outcome(() => runQuery(before, graph, from, to, options));
        const label = `${graph} ${JSON.stringify(from)} -> ${JSON.stringify(to)} ${JSON.stringify(options)}`;
        expect(
          outcome(() => scene.nav.query(from, to, { ...options, graph })),
          label,
        ).toEqual(want);
        expect(
          outcome(() => worker.query(from, to, { ...options, graph })),
          label,
        ).toEqual(want);
        if (typeof want === 'string') continue;
        if (want.status === 'found') found++;
        expect(stepped(scene.nav, graph, from, to, options, 13), label).toEqual(want);
      }
      // Real searches, not only refusals: at least one query per scene found its goal.
      expect(found).toBeGreaterThan(0);
    },
    120_000,
  );

  it('uses the default graph rule: waypoint ids mean the waypoint graph, voxel indices the grid', async () => {
    const scene = await shippedScene('building.json');
    const [a, b] = voxelPairs(scene, 1, 3)[0];
    expect(scene.nav.query(a, b).path[0]).toEqual(a);
    const ids = scene.nav.query(scene.ids[0], scene.ids[1]).ids;
    expect(ids?.[0]).toBe(scene.ids[0]);
    expect(() => scene.nav.query(scene.ids[0], scene.ids[1], { graph: 'grid' })).toThrow('from: expected voxel indices [x, y, z]');
  });
});

describe("the app's entry points go through the NavWorld", () => {
  afterEach(() => vi.restoreAllMocks());

  it("the lab's watched runs step a run on the scene's NavWorld; its worker runs and optimality checks call NavWorld.query", async () => {
    const scene = await shippedScene('maze.json');
    const query = vi.spyOn(NavWorld.prototype, 'query');
    const lab = new SearchLab(inlinePool(() => scene));
    lab.setScene(scene, new Group(), 0.3);
    lab.settings.a.algorithm = 'lazy-theta';
    lab.settings.a.weight = 2;
    expect(lab.runSearch()).toBeNull();
    // The watched run is the query path's own run on this NavWorld, tagged with its algorithm.
    expect(lab.runs[0].run?.algorithm).toBe('lazy-theta');
    while (lab.running) lab.tick();
    await new Promise((r) => setTimeout(r, 0));
    // Weight 2 is not guaranteed optimal: the run's note asks the (inline) worker for the optimum.
    expect(query).toHaveBeenCalledTimes(1);
    expect(lab.states[0].note).not.toBeNull();
    const report = scene.nav.query(lab.start!, lab.goal!, lab.searchOptions(lab.settings.a));
    expect(lab.states[0]).toMatchObject({ status: report.status, cost: report.cost, expanded: report.expanded });
    lab.settings.watch = false;
    query.mockClear();
    lab.runSearch();
    await new Promise((r) => setTimeout(r, 0));
    expect(query).toHaveBeenCalled();
    expect(lab.states[0]).toMatchObject({ phase: 'done', status: report.status, cost: report.cost });
  });

  it("picks endpoints through the NavWorld's helpers (nearest waypoint, nearest free voxel, positions)", async () => {
    const scene = await shippedScene('open-field.json');
    const nav = scene.nav;
    const p = { x: 0, y: 0, z: 0 };
    const id = scene.ids[5];
    const at = nav.positionOf(id, p)!;
    expect(nav.nearestWaypoint(at)).toBe(id);
    const v = nav.nearestFreeVoxel(at)!;
    expect(scene.grid!.isBlocked(v[0], v[1], v[2])).toBe(false);
    expect(nav.voxelAt(nav.positionOf(v)!)).toEqual(v);
    expect(nav.voxelAt({ x: 1e9, y: 0, z: 0 })).toBeNull();
  });
});
