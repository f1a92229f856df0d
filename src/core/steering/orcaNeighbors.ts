/**
 * Reciprocal avoidance's neighbour search, in the same pass the step's bookkeeping needs: for
 * agent i it records the least gap to the agents within `sep` (minAgentGap), lists them for
 * the separation pass, and keeps the ORCA_MAX_NEIGHBORS nearest agents within `reach` in
 * orcaKept (nearest first; ties: the one found first).
 *
 * Levels: level L scans the cube of half-edge c x 2^L (c: the finest cell; at least `sep`, at
 * most `reach`) on the hash whose cells are c, 2c or 4c wide (s.grids), reading the slots'
 * copied positions and cells directly (no stamps: an agent of another cell sharing a bucket is
 * skipped). Each agent starts at the level that held ORCA_MAX_NEIGHBORS at its previous step
 * (one level lower when the smaller cube already held that many), and goes up while fewer are
 * found and the cube is smaller than the reach: a packed crowd scans one cell around, an empty
 * sky the reach, and an agent seldom scans twice.
 */
import type { AgentState, SteeringState } from './agentState.ts';
import { cellOf, scanBucket } from './NeighborGrid.ts';
import { orcaBegin, orcaKept, orcaKeptDistSq } from './orca.ts';
import { ORCA_MAX_NEIGHBORS } from './tuning.ts';

/** Scans around agent i (see the module comment); returns how many agents it kept. */
export function orcaNeighbors(s: SteeringState, a: AgentState, i: number, sep: number, reach: number): number {
  const o = 3 * i;
  const px = s.pos[o],
    py = s.pos[o + 1],
    pz = s.pos[o + 2];
  const r = s.rad[i];
  const sepSq = sep * sep,
    reachSq = reach * reach;
  const c = s.grids[0].cellSize;
  let level = a.orcaLevel;
  let first = true;
  let kept = 0;
  let inner = 0;
  for (;;) {
    for (; s.built <= Math.min(level, 2); s.built++) s.grids[s.built].build(s.pos, s.agents.length, c * 2 ** s.built, true);
    const g = s.grids[Math.min(level, 2)];
    const near = Math.max(Math.min(c * 2 ** level, reach), sep);
    // Half-edge of the cube one level down: a neighbour inside it counts towards stepping down.
    const lower = level > 0 ? Math.max(Math.min(c * 2 ** (level - 1), reach), sep) : -1;
    inner = 0;
    kept = 0;
    // Squared distance a candidate must beat to be kept: the reach, then the farthest kept.
    let worst = reachSq;
    orcaBegin();
    const inv = g.inv,
      mask = g.mask,
      start = g.start,
      xs = g.xs,
      ys = g.ys,
      zs = g.zs,
      cxs = g.cxs,
      cys = g.cys,
      czs = g.czs,
      sorted = g.sorted;
    const x0 = cellOf(px - near, inv),
      x1 = cellOf(px + near, inv),
      y0 = cellOf(py - near, inv),
      y1 = cellOf(py + near, inv),
      z0 = cellOf(pz - near, inv),
      z1 = cellOf(pz + near, inv);
    // More cells than buckets: scan every slot once instead.
    const all = (x1 - x0 + 1) * (y1 - y0 + 1) * (z1 - z0 + 1) > mask + 1;
    for (let cz = z0; cz <= (all ? z0 : z1); cz++) {
      for (let cy = y0; cy <= (all ? y0 : y1); cy++) {
        for (let cx = x0; cx <= (all ? x0 : x1); cx++) {
          const b = all ? 0 : scanBucket(cx, cy, cz, mask);
          const end = all ? start[mask + 1] : start[b + 1];
          for (let k = start[b]; k < end; k++) {
            if (!all && (cxs[k] !== cx || cys[k] !== cy || czs[k] !== cz)) continue;
            const dx = px - xs[k],
              dy = py - ys[k],
              dz = pz - zs[k];
            const dSq = dx * dx + dy * dy + dz * dz;
            if (dSq >= reachSq && (!first || dSq >= sepSq)) continue;
            const j = sorted[k];
            if (j === i) continue;
            if (first && dSq < sepSq) {
              const d = Math.sqrt(dSq);
              const rr = r + s.rad[j];
              if (d < s.minGap * rr) s.minGap = d / rr;
              s.listNeighbor(j);
            }
            if (dSq < reachSq) {
              if (Math.abs(dx) <= lower && Math.abs(dy) <= lower && Math.abs(dz) <= lower) inner++;
              if (dSq < worst) {
                // Insertion into the list sorted by distance.
                let m = kept;
                if (kept < ORCA_MAX_NEIGHBORS) kept++;
                else m--;
                while (m > 0 && orcaKeptDistSq[m - 1] > dSq) {
                  orcaKept[m] = orcaKept[m - 1];
                  orcaKeptDistSq[m] = orcaKeptDistSq[m - 1];
                  m--;
                }
                orcaKept[m] = j;
                orcaKeptDistSq[m] = dSq;
                if (kept === ORCA_MAX_NEIGHBORS) worst = orcaKeptDistSq[kept - 1];
              }
            }
          }
        }
      }
    }
    first = false;
    if (kept === ORCA_MAX_NEIGHBORS || near >= reach) break;
    level++;
  }
  a.orcaLevel = inner >= ORCA_MAX_NEIGHBORS ? level - 1 : level;
  return kept;
}
