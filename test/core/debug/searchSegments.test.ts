/**
 * What the search views draw beyond A* comes from the run itself: JPS's jump segments are the
 * parent links of its expanded jump points (as the run reported them while jumping), Lazy
 * Theta*'s line-of-sight record is the checks the run made (each with the voxel walk's verdict;
 * a passed label check made the jump point's any-angle parent), and SearchHelper draws exactly those.
 */
import { Color } from 'three';
import type { InterleavedBufferAttribute } from 'three';
import { describe, expect, it } from 'vitest';
import { GridSpace } from '../../../src/core/grid/GridSpace.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { JpsRun } from '../../../src/core/search/JpsRun.ts';
import { LazyThetaRun } from '../../../src/core/search/LazyThetaRun.ts';
import { CLOSED } from '../../../src/core/search/SearchContext.ts';
import { centreSightVoxelwise } from '../../../src/core/grid/centreSight.ts';
import { SEARCH_COLORS, SearchHelper } from '../../../src/helpers/SearchHelper.ts';
import {
  collectAnyAngleLinks,
  collectParentLinks,
  emptySegments,
  MAX_SEGMENTS,
  pushSegment,
  SegmentKind,
  SightLog,
  type SearchSegments,
} from '../../../src/core/debug/searchSegments.ts';
import { gridPositions } from '../../../src/core/debug/visitedNodes.ts';

/** A 16 x 12 x 3 grid with two walls across the middle layer (gaps at opposite ends) and a pillar. */
function walledGrid(): VoxelGrid {
  const grid = new VoxelGrid({ dims: [16, 12, 3] });
  for (let z = 0; z < 3; z++) {
    for (let y = 0; y < 9; y++) grid.setBlocked(5, y, z, true);
    for (let y = 3; y < 12; y++) grid.setBlocked(10, y, z, true);
  }
  grid.setBlocked(13, 2, 1, true);
  return grid;
}

const xyz = (grid: VoxelGrid, node: number): number[] => {
  const p = grid.coords(node, { x: 0, y: 0, z: 0 });
  return [p.x, p.y, p.z];
};

/** Segment i as [from node, to node, kind]. */
const segment = (s: SearchSegments, i: number): [number, number, number] => [s.nodes[2 * i], s.nodes[2 * i + 1], s.kinds[i]];

/** Whether any voxel of the box spanned by voxels a and b is blocked (a check through a free box must pass). */
function boxBlocked(grid: VoxelGrid, a: number[], b: number[]): boolean {
  for (let x = Math.min(a[0], b[0]); x <= Math.max(a[0], b[0]); x++)
    for (let y = Math.min(a[1], b[1]); y <= Math.max(a[1], b[1]); y++)
      for (let z = Math.min(a[2], b[2]); z <= Math.max(a[2], b[2]); z++) if (grid.isBlocked(x, y, z)) return true;
  return false;
}

describe('JPS jump segments', () => {
  it('are the parent links of the expanded jump points, as the run reported them, straight or diagonal jumps', () => {
    const grid = walledGrid();
    const space = new GridSpace(grid);
    const start = grid.index(0, 0, 1);
    const goal = grid.index(15, 11, 1);
    const run = new JpsRun(space, start, goal);
    // The run's own report of each jump point it found, and the jump point it came from (the last report wins: a better parent replaces an earlier one).
    const reported = new Map<number, number>();
    run.onJumpPoint = (node, from) => void reported.set(node, from);
    const result = run.step();
    expect(result.status).toBe('found');
    const segs = collectParentLinks(run.ctx, gridPositions(grid), emptySegments(4));
    // Every expanded jump point but the start has a parent (the goal is reached, not expanded).
    expect(segs.count).toBe(result.expanded - 1);
    let longest = 0;
    const seen = new Set<number>();
    for (let i = 0; i < segs.count; i++) {
      const [node, parent, kind] = segment(segs, i);
      expect(kind).toBe(SegmentKind.jump);
      expect(reported.get(node)).toBe(parent);
      seen.add(node);
      // One jump: the same number of steps along every axis that changes.
      const d = xyz(grid, node).map((c, k) => Math.abs(c - xyz(grid, parent)[k]));
      const steps = Math.max(...d);
      expect(d.every((c) => c === 0 || c === steps)).toBe(true);
      longest = Math.max(longest, steps);
      // Positions are the two voxel centres.
      const centre = (n: number) => xyz(grid, n).map((c) => c + 0.5);
      expect(Array.from(segs.positions.subarray(6 * i, 6 * i + 6))).toEqual([...centre(node), ...centre(parent)]);
    }
    expect(seen.size).toBe(segs.count);
    expect(longest).toBeGreaterThan(3);
    // The start is the root: it has no parent, so no jump starts from it as its node.
    expect(seen.has(start)).toBe(false);
  });
});

describe('Lazy Theta* line-of-sight record and any-angle links', () => {
  function watched(capacity: number): { grid: VoxelGrid; run: LazyThetaRun; log: SightLog; expanded: number } {
    const grid = walledGrid();
    const run = new LazyThetaRun(new GridSpace(grid), grid.index(0, 0, 1), grid.index(15, 11, 1));
    const log = new SightLog(capacity);
    log.attach(run);
    const result = run.step();
    expect(result.status).toBe('found');
    return { grid, run, log, expanded: result.expanded };
  }

  it('records every check the run made, passed and failed, as the run decided them', () => {
    const { grid, run, log, expanded } = watched(1 << 16);
    expect(log.total).toBe(run.losChecks);
    expect(log.kept).toBe(log.total);
    expect(log.passed).toBeGreaterThan(0);
    expect(log.failed).toBeGreaterThan(0);
    const checks = new Map<string, boolean>();
    let k = 0;
    log.forEach((to, from, legal) => {
      // Each verdict is the voxel-by-voxel walk's.
      const a = xyz(grid, from),
        b = xyz(grid, to);
      expect(legal).toBe(centreSightVoxelwise(grid, a[0], a[1], a[2], b[0], b[1], b[2]));
      if (!boxBlocked(grid, a, b)) expect(legal).toBe(true);
      checks.set(`${from} ${to}`, legal);
      k++;
    });
    expect(k).toBe(log.total);
    // Every expanded jump point's any-angle parent came from a check: a passed one made the
    // assumed parent its parent; after a failed one (or with nothing to check) it is the jump parent.
    const ctx = run.ctx;
    for (let s = 0; s < ctx.slotCount; s++) {
      if (ctx.state[s] !== CLOSED || ctx.parent[s] < 0) continue;
      const node = ctx.nodeOf(s),
        jumpParent = ctx.nodeOf(ctx.parent[s]);
      const assumed = run.anyAngleParent(jumpParent);
      const q = run.anyAngleParent(node);
      if (assumed === jumpParent) expect(q).toBe(jumpParent);
      else if (checks.get(`${assumed} ${node}`)) expect(q).toBe(assumed);
      else {
        expect(checks.get(`${assumed} ${node}`)).toBe(false);
        expect(q).toBe(jumpParent);
      }
    }

    // The segments: the links first, then the passed and the failed checks, each with its two nodes.
    const segs = log.appendTo(collectAnyAngleLinks(run, gridPositions(grid), emptySegments()), gridPositions(grid));
    const byKind = [0, 0, 0, 0];
    for (let i = 0; i < segs.count; i++) {
      const [node, to, kind] = segment(segs, i);
      byKind[kind]++;
      if (kind === SegmentKind.anyAngle) expect(run.anyAngleParent(node)).toBe(to);
    }
    expect(byKind).toEqual([0, expanded - 1, log.passed, log.failed]);
  });

  it('keeps only the last checks in a ring, oldest first', () => {
    const all: number[][] = [];
    watched(1 << 16).log.forEach((a, b, l) => all.push([a, b, l ? 1 : 0]));
    const { log } = watched(8);
    const kept: number[][] = [];
    log.forEach((a, b, l) => kept.push([a, b, l ? 1 : 0]));
    expect(log.total).toBe(all.length);
    expect(kept).toEqual(all.slice(-8));
    expect(() => new SightLog(0)).toThrow(/capacity/);
  });
});

describe('SearchSegments and SearchHelper', () => {
  it('caps the segments kept at MAX_SEGMENTS and counts those offered beyond', () => {
    const grid = new VoxelGrid({ dims: [4, 1, 1] });
    const s = emptySegments(1);
    for (let i = 0; i < MAX_SEGMENTS + 5; i++) pushSegment(s, gridPositions(grid), SegmentKind.jump, 1, 0);
    expect(s.count).toBe(MAX_SEGMENTS);
    expect(s.offered).toBe(MAX_SEGMENTS + 5);
    expect(s.kinds.length).toBe(MAX_SEGMENTS);
  });

  it("draws each segment between its two points in its kind's colour, and clears on reset", () => {
    const grid = walledGrid();
    const run = new LazyThetaRun(new GridSpace(grid), grid.index(0, 0, 1), grid.index(15, 11, 1));
    const log = new SightLog();
    log.attach(run);
    run.step(60);
    const segs = log.appendTo(collectAnyAngleLinks(run, gridPositions(grid), emptySegments()), gridPositions(grid));
    const helper = new SearchHelper({ shape: 'cube', nodeSize: 0.4, pathRadius: 0.05 });
    helper.setSegments(segs);
    expect(helper.counts.steps).toBe(segs.count);
    const g = helper.steps.geometry;
    const pos = (g.getAttribute('instanceStart') as InterleavedBufferAttribute).data.array as Float32Array;
    const col = (g.getAttribute('instanceColorStart') as InterleavedBufferAttribute).data.array as Float32Array;
    const colorOf = [SEARCH_COLORS.jump, SEARCH_COLORS.anyAngle, SEARCH_COLORS.sightPassed, SEARCH_COLORS.sightFailed].map((c) =>
      new Color(c).toArray(),
    );
    for (let i = 0; i < segs.count; i++) {
      expect(Array.from(pos.subarray(6 * i, 6 * i + 6))).toEqual(Array.from(segs.positions.subarray(6 * i, 6 * i + 6)));
      const want = colorOf[segs.kinds[i]];
      for (let e = 0; e < 2; e++) for (let c = 0; c < 3; c++) expect(col[6 * i + 3 * e + c]).toBeCloseTo(want[c], 6);
    }
    helper.setLayers({ visited: true, open: true, path: true, steps: false });
    expect(helper.steps.visible).toBe(false);
    helper.reset();
    expect(helper.counts.steps).toBe(0);
    helper.dispose();
  });
});
