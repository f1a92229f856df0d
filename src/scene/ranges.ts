/**
 * What a scene document may hold, and the words for what it may not: the size limits, the
 * finite range of every number, and the messages the schema, its cross-check and the
 * pre-parse limit check (validate.ts) report.
 */
import { LIMITS } from '../core/limits.ts';
import { STEERING_RANGES } from '../core/steering/params.ts';

/** Size limits, checked before anything is allocated (validate.ts checks them first of all). */
export const SCENE_LIMITS = Object.freeze({
  /** X*Y*Z of the voxel layer (2^28). */
  voxels: LIMITS.voxels,
  waypoints: LIMITS.waypoints,
  agents: LIMITS.agents,
  /** obstacles + moving obstacles + solid boxes + terrain boxes */
  primitives: LIMITS.primitives,
  /** entries of `meshes` (each mesh file has its own limits when it is read) */
  meshes: LIMITS.meshes,
  /** triangles of all mesh files together, every listed instance counted */
  triangles: LIMITS.sceneTriangles,
});

/**
 * The finite range of every number in a document. Positions lie within ±COORD; lengths within
 * (0, LENGTH]; so everything a document places (an orbit reaches centre + orbit radius + body
 * radius) lies within ±3e6 and `bounds` (±BOUNDS) can always hold it. Within these ranges
 * every sum, product and square the engine forms stays finite, so a document parseScene
 * accepts can be saved, built, searched and simulated with finite results.
 */
export const SCENE_RANGES = Object.freeze({
  /** |x|, |y|, |z| of positions, centres, the voxel origin and the voxel layer's far corner. */
  coord: 1e6,
  /** |x|, |y|, |z| of `bounds`. */
  bounds: 1e7,
  /** Largest size, radius, height, orbit radius, agent radius and speed (units per second). */
  length: 1e6,
  /**
   * Least size, obstacle radius and height (agent and orbit radii may be 0). Far from 0 a
   * smaller extent would vanish in rounding (1e6 + 1e-9 == 1e6) and leave a flat world box.
   */
  minLength: 1e-3,
  /** Voxel edge length. */
  cellSize: [1e-3, 1e6] as const,
  /** Largest |angle| in radians (rotations, orbit phase). */
  angle: 1e4,
  /** Seconds per orbit. */
  period: [1e-2, 1e7] as const,
  /** Terrain cost multiplier. */
  cost: [1, 1e6] as const,
  /** Largest maxLinkDistance. */
  linkDistance: 1e8,
  /** Search weight. */
  weight: [1, 1e3] as const,
  ...STEERING_RANGES,
});
const R = SCENE_RANGES;

/**
 * Messages that describe a whole tuple. Zod reports a bad element at `position[1]`; elements
 * carry the tuple's message plus ELEMENT_MARK, and the error formatter turns such an issue
 * into one on the tuple itself (`waypoints[3].position: expected 3 numbers [x, y, z]`).
 */
export const VEC3_MESSAGE = `expected 3 numbers [x, y, z], each within ±${R.coord}`;
export const SIZE_MESSAGE = `expected 3 positive numbers [sx, sy, sz], each in [${R.minLength}, ${R.length}]`;
export const BOUNDS_VEC3_MESSAGE = `expected 3 numbers [x, y, z], each within ±${R.bounds}`;
export const AXIS_MESSAGE = `expected 3 numbers [x, y, z], each within ±${R.coord}`;
export const ANGLES_MESSAGE = `expected 3 angles [rx, ry, rz], each within ±${R.angle}`;
export const DIMS_MESSAGE = 'expected 3 positive integers [X, Y, Z]';
export const BOX_MESSAGE = 'expected 6 integers >= 0 [x0, y0, z0, x1, y1, z1]';
export const ELEMENT_MARK = ' (element)';
/** A tuple's message as its elements carry it. */
export const element = (message: string): string => message + ELEMENT_MARK;

/** Message for a voxel layer over the limit (shared with the pre-parse limit check). */
export const voxelLimitMessage = (X: number, Y: number, Z: number): string =>
  `${X}x${Y}x${Z} = ${X * Y * Z} voxels exceeds the limit of ${SCENE_LIMITS.voxels} (2^28)`;

/** Message for too many primitives (shared with the pre-parse limit check). */
export const primitiveLimitMessage = (count: number): string =>
  `${count} primitives (obstacles + moving obstacles + solid boxes + terrain boxes) exceeds the limit of ${SCENE_LIMITS.primitives}`;

/** `['waypoints', 3, 'position']` -> `waypoints[3].position`; the root is `document`. */
export function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? String(p) : `.${String(p)}`;
  return out === '' ? 'document' : out;
}
