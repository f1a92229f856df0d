/** Tunable settings of the steering simulation; merged over DEFAULT_STEERING_PARAMS. */
export interface SteeringParams {
  /**
   * An obstacle pushes an agent when the gap between their surfaces is at most
   * avoidRange x the agent's radius. @default 3
   */
  avoidRange: number;
  /** The pull towards the target is scaled by max(1, pullGain x contenders). @default 4 */
  pullGain: number;
  /** Gaps below this (world units) count as this in the 1 / distance push weight. @default 0.05 */
  minDistance: number;
  /** Fixed simulation steps per second. @default 60 */
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

export const DEFAULT_STEERING_PARAMS: Readonly<SteeringParams> = Object.freeze({
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

const RULES: Record<keyof SteeringParams, [min: number, integer: boolean, positive: boolean]> = {
  avoidRange: [0, false, false],
  pullGain: [0, false, false],
  minDistance: [0, false, false],
  stepHz: [0, false, true],
  stuckTime: [0, false, true],
  replanInterval: [0, false, false],
  checkInterval: [1, true, true],
  lookahead: [1, true, true],
  slowdownTime: [0, false, false],
  maxStepsPerCall: [1, true, true],
};

/**
 * Merges `params` over `base` (undefined values keep the base) and checks every value;
 * throws a RangeError naming the parameter on misuse.
 */
export function resolveSteeringParams(params: Partial<SteeringParams> = {}, base: Readonly<SteeringParams> = DEFAULT_STEERING_PARAMS): SteeringParams {
  const out = { ...base };
  for (const key of Object.keys(RULES) as (keyof SteeringParams)[]) {
    const v = params[key];
    if (v === undefined) continue;
    const [min, integer, positive] = RULES[key];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || (positive && v <= 0) || (integer && !Number.isInteger(v))) {
      throw new RangeError(`${key}: expected ${integer ? 'an integer' : 'a finite number'} ${positive ? '> 0' : `>= ${min}`}, got ${String(v)}`);
    }
    out[key] = v;
  }
  return out;
}
