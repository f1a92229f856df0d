import { DEFAULT_STEERING_PARAMS } from '../../core/steering/params.ts';
import type { SceneDocument } from '../../scene/schema.ts';
import type { App } from '../App.ts';
import { AgentView } from '../render/AgentView.ts';
import type { AgentSettings, SimRequest, SimResponse, SimSnapshot } from './protocol.ts';

/**
 * The agents panel's model: the steering simulation of the current scene runs in a worker
 * (sim.worker.ts); this sends it the panel's commands and draws the snapshots it sends back
 * (AgentView), moving the scene's moving obstacles to the simulation's time.
 */
export class AgentsController {
  readonly view = new AgentView();
  /** What the panel edits; speed and radius apply to every agent. */
  readonly settings = { avoidRange: 3, pullGain: 4, speed: 3, radius: 0.4, overrideSpeed: false, overrideRadius: false, showForces: false, spawnCount: 10 };
  playing = false;
  /** The last snapshot drawn. */
  latest: SimSnapshot | null = null;
  /** Called when the state the panel shows changed. */
  onChange: () => void = () => {};
  private readonly worker: Worker;
  private generation = 0;
  private fresh: SimSnapshot | null = null;
  private error: string | null = null;

  constructor(private readonly app: App) {
    this.worker = new Worker(new URL('../workers/sim.worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e: MessageEvent<SimResponse>) => this.receive(e.data);
    this.worker.onerror = (e) => {
      this.error = `simulation worker: ${e.message || 'failed'}`;
      this.onChange();
    };
    app.scene.add(this.view);
    app.frameHooks.push(() => this.frame());
  }

  /** Starts the simulation of a newly loaded scene (paused, agents at their starts). */
  sceneLoaded(doc: SceneDocument): void {
    const s = this.settings;
    const steering = doc.steering ?? {};
    s.avoidRange = steering.avoidRange ?? DEFAULT_STEERING_PARAMS.avoidRange;
    s.pullGain = steering.pullGain ?? DEFAULT_STEERING_PARAMS.pullGain;
    const first = doc.agents[0];
    const cell = doc.voxels?.cellSize ?? 1;
    s.speed = first?.speed ?? 3 * cell;
    s.radius = first?.radius ?? doc.agentRadius ?? 0.3 * cell;
    s.overrideSpeed = s.overrideRadius = false;
    this.playing = false;
    this.latest = this.fresh = null;
    this.error = null;
    this.generation++;
    this.view.visible = false;
    this.post({ type: 'init', doc, settings: this.agentSettings() });
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
    if (s === null) return 'Agents: starting…';
    if (s.count === 0) return 'Agents: none · Spawn adds some';
    return `Agents: ${s.count} · ${s.arrivedCount} arrived · t = ${s.time.toFixed(1)} s · ${s.playing ? 'playing' : 'paused'}`;
  }

  dispose(): void {
    this.worker.terminate();
    this.view.dispose();
  }

  private agentSettings(): AgentSettings {
    const s = this.settings;
    return { avoidRange: s.avoidRange, pullGain: s.pullGain, speed: s.overrideSpeed ? s.speed : null, radius: s.overrideRadius ? s.radius : null };
  }

  private post(m: SimRequest): void {
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
      this.view.update(s);
      this.view.visible = true;
      this.app.setSimTime(s.time);
      this.post({ type: 'ack' });
      this.onChange();
    }
    return this.playing;
  }
}
