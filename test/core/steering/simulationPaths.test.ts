/**
 * The steering simulation along planned paths, without three: narrow corridors, replanning,
 * moving goals, agents added, removed and re-sent.
 */
import { describe, expect, it } from 'vitest';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import type { Vec3 } from '../../../src/core/math/vec3.ts';
import { VoxelGeometry } from '../../../src/core/steering/VoxelGeometry.ts';
import { GridPlanner, StraightPlanner, type PathPlanner, type PlannedPath } from '../../../src/core/steering/planners.ts';
import { Simulation, type MovingObstacleSpec } from '../../../src/core/steering/Simulation.ts';

const v = (x: number, y: number, z: number): Vec3 => ({ x, y, z });

function runUntilArrived(sim: Simulation, maxSeconds: number): void {
  for (let k = 0; k < maxSeconds * 60 && !sim.allArrived; k++) sim.fixedStep();
}

/** Least distance from a point to the solid voxels of a grid, by brute force over boxes. */
function voxelDistance(g: VoxelGrid, x: number, y: number, z: number): number {
  let best = Infinity;
  for (let k = 0; k < g.Z; k++)
    for (let j = 0; j < g.Y; j++)
      for (let i = 0; i < g.X; i++) {
        if (!g.isBlocked(i, j, k)) continue;
        const s = g.cellSize,
          o = g.origin;
        const ex = Math.max(o.x + i * s - x, 0, x - o.x - (i + 1) * s);
        const ey = Math.max(o.y + j * s - y, 0, y - o.y - (j + 1) * s);
        const ez = Math.max(o.z + k * s - z, 0, z - o.z - (k + 1) * s);
        best = Math.min(best, Math.hypot(ex, ey, ez));
      }
  return best;
}

function lCorridor(): VoxelGrid {
  const g = new VoxelGrid({ dims: [12, 3, 12] });
  for (let z = 0; z < 12; z++)
    for (let y = 0; y < 3; y++)
      for (let x = 0; x < 12; x++) {
        const open = y === 1 && ((z === 1 && x >= 1 && x <= 10) || (x === 10 && z >= 1 && z <= 10));
        if (!open) g.setBlocked(x, y, z, true);
      }
  return g;
}

describe('narrow corridors', () => {
  it('an agent started off-centre goes round an L corner without jitter or touching the walls', () => {
    const grid = lCorridor();
    const sim = new Simulation({
      geometry: new VoxelGeometry(grid),
      planner: new GridPlanner(grid, { neighborhood: 6 }),
      cellSize: 1,
      agents: [{ id: 'a', start: v(1.5, 1.35, 1.62), goal: v(10.5, 1.5, 10.5), radius: 0.3, speed: 3 }],
    });
    let sharp = 0,
      reversals = 0,
      lateralFlips = 0,
      least = Infinity;
    let last = [0, 0, 0];
    let lastLateral = 0;
    for (let k = 0; k < 60 * 30 && !sim.allArrived; k++) {
      sim.fixedStep();
      const vel = Array.from(sim.velocities.subarray(0, 3));
      const p = sim.positions;
      least = Math.min(least, voxelDistance(grid, p[0], p[1], p[2]));
      const a = Math.hypot(...vel),
        b = Math.hypot(...last);
      if (a > 1e-9 && b > 1e-9) {
        const cos = (vel[0] * last[0] + vel[1] * last[1] + vel[2] * last[2]) / (a * b);
        if (cos < Math.cos(Math.PI / 4)) sharp++;
        if (cos < -0.2) reversals++;
      }
      // Vertical velocity in the corridor: sign flips are the to-and-fro of jitter.
      if (Math.abs(vel[1]) > 0.05) {
        if (lastLateral !== 0 && Math.sign(vel[1]) !== lastLateral) lateralFlips++;
        lastLateral = Math.sign(vel[1]);
      }
      last = vel;
    }
    expect(sim.allArrived).toBe(true);
    expect(sim.metrics(0).stepsInside).toBe(0);
    expect(least).toBeGreaterThan(0.3 - 1e-3);
    expect(reversals).toBe(0);
    expect(sharp).toBeLessThanOrEqual(2); // the corner, taken in at most two sharp steps
    expect(lateralFlips).toBeLessThanOrEqual(1);
    expect(Math.abs(sim.positions[1] - 1.5)).toBeLessThan(0.05);
  });

  it('a fast agent driven into a wall never ends a step inside it', () => {
    const grid = new VoxelGrid({ dims: [10, 5, 5] });
    for (let y = 0; y < 5; y++) for (let z = 0; z < 5; z++) grid.setBlocked(5, y, z, true);
    // One voxel per step at 60 Hz: far more than the radius, so only the collision step stops it.
    const sim = new Simulation({
      geometry: new VoxelGeometry(grid),
      planner: new StraightPlanner(),
      agents: [{ id: 'a', start: v(1.5, 2.5, 2.5), goal: v(9.5, 2.5, 2.2), radius: 0.3, speed: 60 }],
    });
    for (let k = 0; k < 240; k++) {
      sim.fixedStep();
      const p = sim.positions;
      expect(p[0]).toBeLessThan(5);
      expect(voxelDistance(grid, p[0], p[1], p[2])).toBeGreaterThan(0.3 - 1e-3);
    }
    expect(sim.metrics(0).stepsInside).toBe(0);
    expect(sim.metrics(0).minClearance!).toBeGreaterThan(-1e-3);
  });
});

/** Plans straight through everything the first time, then like `inner`. */
class NaiveFirst implements PathPlanner {
  calls = 0;
  constructor(private readonly inner: PathPlanner) {}

  plan(from: Vec3, to: Vec3, radius: number, blockers?: Float64Array, count?: number): PlannedPath {
    if (this.calls++ === 0) return new StraightPlanner().plan(from, to);
    return this.inner.plan(from, to, radius, blockers, count);
  }
}

describe('replanning', () => {
  const open = () => new VoxelGrid({ dims: [21, 5, 5] });
  const rock: MovingObstacleSpec = { id: 'rock', radius: 1, positionAt: (_t, out) => Object.assign(out, v(100, 100, 100)) };
  const make = (grid: VoxelGrid) =>
    new Simulation({
      geometry: new VoxelGeometry(grid),
      planner: new GridPlanner(grid),
      cellSize: 1,
      movingObstacles: [rock],
      agents: [{ id: 'a', start: v(1.5, 2.5, 2.5), goal: v(19.5, 2.5, 2.5), radius: 0.3, speed: 3 }],
    });

  it('replans around an obstacle moved across the path', () => {
    const calm = make(open());
    runUntilArrived(calm, 30);
    expect(calm.allArrived).toBe(true);
    expect(calm.metrics(0).replans).toBe(0);

    const sim = make(open());
    for (let k = 0; k < 60; k++) sim.fixedStep();
    sim.moveObstacle('rock', 12.5, 2.5, 2.5);
    sim.fixedStep();
    expect(sim.metrics(0).replans).toBe(1);
    // The new path keeps the agent's sphere off the rock.
    const { points } = sim.path(0);
    for (let k = 0; k + 1 < points.length / 3; k++) {
      const [ax, ay, az, bx, by, bz] = points.subarray(3 * k, 3 * k + 6);
      let least = Infinity;
      for (let s = 0; s <= 50; s++)
        least = Math.min(
          least,
          Math.hypot(ax + ((bx - ax) * s) / 50 - 12.5, ay + ((by - ay) * s) / 50 - 2.5, az + ((bz - az) * s) / 50 - 2.5),
        );
      expect(least).toBeGreaterThanOrEqual(1.3 - 1e-9);
    }
    let closest = Infinity;
    for (let k = 0; k < 60 * 30 && !sim.allArrived; k++) {
      sim.fixedStep();
      closest = Math.min(closest, Math.hypot(sim.positions[0] - 12.5, sim.positions[1] - 2.5, sim.positions[2] - 2.5));
    }
    expect(sim.allArrived).toBe(true);
    expect(closest).toBeGreaterThan(1.3 - 1e-6);
  });

  it('an agent that makes no progress replans from where it is', () => {
    const grid = new VoxelGrid({ dims: [11, 5, 5] });
    for (let y = 0; y < 5; y++) for (let z = 0; z < 5; z++) if (y !== 4 || z !== 4) grid.setBlocked(5, y, z, true);
    const planner = new NaiveFirst(new GridPlanner(grid));
    const sim = new Simulation({
      geometry: new VoxelGeometry(grid),
      planner,
      cellSize: 1,
      agents: [{ id: 'a', start: v(1.5, 2.5, 2.5), goal: v(9.5, 2.5, 2.5), radius: 0.3, speed: 2 }],
    });
    for (let k = 0; k < 60; k++) sim.fixedStep();
    expect(sim.metrics(0).replans).toBe(0);
    runUntilArrived(sim, 40);
    expect(sim.metrics(0).replans).toBeGreaterThanOrEqual(1);
    expect(sim.allArrived).toBe(true);
    expect(sim.metrics(0).stepsInside).toBe(0);
  });

  it('an unreachable goal: the agent stops at the end of the closest-reachable path', () => {
    const grid = new VoxelGrid({ dims: [12, 5, 5] });
    // A sealed 3x3x3 shell around voxel (9, 2, 2).
    for (let z = 1; z <= 3; z++)
      for (let y = 1; y <= 3; y++) for (let x = 8; x <= 10; x++) if (x !== 9 || y !== 2 || z !== 2) grid.setBlocked(x, y, z, true);
    const sim = new Simulation({
      geometry: new VoxelGeometry(grid),
      planner: new GridPlanner(grid),
      cellSize: 1,
      agents: [{ id: 'a', start: v(1.5, 2.5, 2.5), goal: v(9.5, 2.5, 2.5), radius: 0.3, speed: 2 }],
    });
    const { points, status } = sim.path(0);
    expect(status).toBe('unreachable');
    const end = Array.from(points.subarray(points.length - 3));
    expect(end).toEqual([7.5, 2.5, 2.5]);
    runUntilArrived(sim, 20);
    expect(sim.allArrived).toBe(true);
    const p = Array.from(sim.positions.subarray(0, 3));
    expect(Math.hypot(p[0] - 7.5, p[1] - 2.5, p[2] - 2.5)).toBeLessThanOrEqual(0.5 + 1e-6);
    expect(sim.metrics(0).stepsInside).toBe(0);
  });
});

describe('moving goals', () => {
  it('chases an orbiting obstacle, docks on its surface and rides along', () => {
    const planet: MovingObstacleSpec = {
      id: 'planet',
      radius: 1.5,
      positionAt: (t, out) => Object.assign(out, v(5 * Math.cos(t * 0.6), 0, 5 * Math.sin(t * 0.6))),
    };
    const sim = new Simulation({
      movingObstacles: [planet],
      agents: [{ id: 'ship', start: v(20, 3, 0), goal: { obstacle: 'planet' }, radius: 0.5, speed: 5 }],
    });
    const c = v(0, 0, 0);
    runUntilArrived(sim, 30);
    expect(sim.allArrived).toBe(true);
    const gap = () => {
      planet.positionAt(sim.time, c);
      return Math.hypot(sim.positions[0] - c.x, sim.positions[1] - c.y, sim.positions[2] - c.z) - 1.5;
    };
    expect(gap()).toBeLessThanOrEqual(0.5 + 1e-6);
    for (let k = 0; k < 300; k++) {
      sim.fixedStep();
      expect(gap()).toBeLessThan(0.5 + 0.05);
      expect(gap()).toBeGreaterThan(0.5 - 0.05);
    }
  });
});

describe('agents added, removed and re-sent', () => {
  it('keeps arrays aligned with ids', () => {
    const sim = new Simulation();
    for (let k = 0; k < 20; k++) sim.addAgent({ id: `a${k}`, start: v(k, 0, 0), goal: v(k, 5, 0), radius: 0.1, speed: 1 });
    sim.removeAgent(3);
    expect(sim.agentCount).toBe(19);
    expect(sim.agentIds()[3]).toBe('a4');
    expect(sim.positions[9]).toBe(4);
    expect(sim.radii[3]).toBeCloseTo(0.1, 12);
    runUntilArrived(sim, 20);
    expect(sim.allArrived).toBe(true);
    sim.setGoal(0, v(0, -5, 0));
    expect(sim.arrived(0)).toBe(false);
    runUntilArrived(sim, 20);
    expect(sim.positions[1]).toBeCloseTo(-5, 0);
  });
});
