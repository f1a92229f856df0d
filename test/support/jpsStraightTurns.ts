/**
 * The straight-ray rule of jump point search, as a check over 3x3x3 neighbourhoods: a voxel on a
 * straight ray has a forced neighbour only where a row beside the ray turns from blocked to free.
 * For each of the 6 straight directions, each side row (8 of them) is (behind, at x) = (free,
 * free), (free, blocked) or (blocked, blocked) (3^8 codes), and the voxel ahead of x on the ray
 * and the 8 beside it take every value (512): 6 x 6,561 x 512 = 20,155,392 masks in all.
 * `npm run verify` (scripts/verify-jps.ts) checks every one; the unit test a seeded sample.
 */
import { GridSpace } from '../../src/core/grid/GridSpace.ts';
import { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';
import { forcedMoves, jumpRules } from '../../src/core/search/jpsRules.ts';
import { mulberry32, randInt } from './random.ts';

/** Side-row codes per direction (3^8) and patterns ahead (2^9). */
export const CODES = 3 ** 8;
export const AHEAD = 512;

const cell = (dx: number, dy: number, dz: number) => 1 << (dx + 1 + 3 * (dy + 1) + 9 * (dz + 1));

/** One straight direction and its 3x3x3 blocked masks (bit per voxel around x). */
interface Direction {
  move: number;
  /** The bit of the voxel `along` the ray (-1 behind x, 0 beside x, 1 ahead) at side offset (i, j). */
  at(along: number, i: number, j: number): number;
  /** The mask of side-row code `code` and pattern ahead `ahead`. */
  mask(code: number, ahead: number): number;
}

/** The 26-neighbour moves (and their rules) the check runs on. */
const space = new GridSpace(new VoxelGrid({ dims: [3, 3, 3] }));
const rules = jumpRules(space);

/** The 6 straight directions, each with its mask builder. */
export const DIRECTIONS: readonly Direction[] = [...Array(26).keys()]
  .filter((k) => Math.abs(space.moveDelta[3 * k]) + Math.abs(space.moveDelta[3 * k + 1]) + Math.abs(space.moveDelta[3 * k + 2]) === 1)
  .map((d) => {
    const a = [0, 1, 2].find((i) => space.moveDelta[3 * d + i] !== 0)!;
    const s = space.moveDelta[3 * d + a];
    const [b, c] = [0, 1, 2].filter((i) => i !== a);
    const at = (along: number, i: number, j: number) => {
      const v = [0, 0, 0];
      v[a] = along * s;
      v[b] = i;
      v[c] = j;
      return cell(v[0], v[1], v[2]);
    };
    const sides: [number, number][] = [];
    for (let j = -1; j <= 1; j++) for (let i = -1; i <= 1; i++) if (i !== 0 || j !== 0) sides.push([i, j]);
    const ahead: number[] = [];
    for (let r = 0; r < 9; r++) ahead.push(at(1, (r % 3) - 1, Math.floor(r / 3) - 1));
    // Side-row bits by code: (free, blocked) sets "at x", (blocked, blocked) also "behind".
    const base = new Int32Array(CODES);
    for (let code = 0; code < CODES; code++) {
      let m = 0;
      for (let r = 0, q = code; r < 8; r++, q = Math.floor(q / 3)) {
        const [i, j] = sides[r];
        if (q % 3 >= 1) m |= at(0, i, j);
        if (q % 3 === 2) m |= at(-1, i, j);
      }
      base[code] = m;
    }
    return {
      move: d,
      at,
      mask: (code: number, a9: number) => {
        let m = base[code];
        for (let r = 0; r < 9; r++) if ((a9 >> r) & 1) m |= ahead[r];
        return m;
      },
    };
  });

/** Whether moving along `dir` through a voxel with 3x3x3 blocked mask `mask` has forced moves. */
export const hasForcedMove = (dir: Direction, mask: number): boolean => forcedMoves(rules, space.moveNeed, dir.move, mask) !== 0;

/** A message when the mask of (`code`, `ahead`) has a forced move (it must not: no side row turns), else null. */
export function turnViolation(dir: Direction, code: number, ahead: number): string | null {
  const mask = dir.mask(code, ahead);
  return hasForcedMove(dir, mask) ? `direction ${dir.move}: forced moves without a turn in mask ${mask}` : null;
}

/** Every mask of every direction; returns the number checked, throws on the first violation. */
export function checkAllStraightTurns(): number {
  let n = 0;
  for (const dir of DIRECTIONS)
    for (let code = 0; code < CODES; code++)
      for (let ahead = 0; ahead < AHEAD; ahead++, n++) {
        const bad = turnViolation(dir, code, ahead);
        if (bad !== null) throw new Error(bad);
      }
  return n;
}

/**
 * A seeded sample: per direction the extreme codes (all free, all blocked) with every pattern
 * ahead, then `perDirection` random (code, pattern) pairs. Returns the number checked, throws on
 * the first violation.
 */
export function checkSampledStraightTurns(seed: number, perDirection: number): number {
  const rand = mulberry32(seed);
  let n = 0;
  const check = (dir: Direction, code: number, ahead: number) => {
    const bad = turnViolation(dir, code, ahead);
    if (bad !== null) throw new Error(`${bad} (seed ${seed})`);
    n++;
  };
  for (const dir of DIRECTIONS) {
    for (const code of [0, CODES - 1]) for (let ahead = 0; ahead < AHEAD; ahead++) check(dir, code, ahead);
    for (let k = 0; k < perDirection; k++) check(dir, randInt(rand, CODES), randInt(rand, AHEAD));
  }
  return n;
}
