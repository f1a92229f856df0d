/**
 * One fixed step of a Simulation: its stages in the order the Simulation class comment lists
 * them (moving obstacles, steering from one snapshot, separation, collision, metrics).
 */
import type { SteeringState } from './agentState.ts';
import { collide, separate } from './collision.ts';
import { steer } from './forces.ts';
import { measure } from './metrics.ts';
import { placeObstacle } from './movingObstacles.ts';
import { MIN_NEIGHBOR_CELL } from './tuning.ts';

/** Advances `s` by one fixed step of h seconds that ends at time t; `stepCount` steps came before it. */
export function runFixedStep(s: SteeringState, h: number, t: number, stepCount: number): void {
  s.obsPrev.set(s.obsPos);
  for (let m = 0; m < s.obstacles.length; m++) if (s.pinned[m] === 0) placeObstacle(s, m, t);
  const n = s.agents.length;
  s.prev.set(s.pos);
  if (n > 0) {
    let rMax = 0,
      reach = 0,
      stepMax = 0;
    for (let i = 0; i < n; i++) {
      const r = s.rad[i];
      if (r > rMax) rMax = r;
      if (r * (1 + s.params.avoidRange) > reach) reach = r * (1 + s.params.avoidRange);
      const a = s.agents[i];
      s.held[i] = a.arrived && a.goalObstacle < 0 ? 1 : 0;
      const step = a.spec.speed * h;
      if (step > stepMax) stepMax = step;
    }
    // One cell covers both the steering query and the separation query after the moves;
    // reciprocal avoidance grows its queries from one cell (which covers the separation) over
    // hashes of cells 2 and 4 times as large.
    const reciprocal = s.params.avoidance === 'reciprocal';
    const cell = Math.max(reciprocal ? 0 : reach + rMax, 2 * rMax + 2 * stepMax, MIN_NEIGHBOR_CELL);
    // Reciprocal avoidance queries scan tables (no stamps); steer builds the coarser levels when first needed.
    s.neighbors.build(s.pos, n, cell, reciprocal);
    s.built = 1;
    s.nbCount = 0;
    for (let i = 0; i < n; i++) {
      s.nbStart[i] = s.nbCount;
      steer(s, i, h, t, rMax, stepMax, stepCount);
    }
    s.nbStart[n] = s.nbCount;
    separate(s);
    for (let i = 0; i < n; i++) {
      collide(s, i);
      measure(s, i, h, t);
    }
  }
}
