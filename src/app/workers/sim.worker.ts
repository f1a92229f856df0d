/**
 * The steering simulation, off the main thread: builds the scene's static world (BVH) and
 * planner, steps the simulation on a fixed-step clock while playing, and sends snapshots of
 * the agents to the app (at most one in flight: the next waits for the app's ack).
 */
import { mulberry32 } from '../../core/math/random.ts';
import type { Vec3 } from '../../core/math/vec3.ts';
import type { AgentSpec, Simulation } from '../../core/steering/Simulation.ts';
import { resolvePoint, type SceneDocument } from '../../scene/index.ts';
import { ObstacleWorld } from '../../three/ObstacleWorld.ts';
import type { LoadedMeshes } from '../../three/sceneMeshes.ts';
import { soupMeshes } from './meshSoups.ts';
import { createSceneSimulation, type SceneSimulation } from '../../three/simulation.ts';
import type { AgentSettings, SimRequest, SimResponse, SimSnapshot } from '../agents/protocol.ts';
import { geometryOnlyEdit, syncWorld } from '../editor/worldSync.ts';

let state: SceneSimulation | null = null;
let doc: SceneDocument | null = null;
/** Each agent's spec as created (document or spawn), before the panel's overrides. */
let specs: AgentSpec[] = [];
let settings: AgentSettings = { avoidRange: 3, pullGain: 4, speed: null, radius: null };
let generation = 0;
let playing = false;
let timer: ReturnType<typeof setTimeout> | null = null;
let last = 0;
let acked = true;
let pending = false;
let spawned = 0;
let random = mulberry32(1);
/** The agent whose path snapshots carry (-1: none). */
let inspected = -1;

const post = (m: SimResponse, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(m, transfer);

function withSettings(spec: AgentSpec, start: Vec3 = spec.start): AgentSpec {
  return { ...spec, start, speed: settings.speed ?? spec.speed, radius: settings.radius ?? spec.radius };
}

/** The meshes of the scene the last 'init' brought (edits keep the same meshes). */
let meshes: LoadedMeshes = new Map();

function init(d: SceneDocument, s: AgentSettings): void {
  pause();
  generation++;
  doc = d;
  settings = s;
  spawned = 0;
  random = mulberry32(1);
  state = createSceneSimulation(d, { params: { avoidRange: s.avoidRange, pullGain: s.pullGain }, world: ObstacleWorld.fromScene(d, { sceneMeshes: meshes }) });
  const sim = state.simulation;
  const moving = new Set(d.movingObstacles.map((m) => m.id));
  specs = d.agents.map((a) => ({
    id: a.id,
    start: resolvePoint(d, a.start, 0),
    goal: typeof a.goal === 'string' && moving.has(a.goal) ? { obstacle: a.goal } : resolvePoint(d, a.goal, 0),
    radius: a.radius,
    speed: a.speed,
  }));
  if (s.speed !== null || s.radius !== null) rebuild(sim, false);
  send(true);
}

/**
 * An edit of the scene: static geometry changes go into the running world (agents keep their
 * places and replan where the edit blocks them); other edits restart the simulation, playing
 * on if it was playing.
 */
function edit(d: SceneDocument, gen: number): void {
  if (state === null || doc === null || !geometryOnlyEdit(doc, d)) {
    const wasPlaying = playing;
    init(d, settings);
    generation = gen;
    if (wasPlaying) play();
    else send(true);
    return;
  }
  const change = syncWorld(state.world, doc, d);
  doc = d;
  generation = gen;
  for (const box of change.boxes) state.worldChanged(box);
  // Terrain costs only: no geometry moved, but plans may now be dearer than a detour.
  if (change.boxes.length === 0 && change.voxels) state.simulation.staticGeometryChanged();
  send(true);
}

/** Re-creates every agent with the current overrides (at its start, or where it is now). */
function rebuild(sim: Simulation, inPlace: boolean): void {
  const pos = sim.positions;
  const starts = specs.map((sp, i) => (inPlace ? { x: pos[3 * i], y: pos[3 * i + 1], z: pos[3 * i + 2] } : sp.start));
  while (sim.agentCount > 0) sim.removeAgent(sim.agentCount - 1);
  specs.forEach((sp, i) => sim.addAgent(withSettings(sp, starts[i])));
}

/** A random free point: a waypoint, else the centre of a free voxel, else a point in the bounds outside geometry. */
function randomPoint(): Vec3 {
  const d = doc!;
  const world = state!.world;
  if (d.waypoints.length >= 2) {
    const w = d.waypoints[Math.floor(random() * d.waypoints.length)].position;
    return { x: w[0], y: w[1], z: w[2] };
  }
  const { min, max } = d.bounds;
  for (let k = 0; k < 200; k++) {
    const p = { x: min[0] + random() * (max[0] - min[0]), y: min[1] + random() * (max[1] - min[1]), z: min[2] + random() * (max[2] - min[2]) };
    const g = world.grid;
    if (g !== null) {
      const v = g.worldToVoxel(p, { x: 0, y: 0, z: 0 });
      if (g.isBlocked(v.x, v.y, v.z)) continue;
      g.voxelCenter(v.x, v.y, v.z, p);
    }
    if (!world.contains(p.x, p.y, p.z)) return p;
  }
  return { x: (min[0] + max[0]) / 2, y: (min[1] + max[1]) / 2, z: (min[2] + max[2]) / 2 };
}

function spawn(count: number, defaults: { speed: number; radius: number }): void {
  const sim = state!.simulation;
  for (let k = 0; k < count; k++) {
    const start = randomPoint();
    let goal = randomPoint();
    for (let t = 0; t < 5 && Math.hypot(goal.x - start.x, goal.y - start.y, goal.z - start.z) < 1e-6; t++) goal = randomPoint();
    const spec: AgentSpec = { id: `spawn-${++spawned}`, start, goal, speed: defaults.speed, radius: defaults.radius };
    specs.push(spec);
    sim.addAgent(withSettings(spec));
  }
  send(true);
}

function play(): void {
  if (playing) return;
  playing = true;
  last = performance.now();
  tick();
}

function pause(): void {
  playing = false;
  if (timer !== null) clearTimeout(timer);
  timer = null;
}

function tick(): void {
  if (!playing || state === null) return;
  const t = performance.now();
  state.simulation.step(Math.min(0.1, (t - last) / 1000));
  last = t;
  send(false);
  timer = setTimeout(tick, 1000 / 60);
}

/** Sends a snapshot now if the app is ready for one, else as soon as it acks. */
function send(force: boolean): void {
  if (state === null) return;
  if (!acked && !force) {
    pending = true;
    return;
  }
  acked = false;
  pending = false;
  const sim = state.simulation;
  const n = sim.agentCount;
  const a = sim.alpha;
  const pos = sim.positions;
  const prev = sim.previousPositions;
  const positions = new Float32Array(3 * n);
  for (let i = 0; i < 3 * n; i++) positions[i] = prev[i] + (pos[i] - prev[i]) * a;
  const arrived = new Uint8Array(n);
  let arrivedCount = 0;
  for (let i = 0; i < n; i++) arrivedCount += arrived[i] = sim.arrived(i) ? 1 : 0;
  const snap: SimSnapshot = {
    type: 'snapshot', generation, time: sim.time, steps: sim.stepCount, playing, count: n,
    ids: force ? sim.agentIds() : null,
    positions,
    headings: Float32Array.from(sim.headings.subarray(0, 3 * n)),
    pull: Float32Array.from(sim.pullForces.subarray(0, 3 * n)),
    push: Float32Array.from(sim.pushForces.subarray(0, 3 * n)),
    radii: Float32Array.from(sim.radii.subarray(0, n)),
    arrived, arrivedCount,
    obstacles: Float32Array.from(sim.obstaclePositions.subarray(0, 3 * sim.obstacleCount)),
    goals: new Float32Array(3 * n),
    path: inspected >= 0 && inspected < n ? Float32Array.from(sim.path(inspected).points) : new Float32Array(0),
    pathOf: inspected < n ? inspected : -1,
  };
  const obstacleIds = sim.obstacleIds();
  const obs = sim.obstaclePositions;
  for (let i = 0; i < n && i < specs.length; i++) {
    const g = specs[i].goal;
    if ('obstacle' in g) {
      const k = obstacleIds.indexOf(g.obstacle);
      if (k >= 0) snap.goals.set([obs[3 * k], obs[3 * k + 1], obs[3 * k + 2]], 3 * i);
    } else snap.goals.set([g.x, g.y, g.z], 3 * i);
  }
  post(snap, [snap.positions.buffer, snap.headings.buffer, snap.pull.buffer, snap.push.buffer, snap.radii.buffer, arrived.buffer, snap.obstacles.buffer, snap.goals.buffer, snap.path.buffer]);
}

self.onmessage = (e: MessageEvent<SimRequest>) => {
  const m = e.data;
  try {
    if (m.type === 'init') {
      meshes = soupMeshes(m.meshes);
      return init(m.doc, m.settings);
    }
    if (m.type === 'edit') return edit(m.doc, m.generation);
    if (m.type === 'ack') {
      acked = true;
      if (pending) send(false);
      return;
    }
    if (state === null) return;
    const sim = state.simulation;
    switch (m.type) {
      case 'play': return play();
      case 'pause':
        pause();
        return send(true);
      case 'step':
        pause();
        sim.step(1 / sim.params.stepHz);
        return send(true);
      case 'reset':
        // Back to time 0 and every agent to its original start (rebuilt agents started where they were).
        sim.reset();
        rebuild(sim, false);
        return send(true);
      case 'spawn': return spawn(m.count, m.defaults);
      case 'inspect':
        inspected = m.index;
        return send(true);
      case 'retarget': {
        const [x, y, z] = m.goal;
        sim.setGoal(m.index, { x, y, z });
        // Kept through Reset and rebuilds, which re-create agents from their specs.
        specs[m.index] = { ...specs[m.index], goal: { x, y, z } };
        return send(true);
      }
      case 'settings': {
        const before = settings;
        settings = m.settings;
        sim.setParams({ avoidRange: settings.avoidRange, pullGain: settings.pullGain });
        if (before.speed !== settings.speed || before.radius !== settings.radius) rebuild(sim, true);
        return send(true);
      }
    }
  } catch (err) {
    post({ type: 'error', message: (err as Error).message });
  }
};
