import { describe, expect, it } from 'vitest';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { sparseFromGrid } from '../../../src/core/sparse/build.ts';
import { componentOf } from '../../../src/core/sparse/components.ts';
import { EMPTY, FACE_DIRS, faceLink } from '../../../src/core/sparse/SparseWorld.ts';
import { editSparseWorld } from '../../../src/core/sparse/edit.ts';
import { editSparseSpace } from '../../../src/core/sparse/editSpace.ts';
import { SearchContext } from '../../../src/core/search/SearchContext.ts';
import { findPathSparse } from '../../../src/core/sparse/SparseRun.ts';
import { SparseSpace } from '../../../src/core/sparse/SparseSpace.ts';
import { FULL } from '../../support/sample.ts';
import { segmentLegal } from '../../support/segmentLegal.ts';
import { mulberry32, randInt } from '../../support/random.ts';
import { randomEdit, randomGrid, regionErrors, worldDifference } from './editCases.ts';

describe('editSparseWorld', () => {
  it('after random edit sequences, equals a fresh build from the edited voxels, array for array', () => {
    let reshaped = 0,
      patched = 0;
    for (const seed of FULL ? [1, 2, 3, 4, 5, 6, 7, 8] : [1, 2]) {
      const rnd = mulberry32(seed);
      const grid = randomGrid(rnd, 29, 23, 34);
      let world = sparseFromGrid(grid);
      for (let step = 0; step < 15; step++) {
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
    expect(reshaped).toBeGreaterThan(2);
    expect(patched).toBeGreaterThan(2);
  });

  it('rebuilds only the bricks whose mask changed, their ancestors and the links around new nodes', () => {
    const rnd = mulberry32(9);
    const grid = new VoxelGrid({ dims: [64, 64, 64] });
    for (let i = 0; i < 1500; i++) grid.occupancy[randInt(rnd, grid.size)] = 1;
    const world = sparseFromGrid(grid);
    // One voxel in a MIXED brick: one brick, one ancestor per level, no link recomputed.
    const v = [10, 20, 30];
    const blocked = grid.isBlocked(v[0], v[1], v[2]);
    const r = editSparseWorld(world, [{ blocked: !blocked, voxels: v }]);
    expect([r.bricks, r.ancestors, r.reshaped, r.relinked]).toEqual([1, world.top, false, 0]);
    // One voxel in an EMPTY node: the node splits (8 new nodes); links recomputed only around them.
    let node = world.levelStart[1];
    while (world.kind[node] !== EMPTY) node++;
    const corner = [0, 0, 0, 0];
    world.nodeBox(node, corner);
    const r2 = editSparseWorld(world, [{ blocked: true, voxels: corner.slice(0, 3) }]);
    expect([r2.bricks, r2.ancestors, r2.reshaped]).toEqual([1, world.top, true]);
    expect(r2.world.nodeCount).toBe(world.nodeCount + 8);
    // The 8 new nodes are bricks (their links derived, none stored); the nodes above the bricks
    // whose links reached the split node are recomputed, and only those.
    let linkedToIt = 0;
    for (let n = world.linkBase; n < world.nodeCount; n++)
      for (let d = 0; d < FACE_DIRS; d++) if (faceLink(world, n, d) === node) linkedToIt++;
    expect(linkedToIt).toBeGreaterThan(0);
    expect(r2.relinked).toBe(linkedToIt);
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

/**
 * The first voxel whose octree cell differs between a and b, or whose component does not match one
 * to one; null when none. (The regions searched may differ: an edit keeps the old ones it can.)
 */
function spaceDifference(a: SparseSpace, b: SparseSpace, grid: VoxelGrid): string | null {
  const ab = new Map<number, number>();
  const ba = new Map<number, number>();
  for (let z = 0; z < grid.Z; z++)
    for (let y = 0; y < grid.Y; y++)
      for (let x = 0; x < grid.X; x++) {
        const c = a.cells.cellOf(x, y, z);
        if (c !== b.cells.cellOf(x, y, z)) return `(${x}, ${y}, ${z}): cell ${c} vs ${b.cells.cellOf(x, y, z)}`;
        if (c < 0) continue;
        const la = componentOf(a.components!, a.voxelBase, c),
          lb = componentOf(b.components!, b.voxelBase, c);
        if ((ab.get(la) ?? lb) !== lb || (ba.get(lb) ?? la) !== la) return `(${x}, ${y}, ${z}): component ${la} vs ${lb}`;
        ab.set(la, lb);
        ba.set(lb, la);
      }
  return null;
}

describe('editSparseSpace', () => {
  it('after random edit sequences: the same octree cells and components as a fresh build, valid regions, equally good answers', () => {
    const ctx = new SearchContext();
    let unreachable = 0;
    const counts = { split: 0, changed: 0, local: 0, flooded: 0, kept: 0, grown: 0, regions: 0 };
    for (const seed of FULL ? [11, 12, 13, 14, 15, 16] : [11]) {
      const rnd = mulberry32(seed);
      const grid = randomGrid(rnd, 21, 18, 26);
      // A wall across z: two components until an edit opens it.
      for (let y = 0; y < grid.Y; y++) for (let x = 0; x < grid.X; x++) grid.occupancy[grid.index(x, y, 13)] = 1;
      let space = new SparseSpace(sparseFromGrid(grid));
      for (let step = 0; step < 10; step++) {
        const r = editSparseSpace(space, [randomEdit(rnd, grid)]);
        space = r.space;
        counts.split += r.splitBricks;
        counts.changed += r.bricks;
        if (r.bricks > 0) r.flooded ? counts.flooded++ : counts.local++;
        counts.kept += r.regions.kept;
        counts.grown += r.regions.grown;
        const fresh = new SparseSpace(sparseFromGrid(grid));
        const what = `seed ${seed} step ${step}`;
        expect(spaceDifference(space, fresh, grid), what).toBeNull();
        expect(regionErrors(space, grid), what).toEqual([]);
        counts.regions += space.regions!.count;
        for (let q = 0; q < 3; q++) {
          const free = (): number[] => {
            for (;;) {
              const v = [randInt(rnd, grid.X), randInt(rnd, grid.Y), randInt(rnd, grid.Z)];
              if (!grid.isBlocked(v[0], v[1], v[2])) return v;
            }
          };
          const a = free(),
            b = free();
          const got = findPathSparse(space, a, b, {}, ctx);
          const want = findPathSparse(fresh, a, b, {}, ctx);
          // The same verdict and end (the goal, or the closest reachable voxel: components decide it); a path as short
          // within the sparse search's bound (its regions may differ from the fresh build's).
          expect([got.status, got.path[got.path.length - 1]], `${what} ${a} -> ${b}`).toEqual([
            want.status,
            want.path[want.path.length - 1],
          ]);
          expect(got.cost, `${what} ${a} -> ${b}`).toBeLessThanOrEqual(want.cost * 1.1 + 1e-9);
          expect(want.cost, `${what} ${a} -> ${b}`).toBeLessThanOrEqual(got.cost * 1.1 + 1e-9);
          if (got.status === 'unreachable') unreachable++;
          for (let k = 1; k < got.path.length; k++) {
            const p = grid.coords(got.path[k - 1], { x: 0, y: 0, z: 0 }),
              n = grid.coords(got.path[k], { x: 0, y: 0, z: 0 });
            const ref = {
              X: grid.X,
              Y: grid.Y,
              Z: grid.Z,
              blocked: (x: number, y: number, z: number) => grid.isBlocked(x, y, z),
              cost: () => 1,
            };
            expect(segmentLegal(ref, [p.x, p.y, p.z], [n.x, n.y, n.z]), what).toBe(true);
          }
        }
      }
    }
    // Unreachable goals (several components) came up, and only changed bricks were split again.
    expect(unreachable).toBeGreaterThan(0);
    expect(counts.split).toBeLessThanOrEqual(counts.changed);
    // Both component updates ran: local (groups around the changed bricks) and the flood (a possible split).
    expect(counts.local).toBeGreaterThan(0);
    expect(counts.flooded).toBeGreaterThan(0);
    // Regions were kept from the old space and grown again only around the changes.
    expect(counts.kept).toBeGreaterThan(0);
    expect(counts.grown).toBeGreaterThan(0);
    expect(counts.grown).toBeLessThan(counts.regions / 2);
  });

  it('a brick blocked whole that closed the only hole splits the component in two', () => {
    const grid = new VoxelGrid({ dims: [16, 16, 16] });
    for (let y = 0; y < 16; y++) for (let x = 0; x < 16; x++) if (x < 4 || x > 7 || y < 4 || y > 7) grid.occupancy[grid.index(x, y, 9)] = 1;
    const space = new SparseSpace(sparseFromGrid(grid));
    const ctx = new SearchContext();
    expect(findPathSparse(space, [1, 1, 1], [1, 1, 14], {}, ctx).status).toBe('found');
    const r = editSparseSpace(space, [{ blocked: true, box: { min: [4, 4, 8], max: [7, 7, 11] } }]);
    for (let z = 8; z <= 11; z++) for (let y = 4; y <= 7; y++) for (let x = 4; x <= 7; x++) grid.occupancy[grid.index(x, y, z)] = 1;
    expect(findPathSparse(r.space, [1, 1, 1], [1, 1, 14], {}, ctx).status).toBe('unreachable');
    expect(r.flooded).toBe(true);
    expect(spaceDifference(r.space, new SparseSpace(sparseFromGrid(grid)), grid)).toBeNull();
  });

  it('a blocked brick that closes one of two holes: a search around finds the other, no flood', () => {
    const grid = new VoxelGrid({ dims: [32, 32, 20] });
    const hole = (x: number, y: number): boolean => (x >= 4 && x < 8 && y >= 4 && y < 8) || (x >= 24 && x < 28 && y >= 24 && y < 28);
    for (let y = 0; y < 32; y++) for (let x = 0; x < 32; x++) if (!hole(x, y)) grid.occupancy[grid.index(x, y, 9)] = 1;
    const r = editSparseSpace(new SparseSpace(sparseFromGrid(grid)), [{ blocked: true, box: { min: [4, 4, 8], max: [7, 7, 11] } }]);
    for (let z = 8; z <= 11; z++) for (let y = 4; y <= 7; y++) for (let x = 4; x <= 7; x++) grid.occupancy[grid.index(x, y, z)] = 1;
    expect(r.flooded).toBe(false);
    expect(spaceDifference(r.space, new SparseSpace(sparseFromGrid(grid)), grid)).toBeNull();
    expect(findPathSparse(r.space, [1, 1, 1], [1, 1, 18], {}, new SearchContext()).status).toBe('found');
  });

  it('a cleared brick that leaves one large free node: its component is the one around it', () => {
    const grid = new VoxelGrid({ dims: [64, 64, 64] });
    for (let z = 16; z < 20; z++) for (let y = 16; y < 20; y++) for (let x = 16; x < 20; x++) grid.occupancy[grid.index(x, y, z)] = 1;
    grid.occupancy[grid.index(60, 60, 60)] = 1;
    const r = editSparseSpace(new SparseSpace(sparseFromGrid(grid)), [{ blocked: false, box: { min: [16, 16, 16], max: [19, 19, 19] } }]);
    grid.occupancy.fill(0);
    grid.occupancy[grid.index(60, 60, 60)] = 1;
    expect(spaceDifference(r.space, new SparseSpace(sparseFromGrid(grid)), grid)).toBeNull();
  });

  it('splits only the changed bricks and floods only the components beside them', () => {
    const rnd = mulberry32(5);
    const grid = new VoxelGrid({ dims: [64, 64, 64] });
    for (let i = 0; i < 3000; i++) grid.occupancy[randInt(rnd, grid.size)] = 1;
    // A closed room of free voxels, walled off from the rest.
    for (let z = 40; z <= 50; z++)
      for (let y = 40; y <= 50; y++)
        for (let x = 40; x <= 50; x++) {
          const wall = x === 40 || x === 50 || y === 40 || y === 50 || z === 40 || z === 50;
          grid.occupancy[grid.index(x, y, z)] = wall ? 1 : 0;
        }
    const space = new SparseSpace(sparseFromGrid(grid));
    const cells = (s: SparseSpace): number => {
      let n = 0;
      for (let c = 0; c < s.nodeCount; c++) if (s.isTraversable(c)) n++;
      return n;
    };
    const total = cells(space);
    // A voxel blocked inside the room: one brick split again; the flood covers the room only.
    const r = editSparseSpace(space, [{ blocked: true, voxels: [45, 45, 45] }]);
    expect([r.bricks, r.splitBricks, r.flooded]).toEqual([1, 1, false]);
    expect(r.relabelled).toBeGreaterThan(0);
    expect(r.relabelled).toBeLessThan(total / 20);
    // The old space is untouched; nothing to do gives the same space.
    expect(space.cellOf(45, 45, 45)).toBeGreaterThanOrEqual(0);
    expect(editSparseSpace(space, [{ blocked: false, voxels: [45, 45, 45] }]).space).toBe(space);
    // A space built without components stays without them.
    const bare = editSparseSpace(new SparseSpace(space.world, { components: false }), [{ blocked: true, voxels: [45, 45, 45] }]);
    expect([bare.space.components, bare.relabelled, bare.space.cellOf(45, 45, 45)]).toEqual([null, 0, -1]);
  });
});
