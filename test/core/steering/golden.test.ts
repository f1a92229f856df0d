/**
 * Golden traces: seeded simulations whose every step (positions, headings, forces), final
 * positions and metrics must match values recorded from a known-good build, bit for bit. They
 * pin the steering behaviour through refactoring; a deliberate change of behaviour re-records
 * golden-traces.json (and says why in the change).
 */
import { describe, expect, it } from 'vitest';
import { traceGridWorld, traceWaypointWorld } from '../../support/simulationTrace.ts';
import golden from './golden-traces.json' with { type: 'json' };

describe('golden simulation traces', () => {
  it('a voxel world with a moving obstacle, a chaser, head-on agents and edits replays exactly', () => {
    expect(traceGridWorld()).toEqual(golden.gridWorld);
  });

  it('waypoint planning with string pulling replays exactly', () => {
    expect(traceWaypointWorld()).toEqual(golden.waypointWorld);
  });

  it('another seed gives another trace (the fingerprint sees differences)', () => {
    expect(traceGridWorld(8).hash).not.toBe(golden.gridWorld.hash);
  });
});
