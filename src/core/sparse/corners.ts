import type { SparseWorld } from './SparseWorld.ts';
import { voxelBlocked as voxelBlocked_ } from './sparseSight.ts';

// Module-local copy: imported bindings may compile to getter calls (tsx).
const voxelBlocked = voxelBlocked_;

/**
 * Line of sight between two voxel centres (counted by the caller); the search's walks from b to a.
 * `boxA`, `boxB` (optional): boxes of free voxels holding a and b (minimum corner, sides), which
 * let the walk end on entering a's and jump out of b's at once (sparseSight's `to` and `from`).
 */
export type Sees = (a: readonly number[], b: readonly number[], boxA?: Int32Array, boxB?: Int32Array) => boolean;

/**
 * The box of free voxels (minimum corner, sides) holding voxel v, written into out[0..5], e.g.
 * its region's (SparseSpace.voxelBox); false when v is blocked or outside the world.
 */
export type BoxOf = (v: readonly number[], out: Int32Array) => boolean;

/** Scratch boxes: of the corner before and the corner after. */
const boxP = new Int32Array(6);
const boxN = new Int32Array(6);

/** Distance between voxels a and b (Math.sqrt: Math.hypot is several times slower in V8). */
export const len = (a: readonly number[], b: readonly number[]): number => {
  const x = a[0] - b[0],
    y = a[1] - b[1],
    z = a[2] - b[2];
  return Math.sqrt(x * x + y * y + z * z);
};

const same = (a: readonly number[], b: readonly number[]): boolean => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

/** Whether c lies on the segment from a to b, strictly past a (a, c, b in a line, c - a and b - c the same way). */
function onSegment(a: readonly number[], c: readonly number[], b: readonly number[]): boolean {
  const ux = c[0] - a[0],
    uy = c[1] - a[1],
    uz = c[2] - a[2],
    vx = b[0] - c[0],
    vy = b[1] - c[1],
    vz = b[2] - c[2];
  return uy * vz === uz * vy && uz * vx === ux * vz && ux * vy === uy * vx && ux * vx + uy * vy + uz * vz > 0;
}

/**
 * The corners without repeats and without those the corner before sees past (greedy, from the
 * start). `corners` must be a legal path (each corner sees the next): the last kept corner then
 * sees the current one, so a corner equal to the next, or on the straight segment from the last
 * kept one to the next (the two legal segments make it), is dropped without a check (on the
 * recast pairs of space-station and cave, 2.7 and 3.1 of the finishing's 14.4 and 21.4 checks
 * a query, with the same paths). `boxOf` (optional): the corners' boxes for the sight walks
 * (same answers, shorter walks).
 */
export function straighten(corners: number[][], sees: Sees, boxOf?: BoxOf): number[][] {
  const out = [corners[0]];
  // boxP: the last kept corner's box (when `known`).
  let known = boxOf?.(corners[0], boxP);
  for (let i = 1; i < corners.length; i++) {
    const c = corners[i];
    const last = out[out.length - 1];
    if (same(last, c)) continue;
    const next = corners[i + 1];
    if (next !== undefined) {
      if (same(c, next) || onSegment(last, c, next)) continue;
      if (boxOf !== undefined && known && boxOf(next, boxN)) {
        if (sees(last, next, boxP, boxN)) continue;
      } else if (sees(last, next)) continue;
    }
    out.push(c);
    known = boxOf?.(c, boxP);
  }
  return out;
}

/** Most moves of one corner per pass (bounds the work on long paths). */
const MOVES_PER_CORNER = 48;

/**
 * Passes of `slide` a query makes. One: on the 12 Warframe maps' hard tails (600 paths) a second
 * and third pass changed the mean length ratio by at most 2e-4 per map and the max by none,
 * for about a quarter more line-of-sight checks per query.
 */
export const SLIDE_PASSES = 1;

/**
 * Most candidate moves tried per round of `slide`'s steps (the shortest first; its probe tries
 * one): each try costs two line-of-sight checks over whole segments.
 * Two: on the Warframe tails (weight 1.5) 19-23% fewer checks per query than four, the mean
 * length ratio up by at most 0.005 per map (0.927-0.954), the max 1.0190 -> 1.0214. (Four,
 * against more: mean up by at most 0.003, 14-20% fewer checks; at city scale, side 1021, the
 * median query's checks fell from 119 to 45.)
 */
const TRIES = 2;

/** Scratch of one round of moves: the shortening moves' lengths and indices (m, 0..26), sorted by length. */
const candL = new Float64Array(27);
const candM = new Int32Array(27);
let candCount = 0;

/** Inserts move m of length l into the sorted candidates. */
function addCand(l: number, m: number): void {
  let i = candCount++;
  while (i > 0 && candL[i - 1] > l) {
    candL[i] = candL[i - 1];
    candM[i] = candM[i - 1];
    i--;
  }
  candL[i] = l;
  candM[i] = m;
}

/** Unit move m (0..26, 13 stays put): its offset along axis a in {-1, 0, 1}. */
const MOVE = new Int8Array(81);
for (let m = 0; m < 27; m++) {
  MOVE[3 * m] = (m % 3) - 1;
  MOVE[3 * m + 1] = (((m / 3) | 0) % 3) - 1;
  MOVE[3 * m + 2] = ((m / 9) | 0) - 1;
}

/*
 * GRADIENT. The length of a path is convex along a move of its corner(s), so a move against its
 * gradient there never shortens: with u (from the corner before to the moved corner) and v (from
 * the corner after), the gradient is u / |u| + v / |v| and unit move m is skipped when it points
 * along it (`g . m >= 0`). When u or v is 0 the gradient is NaN and no move is skipped.
 */

/**
 * Whether the segment from voxel a's centre to voxel b's first touches a blocked voxel as it
 * leaves a: then b is not seen from a (a necessary condition of sparseSight's closed-box rule,
 * found with one voxel lookup and no walk). With m the largest |b - a| along an axis, the segment
 * reaches a's sides along the axes where it is m (set M) first, at 0.5 / m of its length, before
 * b: the voxels a + the sum of any non-empty subset of those sides' unit steps share the point
 * there and must all be free (one voxel when M has one axis, the common case). In slide's moves,
 * where the voxel a corner bends at is right beside the moved corner, it cut the finishing's sight
 * walks per query on the recast pairs of space-station and cave from 11.5 to 7.3 and 17.9 to 13.2
 * (same paths): 0.7 and 0.6 a query had come after a successful walk of the other segment.
 */
export function exitBlocked(w: SparseWorld, a: readonly number[], b: readonly number[]): boolean {
  const a0 = a[0],
    a1 = a[1],
    a2 = a[2];
  const dx = b[0] - a0,
    dy = b[1] - a1,
    dz = b[2] - a2;
  const ax = dx < 0 ? -dx : dx,
    ay = dy < 0 ? -dy : dy,
    az = dz < 0 ? -dz : dz;
  const m = Math.max(ax, ay, az);
  if (m === 0) return false;
  const sx = ax !== m ? 0 : dx < 0 ? -1 : 1,
    sy = ay !== m ? 0 : dy < 0 ? -1 : 1,
    sz = az !== m ? 0 : dz < 0 ? -1 : 1;
  for (let k = 1; k < 8; k++) {
    const x = k & 1 ? sx : 0,
      y = k & 2 ? sy : 0,
      z = k & 4 ? sz : 0;
    // Subsets with an axis outside M repeat a smaller one: skipped.
    if (((k & 1) !== 0 && x === 0) || ((k & 2) !== 0 && y === 0) || ((k & 4) !== 0 && z === 0)) continue;
    if (voxelBlocked(w, a0 + x, a1 + y, a2 + z)) return true;
  }
  return false;
}

/**
 * The boxes of the corners before and after the moved corner(s) (boxP, boxN) for the sight walks of
 * slide's moves: looked up at the first walk (`boxed`), as most corners' moves end at exitBlocked
 * without one. `aim` sets the corners; `boxState` 0: not looked up yet, 1: both known, -1: not both.
 */
let boxState = 0;
let boxFn: BoxOf | undefined;
let boxFrom: readonly number[] = [];
let boxTo: readonly number[] = [];

/** The corners before and after the moved corner(s), their boxes not looked up yet (`boxed`). */
function aim(p: readonly number[], n: readonly number[], boxOf: BoxOf | undefined): void {
  boxFrom = p;
  boxTo = n;
  boxFn = boxOf;
  boxState = 0;
}

/** Whether boxP and boxN hold the boxes of the corners `aim` set (looked up once). */
function boxed(): boolean {
  if (boxState === 0) boxState = boxFn?.(boxFrom, boxP) && boxFn(boxTo, boxN) ? 1 : -1;
  return boxState > 0;
}

/** Scratch voxels. */
const qa = [0, 0, 0];

/**
 * The move of corner c (between p and n, now `now` long) by `step` voxels along one of the 26
 * directions that shortens the two segments most and keeps both legal, of the `tries` shortest
 * moves to free voxels: its index in candM / candL, or -1 when none of them is legal.
 */
function bestMove(
  w: SparseWorld,
  p: readonly number[],
  n: readonly number[],
  c0: number,
  c1: number,
  c2: number,
  step: number,
  now: number,
  sees: Sees,
  tries = TRIES,
): number {
  const p0 = p[0],
    p1 = p[1],
    p2 = p[2],
    n0 = n[0],
    n1 = n[1],
    n2 = n[2];
  // Moves against the length's gradient at the corner never shorten (GRADIENT above).
  const ux = c0 - p0,
    uy = c1 - p1,
    uz = c2 - p2,
    vx = c0 - n0,
    vy = c1 - n1,
    vz = c2 - n2;
  const lu = Math.sqrt(ux * ux + uy * uy + uz * uz),
    lv = Math.sqrt(vx * vx + vy * vy + vz * vz);
  const gx = ux / lu + vx / lv,
    gy = uy / lu + vy / lv,
    gz = uz / lu + vz / lv;
  candCount = 0;
  for (let m = 0; m < 27; m++) {
    const mx = MOVE[3 * m],
      my = MOVE[3 * m + 1],
      mz = MOVE[3 * m + 2];
    if (gx * mx + gy * my + gz * mz >= 0) continue;
    const x = c0 + step * mx,
      y = c1 + step * my,
      z = c2 + step * mz;
    const ax = p0 - x,
      ay = p1 - y,
      az = p2 - z,
      bx = x - n0,
      by = y - n1,
      bz = z - n2;
    const l = Math.sqrt(ax * ax + ay * ay + az * az) + Math.sqrt(bx * bx + by * by + bz * bz);
    if (l < now - 1e-9) addCand(l, m);
  }
  // The shortest free moves first (a voxel lookup only for those tried), at most `tries` of them.
  for (let k = 0, tried = 0; k < candCount && tried < tries; k++) {
    const m = candM[k];
    qa[0] = c0 + step * MOVE[3 * m];
    qa[1] = c1 + step * MOVE[3 * m + 1];
    qa[2] = c2 + step * MOVE[3 * m + 2];
    if (voxelBlocked(w, qa[0], qa[1], qa[2])) continue;
    tried++;
    // Both segments walked from the moved corner (`sees` walks from its second voxel): a blocked voxel is most likely near
    // it, often the first one a segment enters (exitBlocked: then no walk at all).
    if (exitBlocked(w, qa, p) || exitBlocked(w, qa, n)) continue;
    if (boxed() ? sees(p, qa, boxP) && sees(n, qa, boxN) : sees(p, qa) && sees(n, qa)) return k;
  }
  return -1;
}

/**
 * Slides each inner corner voxel by voxel (steps of 4, 2, then 1 voxel along any of the 26
 * directions) while that shortens the two segments meeting there and keeps both legal: of
 * the moves that shorten, the shortest legal one (bestMove); then, when a corner moved, drops the
 * corners the corner before sees past. Up to `passes` passes (default SLIDE_PASSES), until no corner moves. Fixes corners
 * the search left on a portal's side when the shortest path bends at another voxel of it.
 * `boxOf` (optional): the corners' boxes for the sight walks (the same path, shorter walks).
 *
 * Most corners are tight against an obstacle and moved by no step (on the recast pairs of
 * space-station and cave, 494 of 736), each at the cost of three rounds of checks. So a corner
 * is first probed with its best unit move to a free voxel and left where it is when that is not
 * legal; and an unmoved corner no move of 4 improves skips the moves of 2. Without a moved corner
 * the path is already straightened: no second straighten. Against trying two moves everywhere and
 * three step sizes per corner, on the 12 Warframe tails (weight 1.5) 45% fewer line-of-sight
 * checks in the finishing (straighten and slide), the mean length ratio per map up by at most
 * 0.0043 (to at most 0.9558), the max 1.0214 -> 1.0211; on the recast pairs of space-station and
 * cave 55% and 49% fewer, the paths 0.2% and 0.4% longer. (Probing with the two best unit moves:
 * a third of those checks back, paths up to 0.1% shorter.)
 *
 * Dropped (session 14): shifting two neighbouring corners together by a unit step when that
 * shortened the three segments around them (off the wrong side of a thin obstacle's edge, where
 * moving either corner alone lengthens the path). It moved a pair in 0.08 and 0.15 queries of one
 * (recast pairs of space-station and cave) for a quarter to a third of the finishing's time (its
 * candidates' lookups and walks between two far corners); without it the paths were 0.05% and
 * 0.06% longer there, and on the Warframe tails the mean ratio per map at most 0.0011 higher
 * (DA1), the max 1.0211 as before (DC3 1.0001 -> 1.0065).
 */
export function slide(w: SparseWorld, path: number[][], sees: Sees, passes = SLIDE_PASSES, boxOf?: BoxOf): number[][] {
  for (let pass = 0; pass < passes; pass++) {
    let moved = false;
    for (let i = 1; i + 1 < path.length; i++) {
      const p = path[i - 1],
        n = path[i + 1];
      // The walks from a moved corner end on entering p's or n's box (a box per candidate cost more lookups than it saved).
      aim(p, n, boxOf);
      const c = path[i];
      let c0 = c[0],
        c1 = c[1],
        c2 = c[2];
      let now = len(p, c) + len(c, n);
      let budget = MOVES_PER_CORNER;
      // A corner whose best unit move is not legal is left where it is; one no move of 4 improves tries moves of 1 only (see above).
      const probe = bestMove(w, p, n, c0, c1, c2, 1, now, sees, 1);
      if (probe < 0) continue;
      // The probe's move: the first round of unit moves from the unmoved corner finds it again (its first free move, legal).
      const probeM = candM[probe],
        probeL = candL[probe];
      for (let step = 4; step >= 1 && budget > 0; step >>= 1) {
        for (;;) {
          const unmoved = c0 === c[0] && c1 === c[1] && c2 === c[2];
          const next = step === 1 && unmoved ? 27 : bestMove(w, p, n, c0, c1, c2, step, now, sees);
          if (next < 0 && step === 4 && unmoved) step = 2;
          if (next < 0 || --budget <= 0) break;
          const m = next === 27 ? probeM : candM[next];
          c0 += step * MOVE[3 * m];
          c1 += step * MOVE[3 * m + 1];
          c2 += step * MOVE[3 * m + 2];
          now = next === 27 ? probeL : candL[next];
          moved = true;
        }
      }
      if (c0 !== c[0] || c1 !== c[1] || c2 !== c[2]) path[i] = [c0, c1, c2];
    }
    if (!moved) break;
    path = straighten(path, sees, boxOf);
  }
  return path;
}
