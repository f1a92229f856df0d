import { describe, expect, it } from 'vitest';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { sparseFromGrid } from '../../../src/core/sparse/build.ts';
import { editSparseWorld } from '../../../src/core/sparse/edit.ts';
import { mulberry32, randInt } from '../../support/random.ts';
import { randomEdit, randomGrid, worldDifference } from './editCases.ts';

describe('editSparseWorld', () => {
  it('after random edit sequences, equals a fresh build from the edited voxels, array for array', () => {
    let reshaped = 0,
      patched = 0;
    for (const seed of [1, 2, 3, 4]) {
      const rnd = mulberry32(seed);
      const grid = randomGrid(rnd, 37, 29, 45);
      let world = sparseFromGrid(grid);
      for (let step = 0; step < 25; step++) {
        const before = world;
        const r = editSparseWorld(world, [randomEdit(rnd, grid)]);
        world = r.world;
        if (r.bricks > 0) r.reshaped ? reshaped++ : patched++;
        expect(worldDifference(world, sparseFromGrid(grid)), `seed ${seed} step ${step}`).toBeNull();
        // The old world is left as it was.
        expect(before.nodeCount).toBe(before.kind.length);
      }
    }
    // Both paths ran.
    expect(reshaped).toBeGreaterThan(5);
    expect(patched).toBeGreaterThan(5);
  });

  it('rebuilds only the bricks whose mask changed, their ancestors and the links around new nodes', () => {
    const rnd = mulberry32(9);
    const grid = new VoxelGrid({ dims: [128, 128, 128] });
    for (let i = 0; i < 3000; i++) grid.occupancy[randInt(rnd, grid.size)] = 1;
    const world = sparseFromGrid(grid);
    // One voxel in a MIXED brick: one brick, one ancestor per level, no link recomputed.
    const v = [10, 20, 30];
    const blocked = grid.isBlocked(v[0], v[1], v[2]);
    const r = editSparseWorld(world, [{ blocked: !blocked, voxels: v }]);
    expect([r.bricks, r.ancestors, r.reshaped, r.relinked]).toEqual([1, world.top, false, 0]);
    // One voxel in an EMPTY node: the node splits (8 new nodes); links recomputed only around them.
    const r2 = editSparseWorld(world, [{ blocked: true, voxels: [100, 3, 77] }]);
    expect([r2.bricks, r2.ancestors, r2.reshaped]).toEqual([1, world.top, true]);
    expect(r2.world.nodeCount).toBe(world.nodeCount + 8);
    expect(r2.relinked).toBeGreaterThanOrEqual(8);
    expect(r2.relinked).toBeLessThan(60);
    // A box of 6x6x6 voxels touches at most 8 bricks (2 per axis).
    const box = editSparseWorld(world, [{ blocked: true, box: { min: [40, 40, 40], max: [45, 45, 45] } }]);
    expect(box.bricks).toBe(8);
    // Setting voxels to what they are changes nothing.
    const same = editSparseWorld(world, [{ blocked, voxels: v }]);
    expect(same.bricks).toBe(0);
    expect(same.world).toBe(world);
  });

  it('names the bad argument', () => {
    const world = sparseFromGrid(new VoxelGrid({ dims: [8, 8, 8] }));
    expect(() => editSparseWorld(world, [{ blocked: true, voxels: [8, 0, 0] }])).toThrow(/edits\[0\]\.voxels\[0\].*outside the 8x8x8/);
    expect(() => editSparseWorld(world, [{ blocked: true, box: { min: [0, 0, 0], max: [1, 9, 1] } }])).toThrow(/edits\[0\]\.box\.max/);
    expect(() => editSparseWorld(world, [{ blocked: true, box: { min: [3, 0, 0], max: [1, 1, 1] } }])).toThrow(/edits\[0\]\.box: min/);
    expect(() => editSparseWorld(world, [{ box: { min: [0, 0, 0], max: [1, 1, 1] } } as never])).toThrow(/edits\[0\]: expected/);
    expect(() => editSparseWorld(world, [{ blocked: true, voxels: [1, 2] }])).toThrow(/edits\[0\]\.voxels: expected/);
    expect(() => editSparseWorld(world, {} as never)).toThrow(/edits: expected an array/);
  });
});
