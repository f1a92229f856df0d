import { bit, type GridSpace } from '../grid/GridSpace.ts';

/**
 * Pruning and forced-neighbour rules of 3D jump point search for 26 neighbours with corner
 * cutting forbidden (a move is legal when every voxel of the box it spans is free).
 *
 * Derivation. Moves are the 26 unit directions; call m' a sub-direction of m when every
 * non-zero coordinate of m' equals that of m (e.g. (1,0,1) and (0,0,1) are sub-directions of
 * (1,1,1); a straight move has only itself).
 *
 * 1. Canonical ordering. In free space the cheapest path from s to t makes its moves with the
 *    most changed axes first: with a <= b <= c the sorted |t - s|, a body diagonals, then
 *    b - a face diagonals, then c - b straight moves, each move a sub-direction of the one
 *    before (this path costs exactly the `exact` heuristic, so it is optimal). It is the only
 *    path with that property, and every one of its moves is legal when the space is free.
 *    So a node x reached by direction d needs to offer only the sub-directions of d: those
 *    are its natural successors (7 after a body diagonal, 3 after a face diagonal, 1 after a
 *    straight move; the start offers all 26).
 *
 * 2. Forced neighbours (Harabor and Grastien's pruning rule, made safe for ties). Rank the
 *    moves: more changed axes first, then lower move index; rank paths lexicographically by
 *    their moves. Let p = x - d. A neighbour v = x + k whose direction k is not a
 *    sub-direction of d is pruned at x when some path A from p to v that never steps on x
 *    (it stays in the 3x3x3 block around x) is cheaper than d + k, or costs the same and its
 *    first move ranks above d. Otherwise, if the move x -> v is legal, v is forced.
 *    Why this keeps optimality: among the optimal paths to the goal take the highest-ranked
 *    one, P. If P went p -> x -> v with k pruned, replacing d, k by A would give a path that
 *    is cheaper (impossible) or as cheap and ranked higher (A's first move differs from d,
 *    since A avoids x, and outranks it), contradicting the choice of P. So every move of P is
 *    natural or forced where P makes it. Ties need the rank: with "costs no more" alone, two
 *    equal detours around x and around another voxel can prune each other and cut the graph.
 *    Natural successors are kept even when pruning would allow it (more successors never
 *    lose a path); in free space every non-natural move is pruned (checked when the table is
 *    built), so a voxel with a free 3x3x3 block never has forced neighbours.
 *
 *    The alternatives are computed, not listed by hand: for every (d, k) a depth-first walk
 *    enumerates the paths from p to v in the block (at most three moves, since each costs
 *    >= 1 and d + k <= 2 sqrt3), and keeps for each qualifying path the mask of block voxels
 *    it needs free (every voxel of every move's box, as the no-corner-cutting rule says; x
 *    itself is free). Masks that contain another are dropped (1114 masks remain over all
 *    26 x 26 pairs). v is forced when the move x -> v is legal and every kept mask meets a
 *    blocked voxel. Out-of-bounds voxels count as blocked, like everywhere else.
 *    Example: after the straight move d = (1,0,0), the side voxel v = x + (0,1,0) is forced
 *    exactly when it is free and the voxel behind it, x + (-1,1,0), is blocked (the direct
 *    diagonal p -> v, cost sqrt2 < 2, needs that voxel; no other path of cost <= 2 avoids x)
 *    — the 2D no-corner-cutting rule, in each of the four side directions.
 *
 * 3. Jumping. From a jump point, each successor direction k is followed voxel by voxel while
 *    the move stays legal. On a straight ray a voxel is a jump point when it is the goal or
 *    has a forced neighbour for arrival direction k: the voxels between have only the
 *    natural successor k, so nothing leaves the ray there. A diagonal ray stops after one
 *    voxel (JpsRun.scan says why); the argument of 2. needs only that every voxel where P
 *    turns is pushed, and a superset of jump points keeps that. Optimality is checked
 *    against brute force and the Moving AI sets in test/core/search/jps.test.ts.
 */
export interface JumpRules {
  /** Per direction d: 26-bit mask of move indices that are sub-directions of d (d included). */
  readonly natural: Int32Array;
  /** Per direction d: proper sub-directions (fewer changed axes), most axes first; empty for straight moves. */
  readonly subDirs: readonly Int32Array[];
  /** Alternative masks of (d, k) are altMasks[altStart[d*26+k] .. altStart[d*26+k+1]). */
  readonly altStart: Int32Array;
  readonly altMasks: Int32Array;
}

const CENTRE = 1 << 13;
const inBlock = (x: number, y: number, z: number): boolean => x >= -1 && x <= 1 && y >= -1 && y <= 1 && z >= -1 && z <= 1;

let cached: JumpRules | null = null;

/** The rules for a 26-neighbour, corner-cutting-forbidden space (same for every such grid). */
export function jumpRules(space: GridSpace): JumpRules {
  if (cached !== null) return cached;
  const delta = space.moveDelta;
  const n = delta.length / 3;
  const D = (k: number, a: number): number => delta[3 * k + a];
  const axes = (k: number): number => (D(k, 0) !== 0 ? 1 : 0) + (D(k, 1) !== 0 ? 1 : 0) + (D(k, 2) !== 0 ? 1 : 0);
  const len = (k: number): number => Math.sqrt(axes(k));
  const lens = Float64Array.from({ length: n }, (_, k) => len(k));
  // Total order on moves: more changed axes first, then move index.
  const rank = (k: number): number => axes(k) * 32 + k;
  // Box cells of move k from cell (cx, cy, cz) of the block, as a mask without the centre.
  const boxMask = (cx: number, cy: number, cz: number, k: number): number => {
    let m = 0;
    for (let i = 0; i <= (D(k, 0) !== 0 ? 1 : 0); i++)
      for (let j = 0; j <= (D(k, 1) !== 0 ? 1 : 0); j++)
        for (let l = 0; l <= (D(k, 2) !== 0 ? 1 : 0); l++) m |= bit(cx + i * D(k, 0), cy + j * D(k, 1), cz + l * D(k, 2));
    return m & ~CENTRE;
  };
  const natural = new Int32Array(n);
  const subDirs: Int32Array[] = [];
  for (let d = 0; d < n; d++) {
    const subs: number[] = [];
    for (let k = 0; k < n; k++) {
      let sub = true;
      for (let a = 0; a < 3; a++) if (D(k, a) !== 0 && D(k, a) !== D(d, a)) sub = false;
      if (!sub) continue;
      natural[d] |= 1 << k;
      if (k !== d) subs.push(k);
    }
    subs.sort((a, b) => axes(b) - axes(a) || a - b);
    subDirs.push(Int32Array.from(subs));
  }
  const altStart = new Int32Array(n * n + 1);
  const masks: number[] = [];
  for (let d = 0; d < n; d++) {
    for (let k = 0; k < n; k++) {
      altStart[d * n + k] = masks.length;
      if ((natural[d] >> k) & 1) continue;
      const px = -D(d, 0),
        py = -D(d, 1),
        pz = -D(d, 2);
      const vx = D(k, 0),
        vy = D(k, 1),
        vz = D(k, 2);
      const limit = len(d) + len(k) + 1e-9;
      const found: number[] = [];
      // The block voxels on the walk's current path, as a mask of bit().
      let visited = 0;
      let first = -1;
      const walk = (cx: number, cy: number, cz: number, length: number, mask: number): void => {
        if (cx === vx && cy === vy && cz === vz) {
          if (length < limit - 2e-9 || rank(first) > rank(d)) found.push(mask);
          return;
        }
        visited |= bit(cx, cy, cz);
        for (let m = 0; m < n; m++) {
          const tx = cx + D(m, 0),
            ty = cy + D(m, 1),
            tz = cz + D(m, 2);
          // Also pruned when the voxels left to v (each move costs >= 1) would pass the limit.
          if (
            length + lens[m] + Math.max(Math.abs(tx - vx), Math.abs(ty - vy), Math.abs(tz - vz)) > limit ||
            !inBlock(tx, ty, tz) ||
            (tx | ty | tz) === 0 ||
            (visited & bit(tx, ty, tz)) !== 0
          )
            continue;
          if (length === 0) first = m;
          walk(tx, ty, tz, length + lens[m], mask | boxMask(cx, cy, cz, m));
        }
        visited &= ~bit(cx, cy, cz);
      };
      walk(px, py, pz, 0, 0);
      // Keep the minimal masks: a superset of another mask never decides anything.
      const uniq = [...new Set(found)].sort((a, b) => popcount(a) - popcount(b));
      const kept: number[] = [];
      for (const m of uniq) if (!kept.some((o) => (o & m) === o)) kept.push(m);
      masks.push(...kept);
    }
  }
  altStart[n * n] = masks.length;
  const rules = { natural, subDirs, altStart, altMasks: Int32Array.from(masks) };
  // JpsRun skips the forced test when the block is free: that needs no forced move there.
  for (let d = 0; d < n; d++)
    if (forcedMoves(rules, space.moveNeed, d, 0) !== 0) throw new Error(`jumpRules: direction ${d} has forced moves in free space`);
  cached = rules;
  return cached;
}

function popcount(m: number): number {
  let c = 0;
  for (; m !== 0; m &= m - 1) c++;
  return c;
}

/**
 * Forced neighbours of a voxel reached by direction d, as a mask of move indices: the legal
 * moves that are not sub-directions of d and that no alternative path from x - d can replace.
 * `blocked` is the voxel's 3x3x3 blocked mask (GridSpace.blockedMask).
 */
export function forcedMoves(rules: JumpRules, need: Int32Array, d: number, blocked: number): number {
  const n = need.length;
  const { natural, altStart, altMasks } = rules;
  let forced = 0;
  const row = d * n;
  const nat = natural[d];
  for (let k = 0; k < n; k++) {
    if ((nat >> k) & 1 || (blocked & need[k]) !== 0) continue;
    let pruned = false;
    for (let a = altStart[row + k], end = altStart[row + k + 1]; a < end; a++) {
      if ((blocked & altMasks[a]) === 0) {
        pruned = true;
        break;
      }
    }
    if (!pruned) forced |= 1 << k;
  }
  return forced;
}
