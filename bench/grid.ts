/**
 * Grid search benchmarks: navlab against the yardstick A* (../shared/tools/baseline-astar.mjs)
 * on the same Moving AI problems in the same run, per-map speed on every Warframe map, peak
 * memory on the 89M-voxel A1, and the 2D problems through PathFinding.js, ngraph.path and Yuka.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import createGraph from 'ngraph.graph';
import { aStar } from 'ngraph.path';
import PF from 'pathfinding';
import * as YUKA from 'yuka';
import { GridSpace } from '../src/core/grid/GridSpace.ts';
import type { VoxelGrid } from '../src/core/grid/VoxelGrid.ts';
import { parse2dMap, parse2dScen, parse3dMap, parse3dScen, type ScenarioProblem } from '../src/core/io/movingai.ts';
import { findPath } from '../src/core/search/AStarRun.ts';
import { gridDistance } from '../src/core/search/heuristics.ts';
import { SearchContext } from '../src/core/search/SearchContext.ts';
import { median, printTable } from './stats.ts';
import { checkTarget } from './targets.ts';

const ROOT = join(import.meta.dirname, '..');
const DATA = process.env.NAVLAB_MOVINGAI_DIR ?? join(ROOT, '..', 'shared', 'data', 'movingai');
const YARDSTICK = join(ROOT, '..', 'shared', 'tools', 'baseline-astar.mjs');
const STANDARD_MAPS = ['A1', 'A2', 'A3', 'BC1', 'DA1', 'DB2', 'DC3', 'EB2', 'EC2', 'ED1', 'EE1', 'Full2'];
const mapPath = (name: string) => join(DATA, '3d', `${name}.3dmap`);

interface RunSummary {
  medianMs: number;
  expansionsPerSec: number;
  mismatched: number;
}

/** One cold process each, as a user would run them: `nav scen` and the yardstick script. */
function runOurs(map: string, offset: number, limit: number): RunSummary {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'src/cli/nav.ts'), 'scen', map, '--offset', String(offset), '--limit', String(limit), '--json'],
    { encoding: 'utf8', maxBuffer: 1 << 28 },
  );
  const lines = r.stdout.trim().split('\n');
  const s = JSON.parse(lines[lines.length - 1]).summary;
  return { medianMs: s.medianMs, expansionsPerSec: s.expansionsPerSec, mismatched: s.problems - s.matched };
}

function runYardstick(map: string, offset: number, limit: number): RunSummary {
  const r = spawnSync(process.execPath, [YARDSTICK, map, `${map}.3dscen`, String(offset), String(limit)], { encoding: 'utf8' });
  return JSON.parse(r.stdout.trim());
}

/** Compiles bench/native/astar.cpp (the yardstick's algorithm in C++) with g++ -O2, if g++ exists. */
function compileNative(): string | null {
  const exe = join(mkdtempSync(join(tmpdir(), 'navlab-native-')), 'astar');
  const r = spawnSync('g++', ['-O2', '-o', exe, join(ROOT, 'bench/native/astar.cpp')], { encoding: 'utf8' });
  return r.status === 0 ? exe : null;
}

function runNative(exe: string, map: string, offset: number, limit: number): RunSummary {
  const r = spawnSync(exe, [map, `${map}.3dscen`, String(offset), String(limit)], { encoding: 'utf8' });
  return JSON.parse(r.stdout.trim());
}

function yardstickTable(): void {
  const native = compileNative();
  const sets: [string, number, number][] = [
    ['Simple', 0, 3000],
    ['DA1', 9800, 100],
    ['EC2', 9800, 100],
  ];
  const rows: (string | number)[][] = [];
  const ROUNDS = 7;
  for (const [name, offset, limit] of sets) {
    const ours: RunSummary[] = [];
    const theirs: RunSummary[] = [];
    const cpp: RunSummary[] = [];
    // Alternate the runs so that load from elsewhere on the machine hits all of them alike.
    for (let k = 0; k < ROUNDS; k++) {
      ours.push(runOurs(mapPath(name), offset, limit));
      theirs.push(runYardstick(mapPath(name), offset, limit));
      if (native) cpp.push(runNative(native, mapPath(name), offset, limit));
    }
    const o = median(ours.map((r) => r.medianMs));
    const y = median(theirs.map((r) => r.medianMs));
    // The ratio pairs each round's runs, which ran back to back under the same load.
    const ratio = median(ours.map((r, k) => r.medianMs / theirs[k].medianMs));
    const c = native ? median(cpp.map((r) => r.medianMs)) : NaN;
    const mismatched = [ours, theirs, cpp].reduce((n, runs) => n + (runs[0]?.mismatched ?? 0), 0);
    const bound = name === 'Simple' ? 0.45 : 0.5;
    const verdict = checkTarget(
      'grid: navlab vs the yardstick A*',
      `navlab/yardstick, ${name} ${offset}-${offset + limit - 1}`,
      ratio,
      '<=',
      bound,
    );
    rows.push([
      `${name} ${offset}-${offset + limit - 1}`,
      o,
      y,
      ratio,
      verdict,
      c,
      y / c,
      o / c,
      median(ours.map((r) => r.expansionsPerSec)),
      median(theirs.map((r) => r.expansionsPerSec)),
      mismatched,
    ]);
  }
  printTable(
    `navlab vs the yardstick A* and the same A* in C++ -O2 (median ms per problem, median of ${ROUNDS} alternating cold runs; navlab/yardstick: median of the per-round ratios)`,
    [
      'problems',
      'navlab ms',
      'yardstick ms',
      'navlab/yardstick',
      'target',
      'C++ ms',
      'yardstick/C++',
      'navlab/C++',
      'navlab exp/s',
      'yardstick exp/s',
      'mismatched',
    ],
    rows,
  );
  if (!native) console.log('C++ columns: NaN because g++ is not installed.');
}

/** Runs problems in-process; returns per-problem times and totals. */
function runProblems(grid: VoxelGrid, problems: ScenarioProblem[]) {
  const space = new GridSpace(grid);
  const ctx = new SearchContext();
  const times: number[] = [];
  let expanded = 0;
  let ms = 0;
  let matched = 0;
  for (const p of problems) {
    const r = findPath(space, grid.index(...p.start), grid.index(...p.goal), {}, ctx);
    times.push(r.elapsedMs);
    ms += r.elapsedMs;
    expanded += r.expanded;
    if (p.expected < 0 ? r.status === 'unreachable' : Math.abs(r.cost - p.expected) <= 1e-3) matched++;
  }
  return { times, expansionsPerSec: expanded / (ms / 1000), matched };
}

function perMapTable(): void {
  const rows: (string | number)[][] = [];
  const standardTimes: number[] = [];
  const SAMPLE = 50;
  for (const name of ['Simple', 'Complex', ...STANDARD_MAPS]) {
    const grid = parse3dMap(readFileSync(mapPath(name), 'utf8'), name);
    const all = parse3dScen(readFileSync(`${mapPath(name)}.3dscen`, 'utf8'), name);
    const step = Math.floor(all.length / SAMPLE);
    const sample = Array.from({ length: SAMPLE }, (_, k) => all[k * step]);
    const r = runProblems(grid, sample);
    if (STANDARD_MAPS.includes(name)) standardTimes.push(...r.times);
    rows.push([
      name,
      `${grid.X}x${grid.Y}x${grid.Z}`,
      `${r.matched}/${SAMPLE}`,
      median(r.times),
      r.times[r.times.length - 1],
      r.expansionsPerSec,
    ]);
  }
  printTable(
    `Every Warframe map: ${SAMPLE} problems each (every ${SAMPLE === 50 ? '200th' : 'nth'}, easy to hard)`,
    ['map', 'size', 'matched', 'median ms', 'max ms', 'expansions/s'],
    rows,
  );
  console.log(`\nMedian over the 12 standard maps (${standardTimes.length} problems): ${median(standardTimes).toFixed(3)} ms per problem.`);
  console.log(
    'Published C++ A* (Nobes et al., SoCS 2023, 38 standard maps, i7-8559U): median 2.58 ms — another CPU and map set, for orientation only.',
  );
  console.log('The yardstick/C++ column above measures the same straightforward A* in C++ -O2 against the yardstick in this run.');
}

function peakMemoryTable(): void {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/peak-memory.ts'), mapPath('A1'), '9980', '20'], {
    encoding: 'utf8',
  });
  const m = JSON.parse(r.stdout.trim());
  printTable(
    'Peak memory, A1 problems 9980-9999 (896x390x255 = 89M voxels), own process',
    ['map', 'problems', 'matched', 'peak RSS MiB', 'target'],
    [
      [
        'A1',
        m.problems,
        m.matched,
        m.peakRssMiB,
        checkTarget('grid: peak memory', 'peak RSS, A1 problems 9980-9999', m.peakRssMiB, '<', 1024, 'MiB'),
      ],
    ],
  );
}

/** Octile cost of a 2D path given as [x, y] pairs. */
const pathCost2d = (path: number[][]) =>
  path.slice(1).reduce((sum, p, k) => sum + (p[0] !== path[k][0] && p[1] !== path[k][1] ? Math.SQRT2 : 1), 0);

function peers2dTable(): void {
  const rows: (string | number)[][] = [];
  const sets: [string, string, number][] = [
    ['arena.map', 'arena.map.scen', 160],
    ['den312d.map', 'den312d-random-1.scen', 200],
    ['Berlin_1_256.map', 'Berlin_1_256-random-1.scen', 100],
  ];
  for (const [mapFile, scenFile, count] of sets) {
    const grid = parse2dMap(readFileSync(join(DATA, '2d', mapFile), 'utf8'), mapFile);
    const problems = parse2dScen(readFileSync(join(DATA, '2d', scenFile), 'utf8'), scenFile);
    const step = Math.max(1, Math.floor(problems.length / count));
    const sample = problems.filter((_, k) => k % step === 0).slice(0, count);
    const W = grid.X,
      H = grid.Y;
    const free = (x: number, y: number) => x >= 0 && y >= 0 && x < W && y < H && grid.occupancy[x + W * y] === 0;
    // Peers get the same graph: 8 neighbours, diagonals only when both orthogonal cells are free.
    const pfGrid = new PF.Grid(W, H);
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (!free(x, y)) pfGrid.setWalkableAt(x, y, false);
    const pf = new PF.AStarFinder({ diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles, heuristic: PF.Heuristic.octile });
    const ng = createGraph();
    const yk = new YUKA.Graph();
    yk.digraph = true;
    const pos = (i: number) => [i % W, Math.floor(i / W)];
    for (let i = 0; i < W * H; i++) {
      if (grid.occupancy[i]) continue;
      const [x, y] = pos(i);
      ng.addNode(i, { x, y });
      yk.addNode(new YUKA.NavNode(i, new YUKA.Vector3(x, y, 0)));
    }
    for (let i = 0; i < W * H; i++) {
      if (grid.occupancy[i]) continue;
      const [x, y] = pos(i);
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          if ((dx === 0 && dy === 0) || !free(x + dx, y + dy) || !free(x + dx, y) || !free(x, y + dy)) continue;
          const j = x + dx + W * (y + dy);
          const w = dx !== 0 && dy !== 0 ? Math.SQRT2 : 1;
          if (j > i) ng.addLink(i, j, { weight: w });
          yk.addEdge(new YUKA.NavEdge(i, j, w));
        }
    }
    const octile = (a: number, b: number) => {
      const [ax, ay] = pos(a);
      const [bx, by] = pos(b);
      return gridDistance(ax - bx, ay - by, 0, 26);
    };
    const ngFinder = aStar(ng, { distance: (_a, _b, link) => link.data.weight, heuristic: (a, b) => octile(a.id, b.id) });
    const yukaOctile = { calculate: (_g: YUKA.Graph, s: number, t: number) => octile(s, t) };
    const space = new GridSpace(grid);
    const ctx = new SearchContext();
    const t = { navlab: [] as number[], pathfinding: [] as number[], ngraph: [] as number[], yuka: [] as number[] };
    let bad = 0;
    const check = (cost: number, p: ScenarioProblem) => {
      if (Math.abs(cost - p.expected) > 1e-3) bad++;
    };
    for (let rep = 0; rep < 2; rep++) {
      for (const p of sample) {
        const s = p.start[0] + W * p.start[1];
        const g = p.goal[0] + W * p.goal[1];
        let t0 = performance.now();
        const ours = findPath(space, s, g, {}, ctx);
        t.navlab.push(performance.now() - t0);
        t0 = performance.now();
        const pfPath = pf.findPath(p.start[0], p.start[1], p.goal[0], p.goal[1], pfGrid.clone());
        t.pathfinding.push(performance.now() - t0);
        t0 = performance.now();
        const ngPath = ngFinder.find(s, g);
        t.ngraph.push(performance.now() - t0);
        t0 = performance.now();
        const ykSearch = new YUKA.AStar(yk, s, g);
        ykSearch.heuristic = yukaOctile;
        const ykPath = ykSearch.search().getPath();
        t.yuka.push(performance.now() - t0);
        if (rep === 0) {
          check(ours.cost, p);
          check(pathCost2d(pfPath), p);
          check(pathCost2d(ngPath.map((n) => pos(n.id))), p);
          check(pathCost2d(ykPath.map(pos)), p);
        }
      }
    }
    const ours = median(t.navlab);
    rows.push([mapFile, sample.length, ours, median(t.pathfinding) / ours, median(t.ngraph) / ours, median(t.yuka) / ours, bad]);
  }
  printTable(
    '2D Moving AI problems, all four libraries in the same run (median ms per query; peers as multiples of navlab)',
    ['map', 'problems', 'navlab ms', 'PathFinding.js x', 'ngraph.path x', 'yuka x', 'wrong costs'],
    rows,
  );
  console.log('PathFinding.js clones its grid before each search (its documented usage); the clone is part of its time.');
}

export function benchGrid(): void {
  if (!existsSync(mapPath('A1')) || !existsSync(YARDSTICK)) {
    console.log(`\n## Grid search\nskipped: data absent (${DATA} or ${YARDSTICK})`);
    return;
  }
  yardstickTable();
  peakMemoryTable();
  perMapTable();
  peers2dTable();
}

// `tsx bench/grid.ts [yardstick]`: these tables alone, or only the yardstick table.
if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2] === 'yardstick') yardstickTable();
  else benchGrid();
}
