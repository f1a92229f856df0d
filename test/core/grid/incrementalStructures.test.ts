import { describe, expect, it } from 'vitest';
import { axisRows } from '../../../src/core/grid/axisRows.ts';
import { BLOCK_SHIFT, emptyBlocks, REACH_CAP } from '../../../src/core/grid/emptyBlocks.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { mulberry32, randInt } from '../../support/random.ts';
import { sampleCases } from '../../support/sample.ts';

/** The grid's derived structures as plain arrays: bit rows along x, y and z, and the empty blocks. */
function structures(grid: VoxelGrid): number[][] {
  const b = emptyBlocks(grid);
  return [
    Array.from(grid.blockedRows()),
    Array.from(axisRows(grid, 1).bits),
    Array.from(axisRows(grid, 2).bits),
    Array.from(b.empty),
    Array.from(b.reach),
  ];
}

/** The same structures built from scratch on a copy of the grid. */
function fresh(grid: VoxelGrid): number[][] {
  return structures(grid.clone());
}

const NAMES = ['bit rows along x', 'bit rows along y', 'bit rows along z', 'empty blocks', 'block reaches'];

/**
 * Block reaches by brute force, octant by octant: per block, the largest cube of empty blocks
 * (outside the grid counts as empty) grown from it that way, capped.
 */
function bruteReaches(grid: VoxelGrid): number[] {
  const { empty, BX, BY, BZ } = emptyBlocks(grid);
  const isEmpty = (x: number, y: number, z: number) =>
    x < 0 || y < 0 || z < 0 || x >= BX || y >= BY || z >= BZ || empty[x + BX * (y + BY * z)] !== 0;
  const out: number[] = [];
  for (let o = 0; o < 8; o++)
    for (let z = 0; z < BZ; z++)
      for (let y = 0; y < BY; y++)
        for (let x = 0; x < BX; x++) {
          const sx = o & 1 ? -1 : 1,
            sy = o & 2 ? -1 : 1,
            sz = o & 4 ? -1 : 1;
          let edge = 0;
          grow: while (edge < REACH_CAP) {
            for (let i = 0; i <= edge; i++)
              for (let j = 0; j <= edge; j++) for (let k = 0; k <= edge; k++) if (!isEmpty(x + sx * i, y + sy * j, z + sz * k)) break grow;
            edge++;
          }
          out.push(edge);
        }
  return out;
}

function expectSame(grid: VoxelGrid, what: string): void {
  const got = structures(grid);
  const want = fresh(grid);
  for (let k = 0; k < got.length; k++) expect(got[k], `${NAMES[k]} ${what}`).toEqual(want[k]);
}

describe('derived grid structures after edits', () => {
  it('updated in the edited boxes equal the ones built from scratch (random edits)', () => {
    for (let seed = 1; seed <= 25; seed++) {
      const rand = mulberry32(seed);
      const X = 1 + randInt(rand, 40),
        Y = 1 + randInt(rand, 40),
        Z = 1 + randInt(rand, 24);
      const grid = new VoxelGrid({ dims: [X, Y, Z] });
      for (let i = 0; i < grid.size; i++) grid.occupancy[i] = rand() < 0.2 ? 1 : 0;
      grid.version++;
      structures(grid);
      for (let step = 0; step < 40; step++) {
        // Several edits may pile up before the structures are read again.
        const edits = 1 + randInt(rand, 4);
        for (let e = 0; e < edits; e++) {
          const kind = randInt(rand, 10);
          if (kind < 4) {
            grid.setBlocked(randInt(rand, X), randInt(rand, Y), randInt(rand, Z), rand() < 0.5);
          } else if (kind < 8) {
            // A box written directly, recorded with markEdited (sometimes larger than the change).
            const lo = [randInt(rand, X), randInt(rand, Y), randInt(rand, Z)];
            const hi = [lo[0] + randInt(rand, 12), lo[1] + randInt(rand, 12), lo[2] + randInt(rand, 12)];
            const fill = rand() < 0.5 ? 1 : 0;
            for (let z = lo[2]; z <= Math.min(Z - 1, hi[2]); z++)
              for (let y = lo[1]; y <= Math.min(Y - 1, hi[1]); y++)
                for (let x = lo[0]; x <= Math.min(X - 1, hi[0]); x++) if (rand() < 0.7) grid.occupancy[grid.index(x, y, z)] = fill;
            grid.markEdited(lo[0] - randInt(rand, 2), lo[1], lo[2], hi[0], hi[1] + randInt(rand, 2), hi[2]);
          } else if (kind === 8) {
            grid.setCost(randInt(rand, X), randInt(rand, Y), randInt(rand, Z), 1 + randInt(rand, 3));
          } else {
            // A bare version bump after a direct write: the structures must rebuild.
            grid.occupancy[randInt(rand, grid.size)] ^= 1;
            grid.version++;
          }
        }
        expectSame(grid, `seed ${seed}, step ${step}`);
      }
    }
  });

  // npm test: a seeded four of the twelve grids; npm run verify:full: all twelve.
  it('block reaches are the largest empty cubes per octant (brute force)', () => {
    const S = 1 << BLOCK_SHIFT;
    for (const seed of sampleCases(
      Array.from({ length: 12 }, (_, i) => i + 1),
      4,
      7,
    )) {
      const rand = mulberry32(seed);
      const grid = new VoxelGrid({
        dims: [S * (1 + randInt(rand, 24)), S * (1 + randInt(rand, 20)) - randInt(rand, S), S * (1 + randInt(rand, 12))],
      });
      const obstacles = 1 + randInt(rand, 6);
      for (let k = 0; k < obstacles; k++) grid.setBlocked(randInt(rand, grid.X), randInt(rand, grid.Y), randInt(rand, grid.Z), true);
      expect(Array.from(emptyBlocks(grid).reach), `seed ${seed}`).toEqual(bruteReaches(grid));
    }
  });

  it('reaches updated around an edit in a grid wider than the update window equal fresh ones', () => {
    const S = 1 << BLOCK_SHIFT;
    const rand = mulberry32(99);
    const grid = new VoxelGrid({ dims: [S * (3 * REACH_CAP + 3), S * 5, S * 3] });
    // A few far-apart voxels toggled on and off: reaches rise and fall up to REACH_CAP blocks away.
    const spots = Array.from({ length: 5 }, () => [randInt(rand, grid.X), randInt(rand, grid.Y), randInt(rand, grid.Z)]);
    emptyBlocks(grid);
    for (let step = 0; step < 40; step++) {
      const [x, y, z] = spots[randInt(rand, spots.length)];
      grid.setBlocked(x, y, z, !grid.isBlocked(x, y, z));
      const fresh = emptyBlocks(grid.clone());
      expect(Array.from(emptyBlocks(grid).reach), `step ${step}`).toEqual(Array.from(fresh.reach));
      expect(Array.from(emptyBlocks(grid).empty), `step ${step}`).toEqual(Array.from(fresh.empty));
    }
  });

  it('more edits than the grid remembers rebuild from scratch', () => {
    const grid = new VoxelGrid({ dims: [20, 9, 7] });
    structures(grid);
    const rand = mulberry32(7);
    for (let k = 0; k < 200; k++) grid.setBlocked(randInt(rand, 20), randInt(rand, 9), randInt(rand, 7), rand() < 0.6);
    expect(grid.editedSince(grid.version - 200)).toBeNull();
    expectSame(grid, 'after 200 edits');
  });

  it('a recorded edit updates only its box (a stale bit elsewhere stays stale)', () => {
    const S = 1 << BLOCK_SHIFT;
    const grid = new VoxelGrid({ dims: [4 * S, 3 * S, 2 * S] });
    const rows = grid.blockedRows();
    const blocks = emptyBlocks(grid);
    const ry = axisRows(grid, 1);
    // Corrupt a word and a block far from the edit: a full rebuild would repair them.
    const farRow = (1 + (grid.Y + 2) * 1) * grid.rowWords;
    rows[farRow] ^= 1 << 5;
    blocks.empty[0] = 0;
    ry.bits[ry.words * (1 + ry.stride)] ^= 1 << 3;
    grid.setBlocked(4 * S - 1, 3 * S - 1, 2 * S - 1, true);
    expect(grid.editedSince(grid.version - 1)).toEqual([4 * S - 1, 3 * S - 1, 2 * S - 1, 4 * S - 1, 3 * S - 1, 2 * S - 1]);
    expect(grid.blockedRows()).toBe(rows);
    expect(rows[farRow] & (1 << 5)).not.toBe(0);
    expect(emptyBlocks(grid).empty[0]).toBe(0);
    expect(axisRows(grid, 1).bits[ry.words * (1 + ry.stride)] & (1 << 3)).not.toBe(0);
    // The edited voxel itself is up to date everywhere.
    const lastBlock = emptyBlocks(grid).empty.length - 1;
    expect(emptyBlocks(grid).empty[lastBlock]).toBe(0);
  });

  it('markEdited rejects non-integer corners', () => {
    const grid = new VoxelGrid({ dims: [4, 4, 4] });
    expect(() => grid.markEdited(0, 0, 0.5, 1, 1, 1)).toThrow(/markEdited/);
  });
});
