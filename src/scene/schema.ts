/**
 * The scene document, version 2, as a zod 4 schema (docs/scene-format-draft.md, scenes/README.md).
 *
 * One schema serves three purposes: runtime validation (validate.ts), the TypeScript types
 * (`SceneDocument` and friends are inferred from it) and scenes/scene.schema.json (generated
 * by `sceneJsonSchema()`), so the three can never disagree.
 *
 * Input is lenient where the spec has an obvious default (name, bounds, the empty lists, voxel
 * origin/cellSize, orbit phase/axis); output always carries those fields, so consumers never
 * test for them. Objects are strict: a misspelt key is an error, not silently ignored.
 */
import * as z from 'zod';
import { LIMITS } from '../core/limits.ts';
import { HEURISTICS, type HeuristicName } from '../core/search/heuristics.ts';
import { quote } from '../core/text.ts';
import { STEERING_RANGES } from '../core/steering/params.ts';

import { checkSceneDocument, SCENE_VERSION } from './documentShape.ts';

export { SCENE_VERSION } from './documentShape.ts';

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

export { SCENE_FILE_LIMIT } from './fileLimit.ts';

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
const BOUNDS_VEC3_MESSAGE = `expected 3 numbers [x, y, z], each within ±${R.bounds}`;
const AXIS_MESSAGE = `expected 3 numbers [x, y, z], each within ±${R.coord}`;
const ANGLES_MESSAGE = `expected 3 angles [rx, ry, rz], each within ±${R.angle}`;
export const DIMS_MESSAGE = 'expected 3 positive integers [X, Y, Z]';
export const BOX_MESSAGE = 'expected 6 integers >= 0 [x0, y0, z0, x1, y1, z1]';
export const ELEMENT_MARK = ' (element)';
const element = (message: string) => message + ELEMENT_MARK;

/** Metadata for the generated JSON Schema. Private, so re-evaluating this module (HMR) never clashes. */
const meta = z.registry<{ id?: string; title?: string; description?: string }>();
/** A copy of `schema` with a description (and a `$defs` name when `id` is given); the original keeps its own. */
function describe<T extends z.ZodType>(schema: T, description: string, id?: string): T {
  const copy = schema.clone() as T;
  meta.add(copy, id === undefined ? { description } : { description, id });
  return copy;
}

/** A 3-tuple of fresh `item()` schemas whose shape errors read `message`. */
const triple = <T extends z.ZodType>(item: () => T, message: string) => z.tuple([item(), item(), item()], { error: message });

/** A number in [lo, hi] (`lo` excluded when `open`) whose every error reads `message` (a tuple element's). */
const within = (lo: number, hi: number, message: string, open = false) => {
  const n = z.number({ error: message });
  return (open ? n.gt(lo, { error: message }) : n.min(lo, { error: message })).max(hi, { error: message });
};
const Vec3 = describe(triple(() => within(-R.coord, R.coord, element(VEC3_MESSAGE)), VEC3_MESSAGE), `[x, y, z] in world units, each within ±${R.coord}; y is up`, 'vec3');
const BoundsVec3 = triple(() => within(-R.bounds, R.bounds, element(BOUNDS_VEC3_MESSAGE)), BOUNDS_VEC3_MESSAGE);
const Size = describe(triple(() => within(R.minLength, R.length, element(SIZE_MESSAGE)), SIZE_MESSAGE), `edge lengths [sx, sy, sz] in world units, each in [${R.minLength}, ${R.length}]`, 'size3');
/** A length in [MIN_LENGTH, LENGTH] (`zero`: [0, LENGTH]). */
const length = (zero = false) => z.number().min(zero ? 0 : R.minLength).max(R.length);
/** The range `length()` accepts, for descriptions. */
const LENGTH_RANGE = `[${R.minLength}, ${R.length}]`;
const Dims = describe(triple(() => z.int({ error: element(DIMS_MESSAGE) }).min(1, { error: element(DIMS_MESSAGE) }), DIMS_MESSAGE), 'voxel counts [X, Y, Z]; X*Y*Z <= 2^28');
const boxIndex = () => z.int({ error: element(BOX_MESSAGE) }).min(0, { error: element(BOX_MESSAGE) });
const VoxelBoxSchema = describe(
  z.tuple([boxIndex(), boxIndex(), boxIndex(), boxIndex(), boxIndex(), boxIndex()], { error: BOX_MESSAGE }),
  'inclusive voxel-index box [x0, y0, z0, x1, y1, z1] with x0 <= x1 < X, y0 <= y1 < Y, z0 <= z1 < Z',
  'voxelBox',
);
const Id = describe(z.string({ error: 'expected an id string' }).min(1, { error: 'an id must not be empty' }), 'identifier, unique within its kind', 'id');
const Ref = describe(
  z.union([Vec3, z.string().min(1)], { error: 'expected a position [x, y, z] or an id string' }),
  'a position [x, y, z] or an id (see the field)',
  'pointRef',
);

export const BoundsSchema = describe(
  z.strictObject({ min: BoundsVec3, max: BoundsVec3 }),
  `the world box (camera framing, voxelization extent, placement); min < max on every axis, each within ±${R.bounds}`,
);

export const SceneWaypointSchema = z.strictObject({
  id: Id,
  position: Vec3,
  label: z.string().optional(),
});

export const SceneAgentSchema = z.strictObject({
  id: Id,
  start: describe(Ref, 'a position or a waypoint id'),
  goal: describe(Ref, 'a position, a waypoint id or a moving obstacle id (the agent chases it)'),
  radius: describe(length(true), `sphere radius in world units, [0, ${R.length}]`),
  speed: describe(length(), `world units per second, ${LENGTH_RANGE}`),
});

const Angles = triple(() => within(-R.angle, R.angle, element(ANGLES_MESSAGE)), ANGLES_MESSAGE);
const rotation = describe(Angles, `Euler angles [rx, ry, rz] in radians (each within ±${R.angle}), order XYZ (as three.js)`).optional();

export const BoxObstacleSchema = z.strictObject({
  id: Id,
  shape: z.literal('box'),
  position: describe(Vec3, 'centre of the box'),
  size: Size,
  rotation,
});

export const SphereObstacleSchema = z.strictObject({
  id: Id,
  shape: z.literal('sphere'),
  position: describe(Vec3, 'centre of the sphere'),
  radius: describe(length(), LENGTH_RANGE),
});

export const CylinderObstacleSchema = z.strictObject({
  id: Id,
  shape: z.literal('cylinder'),
  position: describe(Vec3, 'centre of the cylinder (midpoint of its axis)'),
  radius: describe(length(), LENGTH_RANGE),
  height: describe(length(), `length along the axis, which is world y; ${LENGTH_RANGE}`),
});

export const SceneObstacleSchema = z.discriminatedUnion('shape', [BoxObstacleSchema, SphereObstacleSchema, CylinderObstacleSchema], {
  error: (issue) => (issue.code === 'invalid_union' ? "expected shape 'box', 'sphere' or 'cylinder'" : undefined),
});

export const OrbitSchema = z.strictObject({
  center: Vec3,
  radius: describe(length(true), `orbit radius in world units, [0, ${R.length}]`),
  period: describe(z.number().min(R.period[0]).max(R.period[1]), `seconds per revolution, [${R.period[0]}, ${R.period[1]}]`),
  phase: describe(z.number().min(-R.angle).max(R.angle).default(0), `angle at t = 0, radians, within ±${R.angle}`),
  axis: describe(
    triple(() => within(-R.coord, R.coord, element(AXIS_MESSAGE)), AXIS_MESSAGE).default((): [number, number, number] => [0, 1, 0]),
    `normal of the orbit plane (any length > 0, components within ±${R.coord}); the motion turns right-handed about it`,
  ),
});

export const MovingObstacleSchema = describe(
  z.strictObject({ id: Id, radius: describe(length(), LENGTH_RANGE), orbit: OrbitSchema }),
  'a sphere on a circular orbit; it does not block preprocessing',
);

export const TerrainRegionSchema = z.strictObject({
  kind: describe(z.string().min(1), "terrain name, e.g. 'water'"),
  cost: describe(z.number().min(R.cost[0]).max(R.cost[1]), `cost multiplier in [${R.cost[0]}, ${R.cost[1]}] for entering these voxels`),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: "expected a colour like '#2f6fd6'" }).optional(),
  boxes: z.array(VoxelBoxSchema).max(SCENE_LIMITS.primitives),
});

export const VoxelLayerSchema = z.strictObject({
  origin: describe(Vec3.default((): [number, number, number] => [0, 0, 0]), 'world position of the min corner of voxel (0, 0, 0)'),
  cellSize: describe(
    z.number().min(R.cellSize[0]).max(R.cellSize[1]).default(1),
    `voxel edge length in world units, [${R.cellSize[0]}, ${R.cellSize[1]}]; origin + dims x cellSize must lie within ±${R.coord}`,
  ),
  dims: Dims,
  solid: describe(z.array(VoxelBoxSchema).max(SCENE_LIMITS.primitives).default(() => []), 'blocked voxel boxes'),
  terrain: describe(z.array(TerrainRegionSchema).max(SCENE_LIMITS.primitives).default(() => []), 'cost regions, applied in order: later regions overwrite earlier ones'),
});

export const SearchSettingsSchema = z.strictObject({
  graph: z.enum(['grid', 'waypoints']).optional(),
  neighborhood: z.union([z.literal(6), z.literal(18), z.literal(26)], { error: 'expected 6, 18 or 26' }).optional(),
  cornerCutting: z.enum(['forbid', 'allow']).optional(),
  heuristic: z.enum(HEURISTICS as readonly [HeuristicName, ...HeuristicName[]]).optional(),
  weight: describe(z.number().min(R.weight[0]).max(R.weight[1]), `[${R.weight[0]}, ${R.weight[1]}]`).optional(),
  tieBreak: z.enum(['low-h', 'none']).optional(),
  maxExpansions: z.int().min(0).optional(),
});

export const SteeringSettingsSchema = z.strictObject({
  avoidRange: describe(z.number().min(R.avoidRange[0]).max(R.avoidRange[1]), `multiple of the agent radius, [${R.avoidRange[0]}, ${R.avoidRange[1]}]`).optional(),
  pullGain: describe(z.number().min(R.pullGain[0]).max(R.pullGain[1]), `[${R.pullGain[0]}, ${R.pullGain[1]}]`).optional(),
  minDistance: describe(z.number().min(R.minDistance[0]).max(R.minDistance[1]), `world units, [${R.minDistance[0]}, ${R.minDistance[1]}]`).optional(),
  stepHz: describe(z.number().min(R.stepHz[0]).max(R.stepHz[1]), `fixed steps per simulated second, [${R.stepHz[0]}, ${R.stepHz[1]}]`).optional(),
});

// --- Meshes (format version 2) ---

/** data: URI media types of embedded meshes (the format comes from them, as a path's comes from its extension). */
export const MESH_MEDIA_TYPES = Object.freeze({
  'model/gltf-binary': 'glb',
  'model/gltf+json': 'gltf',
  'model/obj': 'obj',
  'model/stl': 'stl',
} as const);

const MeshSrc = describe(
  z.string({ error: 'expected a path or a data: URI' })
    .min(1, { error: 'must not be empty' })
    .refine((s) => (s.startsWith('data:') ? Object.keys(MESH_MEDIA_TYPES).some((t) => s.startsWith(`data:${t};base64,`)) : /\.(glb|gltf|obj|stl)$/i.test(s) && !/^[a-z][a-z0-9+.-]*:/i.test(s)), {
      error: `expected a relative path ending in .glb, .gltf, .obj or .stl, or a base64 data: URI of type ${Object.keys(MESH_MEDIA_TYPES).join(', ')}`,
    }),
  'mesh file: a path relative to the scene file, or a base64 data: URI (model/gltf-binary, model/gltf+json, model/obj, model/stl)',
);

export const SceneMeshSchema = describe(
  z.strictObject({
    id: Id,
    src: MeshSrc,
    position: describe(Vec3.default((): [number, number, number] => [0, 0, 0]), 'translation of the mesh'),
    rotation: describe(Vec3.default((): [number, number, number] => [0, 0, 0]), 'Euler angles [rx, ry, rz] in radians, order XYZ (as three.js)'),
    scale: describe(Size.default((): [number, number, number] => [1, 1, 1]), 'scale factors [sx, sy, sz] (> 0)'),
  }),
  'static triangle geometry from a mesh file, placed by scale, then rotation, then translation',
);

/** The document before defaults are filled in and cross-references are checked. */
const SceneObjectSchema = z.strictObject({
  $schema: describe(z.string(), 'optional path or URL of scene.schema.json, for editors').optional(),
  version: z.literal(SCENE_VERSION),
  name: z.string().default('Untitled scene'),
  description: z.string().optional(),
  units: describe(z.string(), "informational, e.g. 'm'").optional(),
  bounds: describe(BoundsSchema, 'default: the box around everything in the document').optional(),
  agentRadius: describe(length(true), `radius used by preprocessing (default 0), [0, ${R.length}]`).optional(),
  maxLinkDistance: describe(z.number().min(R.minLength).max(R.linkDistance), `waypoint pairs farther apart are never linked; [${R.minLength}, ${R.linkDistance}]`).optional(),
  voxels: VoxelLayerSchema.optional(),
  obstacles: z.array(SceneObstacleSchema).max(SCENE_LIMITS.primitives).default(() => []),
  meshes: z.array(SceneMeshSchema).max(SCENE_LIMITS.meshes).default(() => []),
  movingObstacles: z.array(MovingObstacleSchema).max(SCENE_LIMITS.primitives).default(() => []),
  waypoints: z.array(SceneWaypointSchema).max(SCENE_LIMITS.waypoints).default(() => []),
  agents: z.array(SceneAgentSchema).max(SCENE_LIMITS.agents).default(() => []),
  search: SearchSettingsSchema.optional(),
  steering: SteeringSettingsSchema.optional(),
});

/** Top-level keys in the order saveScene writes them. */
export const SCENE_KEY_ORDER: readonly string[] = Object.keys(SceneObjectSchema.shape);

type SceneObject = z.output<typeof SceneObjectSchema>;
type Issue = { path: (string | number)[]; message: string };

/** Issues a document has beyond its shape: duplicate ids, dangling references, boxes outside dims. */
function crossCheck(doc: SceneObject): Issue[] {
  const issues: Issue[] = [];
  const add = (path: (string | number)[], message: string) => issues.push({ path, message });

  if (doc.bounds) {
    const { min, max } = doc.bounds;
    if (![0, 1, 2].every((a) => min[a] < max[a])) add(['bounds'], `min must be < max on every axis, got min ${fmt(min)} and max ${fmt(max)}`);
  }

  const firstUse = new Map<string, string>();
  const unique = (id: string, path: (string | number)[], namespace: string) => {
    const key = `${namespace}\u0000${id}`;
    const first = firstUse.get(key);
    if (first !== undefined) add([...path, 'id'], `duplicate id ${quote(id)} (first used by ${first})`);
    else firstUse.set(key, pathText(path));
  };
  doc.waypoints.forEach((w, i) => unique(w.id, ['waypoints', i], 'waypoint'));
  doc.obstacles.forEach((o, i) => unique(o.id, ['obstacles', i], 'obstacle'));
  doc.meshes.forEach((m, i) => unique(m.id, ['meshes', i], 'mesh'));
  doc.movingObstacles.forEach((m, i) => unique(m.id, ['movingObstacles', i], 'obstacle'));
  doc.agents.forEach((a, i) => unique(a.id, ['agents', i], 'agent'));

  const waypointIds = new Set(doc.waypoints.map((w) => w.id));
  const movingIds = new Set(doc.movingObstacles.map((m) => m.id));
  doc.movingObstacles.forEach((m, i) => {
    // A goal string is looked up among waypoints and moving obstacles: one id must not name both.
    if (waypointIds.has(m.id)) add(['movingObstacles', i, 'id'], `${quote(m.id)} is also a waypoint id, so a goal ${quote(m.id)} would be ambiguous`);
    const [ax, ay, az] = m.orbit.axis;
    if (!(ax * ax + ay * ay + az * az > 1e-12)) add(['movingObstacles', i, 'orbit', 'axis'], 'must not be the zero vector');
  });
  doc.agents.forEach((a, i) => {
    if (typeof a.start === 'string' && !waypointIds.has(a.start)) {
      add(['agents', i, 'start'], movingIds.has(a.start)
        ? `${quote(a.start)} is a moving obstacle; a start must be a position or a waypoint id`
        : `unknown waypoint ${quote(a.start)}`);
    }
    if (typeof a.goal === 'string' && !waypointIds.has(a.goal) && !movingIds.has(a.goal)) {
      add(['agents', i, 'goal'], `${quote(a.goal)} is neither a waypoint id nor a moving obstacle id`);
    }
  });

  let primitives = doc.obstacles.length + doc.movingObstacles.length;
  if (doc.voxels) {
    const v = doc.voxels;
    const [X, Y, Z] = v.dims;
    const count = X * Y * Z;
    if (count > SCENE_LIMITS.voxels) add(['voxels', 'dims'], voxelLimitMessage(X, Y, Z));
    const checkBox = (b: readonly number[], path: (string | number)[]) => {
      for (let a = 0; a < 3; a++) {
        const axis = 'xyz'[a];
        if (b[a] > b[a + 3]) add(path, `box ${fmt(b)} has ${axis}0 > ${axis}1`);
        else if (b[a + 3] >= v.dims[a]) add(path, `box ${fmt(b)} is outside dims ${X}x${Y}x${Z} (${axis}1 = ${b[a + 3]} must be < ${v.dims[a]})`);
      }
    };
    for (let a = 0; a < 3; a++) {
      // The far corner too must lie in the coordinate range, so bounds can always hold the layer.
      const far = v.origin[a] + v.dims[a] * v.cellSize;
      if (!(Math.abs(far) <= R.coord)) add(['voxels'], `the layer reaches ${'xyz'[a]} = ${far} (origin + dims x cellSize), outside ±${R.coord}`);
    }
    v.solid.forEach((b, i) => checkBox(b, ['voxels', 'solid', i]));
    v.terrain.forEach((r, j) => r.boxes.forEach((b, i) => checkBox(b, ['voxels', 'terrain', j, 'boxes', i])));
    primitives += v.solid.length;
    for (const r of v.terrain) primitives += r.boxes.length;
  }
  if (primitives > SCENE_LIMITS.primitives) add([], primitiveLimitMessage(primitives));
  return issues;
}

/** Message for a voxel layer over the limit (shared with the pre-parse limit check). */
export const voxelLimitMessage = (X: number, Y: number, Z: number): string =>
  `${X}x${Y}x${Z} = ${X * Y * Z} voxels exceeds the limit of ${SCENE_LIMITS.voxels} (2^28)`;

/** Message for too many primitives (shared with the pre-parse limit check). */
export const primitiveLimitMessage = (count: number): string =>
  `${count} primitives (obstacles + moving obstacles + solid boxes + terrain boxes) exceeds the limit of ${SCENE_LIMITS.primitives}`;

const fmt = (a: readonly number[]): string => `[${a.join(', ')}]`;

/** `['waypoints', 3, 'position']` -> `waypoints[3].position`; the root is `document`. */
export function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? String(p) : `.${String(p)}`;
  return out === '' ? 'document' : out;
}

type Bounds = z.output<typeof BoundsSchema>;


/**
 * The box around everything a document places in the world: the voxel layer, obstacles
 * (rotated boxes by their bounding sphere), whole orbits, and waypoints and positional agent
 * starts/goals padded by 1 unit. A document with nothing in it gets the unit cube. Used as the
 * default `bounds`; the app may offer it as "fit bounds to content".
 */
export function contentBounds(doc: Omit<SceneObject, 'bounds'>): Bounds {
  checkSceneDocument('contentBounds: doc', doc);
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  const grow = (c: readonly number[], r: readonly number[]) => {
    for (let a = 0; a < 3; a++) {
      min[a] = Math.min(min[a], c[a] - r[a]);
      max[a] = Math.max(max[a], c[a] + r[a]);
    }
  };
  const v = doc.voxels;
  if (v) grow(v.origin.map((o, a) => o + (v.dims[a] * v.cellSize) / 2), v.dims.map((d) => (d * v.cellSize) / 2));
  for (const o of doc.obstacles) {
    if (o.shape === 'sphere') grow(o.position, [o.radius, o.radius, o.radius]);
    else if (o.shape === 'cylinder') grow(o.position, [o.radius, o.height / 2, o.radius]);
    else if (o.rotation && o.rotation.some((r) => r !== 0)) {
      const r = Math.hypot(...o.size) / 2;
      grow(o.position, [r, r, r]);
    } else grow(o.position, o.size.map((s) => s / 2));
  }
  for (const m of doc.movingObstacles) {
    const r = m.orbit.radius + m.radius;
    grow(m.orbit.center, [r, r, r]);
  }
  const pad = [1, 1, 1];
  for (const w of doc.waypoints) grow(w.position, pad);
  for (const a of doc.agents) for (const p of [a.start, a.goal]) if (typeof p !== 'string') grow(p, pad);
  if (min[0] === Infinity) return { min: [0, 0, 0], max: [1, 1, 1] };
  return { min: [min[0], min[1], min[2]], max: [max[0], max[1], max[2]] };
}

/**
 * The scene document schema: shape, then cross-references (run only when the shape is
 * right), then the default bounds. Prefer `parseScene` (validate.ts): it checks the size limits
 * first and words the errors for people.
 */
export const SceneSchema = SceneObjectSchema.superRefine((doc, ctx) => {
  for (const issue of crossCheck(doc)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}).transform((doc) => {
  const bounds = doc.bounds ?? contentBounds(doc);
  // Rebuild in schema key order so a filled-in `bounds` sits where saveScene writes it.
  const out: Record<string, unknown> = {};
  for (const key of SCENE_KEY_ORDER) {
    const value = key === 'bounds' ? bounds : (doc as Record<string, unknown>)[key];
    if (value !== undefined) out[key] = value;
  }
  return out as SceneObject & { bounds: Bounds };
});
meta.add(SceneSchema, { title: 'navlab scene document', description: `A navlab scene document, version ${SCENE_VERSION}. See scenes/README.md.` });

/** A validated scene document: every default filled in, every reference resolved. */
export type SceneDocument = z.output<typeof SceneSchema>;
/** What a scene file may contain (defaults not yet applied). */
export type SceneDocumentInput = z.input<typeof SceneSchema>;
/** The box a scene lives in: `min` and `max` corners [x, y, z] in world units. */
export type SceneBounds = Bounds;
/** A named waypoint: `id` and `position` [x, y, z]. */
export type SceneWaypoint = z.output<typeof SceneWaypointSchema>;
/** An agent: id, start and goal (positions or waypoint ids; a goal may name a moving obstacle), radius and speed. */
export type SceneAgent = z.output<typeof SceneAgentSchema>;
/** A position or an id, as in an agent's start and goal. */
export type PointRef = SceneAgent['start'];
/** A static primitive obstacle: a box, a sphere or a cylinder (told apart by `shape`). */
export type SceneObstacle = z.output<typeof SceneObstacleSchema>;
/** A box obstacle: centre `position` and `size`. */
export type BoxObstacle = z.output<typeof BoxObstacleSchema>;
/** A sphere obstacle: centre `position` and `radius`. */
export type SphereObstacle = z.output<typeof SphereObstacleSchema>;
/** A cylinder obstacle (axis along world y): centre `position`, `radius` and `height`. */
export type CylinderObstacle = z.output<typeof CylinderObstacleSchema>;
/** The circular path of a moving obstacle: centre, radius, period, phase and axis. */
export type Orbit = z.output<typeof OrbitSchema>;
/** A sphere that moves on an orbit; agents avoid it and a goal may chase it. */
export type MovingObstacle = z.output<typeof MovingObstacleSchema>;
/** An inclusive box of voxel indices [x0, y0, z0, x1, y1, z1]. */
export type VoxelBox = z.output<typeof VoxelBoxSchema>;
/** Voxels of a box with a terrain cost multiplier >= 1. */
export type TerrainRegion = z.output<typeof TerrainRegionSchema>;
/** The voxel layer of a scene: dims, origin, cell size, blocked voxel boxes and terrain regions. */
export type VoxelLayer = z.output<typeof VoxelLayerSchema>;
/** The search settings a scene asks for (graph, neighbourhood, corner cutting, heuristic, weight...). */
export type SearchSettings = z.output<typeof SearchSettingsSchema>;
/** The steering settings of a scene (avoid range, pull gain, minimum distance, step rate). */
export type SteeringSettings = z.output<typeof SteeringSettingsSchema>;
/** A position or direction [x, y, z] in a scene document. */
export type SceneVec3 = z.output<typeof Vec3>;
/** A static triangle mesh a scene references: id, `src` (relative path or data: URI), position, rotation and scale. */
export type SceneMesh = z.output<typeof SceneMeshSchema>;

/**
 * JSON Schema (draft 2020-12) of what a scene file may contain, generated from SceneSchema.
 * Cross-reference rules (unique ids, known waypoints, boxes inside dims, limits on sums) cannot
 * be expressed there; parseScene checks them. scripts/gen-schema.ts writes this to
 * scenes/scene.schema.json and a test keeps the two equal.
 */
export function sceneJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(SceneSchema, { io: 'input', target: 'draft-2020-12', metadata: meta }) as Record<string, unknown>;
}

/** sceneJsonSchema() as the text of scenes/scene.schema.json (2-space JSON, final newline). */
export function sceneJsonSchemaText(): string {
  return JSON.stringify(sceneJsonSchema(), null, 2) + '\n';
}
