import { checkOneOf } from '../args.ts';
import { NavlabError } from '../errors.ts';
/** How agents avoid each other: the swarm rule (pushes and separation) or reciprocal velocity obstacles (ORCA in 3D). */
export type AvoidanceMode = 'swarm' | 'reciprocal';

/** The avoidance modes, in the order help texts list them. */
export const AVOIDANCE_MODES: readonly AvoidanceMode[] = /* @__PURE__ */ Object.freeze(['swarm', 'reciprocal']);

/** Tunable settings of the steering simulation; merged over DEFAULT_STEERING_PARAMS. */
export interface SteeringParams {
  /**
   * How agents avoid each other. 'swarm': other agents push like obstacles (1 / gap), then
   * overlaps are separated. 'reciprocal': each agent flies the velocity nearest its preferred
   * one (from the path and the static pushes) that cannot collide with a neighbour within
   * `timeHorizon` seconds, each agent doing half the avoiding (ORCA in 3D); moving obstacles
   * do not avoid, so agents avoid them fully within `obstacleTimeHorizon`. @default 'swarm'
   */
  avoidance: AvoidanceMode;
  /** Reciprocal avoidance: seconds ahead agents are kept from colliding with each other. @default 2 */
  timeHorizon: number;
  /** Reciprocal avoidance: seconds ahead agents are kept from colliding with moving obstacles. @default 1 */
  obstacleTimeHorizon: number;
  /**
   * An obstacle pushes an agent when the gap between their surfaces is at most
   * avoidRange x the agent's radius. @default 3
   */
  avoidRange: number;
  /** The pull towards the target is scaled by max(1, pullGain x contenders). @default 4 */
  pullGain: number;
  /** Gaps below this (world units) count as this in the 1 / distance push weight. @default 0.05 */
  minDistance: number;
  /** Fixed simulation steps per second, in [1, MAX_STEP_HZ]. @default 60 */
  stepHz: number;
  /** An agent whose remaining distance shrank by less than 10% of what it could travel in this many seconds replans. @default 2 */
  stuckTime: number;
  /** Least seconds between two replans of one agent for a blocked path or a moved goal. @default 0.5 */
  replanInterval: number;
  /** Fixed steps between an agent's line-of-sight checks (string pulling, blocked path, moving goal). @default 6 */
  checkInterval: number;
  /** Path nodes tried ahead of the current one when string pulling. @default 16 */
  lookahead: number;
  /** Agents slow down over the last speed x slowdownTime before a fixed goal. @default 0.5 */
  slowdownTime: number;
  /** Most fixed steps one `step(dt)` call runs; time beyond that is dropped (no spiral of death). @default 240 */
  maxStepsPerCall: number;
}

/** The steering parameters used where none are given. */
export const DEFAULT_STEERING_PARAMS: Readonly<SteeringParams> = Object.freeze({
  avoidance: 'swarm',
  timeHorizon: 2,
  obstacleTimeHorizon: 1,
  avoidRange: 3,
  pullGain: 4,
  minDistance: 0.05,
  stepHz: 60,
  stuckTime: 2,
  replanInterval: 0.5,
  checkInterval: 6,
  lookahead: 16,
  slowdownTime: 0.5,
  maxStepsPerCall: 240,
});

/** Most fixed steps per simulated second (the top of STEERING_RANGES.stepHz). */
export const MAX_STEP_HZ = 1000;

/**
 * Ranges of the settings a scene document may carry (`steering` in the scene schema uses
 * these). stepHz is capped so that a simulated second is never more than 1000 steps: a
 * run of 300 simulated seconds stays 300,000 steps whatever the document says.
 */
export const STEERING_RANGES = Object.freeze({
  avoidRange: [0, 100] as const,
  pullGain: [0, 1000] as const,
  minDistance: [0, 1e6] as const,
  stepHz: [1, MAX_STEP_HZ] as const,
});

const LARGE = 1e6;
const RULES: Record<Exclude<keyof SteeringParams, 'avoidance'>, [min: number, max: number, integer: boolean, positive: boolean]> = {
  avoidRange: [...STEERING_RANGES.avoidRange, false, false],
  pullGain: [...STEERING_RANGES.pullGain, false, false],
  minDistance: [...STEERING_RANGES.minDistance, false, false],
  stepHz: [...STEERING_RANGES.stepHz, false, true],
  stuckTime: [0, LARGE, false, true],
  replanInterval: [0, LARGE, false, false],
  checkInterval: [1, LARGE, true, true],
  lookahead: [1, 4096, true, true],
  slowdownTime: [0, LARGE, false, false],
  maxStepsPerCall: [1, 100_000, true, true],
  timeHorizon: [0, 1000, false, true],
  obstacleTimeHorizon: [0, 1000, false, true],
};

/**
 * Merges `params` over `base` (undefined values keep the base) and checks every value;
 * throws a NavlabError (code usage) naming the parameter on misuse.
 */
export function resolveSteeringParams(
  params: Partial<SteeringParams> = {},
  base: Readonly<SteeringParams> = DEFAULT_STEERING_PARAMS,
): SteeringParams {
  const out = { ...base };
  const mode = params.avoidance;
  if (mode !== undefined) {
    out.avoidance = checkOneOf('avoidance', mode, AVOIDANCE_MODES);
  }
  for (const key of Object.keys(RULES) as (keyof typeof RULES)[]) {
    const v = params[key];
    if (v === undefined) continue;
    const [min, max, integer, positive] = RULES[key];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max || (positive && v <= 0) || (integer && !Number.isInteger(v))) {
      throw new NavlabError(
        'usage',
        `${key}: expected ${integer ? 'an integer' : 'a number'} in ${positive && min === 0 ? '(0' : `[${min}`}, ${max}], got ${String(v)}`,
      );
    }
    out[key] = v;
  }
  return out;
}
