/**
 * The least gap between agents: centre distance / (r_i + r_j) over every pair and every step
 * (`minAgentGap` of `nav simulate --json`), measured on the neighbour grid, never by an
 * all-pairs scan. Steering records the pairs it meets at the start of each step (the end of
 * the step before); arrived agents, which do not steer, and the end of the last step are
 * measured here.
 */
import { len3, type SteeringState } from './agentState.ts';
import { MIN_NEIGHBOR_CELL } from './tuning.ts';

/** Records in s.minGap the gaps between agent i and the agents the grid lists within r_i + rMax of it. */
export function gapsAround(s: SteeringState, i: number, rMax: number): void {
  const o = 3 * i;
  const x = s.pos[o],
    y = s.pos[o + 1],
    z = s.pos[o + 2];
  const r = s.rad[i];
  const found = s.neighbors.query(x, y, z, r + rMax, s.near);
  for (let k = 0; k < found; k++) {
    const j = s.near[k];
    if (j === i) continue;
    const q = 3 * j;
    const rr = r + s.rad[j];
    const d = len3(x - s.pos[q], y - s.pos[q + 1], z - s.pos[q + 2]);
    if (d < s.minGap * rr) s.minGap = d / rr;
  }
}

/**
 * `minAgentGap` so far, the current positions included: null with fewer than two agents, 1
 * when no two agents have ever touched, else the least centre distance / (r_i + r_j). Rebuilds
 * the neighbour grid (the next step rebuilds it anyway).
 */
export function minAgentGap(s: SteeringState): number | null {
  const n = s.agents.length;
  if (n < 2) return null;
  let rMax = 0;
  for (let i = 0; i < n; i++) rMax = Math.max(rMax, s.rad[i]);
  s.neighbors.build(s.pos, n, Math.max(2 * rMax, MIN_NEIGHBOR_CELL));
  for (let i = 0; i < n; i++) gapsAround(s, i, rMax);
  return Math.min(1, s.minGap);
}
