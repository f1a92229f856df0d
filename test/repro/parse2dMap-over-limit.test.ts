// `nav path x.map` with a 2D header of 20000 x 20000 exited 70 with a stack trace: parse2dMap
// let VoxelGrid's RangeError through instead of wrapping it as parse3dMap does.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse2dMap, ParseError } from '../../src/core/io/movingai.ts';
import { runNav } from '../support/cli.ts';

describe('a 2D map over the voxel limit', () => {
  it('is a ParseError naming the file and the limit', () => {
    expect(() => parse2dMap('type octile\nheight 20000\nwidth 20000\nmap\n', 'big.map')).toThrow(ParseError);
    expect(() => parse2dMap('type octile\nheight 20000\nwidth 20000\nmap\n', 'big.map')).toThrow(
      /big\.map:4: .*exceeds the limit of 268435456/,
    );
  });

  it('makes nav exit 1 with a message, no stack trace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'navlab-'));
    const file = join(dir, 'big.map');
    writeFileSync(file, 'type octile\nheight 20000\nwidth 20000\nmap\n');
    const r = runNav(['path', file, '--from', '0,0', '--to', '1,1', '--json']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/exceeds the limit/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
