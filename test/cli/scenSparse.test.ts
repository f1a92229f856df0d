import { describe, expect, it } from 'vitest';
import { jsonLines, runNav } from '../support/cli.ts';

describe('nav scen --world sparse', () => {
  it('prints the same lines as dense; the summary adds meanRatio and maxRatio over the solved problems', () => {
    const args = ['scen', 'test/data/Simple.3dmap', '--offset', '4000', '--limit', '20', '--json'];
    const dense = jsonLines(runNav(args).stdout);
    const r = runNav([...args, '--world', 'sparse']);
    expect(r.code).toBe(0);
    const lines = jsonLines(r.stdout);
    expect(lines).toHaveLength(21);
    let sum = 0,
      max = 0;
    for (let i = 0; i < 20; i++) {
      const l = lines[i];
      expect(Object.keys(l)).toEqual(Object.keys(dense[i]));
      expect([l.index, l.start, l.goal, l.expected, l.status]).toEqual([
        dense[i].index,
        dense[i].start,
        dense[i].goal,
        dense[i].expected,
        'found',
      ]);
      const ratio = (l.cost as number) / (l.expected as number);
      sum += ratio;
      max = Math.max(max, ratio);
    }
    const summary = lines[20].summary as Record<string, number>;
    expect(Object.keys(summary)).toEqual([...Object.keys(dense[20].summary as object), 'meanRatio', 'maxRatio']);
    expect(summary.meanRatio).toBeCloseTo(sum / 20, 12);
    expect(summary.maxRatio).toBe(max);
    expect(summary.maxRatio).toBeLessThanOrEqual(1.3);
  });

  it("--weight defaults to 1 (the CLI contract), not the library's sparse default", () => {
    const expanded = (...flags: string[]): unknown =>
      jsonLines(
        runNav(['scen', 'test/data/Simple.3dmap', '--offset', '9913', '--limit', '1', '--world', 'sparse', ...flags, '--json']).stdout,
      )[0].expanded;
    const one = expanded('--weight', '1');
    expect(expanded()).toBe(one);
    expect(expanded('--weight', '1.05')).toBeLessThan(one as number);
  });

  it('2D maps too; flags the sparse world cannot honour are usage errors', () => {
    const r = runNav(['scen', 'test/data/arena.map', '--limit', '5', '--world', 'sparse', '--json']);
    expect(r.code).toBe(0);
    expect(
      jsonLines(r.stdout)
        .slice(0, 5)
        .map((l) => l.status),
    ).toEqual(['found', 'found', 'found', 'found', 'found']);
    for (const [flags, message] of [
      [['--algorithm', 'jps'], /--algorithm jps: --world sparse/],
      [['--neighborhood', '6'], /--neighborhood 6: --world sparse supports 26 only/],
      [['--corner-cutting', 'allow'], /--corner-cutting allow: --world sparse/],
      [['--workers', '2'], /--workers: --world sparse runs in one thread/],
      [['--world', 'octree'], /--world/],
    ] as const) {
      const bad = runNav(['scen', 'test/data/Simple.3dmap', '--limit', '1', '--world', 'sparse', ...flags]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(message);
    }
  });
});
