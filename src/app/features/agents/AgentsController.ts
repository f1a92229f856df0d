import { Raycaster, Vector2 } from 'three';
import { DEFAULT_STEERING_PARAMS, type AvoidanceMode } from '../../../core/steering/params.ts';
import type { SceneDocument } from '../../../scene/schema.ts';
import { levelScale, type LevelScale } from '../../shell/base/scale.ts';
import { meshSoups } from '../../shell/scene/sceneMeshFiles.ts';
import type { Shell } from '../../shell/Shell.ts';
import type { ToolClick } from '../../shell/input/tools.ts';
import { clipRayToCut, nearestToRay, pickedFreeVoxel, pickSphere, pickVoxel } from '../../shell/picking.ts';
import { AgentView } from './AgentView.ts';
import type { AgentSettings, SimRequest, SimResponse, SimSnapshot } from './protocol.ts';
import { StuckTracker } from './stuck.ts';

/**
 * The agents panel's model: the steering simulation of the current scene runs in a worker
 * (sim.worker.ts); this sends it the panel's commands and draws the snapshots it sends back
 * (AgentView), moving the scene's moving obstacles to the simulation's time.
 */
export class AgentsController {
  readonly view = new AgentView();
  /** What the panel edits; speed and radius apply to every agent. */
  readonly settings = {
    avoidance: DEFAULT_STEERING_PARAMS.avoidance as AvoidanceMode,
    avoidRange: 3,
    pullGain: 4,
    speed: 3,
    radius: 0.4,
    overrideSpeed: false,
    overrideRadius: false,
    showForces: false,
    /** Each agent's chosen and preferred velocity as two arrows. */
    showVelocities: false,
    /** A marker at every agent's goal. */
    showGoals: true,
    /** Each agent's trail (its last positions). */
    showTrails: false,
    spawnCount: 10,
  };
  playing = false;
  /** The lengths of the scene's level (the panel's slider ranges follow them). */
  scale: LevelScale | null = null;
  /** The last snapshot drawn. */
  latest: SimSnapshot | null = null;
  /** Called when the state the panel shows changed. */
  onChange: () => void = () => {};
  private readonly worker: Worker;
  /** The selected agent (-1: none): click an agent to select it, right-click to send it there. */
  selected = -1;
  /** Agents that have not got anywhere for a while (see StuckTracker). */
  stuckCount = 0;
  private generation = 0;
  /** A scene or edit without agents, not sent yet (see post). */
  private deferred: SimRequest | null = null;
  private fresh: SimSnapshot | null = null;
  private error: string | null = null;
  /** A scene was loaded (not edited) since the last sceneLoaded call. */
  private freshLoad = false;
  private readonly stuck = new StuckTracker();
  private stuckFlags = new Uint8Array(0);
  private readonly raycaster = new Raycaster();

  constructor(private readonly app: Shell) {
    this.worker = new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e: MessageEvent<SimResponse>) => this.receive(e.data);
    this.worker.onerror = (e) => {
      this.error = `simulation worker: ${e.message || 'failed'}`;
      this.onChange();
    };
    app.scene.add(this.view);
    app.frameHooks.push(() => this.frame());
    // Loads reach the listeners; edits only reach sceneLoaded (through the editor).
    app.sceneShown.add(() => {
      this.freshLoad = true;
    });
    app.tools.interceptors.push((e) => this.click(e));
  }

  /**
   * Starts the simulation of a newly loaded scene (paused, agents at their starts). After an
   * edit of the current scene, the running simulation takes the edit instead (see the 'edit'
   * message): agents keep their places and replan around new geometry.
   */
  sceneLoaded(doc: SceneDocument): void {
    if (!this.freshLoad && this.generation > 0) {
      this.generation++;
      const edit: SimRequest = { type: 'edit', doc, generation: this.generation };
      // Nothing to move: the edit waits for the next message (copying a huge document to the
      // worker on every paint stroke would cost the page more than the paint).
      if (doc.agents.length === 0 && !this.playing)
        this.deferred = this.deferred?.type === 'init' ? { ...this.deferred, doc, generation: this.generation } : edit;
      else this.post(edit);
      return;
    }
    this.freshLoad = false;
    this.select(-1);
    this.stuck.clear();
    this.stuckCount = 0;
    // Every default length from the level (scale.ts); agents are drawn at least a hundredth
    // of the level's half diagonal: easy to see at the framed zoom in any scene.
    const scale = levelScale(doc);
    this.scale = scale;
    this.view.minRadius = scale.agentMinDrawRadius;
    this.view.marks.clearTrails();
    const s = this.settings;
    const steering = doc.steering ?? {};
    s.avoidance = steering.avoidance ?? DEFAULT_STEERING_PARAMS.avoidance;
    s.avoidRange = steering.avoidRange ?? DEFAULT_STEERING_PARAMS.avoidRange;
    s.pullGain = steering.pullGain ?? DEFAULT_STEERING_PARAMS.pullGain;
    const first = doc.agents[0];
    s.speed = first?.speed ?? scale.agentSpeed;
    s.radius = first?.radius ?? scale.agentRadius;
    s.overrideSpeed = s.overrideRadius = false;
    this.playing = false;
    this.latest = this.fresh = null;
    this.error = null;
    this.generation++;
    this.view.visible = false;
    const init: SimRequest = {
      type: 'init',
      doc,
      generation: this.generation,
      settings: this.agentSettings(),
      meshes: meshSoups(this.app.current?.meshes ?? new Map()),
    };
    this.deferred = null;
    if (doc.agents.length === 0) this.deferred = init;
    else this.post(init);
    this.onChange();
  }

  /** Whether a scene was handed to the simulation yet. */
  get started(): boolean {
    return this.generation > 0;
  }

  togglePlay(): void {
    if (this.playing) this.pause();
    else this.play();
  }

  play(): void {
    this.playing = true;
    this.post({ type: 'play' });
    this.onChange();
  }

  pause(): void {
    this.playing = false;
    this.post({ type: 'pause' });
    this.onChange();
  }

  /** One fixed step (pauses first). */
  step(): void {
    this.playing = false;
    this.post({ type: 'step' });
    this.onChange();
  }

  reset(): void {
    this.post({ type: 'reset' });
  }

  spawn(count = this.settings.spawnCount): void {
    this.post({ type: 'spawn', count, defaults: { speed: this.settings.speed, radius: this.settings.radius } });
  }

  /** Sends the steering settings (after a slider moved). */
  settingsChanged(): void {
    this.post({ type: 'settings', settings: this.agentSettings() });
  }

  /** One line for the status panel. */
  get statusText(): string {
    if (this.error !== null) return this.error;
    const s = this.latest;
    if (s === null && this.deferred !== null) return 'Agents: none · Spawn adds some';
    if (s === null) return 'Agents: starting…';
    if (s.count === 0) return 'Agents: none · Spawn adds some';
    const stuck = this.stuckCount > 0 ? ` · ${this.stuckCount} stuck` : '';
    return `Agents: ${s.count} · ${s.arrivedCount} arrived${stuck} · t = ${s.time.toFixed(1)} s · ${s.playing ? 'playing' : 'paused'}`;
  }

  /** One line about the selected agent, or a hint. */
  get selectedText(): string {
    const s = this.latest;
    const i = this.selected;
    if (s === null || i < 0 || i >= s.count) return 'click an agent';
    const id = this.ids[i] ?? `#${i}`;
    const state = s.arrived[i] ? 'arrived' : this.stuckFlags[i] ? 'stuck' : 'moving';
    const g = [0, 1, 2].map((a) => s.goals[3 * i + a].toFixed(1)).join(', ');
    return `${id}: ${state} · goal ${g} · right-click: new goal`;
  }

  /** Draws the last snapshot again with the panel's drawing settings (goal markers, trails, forces, velocities). */
  redraw(): void {
    const s = this.latest;
    if (s === null) return;
    this.view.showForces = this.settings.showForces;
    this.view.showVelocities = this.settings.showVelocities;
    this.view.marks.showGoals = this.settings.showGoals;
    this.view.marks.showTrails = this.settings.showTrails;
    this.view.update(s);
    this.app.invalidate();
  }

  /** Selects agent `index` (-1: none): drawn highlighted with its path and goal. */
  select(index: number): void {
    this.selected = index;
    this.view.selected = index;
    this.post({ type: 'inspect', index });
    this.onChange();
    this.app.invalidate();
  }

  /** Sends agent `index` to a new goal (world point). */
  retarget(index: number, goal: [number, number, number]): void {
    if (!goal.every(Number.isFinite)) throw new Error('retarget: the goal must be a finite point');
    this.post({ type: 'retarget', index, goal });
  }

  /**
   * A click of the select tool: on an agent, selects it; a right-click while one is selected
   * sends it to the clicked point. Returns whether the click was taken.
   */
  private click(e: ToolClick): boolean {
    const s = this.latest;
    if (s === null || !this.view.visible) return false;
    this.raycaster.setFromCamera(new Vector2(e.ndc.x, e.ndc.y), this.app.camera);
    const ray = this.raycaster.ray;
    clipRayToCut(ray, this.app.cut);
    if (e.button === 0) {
      const hit = pickSphere(ray.origin, ray.direction, s.positions, s.radii, s.count, this.view.minRadius);
      if (hit >= 0) {
        this.select(hit);
        return true;
      }
      if (this.selected >= 0) this.select(-1);
      return false;
    }
    if (e.button !== 2 || this.selected < 0) return false;
    const goal = this.pointAt(ray.origin, ray.direction);
    if (goal === null) this.app.overlay.setError("No free place there for the agent's goal.");
    else this.retarget(this.selected, goal);
    return true;
  }

  /** Where a right-click sends an agent: the free voxel clicked (grid), else the waypoint nearest the ray. */
  private pointAt(origin: { x: number; y: number; z: number }, dir: { x: number; y: number; z: number }): [number, number, number] | null {
    const scene = this.app.current;
    if (scene === null) return null;
    const grid = scene.grid;
    if (grid !== null) {
      const pick = pickVoxel(grid, origin, dir);
      const v = pick === null ? null : pickedFreeVoxel(grid, pick);
      if (v !== null) {
        const c = scene.nav.positionOf(v)!;
        return [c.x, c.y, c.z];
      }
    }
    const i = nearestToRay(origin, dir, scene.graph.positions, scene.graph.count);
    if (i < 0) return null;
    const c = scene.nav.positionOf(scene.ids[i])!;
    return [c.x, c.y, c.z];
  }

  /** Agent ids of the last snapshot that carried them. */
  private ids: string[] = [];

  dispose(): void {
    this.worker.terminate();
    this.view.dispose();
  }

  private agentSettings(): AgentSettings {
    const s = this.settings;
    return {
      avoidance: s.avoidance,
      avoidRange: s.avoidRange,
      pullGain: s.pullGain,
      speed: s.overrideSpeed ? s.speed : null,
      radius: s.overrideRadius ? s.radius : null,
    };
  }

  /**
   * Posts a message to the simulation worker; a scene (or edit) held back because it has no
   * agents goes first.
   */
  private post(m: SimRequest): void {
    const d = this.deferred;
    if (d !== null && m.type !== 'ack') {
      this.deferred = null;
      this.worker.postMessage(d);
    }
    this.worker.postMessage(m);
  }

  private receive(m: SimResponse): void {
    if (m.type === 'error') {
      this.error = `Agents: ${m.message}`;
      this.onChange();
      return;
    }
    if (m.generation !== this.generation) {
      this.post({ type: 'ack' });
      return;
    }
    if (m.ids !== null) this.ids = m.ids;
    this.fresh = m;
    this.app.invalidate();
  }

  /** Per frame: draws a new snapshot if one came; keeps frames coming while playing. */
  private frame(): boolean {
    const s = this.fresh;
    if (s !== null) {
      this.fresh = null;
      this.latest = s;
      this.error = null;
      this.view.showForces = this.settings.showForces;
      this.view.showVelocities = this.settings.showVelocities;
      this.view.marks.showGoals = this.settings.showGoals;
      this.view.marks.showTrails = this.settings.showTrails;
      if (this.stuckFlags.length < s.count) this.stuckFlags = new Uint8Array(2 * s.count);
      this.stuckCount = this.stuck.update(s.time, s.count, s.positions, s.radii, s.arrived, this.stuckFlags);
      this.view.stuck = this.stuckFlags;
      this.view.update(s);
      this.view.visible = true;
      this.app.setSimTime(s.time);
      this.post({ type: 'ack' });
      this.onChange();
    }
    return this.playing;
  }
}
