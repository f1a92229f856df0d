import { Group } from 'three';
import { describe, expect, it } from 'vitest';
import { runQuery } from '../../src/core/query/query.ts';
import { configLabel, guaranteedOptimal, NOTHING_TO_SEARCH, unsearchable } from '../../src/app/features/search/labSettings.ts';
import { SearchLab } from '../../src/app/features/search/SearchLab.ts';
import { parseVoxel } from '../../src/app/shell/dom/format.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LoadedScene } from '../../src/app/shell/scene/LoadedScene.ts';
import { preprocessForApp } from '../../src/app/shell/workers/preprocessForApp.ts';
import { ROOT } from '../support/cli.ts';
import { inlinePool, loadedScene } from './helpers.ts';
import { RECENT_SIGHT_CHECKS } from '../../src/app/features/search/labSteps.ts';
import { gridPositions } from '../../src/app/features/search/visited.ts';
import { collectParentLinks, emptySegments, SegmentKind } from '../../src/core/debug/searchSegments.ts';

function lab(file: string): { lab: SearchLab; scene: LoadedScene } {
  const scene = loadedScene(file);
  const l = new SearchLab(inlinePool(() => scene));
  l.setScene(scene, new Group(), 0.3);
  return { lab: l, scene };
}

/** Ticks until no run is running (each tick stands for a frame). */
async function finish(l: SearchLab): Promise<number> {
  let frames = 0;
  while (l.running) {
    l.tick();
    frames++;
    if (frames > 100_000) throw new Error('search did not finish');
  }
  // Optimality notes may come from the (inline) worker.
  await new Promise((r) => setTimeout(r, 0));
  return frames;
}

describe('SearchLab', () => {
  it("starts from the document: its search settings and its first agent's start and goal", () => {
    const { lab: l } = lab('maze.json');
    expect(l.settings.graph).toBe('grid');
    expect(l.settings.a.neighborhood).toBe(6);
    expect(l.settings.b.heuristic).toBe('zero');
    expect(l.start).toEqual([1, 1, 1]);
    expect(l.goal).toEqual([19, 5, 19]);
    const field = lab('open-field.json').lab;
    expect(field.settings.graph).toBe('waypoints');
    expect([field.start, field.goal]).toEqual(['ground-01', 'mid-23']);
  });

  it('says why a crowd scene (no voxel grid, no waypoints) has nothing to search, on R (the status shows it: test/e2e/velocityArrows.test.ts)', () => {
    const { lab: crowd } = lab('sphere-swap.json');
    expect(unsearchable(crowd.loaded)).toBe(NOTHING_TO_SEARCH);
    expect(crowd.runSearch()).toBe(NOTHING_TO_SEARCH);
    expect(crowd.states[0]).toMatchObject({ phase: 'error', message: NOTHING_TO_SEARCH });
    expect(unsearchable(lab('maze.json').lab.loaded)).toBeNull();
    expect(unsearchable(lab('open-field.json').lab.loaded)).toBeNull();
  });

  it('runs a watched search a few expansions per frame to the same result as one query', async () => {
    const { lab: l, scene } = lab('maze.json');
    l.settings.perFrame = 20;
    expect(l.runSearch()).toBeNull();
    const frames = await finish(l);
    const want = runQuery(scene, 'grid', l.start!, l.goal!, l.searchOptions(l.settings.a));
    const [s] = l.states;
    expect(s).toMatchObject({ phase: 'done', status: want.status, cost: want.cost, expanded: want.expanded, nodes: want.path.length });
    expect(frames).toBeGreaterThan(want.expanded / 20);
  });

  it("compares two configurations and says how much longer an inadmissible heuristic's path is", async () => {
    const { lab: l } = lab('open-field.json');
    l.settings.compare = true;
    l.settings.perFrame = 1000;
    l.settings.b.heuristic = 'squared';
    l.runSearch();
    await finish(l);
    const [a, b] = l.states;
    expect(a.status).toBe('found');
    expect(b.status).toBe('found');
    expect(b.cost).toBeGreaterThan(a.cost);
    expect(b.note).toMatch(/^2\.41 longer than the optimum 74\.52 \(\+3\.2%\): heuristic 'squared' is not admissible$/);
    expect(a.note).toBeNull();
  });

  it('reports unreachable and partial results with the distance left to the goal', async () => {
    const sealed = lab('sealed-room.json').lab;
    sealed.settings.perFrame = 100_000;
    sealed.runSearch();
    await finish(sealed);
    expect(sealed.states[0].status).toBe('unreachable');
    expect(sealed.states[0].goalDistance).toBeGreaterThan(0);
    const budget = lab('maze.json').lab;
    budget.settings.maxExpansions = 30;
    budget.runSearch();
    await finish(budget);
    expect(budget.states[0]).toMatchObject({ status: 'partial', expanded: 30 });
  });

  it('reports a blocked endpoint as an error, and cancelling a run keeps its partial path', async () => {
    const { lab: l } = lab('classic-10.json');
    l.setEndpoint('start', [2, 0, 0]);
    expect(l.runSearch()).toBe('start: voxel (2, 0, 0) is blocked');
    expect(l.states[0].phase).toBe('error');
    l.setEndpoint('start', [0, 0, 0]);
    l.settings.perFrame = 1;
    l.settings.a.heuristic = 'zero';
    l.runSearch();
    l.tick();
    l.tick();
    l.cancel();
    expect(l.states[0]).toMatchObject({ phase: 'done', status: 'cancelled', expanded: 2 });
  });

  it('draws what JPS and Lazy Theta* do beyond A* from the watched run, and nothing for A*', async () => {
    const { lab: l, scene } = lab('classic-10.json');
    const run = l.runs[0];
    const positions = gridPositions(scene.grid!);
    l.settings.perFrame = 3;
    l.settings.a.algorithm = 'jps';
    expect(l.runSearch()).toBeNull();
    // Stepped by hand (paused) and drawn: the jumps are the parent links of the jump points expanded so far.
    l.step(6);
    l.tick();
    expect(run.state.phase).toBe('running');
    expect(run.state.expanded).toBe(6);
    expect(l.stepAlgorithms).toEqual(['jps']);
    const drawnNodes = () => Array.from(run.segments.nodes.subarray(0, 2 * run.segments.count));
    const midway = collectParentLinks(run.ctx, positions, emptySegments());
    expect(run.segments.count).toBeGreaterThan(0);
    expect(drawnNodes()).toEqual(Array.from(midway.nodes.subarray(0, 2 * midway.count)));
    l.togglePause();
    await finish(l);
    const jumps = collectParentLinks(run.ctx, positions, emptySegments());
    expect(drawnNodes()).toEqual(Array.from(jumps.nodes.subarray(0, 2 * jumps.count)));
    expect(run.view!.counts.steps).toBe(jumps.count);

    l.settings.a.algorithm = 'lazy-theta';
    l.runSearch();
    await finish(l);
    expect(l.stepAlgorithms).toEqual(['lazy-theta']);
    const byKind = [0, 0, 0, 0];
    for (let i = 0; i < run.segments.count; i++) byKind[run.segments.kinds[i]]++;
    expect(byKind[SegmentKind.anyAngle]).toBe(run.state.expanded - 1);
    expect(byKind[SegmentKind.sightPassed] + byKind[SegmentKind.sightFailed]).toBe(Math.min(run.sight.total, RECENT_SIGHT_CHECKS));
    expect(run.sight.total).toBeGreaterThan(0);
    expect(run.view!.counts.steps).toBe(run.segments.count);

    l.settings.a.algorithm = 'astar';
    l.runSearch();
    await finish(l);
    expect(l.stepAlgorithms).toEqual([]);
    expect(run.view!.counts.steps).toBe(0);
  });

  it('runs an unwatched search in the worker and draws what it returns', async () => {
    const { lab: l, scene } = lab('classic-10.json');
    l.settings.watch = false;
    l.runSearch();
    await new Promise((r) => setTimeout(r, 0));
    const want = runQuery(scene, 'grid', [0, 0, 0], [9, 5, 8], {});
    expect(l.states[0]).toMatchObject({
      phase: 'done',
      status: 'found',
      cost: want.cost,
      expanded: want.expanded,
      nodes: want.path.length,
    });
    expect(l.states[0].open).toBeGreaterThan(0);
  });
});

describe('labels and parsing', () => {
  it('names configurations and knows which are guaranteed optimal', () => {
    const c = {
      heuristic: 'zero' as const,
      weight: 1,
      tieBreak: 'low-h' as const,
      neighborhood: 26 as const,
      cornerCutting: 'forbid' as const,
    };
    expect(configLabel(c, 'grid')).toBe('Dijkstra');
    expect(configLabel({ ...c, heuristic: 'exact', weight: 2 }, 'grid', { ...c, neighborhood: 6 })).toBe('A* exact ×2 · 26-nb');
    expect(guaranteedOptimal({ ...c, heuristic: 'manhattan' }, 'grid')).toBe(false);
    expect(guaranteedOptimal({ ...c, heuristic: 'manhattan', neighborhood: 6 }, 'grid')).toBe(true);
    expect(guaranteedOptimal({ ...c, weight: 1.5 }, 'waypoints')).toBe(false);
    expect(parseVoxel(' 1, 2 ,3')).toEqual([1, 2, 3]);
    expect(parseVoxel('1 2 3')).toEqual([1, 2, 3]);
    expect(parseVoxel('1,2')).toBeNull();
    expect(parseVoxel('1,2,x')).toBeNull();
  });
});

describe('SearchLab default graph', () => {
  /** A LoadedScene of building.json without its search.graph, its first agent starting at `start`. */
  function labWithout(start: string | number[]): SearchLab {
    const d = JSON.parse(readFileSync(join(ROOT, 'scenes', 'building.json'), 'utf8'));
    delete d.search.graph;
    d.agents[0].start = start;
    const { value } = preprocessForApp({ kind: 'json', text: JSON.stringify(d) });
    const scene = new LoadedScene(1, value, 0);
    const l = new SearchLab(inlinePool(() => scene));
    l.setScene(scene, new Group(), 0.3);
    return l;
  }

  it('follows the rule when the document names no graph: a waypoint-id start means waypoints, a point the grid', () => {
    const byId = labWithout('g-hall');
    expect(byId.settings.graph).toBe('waypoints');
    expect(byId.start).toBe('g-hall');
    const byPoint = labWithout([1.5, 1.5, 1.5]);
    expect(byPoint.settings.graph).toBe('grid');
    expect(Array.isArray(byPoint.start)).toBe(true);
  });
});
