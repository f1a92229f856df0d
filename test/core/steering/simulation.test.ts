/**
 * The steering simulation in the core, without three: the swarm rule written out by hand,
 * the fixed-step clock, degenerate inputs, determinism, crowds (corridors, replanning and moving
 * goals: simulationPaths.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import type { Vec3 } from '../../../src/core/math/vec3.ts';
import type { ContactList, StaticGeometry } from '../../../src/core/steering/geometry.ts';
import { VoxelGeometry } from '../../../src/core/steering/VoxelGeometry.ts';
import { DEFAULT_STEERING_PARAMS, resolveSteeringParams } from '../../../src/core/steering/params.ts';
import { GridPlanner } from '../../../src/core/steering/planners.ts';
import { Simulation, type AgentSpec, type MovingObstacleSpec } from '../../../src/core/steering/Simulation.ts';

const v = (x: number, y: number, z: number): Vec3 => ({ x, y, z });
const H = 1 / 60;

/** Solid half-space below the plane `axis` = 0 (axis 1: a floor; 0: a wall), analytic. */
function halfSpace(axis: 0 | 1 | 2): StaticGeometry {
  const c = (x: number, y: number, z: number) => [x, y, z][axis];
  const normal = [0, 0, 0].map((_, k) => (k === axis ? 1 : 0));
  const foot = (x: number, y: number, z: number) => [x, y, z].map((p, k) => (k === axis ? 0 : p));
  return {
    createQuery: () => ({
      contacts(x: number, y: number, z: number, maxDistance: number, out: ContactList) {
        out.clear();
        const d = Math.max(c(x, y, z), 0);
        const [fx, fy, fz] = foot(x, y, z);
        if (d <= maxDistance) out.offer(0, d, fx, fy, fz, normal[0], normal[1], normal[2]);
        return out.count;
      },
      invalidate() {},
    }),
    nearest(p, maxDistance, outPoint, outNormal) {
      const d = Math.max(c(p.x, p.y, p.z), 0);
      if (d > maxDistance) return Infinity;
      const [fx, fy, fz] = foot(p.x, p.y, p.z);
      Object.assign(outPoint, v(fx, fy, fz));
      Object.assign(outNormal, v(normal[0], normal[1], normal[2]));
      return d;
    },
    clear: (ax, ay, az, bx, by, bz, r) => Math.min(c(ax, ay, az), c(bx, by, bz)) >= r,
    inside: (x, y, z) => c(x, y, z) < 0,
  };
}

function allFinite(sim: Simulation): boolean {
  const n = 3 * sim.agentCount;
  for (const arr of [sim.positions, sim.velocities, sim.headings, sim.pullForces, sim.pushForces]) {
    for (let k = 0; k < n; k++) if (!Number.isFinite(arr[k])) return false;
  }
  return true;
}

function runUntilArrived(sim: Simulation, maxSeconds: number): void {
  for (let k = 0; k < maxSeconds * 60 && !sim.allArrived; k++) sim.fixedStep();
}

describe('the swarm rule', () => {
  for (const axis of [1, 0, 2] as const) {
    it(`pull x max(1, pullGain x contenders) plus 1/gap pushes, normalised, speed x dt (surface normal on axis ${axis})`, () => {
      // The agent flies along an axis parallel to the surface, 1 away from it (gap 0.5).
      const along = axis === 0 ? 1 : 0;
      const start = [0, 0, 0];
      start[axis] = 1;
      const goal = [...start];
      goal[along] = 10;
      const sim = new Simulation({
        geometry: halfSpace(axis),
        agents: [{ id: 'a', start: v(start[0], start[1], start[2]), goal: v(goal[0], goal[1], goal[2]), radius: 0.5, speed: 3 }],
      });
      sim.fixedStep();
      const pull = Array.from(sim.pullForces.subarray(0, 3));
      const push = Array.from(sim.pushForces.subarray(0, 3));
      const expectedPull = [0, 0, 0];
      expectedPull[along] = 4; // one contender (the surface): max(1, 4 x 1)
      const expectedPush = [0, 0, 0];
      expectedPush[axis] = 1 / 0.5;
      pull.forEach((p, k) => expect(p).toBeCloseTo(expectedPull[k], 12));
      push.forEach((p, k) => expect(p).toBeCloseTo(expectedPush[k], 12));
      const len = Math.hypot(4, 2);
      const moved = Array.from(sim.positions.subarray(0, 3)).map((p, k) => p - start[k]);
      expect(moved[along]).toBeCloseTo((3 * H * 4) / len, 12);
      expect(moved[axis]).toBeCloseTo((3 * H * 2) / len, 12);
    });
  }

  it('clamps the gap to minDistance and ignores obstacles beyond avoidRange x radius', () => {
    const near = new Simulation({
      geometry: halfSpace(1),
      params: { minDistance: 0.05 },
      agents: [{ id: 'a', start: v(0, 0.51, 0), goal: v(10, 0.51, 0), radius: 0.5, speed: 1 }],
    });
    near.fixedStep();
    expect(near.pushForces[1]).toBeCloseTo(20, 9);
    // Gap 1.6 > avoidRange 3 x radius 0.5: no push, no contender, pull weight 1.
    const far = new Simulation({
      geometry: halfSpace(1),
      agents: [{ id: 'a', start: v(0, 2.1, 0), goal: v(10, 2.1, 0), radius: 0.5, speed: 1 }],
    });
    far.fixedStep();
    expect(Array.from(far.pushForces.subarray(0, 3))).toEqual([0, 0, 0]);
    expect(far.pullForces[0]).toBeCloseTo(1, 12);
  });

  it('agents push each other with 1/gap between their spheres', () => {
    const agents: AgentSpec[] = [
      { id: 'a', start: v(0, 0, 0), goal: v(10, 0, 0), radius: 0.5, speed: 2 },
      { id: 'b', start: v(0, 0, 1.2), goal: v(10, 0, 1.2), radius: 0.5, speed: 2 },
    ];
    const sim = new Simulation({ agents });
    sim.fixedStep();
    expect(sim.pushForces[2]).toBeCloseTo(-1 / 0.2, 9);
    expect(sim.pushForces[5]).toBeCloseTo(1 / 0.2, 9);
    expect(sim.pullForces[0]).toBeCloseTo(4, 12);
  });
});

describe('the fixed-step clock', () => {
  const make = () => new Simulation({ agents: [{ id: 'a', start: v(0, 0, 0), goal: v(5, 1, 2), radius: 0.2, speed: 1.5 }] });

  it('dt = 0 is a no-op; a negative or NaN dt is misuse', () => {
    const sim = make();
    const before = Array.from(sim.positions.subarray(0, 3));
    expect(sim.step(0)).toBe(0);
    expect(sim.time).toBe(0);
    expect(Array.from(sim.positions.subarray(0, 3))).toEqual(before);
    expect(() => sim.step(-1)).toThrow(/dt/);
    expect(() => sim.step(NaN)).toThrow(/dt/);
  });

  it('the same fixed steps whatever the frame rate', () => {
    const a = make(),
      b = make(),
      c = make();
    for (let k = 0; k < 120; k++) a.step(1 / 60);
    for (let k = 0; k < 40; k++) b.step(0.05);
    for (let k = 0; k < 100; k++) c.step(0.02);
    expect(a.stepCount).toBe(120);
    expect(b.stepCount).toBe(120);
    expect(c.stepCount).toBe(120);
    expect(Array.from(b.positions.subarray(0, 3))).toEqual(Array.from(a.positions.subarray(0, 3)));
    expect(Array.from(c.positions.subarray(0, 3))).toEqual(Array.from(a.positions.subarray(0, 3)));
    expect(a.alpha).toBeGreaterThanOrEqual(0);
    expect(a.alpha).toBeLessThan(1);
  });

  it('caps the steps of one call', () => {
    const sim = make();
    sim.setParams({ maxStepsPerCall: 10 });
    expect(sim.step(5)).toBe(10);
    expect(sim.alpha).toBe(0);
  });

  it('checks parameters', () => {
    expect(resolveSteeringParams({})).toEqual(DEFAULT_STEERING_PARAMS);
    expect(() => resolveSteeringParams({ stepHz: 0 })).toThrow(/stepHz/);
    expect(() => resolveSteeringParams({ checkInterval: 1.5 })).toThrow(/checkInterval/);
    expect(() => make().setParams({ avoidRange: -1 })).toThrow(/avoidRange/);
  });
});

describe('degenerate inputs', () => {
  it('an agent at its goal, coincident agents, radius 0, an obstacle on an agent: no NaN', () => {
    const parked: MovingObstacleSpec = { id: 'rock', radius: 1, positionAt: (_t, out) => Object.assign(out, v(3, 0, 0)) };
    const sim = new Simulation({
      movingObstacles: [parked],
      agents: [
        { id: 'home', start: v(1, 1, 1), goal: v(1, 1, 1), radius: 0.3, speed: 1 },
        { id: 'twin-1', start: v(0, 0, 0), goal: v(-5, 0, 0), radius: 0.3, speed: 1 },
        { id: 'twin-2', start: v(0, 0, 0), goal: v(-5, 0, 1.5), radius: 0.3, speed: 1 },
        { id: 'twin-3', start: v(0, 0, 0), goal: v(0, 0, 0), radius: 0.3, speed: 1 },
        { id: 'point', start: v(2, 2, 2), goal: v(2, 2, 4), radius: 0, speed: 2 },
        { id: 'in-rock', start: v(3, 0, 0), goal: v(8, 0, 0), radius: 0.2, speed: 1 },
      ],
    });
    expect(sim.arrived(0)).toBe(true);
    expect(sim.metrics(0).timeToArrive).toBe(0);
    expect(sim.metrics(0).planned).toBe(0);
    for (const dt of [0, H, 0, 0.1, 1e-9, 0.5]) {
      sim.step(dt);
      expect(allFinite(sim)).toBe(true);
    }
    const p = sim.positions;
    const gap = (i: number, j: number) => Math.hypot(p[3 * i] - p[3 * j], p[3 * i + 1] - p[3 * j + 1], p[3 * i + 2] - p[3 * j + 2]);
    expect(gap(1, 2)).toBeGreaterThan(0.3);
    expect(gap(2, 3)).toBeGreaterThan(0.3);
    runUntilArrived(sim, 30);
    expect(sim.allArrived).toBe(true);
    expect(allFinite(sim)).toBe(true);
    for (const m of sim.report().agents)
      for (const value of Object.values(m)) if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
  });

  it('rejects bad agents, naming the problem', () => {
    const sim = new Simulation();
    expect(() => sim.addAgent({ id: 'x', start: v(0, 0, 0), goal: v(1, 0, 0), radius: -1, speed: 1 })).toThrow(/radius/);
    expect(() => sim.addAgent({ id: 'x', start: v(0, 0, 0), goal: v(1, 0, 0), radius: 1, speed: 0 })).toThrow(/speed/);
    expect(() => sim.addAgent({ id: 'x', start: v(NaN, 0, 0), goal: v(1, 0, 0), radius: 1, speed: 1 })).toThrow(/start/);
    expect(() => sim.addAgent({ id: 'x', start: v(0, 0, 0), goal: { obstacle: 'nope' }, radius: 1, speed: 1 })).toThrow(/nope/);
  });
});

/** A small world with every kind of obstacle, and three agents on one spot (they need the seed). */
function busyWorld(seed: number): Simulation {
  const grid = new VoxelGrid({ dims: [12, 6, 12] });
  for (let y = 0; y < 6; y++) for (let z = 0; z < 8; z++) grid.setBlocked(6, y, z, true);
  const orbiter: MovingObstacleSpec = {
    id: 'moon',
    radius: 0.8,
    positionAt: (t, out) => Object.assign(out, v(6 + 3 * Math.cos(t), 3, 9 + 2 * Math.sin(t))),
  };
  return new Simulation({
    geometry: new VoxelGeometry(grid),
    planner: new GridPlanner(grid),
    cellSize: 1,
    seed,
    movingObstacles: [orbiter],
    agents: [0, 1, 2].map((k) => ({ id: `a${k}`, start: v(2.5, 2.5, 2.5), goal: v(10.5, 1.5 + k, 2.5), radius: 0.3, speed: 2 + k })),
  });
}

function trajectory(sim: Simulation, steps: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < steps; k++) {
    sim.fixedStep();
    out.push(...sim.positions.subarray(0, 3 * sim.agentCount));
  }
  return out;
}

describe('determinism', () => {
  it('replaying gives identical trajectories; reset() replays too; another seed differs', () => {
    const first = trajectory(busyWorld(7), 400);
    expect(trajectory(busyWorld(7), 400)).toEqual(first);
    const sim = busyWorld(7);
    trajectory(sim, 123);
    sim.moveObstacle('moon', 1, 1, 1);
    sim.reset();
    expect(trajectory(sim, 400)).toEqual(first);
    expect(trajectory(busyWorld(8), 400)).not.toEqual(first);
  });
});

describe('crowds', () => {
  it('two agents meeting head-on pass each other without overlapping', () => {
    const sim = new Simulation({
      agents: [
        { id: 'east', start: v(-10, 0, 0), goal: v(10, 0, 0), radius: 0.5, speed: 2 },
        { id: 'west', start: v(10, 0, 0), goal: v(-10, 0, 0), radius: 0.5, speed: 2 },
      ],
    });
    let least = Infinity;
    for (let k = 0; k < 60 * 40 && !sim.allArrived; k++) {
      sim.fixedStep();
      const p = sim.positions;
      least = Math.min(least, Math.hypot(p[0] - p[3], p[1] - p[4], p[2] - p[5]));
    }
    expect(sim.allArrived).toBe(true);
    for (const m of sim.report().agents) expect(m.timeToArrive!).toBeLessThan((2 * 20) / 2 + 10);
    expect(least).toBeGreaterThan(1 - 1e-6);
  });

  it('a ring of agents crossing through the middle all arrive, no overlaps', () => {
    const n = 24;
    const agents: AgentSpec[] = [];
    for (let k = 0; k < n; k++) {
      const a = (2 * Math.PI * k) / n;
      agents.push({
        id: `r${k}`,
        start: v(8 * Math.cos(a), 0.1 * (k % 3), 8 * Math.sin(a)),
        goal: v(-8 * Math.cos(a), 0, -8 * Math.sin(a)),
        radius: 0.4,
        speed: 2,
      });
    }
    const sim = new Simulation({ agents, seed: 3 });
    let worst = 0;
    for (let k = 0; k < 60 * 40 && !sim.allArrived; k++) {
      sim.fixedStep();
      const p = sim.positions;
      for (let i = 0; i < n; i++)
        for (let j = i + 1; j < n; j++)
          worst = Math.max(worst, 0.8 - Math.hypot(p[3 * i] - p[3 * j], p[3 * i + 1] - p[3 * j + 1], p[3 * i + 2] - p[3 * j + 2]));
    }
    expect(sim.allArrived).toBe(true);
    for (const m of sim.report().agents) expect(m.timeToArrive!).toBeLessThan((2 * 16) / 2 + 10);
    // The separation passes leave at most a sliver of overlap (diameter 0.8).
    expect(worst).toBeLessThan(0.03);
  });
});

/** An L-shaped corridor one voxel wide (y = 1): along x at z = 1, then along z at x = 10. */
