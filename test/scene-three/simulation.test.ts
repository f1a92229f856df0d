/**
 * The steering simulation on the shipped scenes through the three adapter: every agent
 * arrives in time and never ends a step inside static geometry (checked here independently,
 * through the BVH and the true shapes, every step), galaxy ships reach their planets, the
 * sealed-room agent stops at the closest reachable point, runs replay exactly, and moving a
 * wall across a path makes the agent replan.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { vec3 } from '../../src/core/math/vec3.ts';
import { ContactList } from '../../src/core/steering/geometry.ts';
import type { Simulation } from '../../src/core/steering/Simulation.ts';
import { readSceneMeshes } from '../../src/cli/meshFiles.ts';
import type { LoadedMeshes } from '../../src/scene-three/sceneMeshes.ts';
import { buildVoxelGrid, movingObstaclePosition, parseScene, resolvePoint, type SceneDocument } from '../../src/scene/index.ts';
import { ObstacleWorld } from '../../src/three/ObstacleWorld.ts';
import { BvhGeometry } from '../../src/three/BvhGeometry.ts';
import { createSceneSimulation, planningGraph } from '../../src/scene-three/simulation.ts';
import { pointTriangleDistanceSq } from '../../src/core/geometry/triangleMath.ts';
import { refMoves } from '../support/reference.ts';
import { mulberry32 } from '../support/random.ts';

const DIR = new URL('../../scenes/', import.meta.url);
const sceneFiles = readdirSync(DIR)
  .filter((f) => f.endsWith('.json') && f !== 'index.json' && f !== 'scene.schema.json')
  .sort();
const load = (file: string): SceneDocument => parseScene(readFileSync(new URL(file, DIR), 'utf8'));

interface Run {
  sim: Simulation;
  /** Steps that ended with an agent penetrating static geometry by more than 1e-3, by an independent check. */
  inside: number[];
  /** Agent positions at the step each first arrived. */
  arrivals: (number[] | null)[];
}

/** Runs until every agent has arrived (or `maxSeconds`), checking penetration every step. */
function run(doc: SceneDocument, maxSeconds: number, meshes?: LoadedMeshes): Run {
  const { simulation: sim, world } = createSceneSimulation(doc, { world: ObstacleWorld.fromScene(doc, { sceneMeshes: meshes }) });
  const n = sim.agentCount;
  const inside = new Array(n).fill(0);
  const arrivals: (number[] | null)[] = new Array(n).fill(null);
  const q = vec3(),
    nrm = vec3();
  const radii = doc.agents.map((a) => a.radius);
  for (let k = 0; k < maxSeconds * sim.params.stepHz && !sim.allArrived; k++) {
    sim.fixedStep();
    const p = sim.positions;
    for (let i = 0; i < n; i++) {
      const x = p[3 * i],
        y = p[3 * i + 1],
        z = p[3 * i + 2];
      const r = radii[i];
      const d = world.closestPointOnObstacles({ x, y, z }, r, q, nrm);
      if (world.contains(x, y, z) || d < r - 1e-3) inside[i]++;
      if (arrivals[i] === null && sim.arrived(i)) arrivals[i] = [x, y, z, sim.time];
    }
  }
  return { sim, inside, arrivals };
}

describe('BvhGeometry', () => {
  it('contacts: the nearest point of every surface in range, as brute force over the triangles finds it', () => {
    for (const file of ['open-field.json', 'thin-walls.json', 'building.json']) {
      const doc = load(file);
      const world = ObstacleWorld.fromScene(doc);
      const geo = new BvhGeometry(world);
      const query = geo.createQuery();
      const out = new ContactList(64);
      const soup = world.bvh.soup;
      const rand = mulberry32(9);
      let x = 0,
        y = 0,
        z = 0;
      let checked = 0;
      for (let step = 0; step < 400; step++) {
        if (step % 20 === 0) {
          // Near a random triangle's corner, then wandering in small steps: the query's cache is
          // both reused and refilled.
          const t = Math.floor(rand() * (soup.length / 9));
          [x, y, z] = [0, 1, 2].map((a) => soup[9 * t + a] + (rand() - 0.5) * 3);
        }
        x += (rand() - 0.5) * 0.4;
        y += (rand() - 0.5) * 0.4;
        z += (rand() - 0.5) * 0.4;
        const reach = 0.5 + 1.5 * rand();
        const best = new Map<number, number>();
        for (let t = 0; t < soup.length / 9; t++) {
          const d = Math.sqrt(pointTriangleDistanceSq(x, y, z, soup, 9 * t));
          if (d > reach) continue;
          const s = world.surfaceOf(t);
          best.set(s, Math.min(best.get(s) ?? Infinity, d));
        }
        const n = query.contacts(x, y, z, reach, out);
        expect(n).toBe(Math.min(best.size, out.capacity));
        for (let c = 0; c < n; c++) {
          const d = out.distance[c];
          expect(d).toBeCloseTo(best.get(out.surface[c])!, 9);
          const px = out.point[3 * c],
            py = out.point[3 * c + 1],
            pz = out.point[3 * c + 2];
          expect(Math.hypot(x - px, y - py, z - pz)).toBeCloseTo(d, 9);
          if (d > 1e-6) expect((x - px) / d).toBeCloseTo(out.normal[3 * c], 9);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(300);
    }
  });
});

describe('planning graph of a document', () => {
  it('follows search.graph, else the voxel layer, else the waypoints, else straight lines', () => {
    const base = load('thin-walls.json');
    expect(planningGraph(base)).toBe('waypoints');
    expect(planningGraph({ ...base, search: { graph: 'grid' } })).toBe('waypoints');
    expect(planningGraph({ ...base, waypoints: [] })).toBe('straight');
    expect(planningGraph(load('maze.json'))).toBe('grid');
    expect(planningGraph({ ...load('open-field.json'), search: undefined })).toBe('grid');
    expect(planningGraph(load('open-field.json'))).toBe('waypoints');
  });
});

describe('shipped scenes', () => {
  const withAgents = sceneFiles.filter((f) => load(f).agents.length > 0);

  it('every shipped scene has agents to simulate', () => {
    expect(withAgents.length).toBe(sceneFiles.length);
  });

  for (const file of withAgents) {
    it(`${file}: every agent arrives within 2 x planned / speed + 10 s and never ends a step inside geometry`, async () => {
      const doc = load(file);
      const bound = Math.max(...doc.agents.map((a) => (2 * 400) / a.speed + 10));
      // The example levels' meshes are part of their static world.
      const meshes = await readSceneMeshes(doc, fileURLToPath(new URL(file, DIR)));
      const { sim, inside, arrivals } = run(doc, bound, meshes);
      const report = sim.report();
      const grid = buildVoxelGrid(doc);
      const half = grid ? grid.cellSize / 2 : 0;
      doc.agents.forEach((spec, i) => {
        const m = report.agents[i];
        expect(m.id).toBe(spec.id);
        expect(m.arrived, `${spec.id} arrived`).toBe(true);
        expect(m.timeToArrive!, `${spec.id} time`).toBeLessThanOrEqual((2 * m.planned) / spec.speed + 10);
        expect(inside[i], `${spec.id} steps inside (independent check)`).toBe(0);
        expect(m.stepsInside).toBe(0);
        expect(m.minClearance!).toBeGreaterThan(-1e-3);
        // Where it arrived, checked against the document (not the simulation's own goal).
        const [x, y, z, t] = arrivals[i]!;
        const reach = Math.max(spec.radius, half) + 1e-6;
        const mo = doc.movingObstacles.find((o) => o.id === spec.goal);
        if (mo) {
          const c = movingObstaclePosition(mo, t, vec3());
          expect(Math.hypot(x - c.x, y - c.y, z - c.z) - mo.radius, `${spec.id} reached ${mo.id}`).toBeLessThanOrEqual(reach);
        } else if (sim.path(i).status === 'found') {
          const g = resolvePoint(doc, spec.goal);
          expect(Math.hypot(x - g.x, y - g.y, z - g.z), `${spec.id} at its goal`).toBeLessThanOrEqual(reach);
        }
      });
    });
  }

  it('galaxy: every ship chases a planet and docks on it', () => {
    const doc = load('galaxy.json');
    expect(doc.agents.every((a) => doc.movingObstacles.some((m) => m.id === a.goal))).toBe(true);
    const { sim } = run(doc, 60);
    expect(sim.allArrived).toBe(true);
    // Docked ships ride along: ten seconds later each still touches its planet.
    for (let k = 0; k < 600; k++) sim.fixedStep();
    doc.agents.forEach((a, i) => {
      const c = movingObstaclePosition(doc.movingObstacles.find((m) => m.id === a.goal)!, sim.time, vec3());
      const p = sim.positions;
      expect(
        Math.hypot(p[3 * i] - c.x, p[3 * i + 1] - c.y, p[3 * i + 2] - c.z) - doc.movingObstacles.find((m) => m.id === a.goal)!.radius,
      ).toBeLessThan(a.radius + 0.25);
    });
  });

  it('sealed room: the agent stops at the reachable voxel nearest the goal', () => {
    const doc = load('sealed-room.json');
    const grid = buildVoxelGrid(doc)!;
    const { sim } = run(doc, 60);
    expect(sim.path(0).status).toBe('unreachable');
    // Independent flood fill with the written movement rules (26 neighbours, no corner cutting).
    const start = grid.worldToVoxel(resolvePoint(doc, doc.agents[0].start), vec3());
    const goal = resolvePoint(doc, doc.agents[0].goal);
    const ref = { X: grid.X, Y: grid.Y, Z: grid.Z, blocked: (x: number, y: number, z: number) => grid.isBlocked(x, y, z), cost: () => 1 };
    const seen = new Set<number>([grid.index(start.x, start.y, start.z)]);
    const queue = [[start.x, start.y, start.z]];
    let nearest = Infinity;
    const centres: number[][] = [];
    while (queue.length > 0) {
      const [x, y, z] = queue.pop()!;
      const c = grid.voxelCenter(x, y, z, vec3());
      const d = Math.hypot(c.x - goal.x, c.y - goal.y, c.z - goal.z);
      if (d < nearest - 1e-9) {
        nearest = d;
        centres.length = 0;
      }
      if (d <= nearest + 1e-9) centres.push([c.x, c.y, c.z]);
      for (const [tx, ty, tz] of refMoves(ref, x, y, z, 26, 'forbid')) {
        const i = grid.index(tx, ty, tz);
        if (!seen.has(i)) {
          seen.add(i);
          queue.push([tx, ty, tz]);
        }
      }
    }
    const p = Array.from(sim.positions.subarray(0, 3));
    const reach = Math.max(doc.agents[0].radius, grid.cellSize / 2) + 1e-6;
    expect(sim.arrived(0)).toBe(true);
    expect(centres.some(([x, y, z]) => Math.hypot(p[0] - x, p[1] - y, p[2] - z) <= reach)).toBe(true);
    expect(Math.hypot(p[0] - goal.x, p[1] - goal.y, p[2] - goal.z)).toBeGreaterThan(nearest - reach);
  });

  it('river-bridge: skipping ahead on the path never wades across the river the search avoided', () => {
    const doc = load('river-bridge.json');
    const { simulation: sim } = createSceneSimulation(doc);
    let westMost = Infinity;
    while (!sim.allArrived && sim.time < 60) {
      sim.fixedStep();
      const [x, , z] = sim.positions.subarray(0, 3);
      // The river runs across z 7..10; the ford is near x = 7.5, the bridge at x 14..17.
      if (z > 7 && z < 10) westMost = Math.min(westMost, x);
    }
    expect(sim.allArrived).toBe(true);
    expect(westMost).toBeGreaterThan(12);
  });

  it('replaying a scene gives identical trajectories', () => {
    for (const file of ['open-field.json', 'galaxy.json']) {
      const trace = () => {
        const { simulation: sim } = createSceneSimulation(load(file), { seed: 4 });
        const out: number[] = [];
        for (let k = 0; k < 600; k++) {
          sim.fixedStep();
          out.push(...sim.positions.subarray(0, 3 * sim.agentCount));
        }
        return out;
      };
      expect(trace()).toEqual(trace());
    }
  });
});

/** Two rooms split by a tall wall at x = 0 with doors at z = 5 and z = -5; waypoints on both sides of each door. */
const twoDoors = {
  version: 1,
  name: 'two doors',
  agentRadius: 0.3,
  obstacles: [
    { id: 'wall-n', shape: 'box', position: [0, 0, 8.5], size: [0.2, 20, 3] },
    { id: 'wall-m', shape: 'box', position: [0, 0, 0], size: [0.2, 20, 8] },
    { id: 'wall-s', shape: 'box', position: [0, 0, -8.5], size: [0.2, 20, 3] },
  ],
  waypoints: [
    { id: 'w', position: [-6, 0, 1] },
    { id: 'e', position: [6, 0, 1] },
    { id: 'n-west', position: [-1.5, 0, 5] },
    { id: 'n-east', position: [1.5, 0, 5] },
    { id: 's-west', position: [-1.5, 0, -5] },
    { id: 's-east', position: [1.5, 0, -5] },
  ],
  agents: [{ id: 'walker', start: 'w', goal: 'e', radius: 0.3, speed: 2 }],
};

describe('static edits', () => {
  it('a wall moved into the door on the path makes the agent replan through the other door', () => {
    const doc = parseScene(twoDoors);
    const calm = run(doc, 40);
    expect(calm.sim.allArrived).toBe(true);
    expect(calm.sim.metrics(0).replans).toBe(0);

    const scene = createSceneSimulation(doc);
    const { simulation: sim, world } = scene;
    const before = Array.from(sim.path(0).points);
    expect(before.some((v, k) => k % 3 === 2 && v === 5)).toBe(true); // planned through the north door
    for (let k = 0; k < 60; k++) sim.fixedStep();
    const changed = world.setObstacle({ id: 'plug', shape: 'box', position: [0, 0, 5], size: [1, 20, 2.4] });
    scene.worldChanged(changed);
    let southMost = Infinity;
    const q = vec3(),
      nrm = vec3();
    for (let k = 0; k < 60 * 40 && !sim.allArrived; k++) {
      sim.fixedStep();
      const [x, y, z] = sim.positions.subarray(0, 3);
      southMost = Math.min(southMost, z);
      expect(world.contains(x, y, z)).toBe(false);
      expect(world.closestPointOnObstacles({ x, y, z }, 0.3, q, nrm) >= 0.3 - 1e-3).toBe(true);
    }
    expect(sim.metrics(0).replans).toBeGreaterThanOrEqual(1);
    expect(sim.allArrived).toBe(true);
    expect(southMost).toBeLessThan(-4);
    expect(sim.metrics(0).stepsInside).toBe(0);
  });
});
