import type { SparseWorld } from './SparseWorld.ts';

/** Line of sight between two voxel centres (counted by the caller). */
export type Sees = (a: readonly number[], b: readonly number[]) => boolean;

/** Distance between voxels a and b (Math.sqrt: Math.hypot is several times slower in V8). */
export const len = (a: readonly number[], b: readonly number[]): number => {
  const x = a[0] - b[0],
    y = a[1] - b[1],
    z = a[2] - b[2];
  return Math.sqrt(x * x + y * y + z * z);
};

const same = (a: readonly number[], b: readonly number[]): boolean => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

/** The corners without repeats and without those the corner before sees past (greedy, from the start). */
export function straighten(corners: number[][], sees: Sees): number[][] {
  const out = [corners[0]];
  for (let i = 1; i < corners.length; i++) {
    const c = corners[i];
    if (same(out[out.length - 1], c)) continue;
    const next = corners[i + 1];
    if (next !== undefined && sees(out[out.length - 1], next)) continue;
    out.push(c);
  }
  return out;
}

/** Most moves of one corner per pass (bounds the work on long paths). */
const MOVES_PER_CORNER = 48;

/**
 * Slides each inner corner voxel by voxel (steps of 4, 2, then 1 voxel along any of the 26
 * directions) while that shortens the two segments meeting there and keeps both legal: of
 * the moves that shorten, the shortest legal one; then drops the corners the corner before
 * sees past; then shifts pairs of neighbouring corners together (shiftPairs). Up to `passes`
 * passes, until no corner moves. Fixes corners the search left on a portal's side when the
 * shortest path bends at another voxel of it.
 */
export function slide(w: SparseWorld, path: number[][], sees: Sees, passes = 3): number[][] {
  const cand: { q: number[]; l: number }[] = [];
  for (let pass = 0; pass < passes; pass++) {
    let moved = false;
    for (let i = 1; i + 1 < path.length; i++) {
      const p = path[i - 1],
        n = path[i + 1];
      let c = path[i];
      let now = len(p, c) + len(c, n);
      let budget = MOVES_PER_CORNER;
      for (let step = 4; step >= 1 && budget > 0; step >>= 1) {
        for (;;) {
          cand.length = 0;
          // The 26 unit moves (m = 13 stays put).
          for (let m = 0; m < 27; m++) {
            if (m === 13) continue;
            const q = [c[0] + step * ((m % 3) - 1), c[1] + step * ((((m / 3) | 0) % 3) - 1), c[2] + step * (((m / 9) | 0) - 1)];
            const l = len(p, q) + len(q, n);
            if (l < now - 1e-9 && !w.isBlocked(q[0], q[1], q[2])) cand.push({ q, l });
          }
          cand.sort((a, b) => a.l - b.l);
          let next: { q: number[]; l: number } | null = null;
          for (const k of cand) {
            if (sees(p, k.q) && sees(k.q, n)) {
              next = k;
              break;
            }
          }
          if (next === null || --budget <= 0) break;
          c = next.q;
          now = next.l;
          moved = true;
        }
      }
      path[i] = c;
    }
    if (shiftPairs(w, path, sees)) moved = true;
    path = straighten(path, sees);
    if (!moved) break;
  }
  return path;
}

/**
 * Moves two neighbouring inner corners by the same unit step (any of the 26) when that
 * shortens the three segments around them and keeps all three legal: the shortest such move,
 * repeated while it helps (up to MOVES_PER_CORNER per pair). Gets a path off the wrong side of
 * a thin obstacle's edge, where moving either corner alone makes the path longer. Returns
 * whether a corner moved.
 */
function shiftPairs(w: SparseWorld, path: number[][], sees: Sees): boolean {
  let moved = false;
  const cand: { a: number[]; b: number[]; l: number }[] = [];
  for (let i = 1; i + 2 < path.length; i++) {
    const p = path[i - 1],
      n = path[i + 2];
    let a = path[i],
      b = path[i + 1];
    let now = len(p, a) + len(a, b) + len(b, n);
    for (let budget = MOVES_PER_CORNER; budget > 0; budget--) {
      cand.length = 0;
      for (let m = 0; m < 27; m++) {
        if (m === 13) continue;
        const dx = (m % 3) - 1,
          dy = (((m / 3) | 0) % 3) - 1,
          dz = ((m / 9) | 0) - 1;
        const qa = [a[0] + dx, a[1] + dy, a[2] + dz],
          qb = [b[0] + dx, b[1] + dy, b[2] + dz];
        const l = len(p, qa) + len(qa, qb) + len(qb, n);
        if (l < now - 1e-9 && !w.isBlocked(qa[0], qa[1], qa[2]) && !w.isBlocked(qb[0], qb[1], qb[2])) cand.push({ a: qa, b: qb, l });
      }
      cand.sort((x, y) => x.l - y.l);
      const next = cand.find((k) => sees(p, k.a) && sees(k.a, k.b) && sees(k.b, n));
      if (next === undefined) break;
      a = next.a;
      b = next.b;
      now = next.l;
      moved = true;
    }
    path[i] = a;
    path[i + 1] = b;
  }
  return moved;
}
