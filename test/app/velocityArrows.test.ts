/** Issue 26: each agent's chosen and preferred velocity drawn as two arrows, updated in place. */
import { type BufferAttribute, Color } from 'three';
import { describe, expect, it } from 'vitest';
import { ARROW_RADII, CHOSEN_COLOR, PREFERRED_COLOR, VelocityArrows } from '../../src/app/features/agents/VelocityArrows.ts';
import type { SimSnapshot } from '../../src/app/features/agents/protocol.ts';
import { agentSnapshot } from '../support/agentSnapshot.ts';

/** `n` agents at x = i, flying +x at speed 1 while wanting +z at speed 2; agent 0 at rest (arrived). */
function snapshot(n: number): SimSnapshot {
  const positions = new Float32Array(3 * n);
  const velocities = new Float32Array(3 * n);
  const preferred = new Float32Array(3 * n);
  for (let i = 0; i < n; i++) {
    positions.set([i, 0, 0], 3 * i);
    if (i > 0) {
      velocities.set([1, 0, 0], 3 * i);
      preferred.set([0, 0, 2], 3 * i);
    }
  }
  return agentSnapshot(n, { steps: 1, positions, velocities, preferred });
}

const positionArray = (a: VelocityArrows) => (a.geometry.getAttribute('position') as BufferAttribute).array as Float32Array;

describe('VelocityArrows', () => {
  it('draws the chosen and the preferred velocity of every moving agent, on one scale per agent', () => {
    const a = new VelocityArrows();
    a.update(snapshot(3), 0);
    expect(a.arrows).toBe(4); // agent 0 neither moves nor wants to
    const p = positionArray(a);
    const len = ARROW_RADII * 0.5; // the preferred arrow (speed 2) is the longer one
    // Agent 1: chosen +x at half the preferred length, preferred +z.
    expect(Array.from(p.subarray(0, 12))).toEqual([1, 0, 0, 1 + len / 2, 0, 0, 1, 0, 0, 1, 0, len]);
    const c = (a.geometry.getAttribute('color') as BufferAttribute).array as Float32Array;
    const chosen = new Color(CHOSEN_COLOR).toArray(),
      preferred = new Color(PREFERRED_COLOR).toArray();
    expect(Array.from(c.subarray(0, 12))).toEqual([...chosen, ...chosen, ...preferred, ...preferred].map(Math.fround));
    // A minimum drawn radius scales the arrows with the drawn agent.
    a.update(snapshot(3), 2);
    expect(positionArray(a)[11]).toBeCloseTo(ARROW_RADII * 2, 6);
  });

  it('rewrites its buffers in place, growing them only for more agents than ever', () => {
    const a = new VelocityArrows();
    a.update(snapshot(10), 0);
    const first = positionArray(a);
    a.update(snapshot(10), 0);
    a.update(snapshot(5), 0);
    expect(positionArray(a)).toBe(first);
    expect(a.arrows).toBe(8);
    a.update(snapshot(200), 0);
    const grown = positionArray(a);
    expect(grown).not.toBe(first);
    expect(a.arrows).toBe(2 * 199);
    a.update(snapshot(150), 0);
    expect(positionArray(a)).toBe(grown);
    // The colours follow the growth: the last agent's preferred arrow is still magenta.
    const c = (a.geometry.getAttribute('color') as BufferAttribute).array as Float32Array;
    expect(c.length).toBe(grown.length);
    expect(Array.from(c.subarray(c.length - 3))).toEqual(new Color(PREFERRED_COLOR).toArray().map(Math.fround));
    a.dispose();
  });
});
