import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse3dMap, parse3dScen } from '../../src/core/io/movingai.ts';
import { buildVoxelGrid, parseScene } from '../../src/scene/index.ts';
import { jsonLines, runNav } from '../support/cli.ts';
import type { RefGrid } from '../support/reference.ts';
import { segmentLegal } from '../support/segmentLegal.ts';

const MAP = 'test/data/Simple.3dmap';
const grid = parse3dMap(readFileSync(MAP, 'utf8'));
const ref: RefGrid = { X: grid.X, Y: grid.Y, Z: grid.Z, blocked: (x, y, z) => grid.isBlocked(x, y, z), cost: () => 1 };

interface Report {
  status: string;
  cost: number;
  path: number[][];
  expanded: number;
  ms: number;
}

const path = (from: number[], to: number[], ...flags: string[]): { code: number; report: Report; stderr: string } => {
  const r = runNav(['path', MAP, '--from', from.join(','), '--to', to.join(','), ...flags, '--json']);
  return { code: r.code, report: (r.code === 0 ? jsonLines(r.stdout)[0] : {}) as unknown as Report, stderr: r.stderr };
};

/** Every segment legal (closed-box rule, independent check) and cost = the summed Euclidean length x cellSize. */
function expectLegal(report: Report, from: number[], to: number[]): void {
  expect(report.path[0]).toEqual(from);
  expect(report.path[report.path.length - 1]).toEqual(to);
  let length = 0;
  for (let k = 1; k < report.path.length; k++) {
    const a = report.path[k - 1],
      b = report.path[k];
    expect(segmentLegal(ref, a, b), `${a} -> ${b}`).toBe(true);
    length += Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  }
  expect(report.cost).toBeCloseTo(length * grid.cellSize, 9);
}

describe('nav path --world sparse', () => {
  it("prints the dense command's JSON: legal corners, cost = length x cellSize, within 1.1 of the published optimum", () => {
    const problems = parse3dScen(readFileSync(`${MAP}.3dscen`, 'utf8'));
    for (const i of [4000, 7321, 9990]) {
      const p = problems[i];
      const dense = runNav(['path', MAP, '--from', p.start.join(','), '--to', p.goal.join(','), '--algorithm', 'lazy-theta', '--json']);
      const { code, report } = path(p.start, p.goal, '--world', 'sparse');
      expect(code).toBe(0);
      expect(Object.keys(report)).toEqual(Object.keys(jsonLines(dense.stdout)[0]));
      expect(report.status).toBe('found');
      expectLegal(report, p.start, p.goal);
      expect(report.cost / p.expected).toBeLessThanOrEqual(1.1);
    }
  });

  it('start and goal in one free cell: the straight segment', () => {
    // Both in the free corner of the map (one octree node), as the dense lazy-theta answers.
    const { report } = path([1, 1, 1], [20, 20, 20], '--world', 'sparse');
    expect(report.path).toEqual([
      [1, 1, 1],
      [20, 20, 20],
    ]);
    expect(report.cost).toBeCloseTo(Math.hypot(19, 19, 19) * grid.cellSize, 9);
    expect(path([7, 3, 2], [7, 3, 2], '--world', 'sparse').report.path).toEqual([[7, 3, 2]]);
  });

  it("--weight defaults to 1 (the CLI contract), not the library's sparse default, and is honoured", () => {
    // 9913: a problem whose expansions the weight changes on the merged regions (10 at weight 1, 9 at 1.05).
    const p = parse3dScen(readFileSync(`${MAP}.3dscen`, 'utf8'))[9913];
    const [none, one, weighted] = [[], ['--weight', '1'], ['--weight', '1.05']].map(
      (flags) => path(p.start, p.goal, '--world', 'sparse', ...flags).report,
    );
    expect({ ...none, ms: 0 }).toEqual({ ...one, ms: 0 });
    expect(weighted.expanded).toBeLessThan(one.expanded);
    expectLegal(weighted, p.start, p.goal);
  });

  it("a scene's voxel layer: the same answer shape, legal on the scene's grid", () => {
    const file = 'scenes/building.json';
    const sceneGrid = buildVoxelGrid(parseScene(JSON.parse(readFileSync(file, 'utf8'))));
    if (sceneGrid === null) throw new Error('building.json has a voxel layer');
    const dense = jsonLines(runNav(['path', file, '--from', '1,1,1', '--to', '20,1,10', '--json']).stdout)[0] as unknown as Report;
    const r = runNav(['path', file, '--from', '1,1,1', '--to', '20,1,10', '--world', 'sparse', '--json']);
    expect(r.code).toBe(0);
    const report = jsonLines(r.stdout)[0] as unknown as Report;
    expect(report.status).toBe(dense.status);
    expect(report.path[0]).toEqual([1, 1, 1]);
    expect(report.path[report.path.length - 1]).toEqual([20, 1, 10]);
    const sceneRef: RefGrid = {
      ...ref,
      X: sceneGrid.X,
      Y: sceneGrid.Y,
      Z: sceneGrid.Z,
      blocked: (x, y, z) => sceneGrid.isBlocked(x, y, z),
    };
    for (let k = 1; k < report.path.length; k++) expect(segmentLegal(sceneRef, report.path[k - 1], report.path[k])).toBe(true);
    // Any-angle against the 26-neighbour optimum.
    expect(report.cost).toBeLessThanOrEqual(dense.cost * 1.1);
  });

  it('2D maps: x,y endpoints on the one-voxel-thick grid', () => {
    const r = runNav(['path', 'test/data/arena.map', '--from', '2,2', '--to', '40,30', '--world', 'sparse', '--json']);
    expect(r.code).toBe(0);
    const report = jsonLines(r.stdout)[0] as unknown as Report;
    expect(report.status).toBe('found');
    expect(report.path[0]).toEqual([2, 2, 0]);
    expect(report.path[report.path.length - 1]).toEqual([40, 30, 0]);
  });

  it('blocked or outside endpoints and flags the octree cannot honour are usage errors naming them', () => {
    for (const [from, to, flags, message] of [
      [[50, 50, 50], [1, 1, 1], [], /from: voxel \(50, 50, 50\) is blocked/],
      [[1, 1, 1], [105, 0, 0], [], /to: voxel \(105, 0, 0\) is outside the 105x132x105 grid/],
      [[1, 1, 1], [2, 2, 2], ['--algorithm', 'astar'], /--algorithm astar: --world sparse/],
      [[1, 1, 1], [2, 2, 2], ['--neighborhood', '6'], /--neighborhood 6: --world sparse supports 26 only/],
      [[1, 1, 1], [2, 2, 2], ['--graph', 'waypoints'], /--world sparse searches the grid, not --graph waypoints/],
      [[1, 1, 1], [2, 2, 2], ['--world', 'octree'], /--world/],
    ] as const) {
      const r = path([...from], [...to], '--world', 'sparse', ...flags);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });
});
