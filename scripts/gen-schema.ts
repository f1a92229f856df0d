/**
 * Writes scenes/scene.schema.json from the zod schema in src/scene/schema.ts:
 *   npx tsx scripts/gen-schema.ts
 * test/scene/schema.test.ts fails when the committed file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sceneJsonSchemaText } from '../src/scene/jsonSchema.ts';

const target = fileURLToPath(new URL('../scenes/scene.schema.json', import.meta.url));
writeFileSync(target, sceneJsonSchemaText());
console.log(`wrote ${target}`);
