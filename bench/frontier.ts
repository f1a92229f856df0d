/**
 * The search frontier: jump point search and Lazy Theta* against navlab's A* on the Warframe
 * maps, in the same process and run. Problems 9000, 9020, ..., 9980 of each of the
 * 12 standard maps are the long ones, where search time matters; every 200th problem gives
 * the all-problems picture.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GridSpace } from '../src/core/grid/GridSpace.ts';
import { parse3dMap, parse3dScen, type ScenarioProblem } from '../src/core/io/movingai.ts';
import type { Algorithm } from '../src/core/search/algorithms.ts';
import { findGridPath } from '../src/core/query/runs.ts';
import { SearchContext } from '../src/core/search/SearchContext.ts';
import type { VoxelGrid } from '../src/core/grid/VoxelGrid.ts';
import { axisRows } from '../src/core/grid/axisRows.ts';
import { emptyBlocks } from '../src/core/grid/emptyBlocks.ts';
import { median, printTable } from './stats.ts';
import { checkTarget } from './targets.ts';

const ROOT = join(import.meta.dirname, '..');
const DATA = process.env.NAVLAB_MOVINGAI_DIR ?? join(ROOT, '..', 'shared', 'data', 'movingai');
export const STANDARD_MAPS = ['A1', 'A2', 'A3', 'BC1', 'DA1', 'DB2', 'DC3', 'EB2', 'EC2', 'ED1', 'EE1', 'Full2'];
const mapPath = (name: string) => join(DATA, '3d', `${name}.3dmap`);
/** Timings per long problem and algorithm; the fastest counts. */
const LONG_REPEATS = 2;

interface Timed {
  ms: number[];
  costs: number[];
  wrong: number;
}

/**
 * Runs the problems with each algorithm, alternating per problem so machine load hits all
 * alike; each (problem, algorithm) is timed `repeats` times and keeps its fastest time, which
 * drops the time the process spent descheduled on a loaded machine.
 */
function timeAlgorithms(grid: VoxelGrid, problems: ScenarioProblem[], algorithms: Algorithm[], repeats = 1): Record<string, Timed> {
  const space = new GridSpace(grid);
  const ctx = new SearchContext();
  const out: Record<string, Timed> = {};
  for (const a of algorithms) out[a] = { ms: [], costs: [], wrong: 0 };
  for (const p of problems) {
    for (const a of algorithms) out[a].ms.push(Infinity);
    for (let rep = 0; rep < repeats; rep++) {
      for (const a of algorithms) {
        const r = findGridPath(a, space, grid.index(...p.start), grid.index(...p.goal), {}, ctx);
        const ms = out[a].ms;
        ms[ms.length - 1] = Math.min(ms[ms.length - 1], r.elapsedMs);
        if (rep > 0) continue;
        out[a].costs.push(r.cost);
        const ok =
          a === 'lazy-theta'
            ? p.expected < 0
              ? r.status === 'unreachable'
              : r.status === 'found' && r.cost <= p.expected + 1e-3
            : p.expected < 0
              ? r.status === 'unreachable'
              : r.status === 'found' && Math.abs(r.cost - p.expected) <= 1e-3;
        if (!ok) out[a].wrong++;
      }
    }
  }
  return out;
}

/** Brings every structure JPS and Lazy Theta* read up to date with the grid; returns ms. */
function refresh(grid: VoxelGrid): number {
  const t0 = performance.now();
  grid.blockedRows();
  axisRows(grid, 1);
  axisRows(grid, 2);
  emptyBlocks(grid);
  return performance.now() - t0;
}

/**
 * What the first JPS or Lazy Theta* query after an edit pays to refresh the structures: for
 * a 4^3 box edited through the grid's edit API (updated in the box), and after a bare version
 * bump (rebuilt from scratch). The edit is undone afterwards.
 */
function editRefresh(grid: VoxelGrid): [number, number] {
  refresh(grid);
  const x = grid.X >> 1,
    y = grid.Y >> 1,
    z = grid.Z >> 1;
  const saved: number[] = [];
  for (let k = 0; k < 64; k++) saved.push(grid.occupancy[grid.index(x + (k & 3), y + ((k >> 2) & 3), z + (k >> 4))]);
  const write = (v: (k: number) => number) => {
    for (let k = 0; k < 64; k++) grid.occupancy[grid.index(x + (k & 3), y + ((k >> 2) & 3), z + (k >> 4))] = v(k);
    grid.markEdited(x, y, z, x + 3, y + 3, z + 3);
  };
  write((k) => saved[k] ^ 1);
  const inBox = refresh(grid);
  grid.version++;
  const scratch = refresh(grid);
  write((k) => saved[k]);
  refresh(grid);
  return [inBox, scratch];
}

/**
 * The frontier tables on `only` (default: the 12 standard maps). With `thetaOnly`, just A* and
 * Lazy Theta* on the long problems and the edit refresh (no JPS, no spread problems).
 */
export function benchFrontier(only: string[] = STANDARD_MAPS, thetaOnly = false): void {
  if (!existsSync(mapPath('A1'))) {
    console.log(`\n## Search frontier (JPS, Lazy Theta*)\nskipped: data absent (${DATA})`);
    return;
  }
  const rows: (string | number)[][] = [];
  const editRows: (string | number)[][] = [];
  const thetaRows: (string | number)[][] = [];
  const ratios: number[] = [];
  const thetaRatios: number[] = [];
  const allA: number[] = [];
  const allJ: number[] = [];
  let slower = 0;
  const long: Algorithm[] = thetaOnly ? ['astar', 'lazy-theta'] : ['astar', 'jps', 'lazy-theta'];
  for (const name of only) {
    const grid = parse3dMap(readFileSync(mapPath(name), 'utf8'), name);
    const problems = parse3dScen(readFileSync(`${mapPath(name)}.3dscen`, 'utf8'), name);
    const hard = Array.from({ length: 50 }, (_, k) => problems[9000 + 20 * k]);
    // One warm-up pass so the JIT has seen every algorithm before timing.
    timeAlgorithms(grid, hard.slice(0, 5), long);
    const t = timeAlgorithms(grid, hard, long, LONG_REPEATS);
    const a = median([...t.astar.ms]);
    const th = median([...t['lazy-theta'].ms]);
    let progress = `frontier bench: ${name} A* ${a.toFixed(3)} ms`;
    if (!thetaOnly) {
      const spread = Array.from({ length: 50 }, (_, k) => problems[200 * k]);
      const s = timeAlgorithms(grid, spread, ['astar', 'jps']);
      allA.push(...s.astar.ms);
      allJ.push(...s.jps.ms);
      const j = median([...t.jps.ms]);
      ratios.push(a / j);
      if (j > a) slower++;
      rows.push([
        name,
        a,
        j,
        a / j,
        median([...s.astar.ms]),
        median([...s.jps.ms]),
        t.astar.wrong + t.jps.wrong + s.astar.wrong + s.jps.wrong,
      ]);
      progress += `, JPS ${j.toFixed(3)} ms`;
    }
    thetaRatios.push(th / a);
    let lengthRatio = 0;
    let n = 0;
    hard.forEach((p, i) => {
      if (p.expected > 0) {
        lengthRatio += t['lazy-theta'].costs[i] / p.expected;
        n++;
      }
    });
    thetaRows.push([
      name,
      a,
      th,
      th / a,
      checkTarget('frontier: Lazy Theta* vs A*', `Lazy Theta*/A* on ${name}, long problems`, th / a, '<=', 2),
      lengthRatio / n,
      t['lazy-theta'].wrong,
    ]);
    const [inBox, scratch] = editRefresh(grid);
    editRows.push([name, `${grid.X}x${grid.Y}x${grid.Z}`, inBox, scratch]);
    // Progress on stderr: the big maps take minutes each.
    progress += `, Lazy Theta* ${th.toFixed(3)} ms (long problems, medians); Lazy Theta*/A* ${(th / a).toFixed(2)}\n`;
    process.stderr.write(progress);
  }
  if (!thetaOnly) {
    printTable(
      `JPS vs A* on the 12 standard Warframe maps (median ms per problem; long = problems 9000, 9020, ..., 9980, fastest of ${LONG_REPEATS} runs each; spread = every 200th)`,
      ['map', 'A* long ms', 'JPS long ms', 'A*/JPS long', 'A* spread ms', 'JPS spread ms', 'wrong costs'],
      rows,
    );
    const jpsRatio = median([...ratios]);
    const ratioVerdict = checkTarget('frontier: JPS vs A*', 'median over maps of A*/JPS, long problems', jpsRatio, '>=', 2);
    const slowerVerdict = checkTarget('frontier: JPS vs A*', 'maps slower with JPS', slower, '=', 0);
    console.log(
      `\nMedian over maps of (A* median / JPS median), long problems: ${jpsRatio.toFixed(2)} (${ratioVerdict}); maps slower with JPS: ${slower} (${slowerVerdict}).`,
    );
    console.log(
      `All-problems (every 200th, ${allA.length} problems): A* median ${median(allA).toFixed(3)} ms, JPS median ${median(allJ).toFixed(3)} ms.`,
    );
  }
  printTable(
    `Lazy Theta* vs A* on the long problems (median ms per problem, fastest of ${LONG_REPEATS} runs each; length = mean of Lazy Theta* length / published grid optimum)`,
    ['map', 'A* ms', 'Lazy Theta* ms', 'Theta*/A*', 'target', 'length / grid optimum', 'longer than optimum'],
    thetaRows,
  );
  const over = thetaRatios.filter((r) => r > 2).length;
  console.log(
    `\nMedian over maps of (Lazy Theta* median / A* median): ${median([...thetaRatios]).toFixed(2)} (target <= 2 on every map, checked per map above); highest ${Math.max(...thetaRatios).toFixed(2)}; maps above 2: ${over}.`,
  );
  printTable(
    'Refreshing the bit rows (x, y, z) and the empty-block summary after an edit of a 4^3 box (ms, once per map)',
    ['map', 'size', 'edited box', 'from scratch'],
    editRows,
  );
}

// `tsx bench/frontier.ts [--theta] [MAP ...]`: these tables alone, optionally on some of the
// maps; --theta: only Lazy Theta* against A* (and the edit refresh).
if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const maps = args.filter((a) => a !== '--theta');
  benchFrontier(maps.length > 0 ? maps : STANDARD_MAPS, args.includes('--theta'));
}
