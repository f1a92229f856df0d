/** Messages between the agents panel (AgentsController) and the simulation worker. */
import type { SceneDocument } from '../../../scene/schema.ts';
import type { AvoidanceMode } from '../../../core/steering/params.ts';
import type { MeshSoup } from '../../shell/workers/protocol.ts';

/** Settings the agents panel controls. */
export interface AgentSettings {
  /** How agents avoid each other: the swarm rule or reciprocal velocity obstacles (ORCA). */
  avoidance: AvoidanceMode;
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
  /**
   * A new simulation of `doc`, its snapshots carrying `generation` (the panel's count of loads
   * and edits: an init it held back and never sent must not shift the two counts apart).
   * `meshes`: the triangles of the meshes the document lists (they stay for later edits).
   */
  | { type: 'init'; doc: SceneDocument; generation: number; settings: AgentSettings; meshes?: MeshSoup[] }
  /**
   * The scene was edited: an edit of static geometry only (obstacles, voxels, terrain) is
   * applied to the running simulation, whose agents re-test their paths and replan; any other
   * edit restarts it like `init`. Snapshots then carry `generation`.
   */
  | { type: 'edit'; doc: SceneDocument; generation: number }
  /** Sends agent `index` to a new goal (it replans from where it is). */
  | { type: 'retarget'; index: number; goal: [number, number, number] }
  | { type: 'play' }
  | { type: 'pause' }
  /** One fixed step (while paused). */
  | { type: 'step' }
  | { type: 'reset' }
  | { type: 'settings'; settings: AgentSettings }
  /** Adds agents between random free points; `defaults` are their speed and radius unless settings override them. */
  | { type: 'spawn'; count: number; defaults: { speed: number; radius: number } }
  /** The app drew the last snapshot: the worker may send the next one. */
  | { type: 'ack' }
  /** Which agent's path snapshots carry (-1: none). */
  | { type: 'inspect'; index: number };

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
  /** The velocity each agent flew in the last step, xyz per agent. */
  velocities: Float32Array;
  /** The velocity each agent wanted in the last step (Simulation.preferredVelocities), xyz per agent. */
  preferred: Float32Array;
  radii: Float32Array;
  /** 1 = arrived. */
  arrived: Uint8Array;
  arrivedCount: number;
  /** Moving obstacle centres. */
  obstacles: Float32Array;
  /** xyz of each agent's goal. */
  goals: Float32Array;
  /** The path of agent `pathOf` (xyz triples), or empty. */
  path: Float32Array;
  /** The agent whose path is sent (-1: none). */
  pathOf: number;
}

export type SimResponse = SimSnapshot | { type: 'error'; message: string };
