import { describe, expect, it } from 'vitest';
import { jsonLines, runNav } from '../support/cli.ts';

describe('nav scen', () => {
  it('prints one JSON line per problem with its file index, then the summary', () => {
    const r = runNav(['scen', 'test/data/Simple.3dmap', '--offset', '100', '--limit', '5', '--json']);
    expect(r.code).toBe(0);
    const lines = jsonLines(r.stdout);
    expect(lines).toHaveLength(6);
    expect(lines.slice(0, 5).map((l) => l.index)).toEqual([100, 101, 102, 103, 104]);
    for (const l of lines.slice(0, 5)) {
      expect(Object.keys(l)).toEqual(['index', 'start', 'goal', 'expected', 'status', 'cost', 'expanded', 'ms']);
      expect(l.status).toBe('found');
      expect(Math.abs((l.cost as number) - (l.expected as number))).toBeLessThanOrEqual(1e-3);
    }
    const summary = lines[5].summary as Record<string, number>;
    expect(Object.keys(summary)).toEqual(['problems', 'matched', 'maxAbsDiff', 'medianMs', 'expansionsPerSec', 'buildMs']);
    expect(summary.problems).toBe(5);
    expect(summary.matched).toBe(5);
    expect(Number.isFinite(summary.buildMs) && summary.buildMs > 0).toBe(true); // parsing the map takes some time
  });

  it('reads 2D maps as one-voxel-thick grids and reports [x, y, 0]', () => {
    const r = runNav(['scen', 'test/data/arena.map', '--limit', '3', '--json']);
    expect(r.code).toBe(0);
    const lines = jsonLines(r.stdout);
    expect((lines[0].start as number[])[2]).toBe(0);
    expect((lines[3].summary as Record<string, number>).matched).toBe(3);
  });

  it('search flags change the search: Dijkstra matches but expands more', () => {
    const astar = jsonLines(runNav(['scen', 'test/data/Simple.3dmap', '--offset', '1', '--limit', '1', '--json']).stdout)[0];
    const dijkstra = jsonLines(
      runNav(['scen', 'test/data/Simple.3dmap', '--offset', '1', '--limit', '1', '--heuristic', 'zero', '--json']).stdout,
    )[0];
    expect(dijkstra.cost).toBeCloseTo(astar.cost as number, 9);
    expect(dijkstra.expanded as number).toBeGreaterThan(astar.expanded as number);
  });
});

describe('nav path', () => {
  it('finds a grid path between voxel indices with the exact JSON keys', () => {
    const r = runNav(['path', 'test/data/Simple.3dmap', '--from', '56,76,52', '--to', '48,85,45', '--json']);
    expect(r.code).toBe(0);
    const [out] = jsonLines(r.stdout);
    expect(Object.keys(out)).toEqual(['status', 'cost', 'path', 'expanded', 'ms']);
    expect(out.status).toBe('found');
    expect(out.cost).toBeCloseTo(15.31710829, 6);
    const path = out.path as number[][];
    expect(path[0]).toEqual([56, 76, 52]);
    expect(path[path.length - 1]).toEqual([48, 85, 45]);
  });

  it('reports partial with the budget and the path to the nearest closed voxel', () => {
    const [out] = jsonLines(
      runNav(['path', 'test/data/Simple.3dmap', '--from', '53,78,56', '--to', '52,52,52', '--max-expansions', '10', '--json']).stdout,
    );
    expect(out.status).toBe('partial');
    expect(out.expanded).toBe(10);
  });

  it.each([
    [['path', 'test/data/Simple.3dmap', '--from', '50,50,50', '--to', '1,1,1', '--json'], 2, /from: voxel \(50, 50, 50\) is blocked/],
    [['path', 'test/data/Simple.3dmap', '--from', '1,1,1', '--to', '105,0,0', '--json'], 2, /to: voxel \(105, 0, 0\) is outside/],
    [['path', 'test/data/Simple.3dmap', '--from', '1,2', '--json'], 2, /--to/],
    [['path', 'test/data/Simple.3dmap', '--from', 'a,b,c', '--to', '1,1,1'], 2, /--from: expected integer voxel coordinates/],
    [
      ['path', 'test/data/Simple.3dmap', '--from', '56,76,52', '--to', '48,85,45', '--neighborhood', '8'],
      2,
      /--neighborhood: expected 6\|18\|26/,
    ],
    [['path', 'test/data/Simple.3dmap', '--from', '56,76,52', '--to', '48,85,45', '--weight', '0.5'], 2, /--weight/],
    [['scen', 'test/data/Simple.3dmap', '--bogus'], 2, /unknown option '--bogus'/],
    [['scen', 'no/such.3dmap'], 1, /no\/such\.3dmap: no such file/],
    [['frobnicate'], 2, /unknown command 'frobnicate'/],
  ])('bad input %j exits %i with a message on stderr and nothing on stdout', (args, code, message) => {
    const r = runNav(args as string[]);
    expect(r.code).toBe(code);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message as RegExp);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
