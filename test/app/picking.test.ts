import { describe, expect, it } from 'vitest';
import { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';
import { pickedFreeVoxel, pickVoxel } from '../../src/app/shell/picking.ts';

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
