import { describe, expect, it } from 'vitest';
import { SpatialHash } from '../../../src/core/graph/SpatialHash.ts';
import {
  buildVisibility,
  forEachCandidatePair,
  segmentClearOf,
  snapToVisibleWaypoint,
  VisibilityGraph,
  type LineOfSight,
} from '../../../src/core/graph/visibility.ts';
import { mulberry32 as rng } from '../../../src/core/math/random.ts';
import { sphereLos, sphereBox, type Sphere } from '../../support/sphereLos.ts';

/** All pairs i < j within `d` that `los` clears, by brute force. */
function bruteForce(positions: Float64Array, los: LineOfSight, d = Infinity): [number, number][] {
  const n = positions.length / 3;
  const out: [number, number][] = [];
  const p = positions;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      if (Math.hypot(p[3 * j] - p[3 * i], p[3 * j + 1] - p[3 * i + 1], p[3 * j + 2] - p[3 * i + 2]) > d) continue;
      if (segmentClearOf(p, los)(i, j)) out.push([i, j]);
    }
  return out;
}

function randomPositions(random: () => number, n: number, size: number): Float64Array {
  return Float64Array.from({ length: 3 * n }, () => random() * size);
}

describe('buildVisibility', () => {
  const random = rng(1);
  const spheres: Sphere[] = Array.from({ length: 15 }, () => ({
    x: random() * 30,
    y: random() * 30,
    z: random() * 30,
    r: 1 + 3 * random(),
  }));
  const los = sphereLos(spheres);
  const positions = randomPositions(random, 120, 30);

  it('links exactly the clear pairs', () => {
    const g = buildVisibility(positions, segmentClearOf(positions, los));
    const expected = bruteForce(positions, los);
    expect(g.pairs()).toEqual(expected);
    expect(expected.length).toBeGreaterThan(500);
    expect(expected.length).toBeLessThan((120 * 119) / 2 - 500);
  });

  it('with maxLinkDistance enumerates only nearby pairs', () => {
    let tests = 0;
    const g = buildVisibility(positions, (i, j) => (tests++, segmentClearOf(positions, los)(i, j)), { maxLinkDistance: 8 });
    expect(g.pairs()).toEqual(bruteForce(positions, los, 8));
    // Far fewer candidate pairs than all 7,140.
    expect(tests).toBeLessThan(1500);
  });

  it('rejects a bad maxLinkDistance', () => {
    expect(() => buildVisibility(positions, () => true, { maxLinkDistance: 0 })).toThrow(/maxLinkDistance/);
  });

  it('forEachCandidatePair visits each close pair once, i < j', () => {
    const seen = new Set<string>();
    forEachCandidatePair(positions, 5, (i, j) => {
      expect(i).toBeLessThan(j);
      const key = `${i},${j}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    });
    expect(seen.size).toBe(bruteForce(positions, () => true, 5).length);
  });
});

describe('VisibilityGraph', () => {
  for (const maxLinkDistance of [Infinity, 9]) {
    it(`equals a full rebuild after random edits (maxLinkDistance ${maxLinkDistance})`, () => {
      const random = rng(maxLinkDistance === Infinity ? 2 : 3);
      const spheres: Sphere[] = Array.from({ length: 10 }, () => ({
        x: random() * 25,
        y: random() * 25,
        z: random() * 25,
        r: 1 + 2 * random(),
      }));
      const los = sphereLos(spheres);
      const vis = new VisibilityGraph(los, { maxLinkDistance });
      vis.setAll(randomPositions(random, 40, 25));
      let current = vis.positions();
      for (let step = 0; step < 120; step++) {
        const op = random();
        if (op < 0.25 || vis.count < 5) {
          vis.add(random() * 25, random() * 25, random() * 25);
        } else if (op < 0.5) {
          const i = Math.floor(random() * vis.count);
          const before = vis.segmentTests;
          vis.move(i, random() * 25, random() * 25, random() * 25);
          expect(vis.segmentTests - before).toBeLessThan(vis.count);
        } else if (op < 0.65) {
          vis.remove(Math.floor(random() * vis.count));
        } else {
          // Move a sphere: re-test what it left and where it went.
          const s = spheres[Math.floor(random() * spheres.length)];
          const old = sphereBox(s);
          s.x = random() * 25;
          s.y = random() * 25;
          s.z = random() * 25;
          vis.retestRegion(old);
          vis.retestRegion(sphereBox(s));
        }
        current = vis.positions();
        expect(vis.graph().pairs(), `step ${step}`).toEqual(bruteForce(current, los, maxLinkDistance));
      }
      expect(vis.count).toBe(current.length / 3);
      expect(vis.linkCount).toBe(vis.graph().linkCount);
    });
  }

  it('re-tests only the pairs whose segments pass through the region', () => {
    const vis = new VisibilityGraph(() => true);
    // Three points on a line along x, one far above.
    vis.setAll([0, 0, 0, 10, 0, 0, 20, 0, 0, 10, 50, 0]);
    const retested = vis.retestRegion({ min: { x: 4, y: -1, z: -1 }, max: { x: 6, y: 1, z: 1 } });
    // 0-1 and 0-2 pass x = 5 near y = 0; 0-3 passes x = 5 at y = 25.
    expect(retested).toBe(2);
    expect(vis.retestRegion({ min: { x: 4, y: 2, z: -1 }, max: { x: 6, y: 3, z: 1 } }, 2.5)).toBe(2);
  });

  it('reads the graph lazily and throws on a bad index', () => {
    const vis = new VisibilityGraph(() => true);
    vis.add(0, 0, 0);
    vis.add(1, 0, 0);
    const g = vis.graph();
    expect(vis.graph()).toBe(g);
    expect(g.pairs()).toEqual([[0, 1]]);
    vis.move(1, 2, 0, 0);
    expect(vis.graph()).not.toBe(g);
    expect(vis.graph().linkCost(0, 1)).toBe(2);
    expect(vis.linked(0, 1)).toBe(true);
    expect(() => vis.move(2, 0, 0, 0)).toThrow(/index 2/);
    vis.remove(0);
    expect(vis.count).toBe(1);
    expect(Array.from(vis.positions())).toEqual([2, 0, 0]);
  });
});

describe('snapToVisibleWaypoint', () => {
  it('returns the nearest waypoint the point can see', () => {
    const positions = new Float64Array([2, 0, 0, -3, 0, 0, 0, 10, 0]);
    const wall: Sphere[] = [{ x: 1, y: 0, z: 0, r: 0.5 }];
    expect(snapToVisibleWaypoint({ x: 0, y: 0, z: 0 }, positions, sphereLos([]))).toBe(0);
    expect(snapToVisibleWaypoint({ x: 0, y: 0, z: 0 }, positions, sphereLos(wall))).toBe(1);
    expect(snapToVisibleWaypoint({ x: 0, y: 0, z: 0 }, positions, sphereLos(wall), 2.5)).toBe(-1);
  });
});

describe('SpatialHash', () => {
  it('finds every item in a box, after removals too', () => {
    const random = rng(4);
    const pts = randomPositions(random, 300, 50).map((v) => v - 25);
    const hash = new SpatialHash(3.5);
    for (let i = 0; i < 300; i++) hash.insert(i, pts[3 * i], pts[3 * i + 1], pts[3 * i + 2]);
    for (let i = 0; i < 300; i += 3) hash.remove(i, pts[3 * i], pts[3 * i + 1], pts[3 * i + 2]);
    for (const [lo, hi] of [
      [-5, 5],
      [-30, 30],
      [10, 11],
    ]) {
      const found = new Set<number>();
      hash.query(lo, lo, lo, hi, hi, hi, (i) => void found.add(i));
      for (let i = 0; i < 300; i++) {
        const inside = [0, 1, 2].every((a) => pts[3 * i + a] >= lo && pts[3 * i + a] <= hi);
        if (inside && i % 3 !== 0) expect(found.has(i)).toBe(true);
        if (i % 3 === 0) expect(found.has(i)).toBe(false);
      }
    }
  });
});
