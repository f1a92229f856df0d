import * as z from 'zod';
import { SceneSchema } from './schema.ts';
import { meta } from './schemaParts.ts';

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
  return `${JSON.stringify(sceneJsonSchema(), null, 2)}\n`;
}
