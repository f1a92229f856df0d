import { BufferGeometry, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { ObstacleWorld } from '../../src/three/ObstacleWorld.ts';
import { CAPSULE_EPSILON, StaticBVH } from '../../src/three/StaticBVH.ts';
import { freePoint, randomBoxes, refBox, rng, segmentBoxDistance, segmentMeetsBox, type V3 } from './analytic.ts';

/** Pairs closer than this to the grazing boundary of a reference test are skipped. */
const GRAZE = 1e-7;

describe('segment line of sight', () => {
  for (const seed of [1, 2, 3]) {
    it(`equals the analytic slab test on random box worlds (seed ${seed})`, () => {
      const random = rng(seed);
      const boxes = randomBoxes(random, 60, 40, 0.5, 8, seed === 3 ? 0.5 : 0);
      const refs = boxes.map(refBox);
      const world = new ObstacleWorld(boxes);
      let compared = 0,
        blocked = 0;
      for (let k = 0; k < 3000; k++) {
        const p = freePoint(random, refs, 40),
          q = freePoint(random, refs, 40);
        const outer = refs.some((b) => segmentMeetsBox(b, p, q, GRAZE));
        const inner = refs.some((b) => segmentMeetsBox(b, p, q, -GRAZE));
        if (outer !== inner) continue;
        compared++;
        if (inner) blocked++;
        expect(world.segmentClear(...p, ...q), `segment ${p} -> ${q}`).toBe(!inner);
      }
      expect(compared).toBeGreaterThan(2900);
      expect(blocked).toBeGreaterThan(300);
      expect(compared - blocked).toBeGreaterThan(300);
    });
  }

  it('is symmetric and survives degenerate directions', () => {
    const world = new ObstacleWorld([{ id: 'b', shape: 'box', position: [0, 0, 0], size: [2, 2, 2] }]);
    // Axis-parallel segments: zero direction components on two axes.
    expect(world.segmentClear(-5, 0, 0, 5, 0, 0)).toBe(false);
    expect(world.segmentClear(5, 0, 0, -5, 0, 0)).toBe(false);
    expect(world.segmentClear(-5, 1.5, 0, 5, 1.5, 0)).toBe(true);
    expect(world.segmentClear(0, -5, 0, 0, 5, 0)).toBe(false);
    // Ends short of the box: the ray has the segment's length.
    expect(world.segmentClear(-5, 0, 0, -1.01, 0, 0)).toBe(true);
    // A point segment outside.
    expect(world.segmentClear(3, 3, 3, 3, 3, 3)).toBe(true);
  });

  it('a thin wall blocks a ray from both sides', () => {
    const world = new ObstacleWorld([{ id: 'wall', shape: 'box', position: [0, 0, 0], size: [0.001, 4, 4] }]);
    expect(world.segmentClear(-1, 0.3, 0.2, 1, -0.1, 0.4)).toBe(false);
    expect(world.segmentClear(1, -0.1, 0.4, -1, 0.3, 0.2)).toBe(false);
    expect(world.segmentClear(-1, 2.5, 0, 1, 2.5, 0)).toBe(true);
    // A single zero-thickness quad, seen from behind (DoubleSide).
    const quad = new Float64Array([0, -1, -1, 0, 1, -1, 0, 1, 1, 0, -1, -1, 0, 1, 1, 0, -1, 1]);
    const bvh = new StaticBVH(quad);
    expect(bvh.segmentClear(-1, 0, 0, 1, 0, 0)).toBe(false);
    expect(bvh.segmentClear(1, 0, 0, -1, 0, 0)).toBe(false);
    expect(bvh.segmentClear(1, 0, 0, 0.5, 0, 0)).toBe(true);
  });

  it('a gap passes a ray but not a fat capsule', () => {
    // Two walls leave a slit 0.5 wide around z = 0 (|z| < 0.25).
    const world = new ObstacleWorld([
      { id: 'left', shape: 'box', position: [0, 0, -2.25], size: [0.2, 4, 4] },
      { id: 'right', shape: 'box', position: [0, 0, 2.25], size: [0.2, 4, 4] },
    ]);
    expect(world.segmentClear(-3, 0, 0, 3, 0, 0)).toBe(true);
    expect(world.capsuleClear(-3, 0, 0, 3, 0, 0, 0.2)).toBe(true);
    expect(world.capsuleClear(-3, 0, 0, 3, 0, 0, 0.3)).toBe(false);
    // Exactly half the slit: the axis stays at distance r, which does not touch (r - 1e-6).
    expect(world.capsuleClear(-3, 0, 0, 3, 0, 0, 0.25)).toBe(true);
    expect(world.capsuleClear(-3, 0, 0, 3, 0, 0, 0.25 + 2 * CAPSULE_EPSILON)).toBe(false);
    expect(world.lineOfSight(0.3)(-3, 0, 0, 3, 0, 0)).toBe(false);
    expect(world.lineOfSight(0)(-3, 0, 0, 3, 0, 0)).toBe(true);
  });
});

describe('capsule line of sight', () => {
  for (const seed of [11, 12]) {
    it(`equals the analytic segment-to-box distance (seed ${seed})`, () => {
      const random = rng(seed);
      const boxes = randomBoxes(random, 40, 40, 0.5, 6, seed === 12 ? 0.5 : 0);
      const refs = boxes.map(refBox);
      const world = new ObstacleWorld(boxes);
      let compared = 0,
        blocked = 0;
      for (let k = 0; k < 600; k++) {
        const p = freePoint(random, refs, 40, 0.01),
          q = freePoint(random, refs, 40, 0.01);
        const r = [0.1, 0.5, 1.5][k % 3];
        const limit = r - CAPSULE_EPSILON;
        const d = Math.min(...refs.map((b) => segmentBoxDistance(b, p, q)));
        if (Math.abs(d - limit) < 1e-6) continue;
        compared++;
        if (d < limit) blocked++;
        expect(world.capsuleClear(...p, ...q, r), `capsule r=${r} ${p} -> ${q}, distance ${d}`).toBe(d >= limit);
      }
      expect(compared).toBeGreaterThan(590);
      expect(blocked).toBeGreaterThan(100);
      expect(compared - blocked).toBeGreaterThan(60);
    });
  }

  it('touches near box edges and corners, not only faces', () => {
    const world = new ObstacleWorld([{ id: 'b', shape: 'box', position: [0, 0, 0], size: [2, 2, 2] }]);
    // Passes the edge x = 1, y = 1 diagonally at distance 0.5 * sqrt(2) - ... (from the ref).
    const refs = [refBox({ id: 'b', shape: 'box', position: [0, 0, 0], size: [2, 2, 2] })];
    const p: V3 = [3, 0.5, 0],
      q: V3 = [0.5, 3, 0];
    const d = segmentBoxDistance(refs[0], p, q);
    expect(world.capsuleClear(...p, ...q, d - 1e-3)).toBe(true);
    expect(world.capsuleClear(...p, ...q, d + 1e-3)).toBe(false);
    const c: V3 = [2, 2, 2];
    expect(world.capsuleClear(...c, 3, 3, 3, Math.sqrt(3) - 1e-3)).toBe(true);
    expect(world.capsuleClear(...c, 3, 3, 3, Math.sqrt(3) + 1e-3)).toBe(false);
  });
});

describe('closest point and picking', () => {
  const world = new ObstacleWorld([
    { id: 'b', shape: 'box', position: [0, 0, 0], size: [2, 2, 2] },
    { id: 's', shape: 'sphere', position: [10, 0, 0], radius: 1 },
  ]);

  it('closestPointOnObstacles gives the distance, the point and an outward normal', () => {
    const point = new Vector3(),
      normal = new Vector3();
    expect(world.closestPointOnObstacles({ x: 0, y: 3, z: 0.5 }, 5, point, normal)).toBeCloseTo(2, 5);
    expect(point.y).toBeCloseTo(1, 5);
    expect(normal.y).toBeCloseTo(1, 5);
    expect(world.closestPointOnObstacles({ x: 0, y: 3, z: 0.5 }, 1.5, point, normal)).toBe(Infinity);
    // Near an edge the normal points from the edge to the query point.
    expect(world.closestPointOnObstacles({ x: 2, y: 2, z: 0 }, 5, point, normal)).toBeCloseTo(Math.SQRT2, 5);
    expect(normal.x).toBeCloseTo(Math.SQRT1_2, 5);
  });

  it('raycast names the obstacle or the voxel it hits', () => {
    const hit = world.raycast({ x: 20, y: 0.1, z: 0 }, { x: -2, y: 0, z: 0 });
    expect(hit?.obstacleId).toBe('s');
    expect(hit!.point.x).toBeGreaterThan(10.99);
    expect(hit!.normal.x).toBeGreaterThan(0.9);
    expect(world.raycast({ x: 5, y: 0, z: 0 }, { x: -1, y: 0, z: 0 })?.obstacleId).toBe('b');
    expect(world.raycast({ x: 5, y: 0, z: 0 }, { x: -1, y: 0, z: 0 }, 3)).toBeNull();
    expect(world.raycast({ x: 5, y: 5, z: 5 }, { x: 0, y: 1, z: 0 })).toBeNull();
  });
});

describe('StaticBVH', () => {
  it('has no tree for an empty world and reports free space', () => {
    const bvh = new StaticBVH(new Float64Array(0));
    expect(bvh.bvh).toBeNull();
    expect(bvh.segmentClear(0, 0, 0, 1, 1, 1)).toBe(true);
    expect(bvh.capsuleClear(0, 0, 0, 1, 1, 1, 5)).toBe(true);
    expect(bvh.boxOverlaps(0, 0, 0, 1, 1, 1)).toBe(false);
    expect(bvh.closestPoint({ x: 0, y: 0, z: 0 }, 1, { x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 0 })).toBe(Infinity);
    expect(bvh.geometry).toBeInstanceOf(BufferGeometry);
  });
});
