import { describe, expect, it } from 'vitest';
import { jsonLines, runNav } from '../support/cli.ts';

const SCEN = ['scen', 'test/data/Simple.3dmap', '--offset', '9000', '--limit', '40', '--json'];

describe('nav --algorithm', () => {
  it('scen: jps matches every published length, with the same JSON keys as astar', () => {
    const astar = jsonLines(runNav(SCEN).stdout);
    const jps = jsonLines(runNav([...SCEN, '--algorithm', 'jps']).stdout);
    expect(jps).toHaveLength(41);
    expect(Object.keys(jps[0])).toEqual(Object.keys(astar[0]));
    expect((jps[40].summary as Record<string, number>).matched).toBe(40);
    jps.slice(0, 40).forEach((l, i) => expect(l.cost).toBeCloseTo(astar[i].cost as number, 9));
  });

  it('scen --workers 2: the same lines in file order', () => {
    const one = jsonLines(runNav([...SCEN, '--algorithm', 'jps']).stdout);
    const two = jsonLines(runNav([...SCEN, '--algorithm', 'jps', '--workers', '2']).stdout);
    expect(two.map((l) => l.index)).toEqual(one.map((l) => l.index));
    expect(two.map((l) => [l.status, l.cost, l.expanded])).toEqual(one.map((l) => [l.status, l.cost, l.expanded]));
    expect((two[40].summary as Record<string, number>).matched).toBe(40);
  });

  it('path: lazy-theta lists corner voxels and is no longer than astar', () => {
    const args = ['path', 'test/data/Simple.3dmap', '--from', '56,76,52', '--to', '48,85,45', '--json'];
    const [astar] = jsonLines(runNav(args).stdout);
    const r = runNav([...args, '--algorithm', 'lazy-theta']);
    expect(r.code).toBe(0);
    const [theta] = jsonLines(r.stdout);
    expect(Object.keys(theta)).toEqual(['status', 'cost', 'path', 'expanded', 'ms']);
    expect(theta.status).toBe('found');
    expect(theta.cost as number).toBeLessThanOrEqual(astar.cost as number);
    const path = theta.path as number[][];
    expect(path[0]).toEqual([56, 76, 52]);
    expect(path[path.length - 1]).toEqual([48, 85, 45]);
    expect(path.length).toBeLessThan((astar.path as number[][]).length);
  });

  it.each([
    [
      ['scen', 'test/data/Simple.3dmap', '--limit', '1', '--algorithm', 'jps', '--neighborhood', '18'],
      /jps supports only 26 neighbours \(neighborhood 18 is unsupported\)/,
    ],
    [
      ['path', 'test/data/Simple.3dmap', '--from', '56,76,52', '--to', '48,85,45', '--algorithm', 'jps', '--corner-cutting', 'allow'],
      /corner cutting 'allow' is unsupported/,
    ],
    [
      ['path', 'test/data/Simple.3dmap', '--from', '56,76,52', '--to', '48,85,45', '--algorithm', 'dijkstra'],
      /--algorithm: expected astar\|jps\|lazy-theta, got 'dijkstra'/,
    ],
    [['scen', 'test/data/Simple.3dmap', '--workers', '0'], /--workers: expected an integer >= 1/],
  ])('usage errors exit 2 with a message: %s', (args, message) => {
    const r = runNav(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });
});
