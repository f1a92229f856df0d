/**
 * The agents' simulation session (what sim.worker.ts runs) in node: an edit of static geometry
 * goes into the running simulation (same time, agents where they were, blocked agents replan
 * around the new obstacle); any other edit restarts it, playing on if it was playing.
 */
import { describe, expect, it } from 'vitest';
import type { SimRequest, SimResponse, SimSnapshot } from '../../src/app/features/agents/protocol.ts';
import { SimSession } from '../../src/app/features/agents/SimSession.ts';
import { addWaypoint, setObstacle } from '../../src/app/features/editor/edits.ts';
import type { SceneObstacle } from '../../src/scene/schema.ts';
import { parseScene } from '../../src/scene/validate.ts';

/** One agent flying from a to b in the open; a detour over n1 and n2 (z = 7) exists. */
const scene = () =>
  parseScene({
    version: 1,
    name: 'sim session',
    bounds: { min: [-10, 0, -10], max: [10, 10, 10] },
    waypoints: [
      { id: 'a', position: [-8, 1, 0] },
      { id: 'b', position: [8, 1, 0] },
      { id: 'n1', position: [-4, 1, 7] },
      { id: 'n2', position: [4, 1, 7] },
    ],
    agents: [{ id: 'ship', start: 'a', goal: 'b', radius: 0.3, speed: 2 }],
  });

/** A wall across the straight line from a to b (x -1..1, z -4..4, full height). */
const WALL: SceneObstacle = { id: 'wall', shape: 'box', position: [0, 5, 0], size: [2, 10, 8] };

/**
 * A session as the worker runs it: every message reaches it as a copy (postMessage clones
 * documents, so no part of an edited document is the same object as before).
 */
function session() {
  const snaps: SimSnapshot[] = [];
  const errors: string[] = [];
  let ticking = false;
  const session = new SimSession(
    (m: SimResponse) => {
      if (m.type === 'error') errors.push(m.message);
      else snaps.push(m);
    },
    { start: () => void (ticking = true), stop: () => void (ticking = false) },
  );
  const s = {
    handle: (m: SimRequest) => session.handle(structuredClone(m)),
    advance: (dt: number) => session.advance(dt),
    get state() {
      return session.state;
    },
  };
  const last = () => snaps[snaps.length - 1];
  /** Plays for `seconds` in 1/60 s ticks, acking every snapshot as the app does. */
  const run = (seconds: number) => {
    for (let t = 0; t < seconds; t += 1 / 60) {
      s.advance(1 / 60);
      s.handle({ type: 'ack' });
    }
  };
  return { s, snaps, errors, last, run, ticking: () => ticking };
}

const x = (snap: SimSnapshot) => [snap.positions[0], snap.positions[1], snap.positions[2]];

describe('SimSession: edits while the agents run', () => {
  it('a new obstacle goes into the running simulation: same time, same places, the blocked agent replans around it', () => {
    const { s, errors, last, run, ticking } = session();
    const doc = scene();
    s.handle({ type: 'init', doc, generation: 1, settings: { avoidance: 'swarm', avoidRange: 3, pullGain: 4, speed: null, radius: null } });
    s.handle({ type: 'inspect', index: 0 });
    s.handle({ type: 'play' });
    expect(ticking()).toBe(true);
    run(1);
    const before = last();
    expect(before.time).toBeGreaterThan(0.9);
    expect(before.positions[0]).toBeGreaterThan(-7.5); // on its way
    // The straight line: no detour yet.
    expect(Array.from(before.path)).toEqual(expect.not.arrayContaining([7]));
    const sim = s.state!.simulation;
    const replans = sim.metrics(0).replans;

    s.handle({ type: 'edit', doc: setObstacle(doc, WALL), generation: 7 });
    const edited = last();
    expect(edited.generation).toBe(7);
    expect(edited.time).toBe(before.time);
    expect(edited.steps).toBe(before.steps);
    expect(x(edited)).toEqual(x(before));
    expect(s.state!.simulation).toBe(sim); // the same simulation, not a new one
    expect(ticking()).toBe(true);

    run(0.2);
    expect(sim.metrics(0).replans).toBeGreaterThan(replans);
    const path = sim.path(0).points;
    const points = Array.from({ length: path.length / 3 }, (_, k) => [path[3 * k], path[3 * k + 1], path[3 * k + 2]]);
    // Around the wall over n1 and n2, never through it.
    expect(points).toContainEqual([-4, 1, 7]);
    expect(points).toContainEqual([4, 1, 7]);
    for (let k = 1; k < points.length; k++) {
      const [p, q] = [points[k - 1], points[k]];
      const crosses = (p[0] + 1) * (q[0] + 1) <= 0 || (p[0] - 1) * (q[0] - 1) <= 0;
      if (crosses) expect(Math.min(Math.abs(p[2]), Math.abs(q[2])), `segment ${k}`).toBeGreaterThan(4);
    }
    expect(last().time).toBeGreaterThan(before.time);
    expect(errors).toEqual([]);
  });

  it('removing the obstacle again lets the agent take the straight line', () => {
    const { s, last, run } = session();
    const walled = setObstacle(scene(), WALL);
    s.handle({
      type: 'init',
      doc: walled,
      generation: 1,
      settings: { avoidance: 'swarm', avoidRange: 3, pullGain: 4, speed: null, radius: null },
    });
    s.handle({ type: 'play' });
    run(0.5);
    const sim = s.state!.simulation;
    const detour = Array.from(sim.path(0).points);
    expect(detour).toContain(7);
    s.handle({ type: 'edit', doc: { ...walled, obstacles: [] }, generation: 2 });
    expect(last().time).toBeGreaterThan(0.4);
    // Replanning on a freed path is not forced; a new goal replans from here on the new world.
    s.handle({ type: 'retarget', index: 0, goal: [8, 1, 0] });
    run(0.1);
    expect(Array.from(sim.path(0).points)).not.toContain(7);
  });

  it('an edit beyond static geometry (a new waypoint) restarts the simulation, playing on', () => {
    const { s, last, run, ticking } = session();
    const doc = scene();
    s.handle({ type: 'init', doc, generation: 1, settings: { avoidance: 'swarm', avoidRange: 3, pullGain: 4, speed: null, radius: null } });
    s.handle({ type: 'play' });
    run(1);
    const sim = s.state!.simulation;
    expect(last().time).toBeGreaterThan(0.9);
    s.handle({ type: 'edit', doc: addWaypoint(doc, [0, 5, 0], 'extra').doc, generation: 3 });
    const restarted = last();
    expect(restarted.generation).toBe(3);
    expect(restarted.time).toBe(0);
    expect(x(restarted)).toEqual([-8, 1, 0]);
    expect(s.state!.simulation).not.toBe(sim);
    expect(ticking()).toBe(true);
    expect(restarted.playing).toBe(true);
  });

  it('a paused simulation stays paused through a restarting edit', () => {
    const { s, last, ticking } = session();
    const doc = scene();
    s.handle({ type: 'init', doc, generation: 1, settings: { avoidance: 'swarm', avoidRange: 3, pullGain: 4, speed: null, radius: null } });
    s.handle({ type: 'step' });
    expect(last().steps).toBe(1);
    s.handle({ type: 'edit', doc: addWaypoint(doc, [0, 5, 0], 'extra').doc, generation: 2 });
    expect([last().steps, last().playing, ticking()]).toEqual([0, false, false]);
  });
});

describe('SimSession: generations', () => {
  it('snapshots carry the generation the init named (the panel may have held inits back)', () => {
    const { s, last } = session();
    s.handle({
      type: 'init',
      doc: scene(),
      generation: 7,
      settings: { avoidance: 'swarm', avoidRange: 3, pullGain: 4, speed: null, radius: null },
    });
    expect(last().generation).toBe(7);
    s.handle({
      type: 'init',
      doc: scene(),
      generation: 9,
      settings: { avoidance: 'swarm', avoidRange: 3, pullGain: 4, speed: null, radius: null },
    });
    expect(last().generation).toBe(9);
  });
});
