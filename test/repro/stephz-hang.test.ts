// `steering.stepHz: 1e9` hung `nav simulate` (300 s x 1e9 steps). stepHz now has a documented
// range [1, 1000] in the schema, and the core refuses more than MAX_STEP_HZ steps a second.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_STEP_HZ, resolveSteeringParams } from '../../src/core/steering/params.ts';
import { runNav } from '../support/cli.ts';

describe('stepHz 1e9', () => {
  it('is refused by the core', () => {
    expect(MAX_STEP_HZ).toBe(1000);
    expect(() => resolveSteeringParams({ stepHz: 1e9 })).toThrow(/stepHz: expected a number in \[1, 1000\], got 1000000000/);
    expect(() => resolveSteeringParams({ stepHz: 1e-300 })).toThrow(/stepHz/);
  });

  it('makes nav simulate exit 1 at once', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'navlab-')), 'fast.json');
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        steering: { stepHz: 1e9 },
        agents: [{ id: 'a', start: [0, 0, 0], goal: [1e5, 0, 0], radius: 0.5, speed: 1 }],
      }),
    );
    const r = runNav(['simulate', file, '--json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/steering\.stepHz: must be <= 1000, got 1000000000/);
  });
});
