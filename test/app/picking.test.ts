import { describe, expect, it } from 'vitest';
import { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';
import { clipRayToCut, pickedFreeVoxel, pickVoxel } from '../../src/app/shell/picking.ts';

/** A 4x3x4 grid of cell 2 at origin (-4, 0, -4) with a solid floor (y = 0) and one pillar. */
function world(): VoxelGrid {
  const g = new VoxelGrid({ dims: [4, 3, 4], origin: { x: -4, y: 0, z: -4 }, cellSize: 2 });
  for (let z = 0; z < 4; z++) for (let x = 0; x < 4; x++) g.setBlocked(x, 0, z, true);
  g.setBlocked(2, 1, 1, true);
  return g;
}

const unit = (x: number, y: number, z: number) => {
  const l = Math.hypot(x, y, z);
  return { x: x / l, y: y / l, z: z / l };
};

describe('pickVoxel', () => {
  it('hits the top face of the floor from above, and the voxel in front of it is free', () => {
    const g = world();
    const hit = pickVoxel(g, { x: -3, y: 20, z: -3 }, unit(0, -1, 0))!;
    expect(hit).toMatchObject({ voxel: [0, 0, 0], normal: [0, 1, 0], solid: true });
    expect(hit.distance).toBeCloseTo(18, 9);
    expect(pickedFreeVoxel(g, hit)).toEqual([0, 1, 0]);
  });

  it('hits the side of the pillar from a ray inside the grid, with the normal facing the ray', () => {
    const g = world();
    // Pillar voxel (2, 1, 1) spans x in [0, 2), y in [2, 4), z in [-2, 0).
    const hit = pickVoxel(g, { x: -3.5, y: 3, z: -1 }, unit(1, 0, 0))!;
    expect(hit).toMatchObject({ voxel: [2, 1, 1], normal: [-1, 0, 0], solid: true });
    expect(hit.distance).toBeCloseTo(3.5, 9);
    expect(pickedFreeVoxel(g, hit)).toEqual([1, 1, 1]);
  });

  it('enters the grid through its side and reports the entry face', () => {
    const g = world();
    const hit = pickVoxel(g, { x: 10, y: 3, z: -1 }, unit(-1, 0, 0))!;
    expect(hit).toMatchObject({ voxel: [2, 1, 1], normal: [1, 0, 0], solid: true });
    expect(hit.distance).toBeCloseTo(8, 9);
  });

  it('returns the last free voxel when the ray leaves the grid without meeting a solid one', () => {
    const g = world();
    const hit = pickVoxel(g, { x: -10, y: 5, z: 3 }, unit(1, 0, 0))!;
    expect(hit.solid).toBe(false);
    expect(hit.voxel).toEqual([3, 2, 3]);
    expect(pickedFreeVoxel(g, hit)).toEqual([3, 2, 3]);
  });

  it('misses a grid the ray does not reach, or reaches beyond `far`', () => {
    const g = world();
    expect(pickVoxel(g, { x: -10, y: 50, z: 0 }, unit(1, 0, 0))).toBeNull();
    expect(pickVoxel(g, { x: 0, y: 20, z: 0 }, unit(0, 1, 0))).toBeNull();
    expect(pickVoxel(g, { x: -3, y: 20, z: -3 }, unit(0, -1, 0), 10)).toBeNull();
  });

  it('gives no free voxel for a ray starting inside a solid one', () => {
    const g = world();
    const hit = pickVoxel(g, { x: -3, y: 1, z: -3 }, unit(0, 1, 0))!;
    expect(hit).toMatchObject({ voxel: [0, 0, 0], normal: [0, 0, 0], solid: true });
    expect(pickedFreeVoxel(g, hit)).toBeNull();
  });
});

describe('clipRayToCut', () => {
  /** The world above with a roof (y = 2, the grid's top layer) over it, cut away at y = 4 as the app cuts under roofs. */
  function roofed(): VoxelGrid {
    const g = world();
    for (let z = 0; z < 4; z++) for (let x = 0; x < 4; x++) g.setBlocked(x, 2, z, true);
    return g;
  }

  it('picks the floor under a cut roof, as on a scene without one', () => {
    const open = world();
    const covered = roofed();
    const clicks = [
      { o: { x: -3, y: 20, z: -3 }, d: unit(0, -1, 0) },
      { o: { x: 6, y: 14, z: 7 }, d: unit(-0.5, -1, -0.6) },
    ];
    for (const { o, d } of clicks) {
      const want = pickedFreeVoxel(open, pickVoxel(open, o, d)!);
      // Unclipped, the ray meets the roof that is not drawn.
      const roofHit = pickVoxel(covered, o, d)!;
      expect(roofHit.voxel[1]).toBe(2);
      expect(pickedFreeVoxel(covered, roofHit)).not.toEqual(want);
      const ray = { origin: { ...o }, direction: d };
      clipRayToCut(ray, 4);
      expect(ray.origin.y).toBeCloseTo(4, 5);
      expect(ray.origin.y).toBeLessThan(4);
      expect(pickedFreeVoxel(covered, pickVoxel(covered, ray.origin, ray.direction)!)).toEqual(want);
    }
  });

  it('leaves rays alone without a cut, from below it, or going up', () => {
    for (const [o, d, cut] of [
      [{ x: 0, y: 10, z: 0 }, unit(0, -1, 0), Infinity],
      [{ x: 0, y: 1, z: 0 }, unit(0, -1, 0), 4],
      [{ x: 0, y: 10, z: 0 }, unit(0, 1, 0), 4],
    ] as const) {
      const ray = { origin: { ...o }, direction: d };
      clipRayToCut(ray, cut);
      expect(ray.origin).toEqual(o);
    }
  });
});
