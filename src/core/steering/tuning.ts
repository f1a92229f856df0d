/**
 * The fixed numbers of the steering simulation: tolerances and the shape of its rules. Unlike
 * SteeringParams they are not settings a scene tunes; they are named here so each rule reads
 * as what it means. Changing one changes trajectories (the golden traces pin them).
 */

/** Penetration deeper than this (world units) counts as a step inside geometry. */
export const PENETRATION_TOLERANCE = 1e-3;

/** Gap the collision step leaves between an agent and the surface it was pushed out of. */
export const SKIN = 1e-6;

/** Arrival comparisons allow this much floating-point slack. */
export const ARRIVAL_SLACK = 1e-6;

/** Separation passes per step (each resolves the overlaps the previous one left). */
export const SEPARATION_PASSES = 3;

/** Collision passes per step (a pass pushes out of every surface touched; corners need a few). */
export const COLLISION_PASSES = 4;

/**
 * Centre distances below this count as coincident points: the direction between them is
 * undefined, so a seeded random (or the heading) is used instead.
 */
export const COINCIDENT = 1e-9;

/** Vectors shorter than this are treated as zero when normalised. */
export const TINY_LENGTH = 1e-12;

/**
 * Capsule radius, as a fraction of the agent's, for "is this path now blocked" tests (a
 * changed static world, a moving obstacle on the leg): slightly thinner than the agent, so a
 * path that merely grazes a surface, or an agent resting against an obstacle it is passing,
 * does not count as blocked and trigger a replan.
 */
export const BLOCKED_PATH_RADIUS_FACTOR = 0.9;

/**
 * A moving goal triggers a replan when it has drifted from where the path was planned to by
 * more than this fraction of the agent's remaining distance to it (and more than the arrival
 * radius): far goals may wander a lot before the path is worth redoing, near ones little.
 */
export const GOAL_DRIFT_FRACTION = 0.25;

/** Each step the heading eases this fraction of the way towards the direction moved. */
export const HEADING_EASE = 0.25;

/** Headings shorter than this after easing (a reversal) keep the previous heading. */
export const HEADING_MIN_LENGTH = 1e-6;

/** Slowing down before a fixed goal never goes below this fraction of full speed. */
export const MIN_SLOWDOWN_FRACTION = 0.2;

/**
 * An agent is stuck when, over `stuckTime` seconds, its remaining path length shrank by less
 * than this fraction of the distance it could have flown in that time.
 */
export const STUCK_PROGRESS_FRACTION = 0.1;

/**
 * A sphere pushes an agent to its right as well when it lies ahead: when the cosine between
 * the pull and the direction to the sphere exceeds this (within about 60 degrees of straight
 * ahead). Head-on meetings then resolve by both passing on the right.
 */
export const HEAD_ON_COSINE = 0.5;

/**
 * The right-hand side of the pull is pull x up (y up). When the horizontal part of that
 * cross product is shorter than this (the pull is nearly vertical) the side is taken in the
 * y-z plane instead, so it stays well defined.
 */
export const VERTICAL_PULL_LIMIT = 0.1;

/**
 * Path checks run every step, not only every `checkInterval` steps, while the target is
 * closer than this many check intervals of flight (corners in narrow corridors need the exact
 * moment).
 */
export const CHECK_SOON_INTERVALS = 2;

/** Least cell size of the neighbour hash (agents of radius 0 that do not move). */
export const MIN_NEIGHBOR_CELL = 1e-3;

/** Least distance travelled between two far-clearance samples (agents of radius 0). */
export const MIN_PROBE_SPACING = 1e-3;

/** Slack of the cost comparison when string pulling across terrain. */
export const COST_SLACK = 1e-9;

/** The fixed-step accumulator keeps a step when it is short by at most this fraction (60 frames of 1/60 s give 60 steps). */
export const STEP_ROUNDING = 1e-9;

/** Reciprocal avoidance keeps at most this many nearest agents per agent (RVO2's maxNeighbors). */
export const ORCA_MAX_NEIGHBORS = 10;

/**
 * Reciprocal avoidance: while another agent or a moving obstacle is within reach (and the
 * agent is farther from its goal than it flies in the time horizon, and clear of static
 * geometry, which reciprocal avoidance does not see), the preferred velocity
 * leans this much (tangent of the angle, about 17 degrees) to the right of the pull (pull x
 * up, y up): a convention all agents share, so a crowd swirls around the vertical through its
 * meeting point instead of jamming there head-on (the sphere swap of 250 agents took 1.45 x
 * the straight-line time with it, 1.80 leaning right only with someone straight ahead).
 */
export const ORCA_RIGHT_BIAS = 0.3;

/**
 * Reciprocal avoidance looks for neighbours as far as two agents close in within the time
 * horizon, but at most within this many seconds: farther ones cannot collide before the
 * next steps look again, and the neighbour grid's cells stay small in a dense crowd.
 */
export const ORCA_LOOKAHEAD = 1;
