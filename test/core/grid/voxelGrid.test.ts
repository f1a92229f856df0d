import { describe, expect, it } from 'vitest';
import { GridSpace } from '../../../src/core/grid/GridSpace.ts';
import { MAX_VOXELS, VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { voxelLineOfSight } from '../../../src/core/grid/voxelWalk.ts';
import { findPath } from '../../../src/core/search/AStarRun.ts';
import { SearchContext } from '../../../src/core/search/SearchContext.ts';
import { mulberry32, randInt } from '../../support/random.ts';

describe('VoxelGrid', () => {
  it('indexes x + X*(y + Y*z) and converts back', () => {
    const g = new VoxelGrid({ dims: [5, 4, 3], origin: { x: 10, y: 0, z: -2 }, cellSize: 0.5 });
    const p = { x: 0, y: 0, z: 0 };
    expect(g.index(2, 3, 1)).toBe(2 + 5 * (3 + 4 * 1));
    expect(g.coords(g.index(4, 1, 2), p)).toEqual({ x: 4, y: 1, z: 2 });
    expect(g.voxelCenter(1, 0, 0, p)).toEqual({ x: 10.75, y: 0.25, z: -1.75 });
    expect(g.worldToVoxel({ x: 10.74, y: 1.99, z: -0.6 }, p)).toEqual({ x: 1, y: 3, z: 2 });
  });

  it('rejects bad dims, sizes over 2^28 and terrain below 1, naming the problem', () => {
    expect(() => new VoxelGrid({ dims: [0, 1, 1] })).toThrow(/dims\.x/);
    expect(() => new VoxelGrid({ dims: [1 << 10, 1 << 10, 1 << 9] })).toThrow(new RegExp(`exceeds the limit of ${MAX_VOXELS}`));
    const g = new VoxelGrid({ dims: [2, 2, 2] });
    expect(() => g.setCost(0, 0, 0, 0.5)).toThrow(/>= 1/);
    expect(() => g.setBlocked(2, 0, 0, true)).toThrow(
      /^VoxelGrid.setBlocked: expected integer voxel indices inside 2x2x2, got \(2, 0, 0\)$/,
    );
    expect(() => g.setBlocked(0.5, 0, 0, true)).toThrow(
      /^VoxelGrid.setBlocked: expected integer voxel indices inside 2x2x2, got \(0.5, 0, 0\)$/,
    );
  });

  it('move legality: forbid needs the whole box free, allow only the target', () => {
    const g = new VoxelGrid({ dims: [3, 3, 3] });
    g.setBlocked(1, 0, 0, true);
    expect(g.isMoveLegal(0, 0, 0, 1, 1, 0, 'forbid')).toBe(false);
    expect(g.isMoveLegal(0, 0, 0, 1, 1, 0, 'allow')).toBe(true);
    expect(g.isMoveLegal(0, 0, 0, 0, 1, 1, 'forbid')).toBe(true);
    expect(g.isMoveLegal(0, 0, 0, 1, 1, 1, 'forbid')).toBe(false);
    expect(g.isMoveLegal(0, 0, 0, -1, 0, 0, 'allow')).toBe(false);
  });

  it('voxel line of sight agrees with dense sampling along random segments', () => {
    const rand = mulberry32(42);
    for (let t = 0; t < 300; t++) {
      const g = new VoxelGrid({ dims: [8, 8, 8] });
      for (let k = 0; k < 40; k++) g.setBlocked(randInt(rand, 8), randInt(rand, 8), randInt(rand, 8), true);
      const a = [rand() * 8, rand() * 8, rand() * 8];
      const b = [rand() * 8, rand() * 8, rand() * 8];
      let clear = true;
      for (let s = 0; s <= 4000; s++) {
        const u = s / 4000;
        if (g.isBlocked(Math.floor(a[0] + (b[0] - a[0]) * u), Math.floor(a[1] + (b[1] - a[1]) * u), Math.floor(a[2] + (b[2] - a[2]) * u)))
          clear = false;
      }
      // Sampling can only miss a voxel the segment clips by a sliver; it never invents one.
      const los = voxelLineOfSight(g, a[0], a[1], a[2], b[0], b[1], b[2]);
      if (los) expect(clear).toBe(true);
      if (clear && !los) {
        let thin = false;
        for (let s = 0; s <= 200000 && !thin; s++) {
          const u = s / 200000;
          thin = g.isBlocked(
            Math.floor(a[0] + (b[0] - a[0]) * u),
            Math.floor(a[1] + (b[1] - a[1]) * u),
            Math.floor(a[2] + (b[2] - a[2]) * u),
          );
        }
        expect(thin).toBe(true);
      }
    }
  });

  it('searches see edits made after an earlier search (bit rows stay in sync)', () => {
    const g = new VoxelGrid({ dims: [40, 3, 1] });
    const space = new GridSpace(g);
    const from = g.index(0, 1, 0),
      to = g.index(39, 1, 0);
    expect(findPath(space, from, to).cost).toBe(39);
    for (let y = 0; y < 3; y++) g.setBlocked(33, y, 0, true); // through setBlocked: in place
    expect(findPath(space, from, to).status).toBe('unreachable');
    g.occupancy[g.index(33, 2, 0)] = 0; // a direct write, announced by bumping the version
    g.version++;
    const r = findPath(space, from, to);
    expect(r.status).toBe('found');
    expect(r.cost).toBeCloseTo(37 + 2 * Math.SQRT2, 9);
  });

  it('search memory grows with the nodes a query touches, not with the grid', () => {
    const g = new VoxelGrid({ dims: [512, 512, 256] }); // 67M voxels
    const ctx = new SearchContext();
    const r = findPath(new GridSpace(g), g.index(100, 100, 100), g.index(110, 104, 97), {}, ctx);
    expect(r.status).toBe('found');
    expect(ctx.slotCount).toBeLessThan(20_000);
    expect(ctx.g.length).toBeLessThan(65_536);
  });
});
