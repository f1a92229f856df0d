/**
 * The real bin (src/cli/nav.ts through tsx, in its own process), a few smoke tests: exit codes,
 * JSON on stdout, messages on stderr, bytes equal to the in-process runs every other CLI test
 * uses (`runNav`, `runNavHere`).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { jsonLines, ROOT, runNavHere, type NavResult } from '../support/cli.ts';

const execFileAsync = promisify(execFile);

/** `node --import tsx src/cli/nav.ts <args>`, as `npm run nav` runs it. */
async function bin(args: string[]): Promise<NavResult> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/nav.ts'), ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
      maxBuffer: 1 << 26,
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const x = e as { code?: number | string; stdout?: string; stderr?: string };
    if (typeof x.code !== 'number') throw e;
    return { code: x.code, stdout: x.stdout ?? '', stderr: x.stderr ?? '' };
  }
}

/** The numbers that are timings, zeroed, so two runs compare byte for byte otherwise. */
const untimed = (stdout: string): string => stdout.replace(/"(ms|medianMs|expansionsPerSec|buildMs)":[0-9.e+-]+/g, '"$1":0');

describe('the nav bin', () => {
  it('exits 0 with JSON lines on stdout, nothing on stderr, the same bytes as in-process (scen through worker threads)', async () => {
    const args = ['scen', 'test/data/Simple.3dmap', '--offset', '40', '--limit', '6', '--workers', '2', '--json'];
    const [r, here] = await Promise.all([bin(args), runNavHere(args)]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const lines = jsonLines(r.stdout);
    expect(lines.map((l) => l.index)).toEqual([40, 41, 42, 43, 44, 45, undefined]);
    expect((lines[6].summary as { matched: number }).matched).toBe(6);
    expect(untimed(r.stdout)).toBe(untimed(here.stdout));
  });

  it('a usage error: exit 2, the message and the usage on stderr (byte for byte as in-process), nothing on stdout', async () => {
    const args = ['path', 'test/data/Simple.3dmap', '--from', '1,2'];
    const [r, here] = await Promise.all([bin(args), runNavHere(args)]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^nav path: --from: expected integer voxel coordinates x,y,z, got '1,2'\nusage:\n/);
    expect(r).toEqual(here);
  });

  it('bad input: exit 1 with a one-line message naming the file, no stack trace', async () => {
    const r = await bin(['preprocess', 'no/such-scene.json', '--json']);
    expect(r).toEqual({ code: 1, stdout: '', stderr: 'nav preprocess: no/such-scene.json: no such file\n' });
  });

  it('--help prints the usage and every flag on stdout (exit 0); no command prints the usage on stderr (exit 2)', async () => {
    const [help, none] = await Promise.all([bin(['--help']), bin([])]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage:\n {2}nav scen /);
    expect(help.stdout).toMatch(/^ {2}--cell-size C +number > 0; default: required$/m);
    expect(help.stderr).toBe('');
    expect(none).toMatchObject({ code: 2, stdout: '' });
    expect(none.stderr).toMatch(/^usage:\n {2}nav scen /);
    expect(help.stdout.startsWith(none.stderr)).toBe(true);
  });
});
