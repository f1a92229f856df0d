/**
 * The steering simulation behind the agents panel, without the worker around it: builds the
 * scene's static world (BVH) and planner, takes the panel's requests (init, edits, spawning,
 * settings, selection), advances the simulation when told, and produces snapshots of the
 * agents (at most one in flight: the next waits for the app's ack). sim.worker.ts runs it off
 * the main thread on a timer; tests drive it directly.
 */
import { mulberry32 } from '../../../core/math/random.ts';
import type { Vec3 } from '../../../core/math/vec3.ts';
import type { AgentSpec, Simulation } from '../../../core/steering/Simulation.ts';
import { resolvePoint, type SceneDocument } from '../../../scene/index.ts';
import { ObstacleWorld } from '../../../three/ObstacleWorld.ts';
import type { LoadedMeshes } from '../../../scene-three/sceneMeshes.ts';
import { createSceneSimulation, type SceneSimulation } from '../../../scene-three/simulation.ts';
import { soupMeshes } from '../../shell/workers/meshSoups.ts';
import { geometryOnlyEdit, syncWorld } from '../../shell/scene/worldSync.ts';
import type { AgentSettings, SimRequest, SimResponse, SimSnapshot } from './protocol.ts';

/** Starts and stops the clock that calls `advance` while playing (a timer in the worker). */
export interface SimTicker {
  start(): void;
  stop(): void;
}

export class SimSession {
  /** The meshes of the scene the last 'init' brought (edits keep the same meshes). */
  private meshes: LoadedMeshes = new Map();
  /** The running simulation of the current document (null before init). */
  state: SceneSimulation | null = null;
  private doc: SceneDocument | null = null;
  /** Each agent's spec as created (document or spawn), before the panel's overrides. */
  private specs: AgentSpec[] = [];
  private settings: AgentSettings = { avoidance: 'swarm', avoidRange: 3, pullGain: 4, speed: null, radius: null };
  private generation = 0;
  playing = false;
  private acked = true;
  private pending = false;
  private spawned = 0;
  private random = mulberry32(1);
  /** The agent whose path snapshots carry (-1: none). */
  private inspected = -1;

  /**
   * @param post sends a message to the app (with the buffers to transfer)
   * @param ticker the clock that calls `advance` while playing
   */
  constructor(
    private readonly post: (m: SimResponse, transfer: Transferable[]) => void,
    private readonly ticker: SimTicker = { start() {}, stop() {} },
  ) {}

  /** Takes one request from the app; a failure is sent back as an error message. */
  handle(m: SimRequest): void {
    try {
      this.dispatch(m);
    } catch (err) {
      this.post({ type: 'error', message: (err as Error).message }, []);
    }
  }

  /** Advances a playing simulation by `dt` seconds (at most 0.1) and offers a snapshot. */
  advance(dt: number): void {
    if (!this.playing || this.state === null) return;
    this.state.simulation.step(Math.min(0.1, dt));
    this.send(false);
  }

  private dispatch(m: SimRequest): void {
    if (m.type === 'init') {
      this.meshes = soupMeshes(m.meshes);
      this.init(m.doc, m.settings, m.generation);
      this.send(true);
      return;
    }
    if (m.type === 'edit') {
      this.edit(m.doc, m.generation);
      return;
    }
    if (m.type === 'ack') {
      this.acked = true;
      if (this.pending) this.send(false);
      return;
    }
    if (this.state === null) return;
    const sim = this.state.simulation;
    switch (m.type) {
      case 'play':
        this.play();
        return;
      case 'pause':
        this.pause();
        this.send(true);
        return;
      case 'step':
        this.pause();
        sim.step(1 / sim.params.stepHz);
        this.send(true);
        return;
      case 'reset':
        // Back to time 0 and every agent to its original start (rebuilt agents started where they were).
        sim.reset();
        this.rebuild(sim, false);
        this.send(true);
        return;
      case 'spawn':
        this.spawn(m.count, m.defaults);
        return;
      case 'inspect':
        this.inspected = m.index;
        this.send(true);
        return;
      case 'retarget': {
        const [x, y, z] = m.goal;
        sim.setGoal(m.index, { x, y, z });
        // Kept through Reset and rebuilds, which re-create agents from their specs.
        this.specs[m.index] = { ...this.specs[m.index], goal: { x, y, z } };
        this.send(true);
        return;
      }
      case 'settings': {
        const before = this.settings;
        this.settings = m.settings;
        sim.setParams({ avoidance: this.settings.avoidance, avoidRange: this.settings.avoidRange, pullGain: this.settings.pullGain });
        if (before.speed !== this.settings.speed || before.radius !== this.settings.radius) this.rebuild(sim, true);
        this.send(true);
        return;
      }
    }
  }

  private withSettings(spec: AgentSpec, start: Vec3 = spec.start): AgentSpec {
    const s = this.settings;
    return { ...spec, start, speed: s.speed ?? spec.speed, radius: s.radius ?? spec.radius };
  }

  /** A new simulation of `d` (paused), its snapshots carrying `generation`. */
  private init(d: SceneDocument, s: AgentSettings, generation: number): void {
    this.pause();
    this.generation = generation;
    this.doc = d;
    this.settings = s;
    this.spawned = 0;
    this.random = mulberry32(1);
    this.state = createSceneSimulation(d, {
      params: { avoidance: s.avoidance, avoidRange: s.avoidRange, pullGain: s.pullGain },
      world: ObstacleWorld.fromScene(d, { sceneMeshes: this.meshes }),
    });
    const moving = new Set(d.movingObstacles.map((m) => m.id));
    this.specs = d.agents.map((a) => ({
      id: a.id,
      start: resolvePoint(d, a.start, 0),
      goal: typeof a.goal === 'string' && moving.has(a.goal) ? { obstacle: a.goal } : resolvePoint(d, a.goal, 0),
      radius: a.radius,
      speed: a.speed,
    }));
    if (s.speed !== null || s.radius !== null) this.rebuild(this.state.simulation, false);
  }

  /**
   * An edit of the scene: static geometry changes go into the running world (agents keep their
   * places and replan where the edit blocks them); other edits restart the simulation, playing
   * on if it was playing.
   */
  private edit(d: SceneDocument, gen: number): void {
    const state = this.state;
    const doc = this.doc;
    if (state === null || doc === null || !geometryOnlyEdit(doc, d)) {
      const wasPlaying = this.playing;
      this.init(d, this.settings, gen);
      if (wasPlaying) this.play();
      this.send(true);
      return;
    }
    const change = syncWorld(state.world, doc, d);
    this.doc = d;
    this.generation = gen;
    for (const box of change.boxes) state.worldChanged(box);
    // Terrain costs only: no geometry moved, but plans may now be dearer than a detour.
    if (change.boxes.length === 0 && change.voxels) state.simulation.staticGeometryChanged();
    this.send(true);
  }

  /** Re-creates every agent with the current overrides (at its start, or where it is now). */
  private rebuild(sim: Simulation, inPlace: boolean): void {
    const pos = sim.positions;
    const starts = this.specs.map((sp, i) => (inPlace ? { x: pos[3 * i], y: pos[3 * i + 1], z: pos[3 * i + 2] } : sp.start));
    while (sim.agentCount > 0) sim.removeAgent(sim.agentCount - 1);
    this.specs.forEach((sp, i) => sim.addAgent(this.withSettings(sp, starts[i])));
  }

  /** A random free point: a waypoint, else the centre of a free voxel, else a point in the bounds outside geometry. */
  private randomPoint(): Vec3 {
    const d = this.doc!;
    const world = this.state!.world;
    const random = this.random;
    if (d.waypoints.length >= 2) {
      const w = d.waypoints[Math.floor(random() * d.waypoints.length)].position;
      return { x: w[0], y: w[1], z: w[2] };
    }
    const { min, max } = d.bounds;
    for (let k = 0; k < 200; k++) {
      const p = {
        x: min[0] + random() * (max[0] - min[0]),
        y: min[1] + random() * (max[1] - min[1]),
        z: min[2] + random() * (max[2] - min[2]),
      };
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

  private spawn(count: number, defaults: { speed: number; radius: number }): void {
    const sim = this.state!.simulation;
    for (let k = 0; k < count; k++) {
      const start = this.randomPoint();
      let goal = this.randomPoint();
      for (let t = 0; t < 5 && Math.hypot(goal.x - start.x, goal.y - start.y, goal.z - start.z) < 1e-6; t++) goal = this.randomPoint();
      const spec: AgentSpec = { id: `spawn-${++this.spawned}`, start, goal, speed: defaults.speed, radius: defaults.radius };
      this.specs.push(spec);
      sim.addAgent(this.withSettings(spec));
    }
    this.send(true);
  }

  private play(): void {
    if (this.playing) return;
    this.playing = true;
    this.ticker.start();
  }

  private pause(): void {
    this.playing = false;
    this.ticker.stop();
  }

  /** Sends a snapshot now if the app is ready for one, else as soon as it acks. */
  private send(force: boolean): void {
    if (this.state === null) return;
    if (!this.acked && !force) {
      this.pending = true;
      return;
    }
    this.acked = false;
    this.pending = false;
    const sim = this.state.simulation;
    const n = sim.agentCount;
    const a = sim.alpha;
    const pos = sim.positions;
    const prev = sim.previousPositions;
    const positions = new Float32Array(3 * n);
    for (let i = 0; i < 3 * n; i++) positions[i] = prev[i] + (pos[i] - prev[i]) * a;
    const arrived = new Uint8Array(n);
    let arrivedCount = 0;
    for (let i = 0; i < n; i++) arrivedCount += arrived[i] = sim.arrived(i) ? 1 : 0;
    const inspected = this.inspected;
    const snap: SimSnapshot = {
      type: 'snapshot',
      generation: this.generation,
      time: sim.time,
      steps: sim.stepCount,
      playing: this.playing,
      count: n,
      ids: force ? sim.agentIds() : null,
      positions,
      headings: Float32Array.from(sim.headings.subarray(0, 3 * n)),
      pull: Float32Array.from(sim.pullForces.subarray(0, 3 * n)),
      push: Float32Array.from(sim.pushForces.subarray(0, 3 * n)),
      velocities: Float32Array.from(sim.velocities.subarray(0, 3 * n)),
      preferred: Float32Array.from(sim.preferredVelocities.subarray(0, 3 * n)),
      radii: Float32Array.from(sim.radii.subarray(0, n)),
      arrived,
      arrivedCount,
      obstacles: Float32Array.from(sim.obstaclePositions.subarray(0, 3 * sim.obstacleCount)),
      goals: new Float32Array(3 * n),
      path: inspected >= 0 && inspected < n ? Float32Array.from(sim.path(inspected).points) : new Float32Array(0),
      pathOf: inspected < n ? inspected : -1,
    };
    const obstacleIds = sim.obstacleIds();
    const obs = sim.obstaclePositions;
    for (let i = 0; i < n && i < this.specs.length; i++) {
      const g = this.specs[i].goal;
      if ('obstacle' in g) {
        const k = obstacleIds.indexOf(g.obstacle);
        if (k >= 0) snap.goals.set([obs[3 * k], obs[3 * k + 1], obs[3 * k + 2]], 3 * i);
      } else snap.goals.set([g.x, g.y, g.z], 3 * i);
    }
    this.post(snap, [
      snap.positions.buffer,
      snap.headings.buffer,
      snap.pull.buffer,
      snap.push.buffer,
      snap.velocities.buffer,
      snap.preferred.buffer,
      snap.radii.buffer,
      arrived.buffer,
      snap.obstacles.buffer,
      snap.goals.buffer,
      snap.path.buffer,
    ]);
  }
}
