/** Agents easy to follow: goal markers for the agents still on their way, and trails of their last positions. */
import { describe, expect, it } from 'vitest';
import { AgentMarks, TRAIL_POINTS } from '../../src/app/features/agents/AgentMarks.ts';
import type { SimSnapshot } from '../../src/app/features/agents/protocol.ts';
import { agentSnapshot } from '../support/agentSnapshot.ts';

/** A snapshot of `n` agents at x = t * speed (agent i at z = i), goals at x = 10, the first arrived when `arrivedFirst`. */
function snapshot(n: number, t: number, arrivedFirst = false): SimSnapshot {
  const positions = new Float32Array(3 * n);
  const goals = new Float32Array(3 * n);
  for (let i = 0; i < n; i++) {
    positions.set([t, 0, i], 3 * i);
    goals.set([10, 0, i], 3 * i);
  }
  const arrived = new Uint8Array(n);
  if (arrivedFirst) arrived[0] = 1;
  return agentSnapshot(n, {
    time: t,
    playing: true,
    positions,
    goals,
    radii: new Float32Array(n).fill(0.1),
    arrived,
    arrivedCount: arrivedFirst ? 1 : 0,
  });
}

describe('AgentMarks', () => {
  it('marks the goal of every agent still on its way', () => {
    const m = new AgentMarks();
    m.update(snapshot(3, 0), 0.05);
    expect(m.counts.goals).toBe(3);
    m.update(snapshot(3, 1, true), 0.05);
    expect(m.counts.goals).toBe(2);
    m.showGoals = false;
    m.update(snapshot(3, 2, true), 0.05);
    expect(m.counts.goals).toBe(0);
    // More agents than the first buffer holds.
    m.showGoals = true;
    m.update(snapshot(100, 0), 0.05);
    expect(m.counts.goals).toBe(100);
  });

  it('draws trails only when asked, sampled every drawn radius, at most TRAIL_POINTS long, cleared on a reset', () => {
    const m = new AgentMarks();
    const steps = (from: number, to: number, dt: number) => {
      for (let k = 0; from + k * dt <= to + 1e-9; k++) m.update(snapshot(2, from + k * dt), 0.05);
    };
    steps(0, 1, 0.5);
    expect(m.counts.trailSegments).toBe(0);
    m.showTrails = true;
    // Moves of 0.01 are under a radius (0.1): one sample for each 0.1 moved.
    steps(1.01, 1.05, 0.01);
    const few = m.counts.trailSegments;
    steps(1.06, 3, 0.02);
    expect(m.counts.trailSegments).toBeGreaterThan(few);
    steps(3.5, 30, 0.5);
    expect(m.counts.trailSegments).toBe(2 * TRAIL_POINTS);
    // Time going back is a reset: the trails start again.
    m.update(snapshot(2, 0), 0.05);
    expect(m.counts.trailSegments).toBe(2);
    m.clearTrails();
    expect(m.counts.trailSegments).toBe(0);
    m.dispose();
  });
});
