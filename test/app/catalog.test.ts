import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SceneCatalog } from '../../src/app/shell/scene/catalog.ts';
import { ROOT } from '../support/cli.ts';

const index = JSON.parse(readFileSync(join(ROOT, 'scenes', 'index.json'), 'utf8')) as { file: string; name: string }[];

describe('SceneCatalog', () => {
  it('offers every scene file in scenes/, in index.json order with its names, open-field first', () => {
    const c = new SceneCatalog();
    const files = readdirSync(join(ROOT, 'scenes')).filter((f) => f.endsWith('.json') && f !== 'index.json' && f !== 'scene.schema.json');
    expect(c.entries.map((e) => e.file).sort()).toEqual(files.sort());
    expect(c.names).toEqual(index.map((e) => e.name));
    expect(c.entries[0].file).toBe('open-field.json');
  });

  it('finds scenes by picker name, file name or stem, ignoring case', () => {
    const c = new SceneCatalog();
    expect(c.find('3D maze')?.file).toBe('maze.json');
    expect(c.find('maze.json')?.name).toBe('3D maze');
    expect(c.find('MAZE')?.name).toBe('3D maze');
    expect(c.find('nowhere')).toBeUndefined();
  });

  it('adds loaded scenes under names that do not hide shipped ones', () => {
    const c = new SceneCatalog();
    const a = c.addLoaded('My scene', { kind: 'json', text: '{}' });
    const b = c.addLoaded('3D maze', { kind: 'json', text: '{}' });
    expect(a.name).toBe('My scene');
    expect(b.name).toBe('3D maze (2)');
    expect(c.find('3D maze')?.file).toBe('maze.json');
    c.addLoaded('My scene', { kind: 'json', text: '{"version":1}' });
    expect(c.names.filter((n) => n === 'My scene')).toHaveLength(1);
    expect(c.find('My scene')?.source).toEqual({ kind: 'json', text: '{"version":1}' });
  });
});
