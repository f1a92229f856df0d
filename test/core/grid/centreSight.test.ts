import { describe, expect, it } from 'vitest';
import { centreSight, centreSightVoxelwise } from '../../../src/core/grid/centreSight.ts';
import { BLOCK_SHIFT } from '../../../src/core/grid/emptyBlocks.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import type { RefGrid } from '../../support/reference.ts';
import { mulberry32, randInt } from '../../support/random.ts';
import { segmentLegal } from '../../support/segmentLegal.ts';

const S = 1 << BLOCK_SHIFT;

/**
 * A world of a few block sizes per axis where most blocks are empty and the rest hold a few
 * obstacles, so segments both jump through empty blocks and walk through busy ones.
 */
function blockyWorld(seed: number): { grid: VoxelGrid; ref: RefGrid } {
  const rand = mulberry32(seed);
  const X = S + 1 + randInt(rand, 3 * S),
    Y = S + 1 + randInt(rand, 3 * S),
    Z = 1 + randInt(rand, 2 * S);
  const grid = new VoxelGrid({ dims: [X, Y, Z], cellSize: 1 });
  const blocked = new Uint8Array(X * Y * Z);
  const busy = 0.2 + 0.5 * rand();
  const density = 0.01 + 0.1 * rand();
  for (let z = 0; z < Z; z++)
    for (let y = 0; y < Y; y++)
      for (let x = 0; x < X; x++) {
        // Busy blocks are picked by a hash of the block, the voxels in them at random.
        const b = ((x >> BLOCK_SHIFT) * 73856093) ^ ((y >> BLOCK_SHIFT) * 19349663) ^ ((z >> BLOCK_SHIFT) * 83492791) ^ seed;
        if (((b >>> 0) % 1000) / 1000 >= busy || rand() >= density) continue;
        blocked[x + X * (y + Y * z)] = 1;
        grid.setBlocked(x, y, z, true);
      }
  const ref: RefGrid = {
    X,
    Y,
    Z,
    blocked: (x, y, z) => x < 0 || y < 0 || z < 0 || x >= X || y >= Y || z >= Z || blocked[x + X * (y + Y * z)] === 1,
    cost: () => 1,
  };
  return { grid, ref };
}

/** A random end point for a segment from `a`: anywhere, or along an axis, a face diagonal or a 45-degree line. */
function endFrom(rand: () => number, grid: VoxelGrid, a: number[]): number[] {
  const dims = [grid.X, grid.Y, grid.Z];
  const any = () => [0, 1, 2].map((i) => randInt(rand, dims[i]));
  const kind = randInt(rand, 5);
  if (kind === 0) return any();
  // Along a line through a with steps in {-1, 0, 1} (and sometimes 2): edges and corners are met exactly.
  const dir = [0, 1, 2].map(() => randInt(rand, kind === 4 ? 5 : 3) - (kind === 4 ? 2 : 1));
  if (kind === 1) dir[randInt(rand, 3)] = 0;
  const n = 1 + randInt(rand, 3 * S);
  return [0, 1, 2].map((i) => Math.min(dims[i] - 1, Math.max(0, a[i] + dir[i] * n)));
}

describe('centreSight with empty-block jumps', () => {
  it('agrees with the voxel-by-voxel walk and the independent slab test on random segments', () => {
    let legal = 0,
      total = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const { grid, ref } = blockyWorld(seed);
      const rand = mulberry32(seed * 7919);
      for (let n = 0; n < 400; n++) {
        const a = [randInt(rand, grid.X), randInt(rand, grid.Y), randInt(rand, grid.Z)];
        const b = endFrom(rand, grid, a);
        const fast = centreSight(grid, a[0], a[1], a[2], b[0], b[1], b[2]);
        const plain = centreSightVoxelwise(grid, a[0], a[1], a[2], b[0], b[1], b[2]);
        expect(fast, `seed ${seed}: ${a} -> ${b}`).toBe(plain);
        expect(fast, `seed ${seed}: ${a} -> ${b} (independent)`).toBe(segmentLegal(ref, a, b));
        expect(centreSight(grid, b[0], b[1], b[2], a[0], a[1], a[2]), `seed ${seed}: ${b} -> ${a}`).toBe(fast);
        total++;
        if (fast) legal++;
      }
    }
    // Both answers occur often enough for the comparison to mean something.
    expect(legal).toBeGreaterThan(total / 10);
    expect(total - legal).toBeGreaterThan(total / 10);
  });

  it('agrees with the voxel-by-voxel walk after edits (bit rows and block summary updated in the edited boxes)', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const { grid } = blockyWorld(seed);
      const rand = mulberry32(seed * 104729);
      for (let round = 0; round < 8; round++) {
        // A small box of voxels flipped through the grid's edit API (incremental updates).
        const x0 = randInt(rand, grid.X),
          y0 = randInt(rand, grid.Y),
          z0 = randInt(rand, grid.Z);
        const x1 = Math.min(grid.X - 1, x0 + randInt(rand, 4)),
          y1 = Math.min(grid.Y - 1, y0 + randInt(rand, 4)),
          z1 = Math.min(grid.Z - 1, z0 + randInt(rand, 4));
        for (let z = z0; z <= z1; z++)
          for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) grid.occupancy[grid.index(x, y, z)] = rand() < 0.5 ? 1 : 0;
        grid.markEdited(x0, y0, z0, x1, y1, z1);
        for (let n = 0; n < 100; n++) {
          const a = [randInt(rand, grid.X), randInt(rand, grid.Y), randInt(rand, grid.Z)];
          const b = endFrom(rand, grid, a);
          expect(centreSight(grid, a[0], a[1], a[2], b[0], b[1], b[2]), `seed ${seed} round ${round}: ${a} -> ${b}`).toBe(
            centreSightVoxelwise(grid, a[0], a[1], a[2], b[0], b[1], b[2]),
          );
        }
      }
    }
  });

  it('sees a single blocked voxel at a block corner, edge and face from segments grazing it', () => {
    const grid = new VoxelGrid({ dims: [3 * S, 3 * S, 3 * S], cellSize: 1 });
    // The voxel at the corner of the middle block: the other 26 blocks around it stay empty.
    const c = 2 * S - 1;
    grid.setBlocked(c, c, c, true);
    // Anti-diagonal in the plane z = c through the corner of its box's xy face: blocked (the
    // closed box is touched along an edge); one diagonal further it passes beside it.
    for (const sight of [centreSight, centreSightVoxelwise]) {
      expect(sight(grid, c - 3, c + 4, c, c + 4, c - 3, c)).toBe(false);
      expect(sight(grid, c - 2, c + 4, c, c + 4, c - 2, c)).toBe(true);
      // Through its outer corner (c + 1, c + 1, c + 1) along the space diagonal (-1, 1, 1): blocked.
      expect(sight(grid, c + 3, c - 2, c - 2, c - 2, c + 3, c + 3)).toBe(false);
    }
    // Straight along a face row next to it: free; through it: blocked.
    expect(centreSight(grid, 0, c + 1, c, 3 * S - 1, c + 1, c)).toBe(true);
    expect(centreSight(grid, 0, c, c, 3 * S - 1, c, c)).toBe(false);
    // A long segment from one corner of the grid to the other passes through it.
    expect(centreSight(grid, 0, 0, 0, 3 * S - 1, 3 * S - 1, 3 * S - 1)).toBe(false);
    // After the voxel is freed the summary is rebuilt.
    grid.setBlocked(c, c, c, false);
    expect(centreSight(grid, 0, 0, 0, 3 * S - 1, 3 * S - 1, 3 * S - 1)).toBe(true);
  });
});
