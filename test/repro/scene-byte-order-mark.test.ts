// A JSON scene saved with a byte-order mark failed with an invisible character in the message.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScene } from '../../src/scene/index.ts';
import { runNav } from '../support/cli.ts';

const text = readFileSync('scenes/open-field.json', 'utf8');

describe('a scene with a byte-order mark', () => {
  it('parses like the same scene without it', () => {
    expect(parseScene(`\ufeff${text}`)).toEqual(parseScene(text));
  });

  it('loads in the CLI', () => {
    const dir = mkdtempSync(join(tmpdir(), 'navlab-'));
    const file = join(dir, 'bom.json');
    writeFileSync(file, `\ufeff${text}`);
    const r = runNav(['preprocess', file, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).waypoints).toBeGreaterThan(0);
  });

  it('a mark anywhere else is named visibly in the error', () => {
    expect(() => parseScene(' \ufeff{}')).toThrow(/JSON: /);
    let message = '';
    try {
      parseScene('{"version": 1, "name": "a\ufeff", "x\ufeff": 1}');
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/\\ufeff/);
    expect(message).not.toMatch(/\ufeff/);
  });
});
