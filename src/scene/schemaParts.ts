/**
 * The parts of the scene document schema (schema.ts puts them together): one zod schema per
 * element (vectors, obstacles, orbits, the voxel layer, meshes, settings) and the document
 * object before its cross-check, with the descriptions the JSON Schema export (jsonSchema.ts)
 * reads from `meta`. Input is lenient where the spec has an obvious default; objects are strict.
 */
import * as z from 'zod';
import { HEURISTICS, type HeuristicName } from '../core/search/heuristics.ts';
import { AVOIDANCE_MODES, type AvoidanceMode } from '../core/steering/params.ts';
import { SCENE_VERSION } from './documentShape.ts';
import {
  ANGLES_MESSAGE,
  AXIS_MESSAGE,
  BOUNDS_VEC3_MESSAGE,
  BOX_MESSAGE,
  DIMS_MESSAGE,
  element,
  SCENE_LIMITS,
  SCENE_RANGES,
  SIZE_MESSAGE,
  VEC3_MESSAGE,
} from './ranges.ts';

const R = SCENE_RANGES;

/** Metadata for the generated JSON Schema (jsonSchema.ts). A registry of its own, not zod's global one, so re-evaluating this module (HMR) never clashes. */
export const meta = z.registry<{ id?: string; title?: string; description?: string }>();
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
export const Vec3 = describe(
  triple(() => within(-R.coord, R.coord, element(VEC3_MESSAGE)), VEC3_MESSAGE),
  `[x, y, z] in world units, each within ±${R.coord}; y is up`,
  'vec3',
);
const BoundsVec3 = triple(() => within(-R.bounds, R.bounds, element(BOUNDS_VEC3_MESSAGE)), BOUNDS_VEC3_MESSAGE);
const Size = describe(
  triple(() => within(R.minLength, R.length, element(SIZE_MESSAGE)), SIZE_MESSAGE),
  `edge lengths [sx, sy, sz] in world units, each in [${R.minLength}, ${R.length}]`,
  'size3',
);
/** A length in [MIN_LENGTH, LENGTH] (`zero`: [0, LENGTH]). */
const length = (zero = false) =>
  z
    .number()
    .min(zero ? 0 : R.minLength)
    .max(R.length);
/** The range `length()` accepts, for descriptions. */
const LENGTH_RANGE = `[${R.minLength}, ${R.length}]`;
const Dims = describe(
  triple(() => z.int({ error: element(DIMS_MESSAGE) }).min(1, { error: element(DIMS_MESSAGE) }), DIMS_MESSAGE),
  'voxel counts [X, Y, Z]; X*Y*Z <= 2^28',
);
const boxIndex = () => z.int({ error: element(BOX_MESSAGE) }).min(0, { error: element(BOX_MESSAGE) });
export const VoxelBoxSchema = describe(
  z.tuple([boxIndex(), boxIndex(), boxIndex(), boxIndex(), boxIndex(), boxIndex()], { error: BOX_MESSAGE }),
  'inclusive voxel-index box [x0, y0, z0, x1, y1, z1] with x0 <= x1 < X, y0 <= y1 < Y, z0 <= z1 < Z',
  'voxelBox',
);
const Id = describe(
  z.string({ error: 'expected an id string' }).min(1, { error: 'an id must not be empty' }),
  'identifier, unique within its kind',
  'id',
);
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
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: "expected a colour like '#2f6fd6'" })
    .optional(),
  boxes: z.array(VoxelBoxSchema).max(SCENE_LIMITS.primitives),
});

export const VoxelLayerSchema = z.strictObject({
  origin: describe(
    Vec3.default((): [number, number, number] => [0, 0, 0]),
    'world position of the min corner of voxel (0, 0, 0)',
  ),
  cellSize: describe(
    z.number().min(R.cellSize[0]).max(R.cellSize[1]).default(1),
    `voxel edge length in world units, [${R.cellSize[0]}, ${R.cellSize[1]}]; origin + dims x cellSize must lie within ±${R.coord}`,
  ),
  dims: Dims,
  solid: describe(
    z
      .array(VoxelBoxSchema)
      .max(SCENE_LIMITS.primitives)
      .default(() => []),
    'blocked voxel boxes',
  ),
  terrain: describe(
    z
      .array(TerrainRegionSchema)
      .max(SCENE_LIMITS.primitives)
      .default(() => []),
    'cost regions, applied in order: later regions overwrite earlier ones',
  ),
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
  avoidance: z.enum(AVOIDANCE_MODES as readonly [AvoidanceMode, ...AvoidanceMode[]]).optional(),
  avoidRange: describe(
    z.number().min(R.avoidRange[0]).max(R.avoidRange[1]),
    `multiple of the agent radius, [${R.avoidRange[0]}, ${R.avoidRange[1]}]`,
  ).optional(),
  pullGain: describe(z.number().min(R.pullGain[0]).max(R.pullGain[1]), `[${R.pullGain[0]}, ${R.pullGain[1]}]`).optional(),
  minDistance: describe(
    z.number().min(R.minDistance[0]).max(R.minDistance[1]),
    `world units, [${R.minDistance[0]}, ${R.minDistance[1]}]`,
  ).optional(),
  stepHz: describe(
    z.number().min(R.stepHz[0]).max(R.stepHz[1]),
    `fixed steps per simulated second, [${R.stepHz[0]}, ${R.stepHz[1]}]`,
  ).optional(),
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
  z
    .string({ error: 'expected a path or a data: URI' })
    .min(1, { error: 'must not be empty' })
    .refine(
      (s) =>
        s.startsWith('data:')
          ? Object.keys(MESH_MEDIA_TYPES).some((t) => s.startsWith(`data:${t};base64,`))
          : /\.(glb|gltf|obj|stl)$/i.test(s) && !/^[a-z][a-z0-9+.-]*:/i.test(s),
      {
        error: `expected a relative path ending in .glb, .gltf, .obj or .stl, or a base64 data: URI of type ${Object.keys(MESH_MEDIA_TYPES).join(', ')}`,
      },
    ),
  'mesh file: a path relative to the scene file, or a base64 data: URI (model/gltf-binary, model/gltf+json, model/obj, model/stl)',
);

export const SceneMeshSchema = describe(
  z.strictObject({
    id: Id,
    src: MeshSrc,
    position: describe(
      Vec3.default((): [number, number, number] => [0, 0, 0]),
      'translation of the mesh',
    ),
    rotation: describe(
      Vec3.default((): [number, number, number] => [0, 0, 0]),
      'Euler angles [rx, ry, rz] in radians, order XYZ (as three.js)',
    ),
    scale: describe(
      Size.default((): [number, number, number] => [1, 1, 1]),
      'scale factors [sx, sy, sz] (> 0)',
    ),
  }),
  'static triangle geometry from a mesh file, placed by scale, then rotation, then translation',
);

/** The document before defaults are filled in and cross-references are checked. */
export const SceneObjectSchema = z.strictObject({
  $schema: describe(z.string(), 'optional path or URL of scene.schema.json, for editors').optional(),
  version: z.literal(SCENE_VERSION),
  name: z.string().default('Untitled scene'),
  description: z.string().optional(),
  units: describe(z.string(), "informational, e.g. 'm'").optional(),
  bounds: describe(BoundsSchema, 'default: the box around everything in the document').optional(),
  agentRadius: describe(length(true), `radius used by preprocessing (default 0), [0, ${R.length}]`).optional(),
  maxLinkDistance: describe(
    z.number().min(R.minLength).max(R.linkDistance),
    `waypoint pairs farther apart are never linked; [${R.minLength}, ${R.linkDistance}]`,
  ).optional(),
  voxels: VoxelLayerSchema.optional(),
  obstacles: z
    .array(SceneObstacleSchema)
    .max(SCENE_LIMITS.primitives)
    .default(() => []),
  meshes: z
    .array(SceneMeshSchema)
    .max(SCENE_LIMITS.meshes)
    .default(() => []),
  movingObstacles: z
    .array(MovingObstacleSchema)
    .max(SCENE_LIMITS.primitives)
    .default(() => []),
  waypoints: z
    .array(SceneWaypointSchema)
    .max(SCENE_LIMITS.waypoints)
    .default(() => []),
  agents: z
    .array(SceneAgentSchema)
    .max(SCENE_LIMITS.agents)
    .default(() => []),
  search: SearchSettingsSchema.optional(),
  steering: SteeringSettingsSchema.optional(),
});

/** Top-level keys in the order saveScene writes them. */
export const SCENE_KEY_ORDER: readonly string[] = Object.keys(SceneObjectSchema.shape);

/** The document object as the schema's shape reads it (defaults filled, not yet cross-checked). */
export type SceneObject = z.output<typeof SceneObjectSchema>;
/** The world box of a document. */
export type Bounds = z.output<typeof BoundsSchema>;
