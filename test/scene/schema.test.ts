import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sceneJsonSchema, sceneJsonSchemaText } from '../../src/scene/index.ts';
import { ROOT } from './helpers.ts';

describe('scenes/scene.schema.json', () => {
  const committed = readFileSync(`${ROOT}scenes/scene.schema.json`, 'utf8');

  it('is what the zod schema generates now (regenerate: npx tsx scripts/gen-schema.ts)', () => {
    // Compare parsed JSON, so line endings of a checkout do not matter, then the exact text.
    expect(JSON.parse(committed), 'scenes/scene.schema.json is stale: run npx tsx scripts/gen-schema.ts').toEqual(sceneJsonSchema());
    expect(committed.replace(/\r\n/g, '\n')).toBe(sceneJsonSchemaText());
  });

  it('describes the keys outside checks rely on', () => {
    const schema = sceneJsonSchema() as {
      $schema: string;
      required: string[];
      properties: Record<string, any>;
      $defs: Record<string, any>;
    };
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.required).toEqual(['version']);
    expect(schema.properties.version.const).toBe(2);
    expect(schema.properties.meshes.items.required).toEqual(['id', 'src']);
    expect(schema.properties.waypoints.items.required).toEqual(['id', 'position']);
    expect(schema.properties.agents.items.required).toEqual(['id', 'start', 'goal', 'radius', 'speed']);
    expect(schema.properties.waypoints.maxItems).toBe(50_000);
    expect(schema.properties.agents.maxItems).toBe(10_000);
    expect(schema.$defs.vec3.minItems).toBe(3);
  });
});
