/**
 * StuckTracker, which counts the agents the status line calls stuck: arrived agents never are,
 * moving agents are not, an agent that makes no progress for `seconds` of simulated time is,
 * and it is no longer stuck once it moves on.
 */
import { describe, expect, it } from 'vitest';
import { StuckTracker } from '../../src/app/features/agents/stuck.ts';

/** Three agents of radius 0.5: 0 arrived and parked, 1 moving steadily, 2 trembling in place. */
function frame(t: number, trembling: [number, number, number] = [5, 0, 0]) {
  const positions = [0, 0, 0, 0.4 * t, 1, 0, ...trembling];
  return { positions, radii: [0.5, 0.5, 0.5], arrived: [1, 0, 0] };
}

describe('StuckTracker', () => {
  it('arrived agents are never stuck, moving agents are not, an agent without progress is after `seconds`', () => {
    const tracker = new StuckTracker();
    const flags = new Uint8Array(3);
    let t = 0;
    // Moves of 0.1 (under one radius) back and forth: no progress.
    for (; t < tracker.seconds - 0.25; t += 0.25) {
      const f = frame(t, [5 + (t % 0.5 === 0 ? 0.1 : -0.1), 0, 0]);
      expect(tracker.update(t, 3, f.positions, f.radii, f.arrived, flags), `t = ${t}`).toBe(0);
    }
    expect(Array.from(flags)).toEqual([0, 0, 0]);
    t = tracker.seconds;
    const f = frame(t);
    expect(tracker.update(t, 3, f.positions, f.radii, f.arrived, flags)).toBe(1);
    expect(Array.from(flags)).toEqual([0, 0, 1]);
    // Still there a while later: still stuck; the parked, arrived agent never counts.
    const g = frame(t + 5);
    expect(tracker.update(t + 5, 3, g.positions, g.radii, g.arrived, flags)).toBe(1);
    expect(Array.from(flags)).toEqual([0, 0, 1]);
  });

  it('an agent that moves on is no longer stuck, and is stuck again only after another `seconds` without progress', () => {
    const tracker = new StuckTracker();
    const flags = new Uint8Array(3);
    const at = (t: number, x: number) => {
      const f = frame(t, [x, 0, 0]);
      return tracker.update(t, 3, f.positions, f.radii, f.arrived, flags);
    };
    at(0, 5);
    expect(at(4, 5)).toBe(1);
    // More than one radius (0.5) from where it was stuck.
    expect(at(4.5, 5.6)).toBe(0);
    expect(flags[2]).toBe(0);
    expect(at(4.5 + tracker.seconds - 0.5, 5.6)).toBe(0);
    expect(at(4.5 + tracker.seconds, 5.6)).toBe(1);
  });

  it('progress is measured in agent radii; time going back (a reset) and clear() start over', () => {
    const tracker = new StuckTracker();
    const big = (t: number, x: number) => tracker.update(t, 1, [x, 0, 0], [2], [0]);
    big(0, 0);
    // 1.5 units is less than one radius of 2: no progress.
    expect(big(3, 1.5)).toBe(1);
    // Reset: time 0 again, the clock starts over.
    expect(big(0, 0)).toBe(0);
    expect(big(2, 0)).toBe(0);
    tracker.clear();
    expect(big(4, 0)).toBe(0);
    expect(big(6.9, 0)).toBe(0);
    expect(big(7, 0)).toBe(1);
  });

  it('agents added later start their own clock', () => {
    const tracker = new StuckTracker();
    expect(tracker.update(0, 1, [0, 0, 0], [0.5], [0])).toBe(0);
    expect(tracker.update(2, 2, [0, 0, 0, 9, 9, 9], [0.5, 0.5], [0, 0])).toBe(0);
    const flags = new Uint8Array(2);
    expect(tracker.update(3, 2, [0, 0, 0, 9, 9, 9], [0.5, 0.5], [0, 0], flags)).toBe(1);
    expect(Array.from(flags)).toEqual([1, 0]);
    expect(tracker.update(5, 2, [0, 0, 0, 9, 9, 9], [0.5, 0.5], [0, 0], flags)).toBe(2);
  });
});
