import type { SimSnapshot } from '../../src/app/features/agents/protocol.ts';

/** A snapshot message of `n` agents at rest at the origin (every array zero, radius 0.5), with `fields` set over it. */
export function agentSnapshot(n: number, fields: Partial<SimSnapshot> = {}): SimSnapshot {
  const zeros = new Float32Array(3 * n);
  return {
    type: 'snapshot',
    generation: 1,
    time: 0,
    steps: 0,
    playing: false,
    count: n,
    ids: null,
    positions: zeros,
    headings: zeros,
    pull: zeros,
    push: zeros,
    velocities: zeros,
    preferred: zeros,
    radii: new Float32Array(n).fill(0.5),
    arrived: new Uint8Array(n),
    arrivedCount: 0,
    obstacles: new Float32Array(0),
    goals: zeros,
    path: new Float32Array(0),
    pathOf: -1,
    ...fields,
  };
}
