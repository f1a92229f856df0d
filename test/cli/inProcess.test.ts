/**
 * `main(argv, io)` in-process: everything goes through io (nothing on the process's streams,
 * process.exitCode untouched), runs leave no state behind for the next one, runs side by side
 * keep their output apart, and a bad call names its argument.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main, USAGE } from '../../src/cli/main.ts';
import { jsonLines, runNav, runNavHere } from '../support/cli.ts';

const SCEN = ['scen', 'test/data/Simple.3dmap', '--offset', '7', '--limit', '4', '--json'];
const untimed = (lines: Record<string, unknown>[]) =>
  lines.map((l) => {
    const { ms: _ms, summary, ...rest } = l as Record<string, unknown> & { summary?: Record<string, unknown> };
    if (summary === undefined) return rest;
    const { medianMs: _m, expansionsPerSec: _e, buildMs: _b, ...s } = summary;
    return { summary: s };
  });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('main(argv, io)', () => {
  it('writes only through io and leaves process.exitCode alone, on success and on failure', async () => {
    const stdout = vi.spyOn(process.stdout, 'write');
    const stderr = vi.spyOn(process.stderr, 'write');
    const exit = vi.spyOn(process, 'exit');
    const before = process.exitCode;
    const ok = await runNavHere(['path', 'test/data/Simple.3dmap', '--from', '56,76,52', '--to', '48,85,45', '--json']);
    const bad = await runNavHere(['path', 'test/data/Simple.3dmap', '--from', '50,50,50', '--to', '1,1,1', '--json']);
    const unknown = await runNavHere(['frob']);
    expect([ok.code, bad.code, unknown.code]).toEqual([0, 2, 2]);
    expect(jsonLines(ok.stdout)[0].status).toBe('found');
    expect(bad.stderr).toMatch(/^nav path: from: voxel \(50, 50, 50\) is blocked\n/);
    expect(unknown.stderr).toBe(`nav: unknown command 'frob'\n${USAGE}\n`);
    expect(stdout).not.toHaveBeenCalled();
    expect(stderr).not.toHaveBeenCalled();
    expect(exit).not.toHaveBeenCalled();
    expect(process.exitCode).toBe(before);
  });

  it('a run after others gives the same answer as the first (no state carried over), also through worker threads', async () => {
    const first = await runNavHere(SCEN);
    await runNavHere(['scen', 'test/data/Simple.3dmap', '--limit', '3', '--heuristic', 'zero', '--neighborhood', '6', '--json']);
    await runNavHere(['scen', 'test/data/Simple.3dmap', '--limit', '3', '--algorithm', 'jps', '--json']);
    await runNavHere(['scen', 'test/data/Simple.3dmap', 'no/such.3dscen']);
    const threaded = await runNavHere([...SCEN, '--workers', '2']);
    const again = await runNavHere(SCEN);
    expect(first.code).toBe(0);
    expect(untimed(jsonLines(again.stdout))).toEqual(untimed(jsonLines(first.stdout)));
    expect(untimed(jsonLines(threaded.stdout))).toEqual(untimed(jsonLines(first.stdout)));
  });

  it('runs side by side keep their output apart', async () => {
    const runs = await Promise.all([
      runNavHere(SCEN),
      runNavHere(['preprocess', 'scenes/thin-walls.json', '--json']),
      runNavHere(['preprocess', 'no/such.json']),
      runNavHere(SCEN),
    ]);
    expect(runs.map((r) => r.code)).toEqual([0, 0, 1, 0]);
    expect(jsonLines(runs[0].stdout)).toHaveLength(5);
    expect(Object.keys(jsonLines(runs[1].stdout)[0])[0]).toBe('waypoints');
    expect(runs[2]).toEqual({ code: 1, stdout: '', stderr: 'nav preprocess: no/such.json: no such file\n' });
    expect(untimed(jsonLines(runs[3].stdout))).toEqual(untimed(jsonLines(runs[0].stdout)));
  });

  it('the synchronous runNav (a worker thread) gives what the in-thread run gives', async () => {
    const args = ['path', 'test/data/Simple.3dmap', '--from', '1,1,1', '--to', '105,0,0', '--json'];
    expect(runNav(args)).toEqual(await runNavHere(args));
    expect(runNav(['--help'])).toEqual(await runNavHere(['--help']));
  });

  it('a bad call names the argument', async () => {
    const io = { stdout: () => {}, stderr: () => {} };
    await expect(main('scen' as unknown as string[], io)).rejects.toThrow(/^main: argv must be an array of strings$/);
    await expect(main(['scen', 1 as unknown as string], io)).rejects.toThrow(/argv/);
    await expect(main(['--help'], {} as typeof io)).rejects.toThrow(/^main: io must have stdout\(text\) and stderr\(text\) functions$/);
  });
});
