import { describe, expect, it } from 'vitest';
import { axisRows } from '../../../src/core/grid/axisRows.ts';
import { GridSpace } from '../../../src/core/grid/GridSpace.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { StraightJumper } from '../../../src/core/search/jpsJump.ts';
import { forcedMoves, jumpRules } from '../../../src/core/search/jpsRules.ts';
import { AHEAD, checkSampledStraightTurns, DIRECTIONS, hasForcedMove } from '../../support/jpsStraightTurns.ts';
import { mulberry32, randInt } from '../../support/random.ts';

/** A grid with rows longer than one 32-bit word on every axis, `density` of it blocked. */
function randomGrid(seed: number, density: number): VoxelGrid {
  const rand = mulberry32(seed);
  const grid = new VoxelGrid({ dims: [33 + randInt(rand, 40), 33 + randInt(rand, 40), 33 + randInt(rand, 40)] });
  for (let z = 0; z < grid.Z; z++)
    for (let y = 0; y < grid.Y; y++) for (let x = 0; x < grid.X; x++) if (rand() < density) grid.occupancy[grid.index(x, y, z)] = 1;
  grid.version++;
  return grid;
}

describe('bit rows along each axis', () => {
  it('match the occupancy, with out-of-bounds padding blocked, and follow edits', () => {
    const grid = randomGrid(7, 0.3);
    const check = () => {
      for (const axis of [0, 1, 2] as const) {
        const { bits, words, stride } = axisRows(grid, axis);
        const n = [grid.X, grid.Y, grid.Z];
        const others = [0, 1, 2].filter((a) => a !== axis);
        for (let q = -1; q <= n[others[1]]; q += 5) {
          for (let p = -1; p <= n[others[0]]; p++) {
            const row = (p + 1 + stride * (q + 1)) * words;
            for (let t = -1; t <= n[axis]; t++) {
              const c = [0, 0, 0];
              c[axis] = t;
              c[others[0]] = p;
              c[others[1]] = q;
              const bit = (bits[row + ((t + 1) >>> 5)] >>> ((t + 1) & 31)) & 1;
              expect(bit, `axis ${axis} voxel ${c}`).toBe(grid.isBlocked(c[0], c[1], c[2]) ? 1 : 0);
            }
          }
        }
      }
    };
    check();
    grid.setBlocked(3, 4, 5, !grid.isBlocked(3, 4, 5));
    grid.setBlocked(32, 31, 33, !grid.isBlocked(32, 31, 33));
    check();
  });
});

describe('straight jumps', () => {
  const space = new GridSpace(new VoxelGrid({ dims: [3, 3, 3] }));
  const rules = jumpRules(space);
  const straight = [...Array(26).keys()].filter(
    (k) => Math.abs(space.moveDelta[3 * k]) + Math.abs(space.moveDelta[3 * k + 1]) + Math.abs(space.moveDelta[3 * k + 2]) === 1,
  );

  it('a voxel on a straight ray has a forced neighbour only where a row beside the ray turns from blocked to free (a seeded sample of the 3x3x3 patterns without such a turn; `npm run verify` checks all 20 million)', () => {
    // 6 directions x (2 x 512 extreme patterns + 50,000 random ones); throws on the first mask with a forced move.
    expect(checkSampledStraightTurns(20_241_127, 50_000)).toBe(6 * (2 * AHEAD + 50_000));
  });

  it('a side row that turns from blocked (behind x) to free (beside x) forces a move: what the sampled check would report', () => {
    for (const dir of DIRECTIONS) {
      expect(hasForcedMove(dir, dir.at(-1, 1, 0)), `direction ${dir.move}`).toBe(true);
      expect(hasForcedMove(dir, dir.at(-1, 1, 0) | dir.at(0, 1, 0)), `direction ${dir.move}, no turn`).toBe(false);
    }
  });

  it('agree with a voxel-by-voxel scan on grids with rows of several words', () => {
    let jumps = 0,
      ends = 0,
      goals = 0,
      seconds = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const grid = randomGrid(seed * 31, [0.02, 0.1, 0.3][seed % 3]);
      const sp = new GridSpace(grid);
      const rand = mulberry32(seed);
      for (let q = 0; q < 40; q++) {
        const g = [randInt(rand, grid.X), randInt(rand, grid.Y), randInt(rand, grid.Z)];
        // Every other jumper has a second goal on a line through the first (a run heading for tied voxels).
        const g2 = [...g];
        const b = randInt(rand, 3);
        g2[b] = randInt(rand, [grid.X, grid.Y, grid.Z][b]);
        const two = q % 2 === 1;
        const jumper = new StraightJumper(
          sp,
          rules,
          two ? [grid.index(g[0], g[1], g[2]), grid.index(g2[0], g2[1], g2[2])] : [grid.index(g[0], g[1], g[2])],
        );
        for (let n = 0; n < 60; n++) {
          // Half the rays start on a line through the goal.
          const p = [randInt(rand, grid.X), randInt(rand, grid.Y), randInt(rand, grid.Z)];
          const k = straight[randInt(rand, 6)];
          const a = [0, 1, 2].find((i) => space.moveDelta[3 * k + i] !== 0)!;
          if (n % 2 === 0) for (let i = 0; i < 3; i++) if (i !== a) p[i] = g[i];
          if (grid.isBlocked(p[0], p[1], p[2])) continue;
          // Reference: step voxel by voxel, stop at the goal or a forced neighbour.
          let expected = 0;
          const c = [...p];
          for (let m = 1; ; m++) {
            c[a] += space.moveDelta[3 * k + a];
            if (grid.isBlocked(c[0], c[1], c[2])) {
              expected = 1 - m;
              ends++;
              break;
            }
            if (c[0] === g[0] && c[1] === g[1] && c[2] === g[2]) {
              expected = m;
              goals++;
              break;
            }
            if (two && c[0] === g2[0] && c[1] === g2[1] && c[2] === g2[2]) {
              expected = m;
              seconds++;
              break;
            }
            if (forcedMoves(rules, sp.moveNeed, k, sp.blockedMask(c[0], c[1], c[2])) !== 0) {
              expected = m;
              jumps++;
              break;
            }
          }
          expect(jumper.jump(p[0], p[1], p[2], k, a, space.moveDelta[3 * k + a]), `from ${p} move ${k} goal ${g}`).toBe(expected);
        }
      }
    }
    expect(jumps).toBeGreaterThan(100);
    expect(ends).toBeGreaterThan(100);
    expect(goals).toBeGreaterThan(20);
    expect(seconds).toBeGreaterThan(10);
  });
});
