/**
 * Runs carry their algorithm (`run.algorithm`) and the runs that need a voxel grid check the
 * space's kind tag: what a query, the lab and the debug views switch on, never `instanceof`.
 */
import { describe, expect, it } from 'vitest';
import { collectSteps, listenToSteps, stepAlgorithm } from '../../../src/core/debug/runSteps.ts';
import { emptySegments, SegmentKind, SightLog } from '../../../src/core/debug/searchSegments.ts';
import type { NavlabError } from '../../../src/core/errors.ts';
import { GraphSpace, WaypointGraph } from '../../../src/core/graph/WaypointGraph.ts';
import { GridSpace } from '../../../src/core/grid/GridSpace.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { startQuery } from '../../../src/core/query/query.ts';
import { createGridRun, createWaypointRun } from '../../../src/core/query/runs.ts';
import { searchableOf } from '../../../src/core/query/target.ts';
import { ALGORITHMS } from '../../../src/core/search/algorithms.ts';
import { AStarRun } from '../../../src/core/search/AStarRun.ts';
import { JpsRun } from '../../../src/core/search/JpsRun.ts';
import { LazyThetaRun } from '../../../src/core/search/LazyThetaRun.ts';

/** A 12x12x3 grid with a wall across x = 6 (a gap at y = 10), so jumps and any-angle links exist. */
function walledGrid(): VoxelGrid {
  const g = new VoxelGrid({ dims: [12, 12, 3] });
  for (let y = 0; y < 10; y++) for (let z = 0; z < 3; z++) g.setBlocked(6, y, z, true);
  return g;
}
const line = new WaypointGraph(new Float64Array([0, 0, 0, 1, 0, 0, 2, 0, 0]), [0, 1, 1, 2]);

describe('runs carry their algorithm', () => {
  it('every algorithm makes a run tagged with it, on the grid', () => {
    const space = new GridSpace(walledGrid());
    for (const algorithm of ALGORITHMS) expect(createGridRun(algorithm, space, 0, space.nodeCount - 1).algorithm).toBe(algorithm);
    expect(new AStarRun(space, 0, 5).algorithm).toBe('astar');
    expect(new AStarRun(space, 0, 5, { heuristic: 'zero' }).algorithm).toBe('astar');
    expect(new JpsRun(space, 0, 5).algorithm).toBe('jps');
    expect(new LazyThetaRun(space, 0, 5).algorithm).toBe('lazy-theta');
  });

  it("the waypoint graph's run is A*", () => {
    expect(createWaypointRun(line, 0, 2).algorithm).toBe('astar');
    const scene = searchableOf(null, line, ['a', 'b', 'c']);
    const q = startQuery(scene, undefined, 'a', 'c');
    expect([q.graph, q.run.algorithm, q.space.kind]).toEqual(['waypoints', 'astar', 'waypoints']);
    expect(q.report().ids).toEqual(['a', 'b', 'c']);
  });

  it('spaces carry their kind; JPS and Lazy Theta* refuse a space that is not a grid, naming it', () => {
    expect(new GridSpace(walledGrid()).kind).toBe('grid');
    expect(new GraphSpace(line).kind).toBe('waypoints');
    for (const [make, who] of [
      [() => new JpsRun(new GraphSpace(line) as never, 0, 2), 'JpsRun'],
      [() => new LazyThetaRun(new GraphSpace(line) as never, 0, 2), 'LazyThetaRun'],
      [() => createGridRun('astar', new GraphSpace(line) as never, 0, 2), 'createGridRun'],
      [() => new JpsRun({ ...new GridSpace(walledGrid()), kind: undefined } as never, 0, 2), 'JpsRun'],
    ] as const) {
      let error: NavlabError | null = null;
      try {
        make();
      } catch (e) {
        error = e as NavlabError;
      }
      expect(error?.code).toBe('usage');
      expect(error?.message).toBe(`${who}: space must be a GridSpace`);
    }
  });
});

describe("a run's steps, by its algorithm", () => {
  const grid = walledGrid();
  const space = new GridSpace(grid);
  const [from, to] = [grid.index(0, 0, 1), grid.index(11, 0, 1)];

  it('A* shows none, JPS its jumps, Lazy Theta* its any-angle links and sight checks', () => {
    const kinds = (run: AStarRun | JpsRun) => {
      const sight = new SightLog(64);
      listenToSteps(run, sight);
      run.step();
      const out = collectSteps(run, sight, space, emptySegments());
      return new Set(out.kinds.subarray(0, out.count));
    };
    const astar = new AStarRun(space, from, to);
    expect(stepAlgorithm(astar)).toBeNull();
    expect(kinds(astar).size).toBe(0);
    const jps = new JpsRun(space, from, to);
    expect(stepAlgorithm(jps)).toBe('jps');
    expect([...kinds(jps)]).toEqual([SegmentKind.jump]);
    const lazy = new LazyThetaRun(space, from, to);
    expect(stepAlgorithm(lazy)).toBe('lazy-theta');
    const lazyKinds = kinds(lazy);
    expect(lazyKinds.has(SegmentKind.anyAngle)).toBe(true);
    expect(lazyKinds.has(SegmentKind.sightPassed) || lazyKinds.has(SegmentKind.sightFailed)).toBe(true);
    expect(lazyKinds.has(SegmentKind.jump)).toBe(false);
  });

  it('the tag decides, not the class: a JPS-tagged view of a Lazy Theta* run shows jumps', () => {
    const lazy = new LazyThetaRun(space, from, to);
    lazy.step();
    const asJps = Object.assign(Object.create(lazy) as LazyThetaRun, { algorithm: 'jps' });
    const out = collectSteps(asJps, new SightLog(8), space, emptySegments());
    expect(out.count).toBeGreaterThan(0);
    expect(new Set(out.kinds.subarray(0, out.count))).toEqual(new Set([SegmentKind.jump]));
  });
});
