// `nav path /dev/zero` and a .json symlink to /dev/urandom read until memory ran out; a FIFO
// would block forever. Only regular files are read, and their size is checked first.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runNav } from '../support/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'navlab-'));

describe('nav reads only regular files', () => {
  it('/dev/zero as a map is refused', () => {
    const r = runNav(['path', '/dev/zero', '--from', '0,0,0', '--to', '1,1,1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/\/dev\/zero: not a regular file/);
  });

  it('a .json symlink to /dev/urandom is refused', () => {
    const link = join(dir, 'random.json');
    symlinkSync('/dev/urandom', link);
    const r = runNav(['preprocess', link, '--json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/random\.json: not a regular file/);
    expect(r.stdout).toBe('');
  });

  it('a FIFO is refused without waiting for a writer', () => {
    const fifo = join(dir, 'pipe.json');
    const made = spawnSync('mkfifo', [fifo]);
    if (made.status !== 0) return; // no mkfifo on this system: nothing to test
    const r = runNav(['simulate', fifo]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/pipe\.json: not a regular file/);
  });

  it('a directory is refused', () => {
    const r = runNav(['scen', dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/not a regular file/);
  });
});

describe('an over-limit scene file', () => {
  it('is refused by its size before it is read', () => {
    // A sparse 65 MiB file: reading it would take 65 MiB; the size check reads nothing.
    const big = join(dir, 'big.json');
    writeFileSync(big, '');
    truncateSync(big, 65 * 2 ** 20);
    const r = runNav(['preprocess', big]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/big\.json: 68157440 bytes exceeds the limit of 67108864 bytes \(64 MiB\)/);
  });
});
