/**
 * Fingerprints of simulation runs, for golden tests that pin the steering behaviour exactly:
 * an FNV-1a hash of the bits of every per-step array a renderer reads (positions, headings,
 * pull and push forces), the final positions and the metrics report.
 */
import { WaypointGraph } from '../../src/core/graph/WaypointGraph.ts';
import { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';
import type { Vec3 } from '../../src/core/math/vec3.ts';
import { VoxelGeometry } from '../../src/core/steering/VoxelGeometry.ts';
import { GridPlanner, WaypointPlanner } from '../../src/core/steering/planners.ts';
import { Simulation, type SimulationReport } from '../../src/core/steering/Simulation.ts';

export interface Trace {
  /** FNV-1a (32 bits, hex) over the float64 bits of the per-step arrays of every step. */
  hash: string;
  steps: number;
  /** Final agent positions (exact doubles). */
  positions: number[];
  report: SimulationReport;
}

const v = (x: number, y: number, z: number): Vec3 => ({ x, y, z });

class Fnv {
  private h = 0x811c9dc5;

  add(a: Float64Array, n: number): void {
    const bytes = new Uint8Array(a.buffer, a.byteOffset, 8 * n);
    let h = this.h;
    for (let k = 0; k < bytes.length; k++) {
      h ^= bytes[k];
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    this.h = h;
  }

  hex(): string {
    return this.h.toString(16).padStart(8, '0');
  }
}

/** Runs `steps` fixed steps (calling `before(k)` ahead of step k) and fingerprints them. */
export function trace(sim: Simulation, steps: number, before: (k: number) => void = () => {}): Trace {
  const fnv = new Fnv();
  for (let k = 0; k < steps; k++) {
    before(k);
    sim.fixedStep();
    const n = 3 * sim.agentCount;
    fnv.add(sim.positions, n);
    fnv.add(sim.headings, n);
    fnv.add(sim.pullForces, n);
    fnv.add(sim.pushForces, n);
  }
  return { hash: fnv.hex(), steps, positions: Array.from(sim.positions.subarray(0, 3 * sim.agentCount)), report: sim.report() };
}

/**
 * A voxel world with a wall, an orbiting obstacle, agents started on one spot (the seeded
 * push), a chaser docking on the obstacle, head-on pairs, and edits during the run: the
 * obstacle pinned and released, a voxel wall painted, a goal changed, an agent removed.
 */
export function traceGridWorld(seed = 7, steps = 700): Trace {
  const grid = new VoxelGrid({ dims: [14, 6, 14] });
  for (let y = 0; y < 6; y++) for (let z = 0; z < 8; z++) grid.setBlocked(6, y, z, true);
  const sim = new Simulation({
    geometry: new VoxelGeometry(grid),
    planner: new GridPlanner(grid),
    cellSize: 1,
    seed,
    movingObstacles: [
      { id: 'moon', radius: 0.8, positionAt: (t, out) => Object.assign(out, v(6 + 3 * Math.cos(t), 3, 10 + 2 * Math.sin(t))) },
    ],
    agents: [
      ...[0, 1, 2].map((k) => ({ id: `a${k}`, start: v(2.5, 2.5, 2.5), goal: v(10.5, 1.5 + k, 2.5), radius: 0.3, speed: 2 + k })),
      { id: 'chaser', start: v(1.5, 3.5, 12.5), goal: { obstacle: 'moon' }, radius: 0.4, speed: 2.5 },
      { id: 'east', start: v(1.5, 1.5, 12.5), goal: v(12.5, 1.5, 12.5), radius: 0.45, speed: 2 },
      { id: 'west', start: v(12.5, 1.5, 12.5), goal: v(1.5, 1.5, 12.5), radius: 0.45, speed: 2 },
      { id: 'inside', start: v(6.5, 2.5, 3.5), goal: v(9.5, 2.5, 11.5), radius: 0.35, speed: 1.5 },
    ],
  });
  return trace(sim, steps, (k) => {
    if (k === 100) sim.moveObstacle('moon', 4, 2, 6);
    if (k === 180) sim.releaseObstacle('moon');
    if (k === 220) {
      for (let y = 0; y < 6; y++) for (let x = 8; x < 14; x++) grid.setBlocked(x, y, 6, true);
      sim.staticGeometryChanged();
    }
    if (k === 300) sim.setGoal(0, v(1.5, 4.5, 11.5));
    if (k === 400) sim.removeAgent(2);
    if (k === 450) sim.setParams({ avoidRange: 3, pullGain: 0.7 });
  });
}

/** Waypoint planning in an open world with a voxel pillar: string pulling and replans. */
export function traceWaypointWorld(seed = 3, steps = 500): Trace {
  const grid = new VoxelGrid({ dims: [12, 4, 12] });
  for (let y = 0; y < 4; y++) for (let z = 3; z < 9; z++) for (let x = 5; x < 7; x++) grid.setBlocked(x, y, z, true);
  const geometry = new VoxelGeometry(grid);
  const positions = [1.5, 1.5, 1.5, 10.5, 1.5, 1.5, 10.5, 1.5, 10.5, 1.5, 1.5, 10.5, 5.5, 2.5, 1.5, 5.5, 2.5, 10.5];
  const pairs = [0, 1, 1, 2, 2, 3, 3, 0, 0, 4, 4, 1, 2, 5, 5, 3];
  const graph = new WaypointGraph(positions, pairs);
  const sim = new Simulation({
    geometry,
    planner: new WaypointPlanner(
      () => graph,
      (ax, ay, az, bx, by, bz, r) => geometry.clear(ax, ay, az, bx, by, bz, r),
    ),
    cellSize: 1,
    seed,
    agents: [0, 1, 2, 3].map((k) => ({
      id: `w${k}`,
      start: v(1.5 + 0.2 * k, 1.5, 2 + 0.1 * k),
      goal: v(10 - 0.3 * k, 1.5, 9.5),
      radius: 0.3,
      speed: 2,
    })),
  });
  return trace(sim, steps);
}
