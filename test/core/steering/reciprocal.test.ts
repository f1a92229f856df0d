/**
 * Reciprocal avoidance in the Simulation (issue 26): agents that never overlap, determinism,
 * minAgentGap, and the parameters' checks.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_STEERING_PARAMS } from '../../../src/core/steering/params.ts';
import { Simulation, type AgentSpec } from '../../../src/core/steering/Simulation.ts';

const agent = (id: string, start: [number, number, number], goal: [number, number, number], radius = 0.5): AgentSpec => ({
  id,
  start: { x: start[0], y: start[1], z: start[2] },
  goal: { x: goal[0], y: goal[1], z: goal[2] },
  radius,
  speed: 2,
});

/** n agents evenly on a sphere of radius R, each heading for its antipode. */
function sphereSwap(n: number, R: number): AgentSpec[] {
  const golden = Math.PI * (3 - Math.sqrt(5));
  return Array.from({ length: n }, (_, k) => {
    const y = 1 - (2 * (k + 0.5)) / n;
    const ring = Math.sqrt(1 - y * y);
    const p: [number, number, number] = [R * ring * Math.cos(golden * k), R * y, R * ring * Math.sin(golden * k)];
    return agent(`a${k}`, p, [-p[0], -p[1], -p[2]]);
  });
}

/** Runs until every agent arrives (at most `seconds`); returns the report and the steps taken. */
function run(sim: Simulation, seconds: number) {
  let steps = 0;
  while (!sim.allArrived && steps < seconds * 60) {
    sim.fixedStep();
    steps++;
  }
  return { ...sim.report(), steps };
}

describe('reciprocal avoidance', () => {
  it('is off by default: the swarm rule stays the default', () => {
    expect(DEFAULT_STEERING_PARAMS.avoidance).toBe('swarm');
    expect(new Simulation().params.avoidance).toBe('swarm');
  });

  it('two agents head-on pass each other without overlapping beyond 1% of a diameter', () => {
    const sim = new Simulation({
      params: { avoidance: 'reciprocal' },
      agents: [agent('a', [-8, 1, 0], [8, 1, 0]), agent('b', [8, 1, 0], [-8, 1, 0])],
    });
    let swerve = 0;
    for (let k = 0; k < 60 * 30 && !sim.allArrived; k++) {
      sim.fixedStep();
      swerve = Math.max(swerve, Math.hypot(sim.positions[1] - 1, sim.positions[2]));
    }
    const r = sim.report();
    expect(r.summary.arrived).toBe(2);
    expect(r.summary.minAgentGap).toBeGreaterThanOrEqual(0.99);
    // They did have to swerve: the straight line runs through the other agent.
    expect(swerve).toBeGreaterThan(0.4);
  });

  it('on a small sphere swap, the swarm rule lets agents come closer than reciprocal avoidance does', () => {
    const agents = sphereSwap(60, 15 * Math.sqrt(60 / 500));
    const swarm = run(new Simulation({ agents }), 60);
    const reciprocal = run(new Simulation({ agents, params: { avoidance: 'reciprocal' } }), 60);
    expect(reciprocal.summary.arrived).toBe(60);
    expect(reciprocal.summary.minAgentGap).toBeGreaterThanOrEqual(0.99);
    expect(swarm.summary.minAgentGap).toBeLessThan(reciprocal.summary.minAgentGap ?? 0);
  });

  it('many agents swapping places on a sphere never overlap beyond 1% of a diameter', () => {
    const n = 120;
    const r = run(new Simulation({ agents: sphereSwap(n, 15 * Math.sqrt(n / 500)), params: { avoidance: 'reciprocal' } }), 60);
    expect(r.summary.arrived).toBe(n);
    expect(r.summary.minAgentGap).toBeGreaterThanOrEqual(0.99);
  });

  it('is deterministic for a seed', () => {
    const make = () => new Simulation({ seed: 5, agents: sphereSwap(40, 6), params: { avoidance: 'reciprocal' } });
    const a = make(),
      b = make();
    for (let k = 0; k < 240; k++) {
      a.fixedStep();
      b.fixedStep();
    }
    expect(Array.from(a.positions.subarray(0, 120))).toEqual(Array.from(b.positions.subarray(0, 120)));
    expect(a.report()).toEqual(b.report());
  });

  it('avoids a moving obstacle crossing its path (the obstacle does not avoid)', () => {
    const sim = new Simulation({
      params: { avoidance: 'reciprocal' },
      agents: [agent('a', [-6, 0, 0], [6, 0, 0])],
      movingObstacles: [{ id: 'ball', radius: 1, positionAt: (t, out) => Object.assign(out, { x: 6 - 2 * t, y: 0, z: 0 }) }],
    });
    let least = Infinity;
    for (let k = 0; k < 60 * 20 && !sim.allArrived; k++) {
      sim.fixedStep();
      const p = sim.positions,
        o = sim.obstaclePositions;
      least = Math.min(least, Math.hypot(p[0] - o[0], p[1] - o[1], p[2] - o[2]) / 1.5);
    }
    expect(sim.allArrived).toBe(true);
    expect(least).toBeGreaterThanOrEqual(0.99);
  });
});

describe('minAgentGap', () => {
  it('is null with fewer than two agents, 1 when no two ever touch, and the least ratio otherwise', () => {
    expect(new Simulation().report().summary.minAgentGap).toBeNull();
    expect(new Simulation({ agents: [agent('a', [0, 0, 0], [1, 0, 0])] }).report().summary.minAgentGap).toBeNull();
    const apart = new Simulation({ agents: [agent('a', [0, 0, 0], [0, 0, 1]), agent('b', [5, 0, 0], [5, 0, 1])] });
    expect(apart.report().summary.minAgentGap).toBe(1);
    // Centres 0.6 apart at the start, radii 0.5 and 0.25: 0.6 / 0.75.
    const close = new Simulation({ agents: [agent('a', [0, 0, 0], [0, 0, 0]), agent('b', [0.6, 0, 0], [0.6, 0, 0], 0.25)] });
    expect(close.report().summary.minAgentGap).toBeCloseTo(0.8, 12);
    close.reset();
    expect(close.report().summary.minAgentGap).toBeCloseTo(0.8, 12);
  });
});

describe('avoidance parameters', () => {
  it('reject hostile values with errors naming the parameter', () => {
    const sim = new Simulation();
    expect(() => sim.setParams({ avoidance: 'orca' as never })).toThrow(/avoidance: expected 'swarm' or 'reciprocal', got 'orca'/);
    expect(() => sim.setParams({ avoidance: 1 as never })).toThrow(/avoidance: expected 'swarm' or 'reciprocal', got 1/);
    expect(() => sim.setParams({ timeHorizon: 0 })).toThrow(/timeHorizon: expected a number in \(0, 1000\], got 0/);
    expect(() => sim.setParams({ timeHorizon: Number.NaN })).toThrow(/timeHorizon/);
    expect(() => sim.setParams({ obstacleTimeHorizon: -1 })).toThrow(/obstacleTimeHorizon/);
    expect(() => new Simulation({ params: { avoidance: null as never } })).toThrow(/avoidance/);
    sim.setParams({ avoidance: 'reciprocal', timeHorizon: 3 });
    expect(sim.params.avoidance).toBe('reciprocal');
    expect(sim.params.timeHorizon).toBe(3);
  });
});
