/**
 * The logic behind the app's flow: focus rules for shortcuts, locked scene-sized geometry,
 * paint strokes, watched-search controls (pause, step, finish, automatic speed), searches
 * that follow edits, the compare difference, heuristic notes, durations, framing insets and
 * fly steps by real time.
 */
import { Group } from 'three';
import { describe, expect, it, vi } from 'vitest';
import { FlyClock, MAX_FLY_STEP, sideInsets } from '../../src/app/shell/camera/CameraRig.ts';
import { isSceneSized, paintVoxels } from '../../src/app/features/editor/edits.ts';
import { brushBox, layerVoxel, spanBox, strokeStart } from '../../src/app/features/editor/painting.ts';
import { LoadedScene } from '../../src/app/shell/scene/LoadedScene.ts';
import { expandedDiff, graphNodeKey } from '../../src/app/features/search/compareDiff.ts';
import { ms } from '../../src/app/shell/dom/format.ts';
import { explainHeuristic } from '../../src/app/features/search/heuristicInfo.ts';
import { runQuery } from '../../src/core/query/query.ts';
import { AUTO_SPEED, autoPerFrame } from '../../src/app/features/search/labSettings.ts';
import { SearchLab } from '../../src/app/features/search/SearchLab.ts';
import { preprocessForApp } from '../../src/app/shell/workers/preprocessForApp.ts';
import { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';
import { SearchContext } from '../../src/core/search/SearchContext.ts';
import type { SceneObstacle } from '../../src/scene/schema.ts';
import { inlinePool, loadedScene } from './helpers.ts';

function labOn(file: string): { lab: SearchLab; scene: LoadedScene } {
  const scene = loadedScene(file);
  const lab = new SearchLab(inlinePool(() => scene));
  lab.setScene(scene, new Group(), 0.3);
  return { lab, scene };
}

async function finish(l: SearchLab): Promise<number> {
  let frames = 0;
  while (l.running) {
    l.tick();
    if (++frames > 100_000) throw new Error('search did not finish');
  }
  await new Promise((r) => setTimeout(r, 0));
  return frames;
}

/** Closed node ids of a query, from the search context itself (the oracle for the diff). */
function closedIds(scene: LoadedScene, from: string, to: string, heuristic: 'exact' | 'zero'): Set<number> {
  const ctx = new SearchContext();
  runQuery(scene, 'waypoints', from, to, { heuristic }, ctx);
  const out = new Set<number>();
  ctx.forEachVisited((node, _g, closed) => {
    if (closed) out.add(node);
  });
  return out;
}

describe('watching a search', () => {
  it('pauses, steps one expansion at a time, and finishes now with the one-shot result', async () => {
    const { lab, scene } = labOn('maze.json');
    lab.settings.perFrame = 5;
    lab.runSearch();
    lab.tick();
    const after1 = lab.states[0].expanded;
    expect(after1).toBe(5);
    lab.togglePause();
    for (let i = 0; i < 5; i++) lab.tick();
    expect(lab.states[0].expanded).toBe(after1);
    lab.step();
    lab.step();
    expect(lab.states[0].expanded).toBe(after1 + 2);
    expect(lab.paused).toBe(true);
    lab.finishNow();
    const frames = await finish(lab);
    const want = runQuery(scene, 'grid', lab.start!, lab.goal!, lab.searchOptions(lab.settings.a));
    expect(lab.states[0]).toMatchObject({ phase: 'done', status: want.status, cost: want.cost, expanded: want.expanded });
    // Finishing is not limited to 5 expansions per frame.
    expect(frames).toBeLessThan(want.expanded / 5);
  });

  it('the automatic speed grows with the search: 10 million nodes in a few hundred frames', () => {
    let expanded = 0;
    let frames = 0;
    while (expanded < 10_000_000) {
      expanded += autoPerFrame(expanded);
      frames++;
    }
    expect(frames).toBeLessThan(260);
    expect(autoPerFrame(0)).toBeLessThanOrEqual(100);
  });

  it('the default speed is the automatic one: a watched Dijkstra over Warframe ends within 240 frames (4 s at 60 fps)', async () => {
    const { lab, scene } = labOn('warframe-simple.json');
    expect(lab.settings.perFrame).toBe(AUTO_SPEED);
    lab.settings.a.heuristic = 'zero';
    // A frozen clock: the frame's time budget never cuts a slice short, so the count of frames
    // is the automatic speed's own (a slow machine only makes each frame longer).
    vi.useFakeTimers({ toFake: ['performance'] });
    let frames: number;
    try {
      lab.runSearch();
      frames = await finish(lab);
    } finally {
      vi.useRealTimers();
    }
    const want = runQuery(scene, 'grid', lab.start!, lab.goal!, lab.searchOptions(lab.settings.a));
    expect(lab.states[0]).toMatchObject({ phase: 'done', status: 'found', cost: want.cost, expanded: want.expanded });
    expect(want.expanded).toBeGreaterThan(300_000);
    expect(frames).toBeLessThanOrEqual(240);
  });

  it('a shown search follows an edit: it runs again on the edited scene (no clearing)', async () => {
    const { lab, scene } = labOn('maze.json');
    lab.settings.perFrame = 100_000;
    lab.runSearch();
    await finish(lab);
    const before = lab.states[0].cost;
    // Wall off a voxel of the path near the start: the result must change with the edit.
    const path = runQuery(scene, 'grid', lab.start!, lab.goal!, lab.searchOptions(lab.settings.a)).path;
    const [x, y, z] = path[2];
    const doc = paintVoxels(scene.doc, [x, y, z, x, y, z], true);
    const edited = new LoadedScene(2, preprocessForApp({ kind: 'value', value: doc }).value, 0);
    lab.sceneEdited(edited);
    expect(lab.states[0].phase).toBe('running');
    await finish(lab);
    const want = runQuery(edited, 'grid', lab.start!, lab.goal!, lab.searchOptions(lab.settings.a));
    expect(lab.states[0]).toMatchObject({ phase: 'done', status: want.status, cost: want.cost });
    // The maze has one corridor there: the wall cuts the goal off.
    expect([want.status, before > 1]).toEqual(['unreachable', true]);
  });

  it('an idle lab stays idle after an edit', () => {
    const { lab, scene } = labOn('maze.json');
    lab.sceneEdited(new LoadedScene(2, preprocessForApp({ kind: 'value', value: scene.doc }).value, 0));
    expect(lab.states[0].phase).toBe('idle');
  });
});

describe('compare difference', () => {
  it('counts nodes expanded by only A, only B and both, as the search contexts say', async () => {
    const { lab, scene } = labOn('open-field.json');
    lab.settings.compare = true;
    lab.settings.perFrame = 100_000;
    lab.runSearch();
    await finish(lab);
    const a = closedIds(scene, lab.start as string, lab.goal as string, 'exact');
    const b = closedIds(scene, lab.start as string, lab.goal as string, 'zero');
    const both = [...a].filter((n) => b.has(n)).length;
    expect(lab.diff).toMatchObject({ onlyA: a.size - both, onlyB: b.size - both, both });
    expect(lab.diff!.onlyB).toBeGreaterThan(0);
    expect(lab.diff!.positions.length).toBe(3 * (a.size + b.size - both));
  });

  it('keys waypoint positions exactly and ignores unknown positions', () => {
    const scene = loadedScene('open-field.json');
    const key = graphNodeKey(scene.graph);
    const p = scene.graph.positions;
    expect(key(p[3], p[4], p[5])).toBe(1);
    expect(key(p[3] + 0.5, p[4], p[5])).toBe(-1);
    const v = (pts: number[]) => ({
      count: pts.length / 3,
      positions: new Float32Array(pts),
      g: new Float32Array(pts.length / 3),
      closed: new Uint8Array(pts.length / 3).fill(1),
      maxG: 0,
    });
    const d = expandedDiff(v([p[0], p[1], p[2], p[3], p[4], p[5]]), v([p[3], p[4], p[5], p[6], p[7], p[8]]), key);
    expect([d.onlyA, d.onlyB, d.both]).toEqual([1, 1, 1]);
    expect([...d.positions.slice(0, 3)]).toEqual([...new Float32Array([p[0], p[1], p[2]])]);
    expect([...d.positions.slice(6, 9)]).toEqual([...new Float32Array([p[3], p[4], p[5]])]);
  });
});

describe('heuristic notes', () => {
  it('says admissible and consistent only where it is', () => {
    expect(explainHeuristic('exact', 26)).toMatch(/Admissible and consistent with 26 neighbours/);
    expect(explainHeuristic('manhattan', 6)).toMatch(/Admissible and consistent/);
    expect(explainHeuristic('manhattan', 26)).toMatch(/Not admissible with 26 neighbours.*not consistent/);
    expect(explainHeuristic('manhattan', 0)).toMatch(/Not admissible on the waypoint graph/);
    expect(explainHeuristic('squared', 6)).toMatch(/Never admissible/);
    expect(explainHeuristic('zero', 0)).toMatch(/Dijkstra.*Admissible/);
    expect(explainHeuristic('exact', 26, 2)).toMatch(/Weight 2: .*not admissible.*2× the optimum/);
  });
});

describe('locked scene-sized geometry', () => {
  const bounds = { min: [-30, -1, -30], max: [30, 20, 30] };
  it('a ground slab over the scene is scene-sized; a building block is not', () => {
    const slab: SceneObstacle = { id: 'ground', shape: 'box', position: [0, -0.5, 0], size: [60, 1, 60] };
    const block: SceneObstacle = { id: 'b', shape: 'box', position: [0, 2, 0], size: [10, 4, 10] };
    const wall: SceneObstacle = { id: 'w', shape: 'box', position: [0, 2, 0], size: [60, 4, 1] };
    const disc: SceneObstacle = { id: 'd', shape: 'cylinder', position: [0, 0, 0], radius: 28, height: 1 };
    expect(isSceneSized(slab, bounds)).toBe(true);
    expect(isSceneSized(block, bounds)).toBe(false);
    expect(isSceneSized(wall, bounds)).toBe(false);
    expect(isSceneSized(disc, bounds)).toBe(true);
  });
});

describe('paint strokes', () => {
  const grid = new VoxelGrid({ dims: [6, 4, 6], origin: { x: 0, y: 0, z: 0 }, cellSize: 1 });
  it('a press paints in front of the face hit; erase takes the voxel itself', () => {
    const pick = { voxel: [2, 0, 3] as [number, number, number], normal: [0, 1, 0] as [number, number, number], distance: 1, solid: true };
    expect(strokeStart('voxel', pick)).toEqual({ voxel: [2, 1, 3], axis: 1, layer: 1 });
    expect(strokeStart('erase', pick)).toEqual({ voxel: [2, 0, 3], axis: 1, layer: 0 });
    expect(strokeStart('erase', { ...pick, solid: false })).toBeNull();
  });

  it('a drag stays in the layer pressed, wherever the ray meets it', () => {
    const start = { voxel: [2, 1, 3] as [number, number, number], axis: 1 as const, layer: 1 };
    const dir = { x: 0.6, y: -0.8, z: 0 };
    // From (0.2, 3.5, 3.5) down-right: crosses y = 1.5 at x = 0.2 + 1.5 = 1.7.
    expect(layerVoxel(grid, { x: 0.2, y: 3.5, z: 3.5 }, dir, start)).toEqual([1, 1, 3]);
    expect(layerVoxel(grid, { x: 0.2, y: 3.5, z: 3.5 }, { x: 1, y: 0, z: 0 }, start)).toBeNull();
    expect(layerVoxel(grid, { x: 0.2, y: 0.5, z: 3.5 }, dir, start)).toBeNull();
  });

  it('brushes and box fills', () => {
    expect(brushBox([5, 5, 5], 1)).toEqual([5, 5, 5, 5, 5, 5]);
    expect(brushBox([5, 5, 5], 2)).toEqual([5, 5, 5, 6, 6, 6]);
    expect(brushBox([5, 5, 5], 3)).toEqual([4, 4, 4, 6, 6, 6]);
    expect(spanBox([4, 1, 7, 4, 1, 7], [1, 1, 2, 1, 1, 2])).toEqual([1, 1, 2, 4, 1, 7]);
  });
});

describe('view details', () => {
  it('durations under 1 ms read in µs, not "0.00 ms"', () => {
    expect(ms(0.0004)).toBe('0.4 µs');
    expect(ms(0.042)).toBe('42 µs');
    expect(ms(0.5)).toBe('500 µs');
    expect(ms(3.25)).toBe('3.3 ms');
    expect(ms(Number.NaN)).toBe('—');
  });

  it('framing insets: tall side panels count, a short corner box does not', () => {
    const canvas = { left: 0, top: 0, right: 1280, bottom: 800 };
    const gui = { left: 968, top: 12, right: 1268, bottom: 788 };
    const hud = { left: 12, top: 12, right: 384, bottom: 200 };
    expect(sideInsets(canvas, [gui, hud])).toEqual({ left: 0, right: 312, top: 0, bottom: 0 });
    const tallHud = { ...hud, bottom: 700 };
    expect(sideInsets(canvas, [gui, tallHud])).toEqual({ left: 384, right: 312, top: 0, bottom: 0 });
    // Panels wider than two thirds of the view are scaled back to leave a third visible.
    const wide = sideInsets({ left: 0, top: 0, right: 600, bottom: 800 }, [
      { left: 0, top: 0, right: 350, bottom: 800 },
      { left: 300, top: 0, right: 600, bottom: 800 },
    ]);
    expect(600 - wide.left - wide.right).toBeCloseTo(200);
  });

  it('fly steps follow real time, also below 10 fps', () => {
    const clock = new FlyClock();
    let t = 1000;
    let moved = clock.step(t, 0.016);
    for (let i = 0; i < 10; i++) moved += clock.step((t += 200), 0.1);
    // Ten frames at 5 fps: 2 s of flight (plus the first frame's dt), not 10 x 0.1 s.
    expect(moved).toBeCloseTo(2.016);
    expect(clock.step(t + 60_000, 0.1)).toBe(MAX_FLY_STEP);
    clock.stop();
    expect(clock.step(t + 120_000, 0.02)).toBe(0.02);
  });
});
