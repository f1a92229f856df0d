import { axisRows, type AxisRows } from '../grid/axisRows.ts';
import type { GridSpace } from '../grid/GridSpace.ts';
import { forcedMoves, type JumpRules } from './jpsRules.ts';

/** Forced-neighbour masks memoised per direction and 3x3x3 pattern, shared by all runs; a map is cleared past MEMO_LIMIT. */
const memo: Map<number, number>[] = Array.from({ length: 26 }, () => new Map());
const MEMO_LIMIT = 1 << 18;

/** Forced moves of a voxel reached by direction d whose 3x3x3 blocked mask is `blocked` (jpsRules.forcedMoves, memoised). */
export function forcedAt(rules: JumpRules, need: Int32Array, d: number, blocked: number): number {
  if (blocked === 0) return 0;
  const m = memo[d];
  let f = m.get(blocked);
  if (f === undefined) {
    if (m.size >= MEMO_LIMIT) m.clear();
    f = forcedMoves(rules, need, d, blocked);
    m.set(blocked, f);
  }
  return f;
}

/**
 * Straight jumps of 3D jump point search, 32 voxels per step, on the occupancy's bit rows
 * along the ray's axis (axisRows).
 *
 * A voxel x on a straight ray of direction d can have a forced neighbour only where one of the
 * eight rows beside the ray (the other two coordinates moved by -1, 0 or 1, not both 0) is
 * blocked one voxel behind x and free at x. Without such a turn, every side voxel free at x is
 * free behind x too, and each move out of x other than d has an alternative from x - d that
 * avoids x and is no worse (jpsRules.ts, rule 2): a side move the direct face diagonal, an
 * edge-side move the direct body diagonal, a backward move the move along the row behind, a
 * forward move the diagonal to the side voxel followed by d. So the scan looks word by word
 * for those turns, for the ray's own row turning blocked and for the goal, and checks each
 * turn exactly with the forced-neighbour rules. The tests check the turn condition against
 * forcedMoves on every 3x3x3 pattern without a turn.
 */
export class StraightJumper {
  readonly #space: GridSpace;
  readonly #rules: JumpRules;
  #rows: AxisRows[] = [];
  /** Per axis: word offsets of the eight rows beside a row. */
  #side: Int32Array[] = [];
  #version = -1;
  /** Goal voxel coordinates, xyz triples (several: a run heading for equally near voxels). */
  readonly #goal: number[] = [];

  /** A jumper for rays toward the voxels `goals` (indices; one, or several for a run that ends at the first reached). */
  constructor(space: GridSpace, rules: JumpRules, goals: Iterable<number>) {
    this.#space = space;
    this.#rules = rules;
    const p = { x: 0, y: 0, z: 0 };
    for (const v of goals) {
      space.grid.coords(v, p);
      this.#goal.push(p.x, p.y, p.z);
    }
    this.refresh();
  }

  /** Rereads the bit rows when the grid changed. */
  refresh(): void {
    const grid = this.#space.grid;
    if (grid.version === this.#version && this.#rows.length === 3) return;
    this.#version = grid.version;
    this.#rows = [axisRows(grid, 0), axisRows(grid, 1), axisRows(grid, 2)];
    this.#side = this.#rows.map(({ words, stride }) => {
      const o: number[] = [];
      for (let dj = -1; dj <= 1; dj++) for (let di = -1; di <= 1; di++) if (di !== 0 || dj !== 0) o.push((di + stride * dj) * words);
      return Int32Array.from(o);
    });
  }

  /**
   * Follows straight move k (axis a, sign s) from voxel (x, y, z). Returns n > 0 when the
   * voxel n steps on is a jump point (the goal, or a voxel with a forced neighbour for
   * arrival direction k); otherwise -m <= 0 where m is the number of free voxels the ray
   * passed before it met a blocked voxel.
   */
  jump(x: number, y: number, z: number, k: number, a: number, s: number): number {
    const { bits, words } = this.#rows[a];
    const side = this.#side[a];
    const goal = this.#goal;
    // t: coordinate along the ray; (i, j): the other two, in x, y, z order.
    const t = a === 0 ? x : a === 1 ? y : z;
    const i = a === 0 ? y : x;
    const j = a === 2 ? y : z;
    // gt: the first goal on the ray ahead (-2: none).
    let gt = -2;
    for (let q = 0; q < goal.length; q += 3) {
      const at = goal[q + a];
      if (
        (a === 0 ? goal[q + 1] : goal[q]) === i &&
        (a === 2 ? goal[q + 1] : goal[q + 2]) === j &&
        (at - t) * s > 0 &&
        (gt < -1 || (at - gt) * s < 0)
      )
        gt = at;
    }
    const gb = gt + 1;
    const gw = gb >= 0 ? gb >>> 5 : -1;
    const gm = 1 << (gb & 31);
    const base = (i + 1 + this.#rows[a].stride * (j + 1)) * words;
    const b = t + 1;
    let w = b >>> 5;
    if (s > 0) {
      let valid = (b & 31) === 31 ? 0 : -1 << ((b & 31) + 1);
      for (; ; w++, valid = -1) {
        const c = bits[base + w];
        let trans = 0;
        for (let r = 0; r < 8; r++) {
          const o = base + side[r] + w;
          const S = bits[o];
          trans |= ((S << 1) | (w > 0 ? bits[o - 1] >>> 31 : 1)) & ~S;
        }
        let ev = (c | trans | (w === gw ? gm : 0)) & valid;
        while (ev !== 0) {
          const low = ev & -ev;
          const pos = (w << 5) + 30 - Math.clz32(low);
          const steps = pos - t;
          if ((c & low) !== 0) return 1 - steps;
          if (pos === gt || this.#forced(a, pos, i, j, k)) return steps;
          ev ^= low;
        }
      }
    }
    let valid = (b & 31) === 0 ? 0 : -1 >>> (32 - (b & 31));
    for (; ; w--, valid = -1) {
      const c = bits[base + w];
      let trans = 0;
      for (let r = 0; r < 8; r++) {
        const o = base + side[r] + w;
        const S = bits[o];
        trans |= ((S >>> 1) | (w + 1 < words ? bits[o + 1] << 31 : 0x80000000)) & ~S;
      }
      let ev = (c | trans | (w === gw ? gm : 0)) & valid;
      while (ev !== 0) {
        const hi = 31 - Math.clz32(ev);
        const pos = (w << 5) + hi - 1;
        const steps = t - pos;
        if (((c >>> hi) & 1) !== 0) return 1 - steps;
        if (pos === gt || this.#forced(a, pos, i, j, k)) return steps;
        ev ^= 1 << hi;
      }
    }
  }

  /** Whether the voxel at `pos` along axis a (other coordinates i, j) has a forced neighbour for arrival by k. */
  #forced(a: number, pos: number, i: number, j: number, k: number): boolean {
    const space = this.#space;
    const blocked = a === 0 ? space.blockedMask(pos, i, j) : a === 1 ? space.blockedMask(i, pos, j) : space.blockedMask(i, j, pos);
    return forcedAt(this.#rules, space.moveNeed, k, blocked) !== 0;
  }
}
