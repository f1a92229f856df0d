/** Messages between the agents panel (AgentsController) and the simulation worker. */
import type { SceneDocument } from '../../scene/schema.ts';

/** Settings the agents panel controls. */
export interface AgentSettings {
  /** Steering: obstacles push within avoidRange x radius. */
  avoidRange: number;
  /** Steering: the pull towards the target. */
  pullGain: number;
  /** World units per second for every agent; null keeps each agent's own (document) speed. */
  speed: number | null;
  /** Sphere radius for every agent; null keeps each agent's own radius. */
  radius: number | null;
}

export type SimRequest =
  | { type: 'init'; doc: SceneDocument; settings: AgentSettings }
  | { type: 'play' }
  | { type: 'pause' }
  /** One fixed step (while paused). */
  | { type: 'step' }
  | { type: 'reset' }
  | { type: 'settings'; settings: AgentSettings }
  /** Adds agents between random free points; `defaults` are their speed and radius unless settings override them. */
  | { type: 'spawn'; count: number; defaults: { speed: number; radius: number } }
  /** The app drew the last snapshot: the worker may send the next one. */
  | { type: 'ack' };

/**
 * The simulation as the app draws it: engine-neutral arrays for the first `count` agents
 * (positions interpolated between the last two fixed steps for smooth motion).
 */
export interface SimSnapshot {
  type: 'snapshot';
  /** Scene revision the simulation belongs to (init counts them). */
  generation: number;
  /** Simulated seconds. */
  time: number;
  steps: number;
  playing: boolean;
  count: number;
  ids: string[] | null;
  /** xyz per agent. */
  positions: Float32Array;
  /** Unit facing per agent. */
  headings: Float32Array;
  /** Pull and push of the last step per agent (debug arrows). */
  pull: Float32Array;
  push: Float32Array;
  radii: Float32Array;
  /** 1 = arrived. */
  arrived: Uint8Array;
  arrivedCount: number;
  /** Moving obstacle centres. */
  obstacles: Float32Array;
}

export type SimResponse = SimSnapshot | { type: 'error'; message: string };
