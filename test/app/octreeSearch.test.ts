import { Group } from 'three';
import { describe, expect, it } from 'vitest';
import { SearchLab } from '../../src/app/features/search/SearchLab.ts';
import { type GraphKind, graphChoices, graphTitle, layerOf, nextGraph, onVoxels } from '../../src/app/features/search/graphKind.ts';
import { configLabel, DEFAULT_CONFIG, needsNote } from '../../src/app/features/search/labSettings.ts';
import { sparseFromGrid } from '../../src/core/sparse/build.ts';
import { findPathSparse, reachedPoint } from '../../src/core/sparse/SparseRun.ts';
import { octreeNodeInfo } from '../../src/app/features/search/nodeReadout.ts';
import { SparseSpace } from '../../src/core/sparse/SparseSpace.ts';
import type { LoadedScene } from '../../src/app/shell/scene/LoadedScene.ts';
import { inlinePool, loadedScene } from './helpers.ts';
import { PALETTE } from '../../src/app/shell/stage/palette.ts';
import { OCTREE_INSET } from '../../src/app/features/search/octreeCells.ts';

const rgb = (hex: number) => [(hex >> 16) & 255, (hex >> 8) & 255, hex & 255].map((c) => c / 255);

function octreeLab(file: string): { lab: SearchLab; scene: LoadedScene } {
  const scene = loadedScene(file);
  const lab = new SearchLab(inlinePool(() => scene));
  lab.setScene(scene, new Group(), 0.3);
  lab.settings.graph = 'octree';
  lab.graphChanged();
  return { lab, scene };
}

/** Lets the (inline) worker build the octree: the runs start once it is built. */
async function built(l: SearchLab): Promise<void> {
  for (let i = 0; i < 10 && l.running && l.runs[0].run === null; i++) await new Promise((r) => setTimeout(r, 0));
}

/** Lets the octree be built, then ticks until no run is running (each tick stands for a frame); returns the frames. */
async function finish(l: SearchLab): Promise<number> {
  await built(l);
  let frames = 0;
  for (; l.running; frames++) {
    if (frames > 10_000) throw new Error('search did not finish');
    l.tick();
  }
  return frames;
}

/** The same query straight on the core: a fresh SparseSpace of the scene's grid and one SparseRun. */
function direct(scene: LoadedScene, l: SearchLab) {
  const space = new SparseSpace(sparseFromGrid(scene.grid!), { components: true });
  const o = l.settings.a;
  return findPathSparse(space, l.start as number[], l.goal as number[], { heuristic: o.heuristic, weight: o.weight, tieBreak: o.tieBreak });
}

describe('the graph kinds', () => {
  it('offers the octree on grid scenes only, switches as G and Shift+G do, and names their layer', () => {
    expect(graphChoices(true)).toEqual(['waypoints', 'grid', 'octree']);
    expect(graphChoices(false)).toEqual(['waypoints']);
    // G: waypoints <-> voxel grid; Shift+G: grid <-> octree.
    expect(['waypoints', 'grid', 'octree'].map((g) => nextGraph(g as GraphKind, false))).toEqual(['grid', 'waypoints', 'waypoints']);
    expect(['waypoints', 'grid', 'octree'].map((g) => nextGraph(g as GraphKind, true))).toEqual(['octree', 'octree', 'grid']);
    expect([onVoxels('octree'), onVoxels('grid'), onVoxels('waypoints')]).toEqual([true, true, false]);
    expect([layerOf('octree'), layerOf('waypoints')]).toEqual(['grid', 'waypoints']);
    expect(graphTitle('octree')).toBe('sparse voxel octree');
    expect(configLabel(DEFAULT_CONFIG, 'octree')).toBe('Octree any-angle exact');
    expect(needsNote({ ...DEFAULT_CONFIG, weight: 2 }, 'octree')).toBe(false);
    expect(needsNote({ ...DEFAULT_CONFIG, weight: 2 }, 'grid')).toBe(true);
  });
});

describe('SearchLab on the octree', () => {
  it('builds the octree in a worker, then watches a sparse search over frames to the same result as one SparseRun', async () => {
    const { lab: l, scene } = octreeLab('maze.json');
    expect(Array.isArray(l.start) && Array.isArray(l.goal)).toBe(true);
    l.settings.perFrame = 20;
    expect(l.runSearch()).toBeNull();
    expect(l.states[0]).toMatchObject({ phase: 'running', label: 'building the octree…' });
    await built(l);
    expect(l.states[0]).toMatchObject({ phase: 'running', label: 'Octree any-angle exact', expanded: 0 });
    expect(l.octree).toMatchObject({ builds: 1 });
    expect(l.octree.workerMs).toBeGreaterThan(0);
    const frames = await finish(l);
    const want = direct(scene, l);
    const [s] = l.states;
    expect(want.status).toBe('found');
    expect(s).toMatchObject({ phase: 'done', status: 'found', expanded: want.expanded, nodes: want.path.length, goalDistance: 0 });
    expect(s.cost).toBeCloseTo(want.cost, 9);
    expect(frames).toBeGreaterThan(want.expanded / 20);
    // Drawn: every closed and open cell at the voxel it stands for, costs ramping from 0.
    const v = l.visitedOf('A');
    let closed = 0;
    for (let i = 0; i < v.count; i++) closed += v.closed[i];
    expect(closed).toBe(want.expanded);
    expect(v.count - closed).toBe(s.open);
    expect(v.maxG).toBeGreaterThan(0);
    // And every closed cell as a box outline, coloured by its cost like the nodes (yellow at g = 0 to red at the largest g).
    const r = l.runs[0];
    expect(r.cellLines.cells).toBe(want.expanded);
    expect(r.view!.cells.geometry.drawRange.count).toBe(24 * want.expanded);
    expect(r.view!.cells.visible).toBe(true);
    const space = l.octree.spaceOf(scene.grid!);
    const box = [0, 0, 0, 0, 0, 0];
    const lo = rgb(PALETTE.visitedLow);
    const hi = rgb(PALETTE.visitedHigh);
    let i = 0;
    r.ctx.forEachVisited((cell, g, closed) => {
      if (!closed) return;
      space.cellBox(cell, box);
      const p = r.cellLines.positions.subarray(72 * i, 72 * i + 72);
      for (let a = 0; a < 3; a++) {
        const along = [...Array(24).keys()].map((k) => p[3 * k + a]);
        const o = [space.world.origin.x, space.world.origin.y, space.world.origin.z][a];
        const s = space.world.cellSize;
        expect(Math.min(...along)).toBeCloseTo(o + s * (box[a] + OCTREE_INSET), 5);
        expect(Math.max(...along)).toBeCloseTo(o + s * (box[a] + box[3 + a] - OCTREE_INSET), 5);
      }
      const t = g / v.maxG;
      const c = r.cellLines.colors.subarray(72 * i, 72 * i + 3);
      for (let k = 0; k < 3; k++) expect(c[k]).toBeCloseTo(lo[k] + (hi[k] - lo[k]) * t, 5);
      i++;
    });
    expect(i).toBe(want.expanded);
    // The visited layer off hides them with the nodes.
    l.settings.layers.visited = false;
    l.applyLayers();
    expect(r.view!.cells.visible).toBe(false);
    // Its path ends at the goal voxel's centre; no optimality note (nothing to compare with).
    expect(s.note).toBeNull();
    expect(l.octree.builds).toBe(1);
  });

  it("reads each reached cell's g, h and f as the search has them (the hover readout): h from where the search reached the cell", async () => {
    const { lab: l, scene } = octreeLab('maze.json');
    l.settings.a.weight = 1.5;
    l.runSearch();
    await finish(l);
    const r = l.runs[0];
    const v = l.visitedOf('A');
    const space = l.octree.spaceOf(scene.grid!);
    const cs = space.world.cellSize;
    const [start, goal] = [l.start as number[], l.goal as number[]];
    const dist = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    const box = [0, 0, 0, 0, 0, 0];
    const at = { x: 0, y: 0, z: 0 };
    let i = 0;
    let startSeen = false;
    let goalSeen = false;
    let moved = 0;
    r.ctx.forEachVisited((cell, g, closed) => {
      const info = octreeNodeInfo(space, r.ctx, r.config, v, i)!;
      expect(info).toMatchObject({ g: v.g[i], closed });
      // h is the straight-line distance from a voxel of the cell (where the search reached it) to the goal.
      space.cellBox(cell, box);
      const p = reachedPoint(r.ctx, cell, [0, 0, 0])!;
      for (let a = 0; a < 3; a++) expect(p[a] >= box[a] && p[a] < box[a] + box[3 + a]).toBe(true);
      // Node i is this cell, drawn at that voxel's centre (where its g and h are taken).
      const o = space.world.origin;
      at.x = o.x + (p[0] + 0.5) * cs;
      at.y = o.y + (p[1] + 0.5) * cs;
      at.z = o.z + (p[2] + 0.5) * cs;
      expect([v.positions[3 * i], v.positions[3 * i + 1], v.positions[3 * i + 2]]).toEqual([at.x, at.y, at.z].map(Math.fround));
      if (p.join() !== space.voxelOf(cell, [0, 0, 0]).join()) moved++;
      expect(info.h).toBeCloseTo(dist(p, goal) * cs, 9);
      expect(info.f).toBeCloseTo(info.g + 1.5 * info.h, 9);
      // g is a path's length from the start to that voxel: never shorter than the straight line.
      expect(info.g).toBeGreaterThanOrEqual(dist(start, p) * cs - 1e-9);
      if (g === 0) {
        startSeen = true;
        expect(info.h).toBeCloseTo(dist(start, goal) * cs, 9);
      }
      if (cell === space.goalCell) {
        goalSeen = true;
        expect(info.h).toBe(0);
      }
      i++;
    });
    expect(i).toBe(v.count);
    expect(startSeen && goalSeen).toBe(true);
    // Some cells are reached elsewhere than the voxel they stand for: the drawing follows the search.
    expect(moved).toBeGreaterThan(0);
    expect(octreeNodeInfo(space, r.ctx, r.config, v, v.count)).toBeNull();
  });

  it('steps by hand, keeps the octree for the next run and builds it again after an edit', async () => {
    const { lab: l, scene } = octreeLab('maze.json');
    l.settings.perFrame = 1;
    l.runSearch();
    await built(l);
    l.step(4);
    expect(l.states[0]).toMatchObject({ phase: 'running', expanded: 4 });
    l.cancel();
    expect(l.states[0]).toMatchObject({ phase: 'done', status: 'cancelled', expanded: 4 });
    // The next run starts at once, on the same octree.
    l.runSearch();
    expect(l.runs[0].run).not.toBeNull();
    l.finishNow();
    await finish(l);
    expect(l.states[0].status).toBe('found');
    expect(l.octree.builds).toBe(1);
    // Paint: a free voxel next to the start is blocked in place, as the editor does.
    const [x, y, z] = l.start as number[];
    const free = [
      [x + 1, y, z],
      [x - 1, y, z],
      [x, y, z + 1],
      [x, y, z - 1],
    ].find(([a, b, c]) => scene.grid!.inBounds(a, b, c) && !scene.grid!.isBlocked(a, b, c))!;
    scene.grid!.setBlocked(free[0], free[1], free[2], true);
    l.sceneEdited(scene);
    await finish(l);
    expect(l.octree.builds).toBe(2);
    // The maze's corridor is closed next to the start: the re-run (on a fresh octree) knows it.
    const want = direct(scene, l);
    expect(want.status).toBe('unreachable');
    expect(l.states[0]).toMatchObject({ status: 'unreachable', expanded: want.expanded });
    expect(l.states[0].cost).toBeCloseTo(want.cost, 9);
  });

  it('a paint drag (edits while the octree is being built) asks the worker at most once more, for the last revision', async () => {
    const scene = loadedScene('maze.json');
    const pool = inlinePool(() => scene);
    const l = new SearchLab(pool);
    l.setScene(scene, new Group(), 0.3);
    l.settings.graph = 'octree';
    l.graphChanged();
    l.settings.perFrame = 1000;
    l.runSearch();
    await finish(l);
    expect(l.octree).toMatchObject({ asks: 1, builds: 1 });
    // Five edits in a row (the grid edited in place, a new revision each, as the editor does), each
    // re-running the shown search before any build came back.
    const g = scene.grid!;
    const edits: number[][] = [];
    for (let x = 10; x < g.X && edits.length < 5; x++)
      for (let z = 0; z < g.Z && edits.length < 5; z++) if (!g.isBlocked(x, 3, z)) edits.push([x, 3, z]);
    expect(edits.length).toBe(5);
    edits.forEach(([x, y, z], k) => {
      g.setBlocked(x, y, z, true);
      l.sceneEdited(Object.assign(Object.create(Object.getPrototypeOf(scene)), scene, { revision: scene.revision + 1 + k }));
    });
    await finish(l);
    // One build for the first edit (dropped: edited meanwhile), one for the last; the three between gave up.
    const asked = pool.requests.filter((r) => r.type === 'octree').map((r) => r.revision);
    expect(asked).toEqual([1, 2, 6]);
    expect(l.octree).toMatchObject({ asks: 3, builds: 2 });
    const want = direct(scene, l);
    expect(l.states[0]).toMatchObject({ phase: 'done', status: want.status, expanded: want.expanded });
    expect(l.states[0].cost).toBeCloseTo(want.cost, 9);
  });

  it('ends an unreachable goal at the closest reachable voxel, and runs to its end at once when not watched', async () => {
    const { lab: l, scene } = octreeLab('sealed-room.json');
    l.settings.watch = false;
    expect(l.runSearch()).toBeNull();
    // Unwatched, the octree's run still steps on the main thread, straight to its end (no drawing before).
    await built(l);
    expect(l.finishing).toBe(true);
    await finish(l);
    const want = direct(scene, l);
    expect(want.status).toBe('unreachable');
    expect(l.states[0]).toMatchObject({ phase: 'done', status: 'unreachable', expanded: want.expanded });
    expect(l.states[0].goalDistance).toBeGreaterThan(0);
    expect(l.states[0].nodes).toBeGreaterThan(0);
  });

  it('compares two configurations on one octree: A straight-line heuristic, B Dijkstra, and where they differ', async () => {
    const { lab: l } = octreeLab('maze.json');
    l.settings.compare = true;
    l.settings.perFrame = 1000;
    expect(l.runSearch()).toBeNull();
    await finish(l);
    const [a, b] = l.states;
    expect([a.status, b.status]).toEqual(['found', 'found']);
    expect([a.label, b.label]).toEqual(['Octree any-angle exact', 'Octree any-angle zero']);
    expect(b.expanded).toBeGreaterThan(a.expanded);
    expect(l.octree.builds).toBe(1);
    // The difference view's counts: every cell A or B closed, once.
    const d = l.diff!;
    expect(d.onlyA + d.both).toBe(a.expanded);
    expect(d.onlyB + d.both).toBe(b.expanded);
  });

  it('keeps voxel endpoints between the grid and its octree, not to the waypoints', () => {
    const { lab: l } = octreeLab('maze.json');
    l.setEndpoint('start', [1, 1, 3]);
    l.settings.graph = 'grid';
    l.graphChanged();
    expect(l.start).toEqual([1, 1, 3]);
    l.settings.graph = 'octree';
    l.graphChanged();
    expect(l.start).toEqual([1, 1, 3]);
    l.settings.graph = 'waypoints';
    l.graphChanged();
    expect(typeof l.start).toBe('string');
  });

  it('names a blocked or waypoint endpoint', async () => {
    const { lab: l, scene } = octreeLab('maze.json');
    // Once the octree is built (a first run), a run starts at once and names a bad endpoint.
    l.runSearch();
    await finish(l);
    const g = scene.grid!;
    let blocked: number[] | null = null;
    for (let i = 0; i < g.X && blocked === null; i++) if (g.isBlocked(i, 0, 0)) blocked = [i, 0, 0];
    l.setEndpoint('goal', blocked);
    expect(l.runSearch()).toBe(`goal: voxel (${blocked!.join(', ')}) is blocked`);
    l.setEndpoint('goal', 'w1');
    expect(l.runSearch()).toBe("goal: the octree searches between voxels, not waypoint 'w1'");
  });
});
