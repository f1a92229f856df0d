/**
 * The scene document, version 2, as a zod 4 schema (scenes/README.md).
 *
 * One schema serves three purposes: runtime validation (validate.ts), the TypeScript types
 * (`SceneDocument` and friends are inferred from it) and scenes/scene.schema.json (generated
 * by `sceneJsonSchema()`, jsonSchema.ts), so the three can never disagree. Its parts live in
 * schemaParts.ts, its limits, ranges and messages in ranges.ts, the rules beyond its shape in
 * crossCheck.ts and the default bounds in contentBounds.ts.
 *
 * Input is lenient where the spec has an obvious default (name, bounds, the empty lists, voxel
 * origin/cellSize, orbit phase/axis); output always carries those fields, so consumers never
 * test for them. Objects are strict: a misspelt key is an error, not silently ignored.
 */
import type * as z from 'zod';
import { contentBounds } from './contentBounds.ts';
import { crossCheck } from './crossCheck.ts';
import { SCENE_VERSION } from './documentShape.ts';
import {
  meta,
  SCENE_KEY_ORDER,
  SceneObjectSchema,
  type Bounds,
  type BoxObstacleSchema,
  type CylinderObstacleSchema,
  type MovingObstacleSchema,
  type OrbitSchema,
  type SceneAgentSchema,
  type SceneMeshSchema,
  type SceneObject,
  type SceneObstacleSchema,
  type SceneWaypointSchema,
  type SearchSettingsSchema,
  type SphereObstacleSchema,
  type SteeringSettingsSchema,
  type TerrainRegionSchema,
  type Vec3,
  type VoxelBoxSchema,
  type VoxelLayerSchema,
} from './schemaParts.ts';

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
meta.add(SceneSchema, {
  title: 'navlab scene document',
  description: `A navlab scene document, version ${SCENE_VERSION}. See scenes/README.md.`,
});

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
/** The steering settings of a scene (avoidance mode, avoid range, pull gain, minimum distance, step rate). */
export type SteeringSettings = z.output<typeof SteeringSettingsSchema>;
/** A position or direction [x, y, z] in a scene document. */
export type SceneVec3 = z.output<typeof Vec3>;
/** A static triangle mesh a scene references: id, `src` (relative path or data: URI), position, rotation and scale. */
export type SceneMesh = z.output<typeof SceneMeshSchema>;
