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
 * sees past. Up to `passes` passes, until no corner moves. Fixes corners the search left on a
 * portal's side when the shortest path bends at another voxel of it.
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
    path = straighten(path, sees);
    if (!moved) break;
  }
  return path;
}
