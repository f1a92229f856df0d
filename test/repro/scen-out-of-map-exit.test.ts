// A scenario problem outside its map is bad input (exit 1), not a usage error with usage text (exit 2).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runNav } from '../support/cli.ts';

describe('nav scen with a problem outside the map', () => {
  it('exits 1 naming the problem, without the usage text', () => {
    const dir = mkdtempSync(join(tmpdir(), 'navlab-'));
    const scen = join(dir, 'out.3dscen');
    writeFileSync(scen, 'version 1\nSimple.3dmap\n56 76 52 48 85 45 15.31710829 1.054\n500 0 0 1 1 1 3 1\n');
    const r = runNav(['scen', 'test/data/Simple.3dmap', scen, '--json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/problem 1: start \(500, 0, 0\) is blocked or outside the map/);
    expect(r.stderr).not.toMatch(/usage:/);
  });
});
