/**
 * Inside and outside (issue 24, point 4): a query to a goal in another free component than the
 * start answers 'unreachable' before any search, with the path to the closest reachable point.
 * Per map: a start from the scenario (or the open space of an imported level) and goals in the
 * sealed pockets (the largest free components other than the start's), for A* and JPS:
 *   verdict     the component check (cached components: two run look-ups), median of 2,000
 *   nearest     FreeComponents.nearestOf (the closest reachable point), median of 20, and how
 *               many voxels are equally near (more than one: one A* search settles the tie)
 *   unreachable the whole query (its elapsedMs: verdict + nearest + search to that point)
 *   found       a found query from the same start to that closest point, in the same run
 *               (both the fastest of twenty, alternating: the expansions are the robust measure)
 * Components are built once per grid (the first query pays it: "build" column, with the grid's
 * bit rows when they are not built yet). The imported levels (scenes/levels, cell size = longest
 * side / 128) are voxelized with `surface` fill, so the inside of their closed parts is such a
 * pocket (with the default 'auto' fill, space-station.glb is solid and has one component).
 * A1's peak memory for these queries is measured in a process of its own.
 *
 * Run alone: npx tsx bench/unreachable.ts   (tsx bench/unreachable.ts --peak MAP: one process, JSON)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { now } from '../src/core/clock.ts';
import { connectivityOf, FreeComponents, freeComponents } from '../src/core/grid/freeComponents.ts';
import { GridSpace } from '../src/core/grid/GridSpace.ts';
import { componentCheck } from '../src/core/search/componentCheck.ts';
import type { VoxelGrid } from '../src/core/grid/VoxelGrid.ts';
import { parse3dMap, parse3dScen } from '../src/core/io/movingai.ts';
import { findGridPath } from '../src/core/query/runs.ts';
import type { Algorithm } from '../src/core/search/algorithms.ts';
import { SearchContext } from '../src/core/search/SearchContext.ts';
import { importMesh } from '../src/import/index.ts';
import { NavWorld } from '../src/three/NavWorld.ts';
import { MOVINGAI_DIR } from '../test/support/movingai.ts';
import { median, printTable } from './stats.ts';
import { checkTarget } from './targets.ts';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');
const SECTION = 'unreachable';
/** Pockets per map (the largest components other than the start's). */
const POCKETS = 3;

/** Start voxel and goal voxels in the pockets of `grid` under 26 neighbours, forbid. */
function pocketQueries(grid: VoxelGrid, start: number): number[] {
  const c = new FreeComponents(grid, connectivityOf(26, 'forbid'));
  const size = new Float64Array(c.count);
  const first = new Int32Array(c.count).fill(-1);
  for (let r = 0; r < grid.Y * grid.Z; r++) {
    for (let k = c.rowStart[r]; k < c.rowStart[r + 1]; k++) {
      const label = c.runLabel[k];
      size[label] += c.runX1[k] - c.runX0[k] + 1;
      if (first[label] < 0) first[label] = c.runX0[k] + grid.X * r;
    }
  }
  const own = c.componentOf(start);
  return Array.from({ length: c.count }, (_, i) => i)
    .filter((l) => l !== own)
    .sort((a, b) => size[b] - size[a] || a - b)
    .slice(0, POCKETS)
    .map((l) => first[l]);
}

interface Measured {
  rows: (string | number)[][];
  verdictMs: number[];
  ratio: number[];
  edits: (string | number)[][];
}

/**
 * Components after an edit: one free voxel near the start blocked, then freed again (the
 * first call after each edit updates them in place), beside a rebuild from scratch; medians of
 * five cycles.
 */
function measureEdits(name: string, grid: VoxelGrid, start: number, out: Measured): void {
  let v = start + 1;
  while (v < grid.size && grid.occupancy[v] !== 0) v++;
  const p = grid.coords(v, { x: 0, y: 0, z: 0 });
  const c = freeComponents(grid, 6);
  const timed = (blocked: boolean) => {
    grid.setBlocked(p.x, p.y, p.z, blocked);
    const t = now();
    const after = freeComponents(grid, 6);
    return { ms: now() - t, inPlace: after === c };
  };
  // Five cycles, the median of each (the first calls run unoptimized code).
  const blocks: number[] = [];
  const frees: number[] = [];
  let inPlace = true;
  const rebuilds: number[] = [];
  for (let k = 0; k < 5; k++) {
    const b = timed(true);
    const f = timed(false);
    blocks.push(b.ms);
    frees.push(f.ms);
    inPlace &&= b.inPlace && f.inPlace;
    const t = now();
    new FreeComponents(grid, 6);
    rebuilds.push(now() - t);
  }
  const block = { ms: median(blocks), inPlace };
  const free = { ms: median(frees), inPlace };
  const rebuild = median(rebuilds);
  out.edits.push([
    name,
    `${block.ms.toFixed(2)}${block.inPlace ? '' : ' (rebuilt)'}`,
    `${free.ms.toFixed(2)}${free.inPlace ? '' : ' (rebuilt)'}`,
    rebuild.toFixed(1),
  ]);
}

function measure(name: string, grid: VoxelGrid, start: number, out: Measured): void {
  const t0 = now();
  freeComponents(grid, connectivityOf(26, 'forbid'));
  const buildMs = now() - t0;
  const goals = pocketQueries(grid, start);
  if (goals.length === 0) {
    out.rows.push([name, 'no pocket', '', '', '', '', '', '', '']);
    return;
  }
  measureEdits(name, grid, start, out);
  const space = new GridSpace(grid, { components: componentCheck });
  const ctx = new SearchContext();
  for (const goal of goals) {
    const verdicts: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const a = now();
      const c = freeComponents(grid, 6);
      const other = c.componentOf(start) !== c.componentOf(goal);
      verdicts.push(now() - a);
      if (!other) throw new Error('pocketQueries: the goal is in the start component');
    }
    const c = freeComponents(grid, 6);
    const p = grid.coords(goal, { x: 0, y: 0, z: 0 });
    const nearest: number[] = [];
    let tied = 0;
    for (let i = 0; i < 20; i++) {
      const a = now();
      tied = c.nearestOf(c.componentOf(start), p.x, p.y, p.z).length;
      nearest.push(now() - a);
    }
    const verdict = median(verdicts);
    out.verdictMs.push(verdict);
    for (const algorithm of ['astar', 'jps', 'lazy-theta'] as Algorithm[]) {
      const u = findGridPath(algorithm, space, start, goal, {}, ctx);
      const end = u.path[u.path.length - 1];
      const f = findGridPath(algorithm, space, start, end, {}, ctx);
      // Alternating, the fastest of twenty each (the machine is shared).
      let um = u.elapsedMs;
      let fm = f.elapsedMs;
      for (let k = 0; k < 19; k++) {
        fm = Math.min(fm, findGridPath(algorithm, space, start, end, {}, ctx).elapsedMs);
        um = Math.min(um, findGridPath(algorithm, space, start, goal, {}, ctx).elapsedMs);
      }
      out.ratio.push(um / fm);
      const g = grid.coords(goal, { x: 0, y: 0, z: 0 });
      out.rows.push([
        name,
        `[${g.x},${g.y},${g.z}]`,
        algorithm,
        buildMs.toFixed(1),
        (verdict * 1000).toFixed(1),
        `${median(nearest).toFixed(3)} (${tied})`,
        `${u.status} ${u.cost.toFixed(2)} / ${u.expanded} / ${um.toFixed(2)}`,
        `${f.status} ${f.cost.toFixed(2)} / ${f.expanded} / ${fm.toFixed(2)}`,
        (um / fm).toFixed(2),
      ]);
    }
  }
}

function movingAi(name: string): { grid: VoxelGrid; start: number } | null {
  const file = join(MOVINGAI_DIR, '3d', `${name}.3dmap`);
  if (!existsSync(file)) return null;
  const grid = parse3dMap(readFileSync(file, 'utf8'), file);
  const p = parse3dScen(readFileSync(`${file}.3dscen`, 'utf8'), file)[0];
  return { grid, start: grid.index(...p.start) };
}

async function level(file: string): Promise<{ grid: VoxelGrid; start: number }> {
  const { object } = await importMesh(file, readFileSync(join(ROOT, 'scenes', 'levels', file)));
  object.updateMatrixWorld(true);
  const { Box3, Vector3 } = await import('three');
  const size = new Box3().setFromObject(object).getSize(new Vector3());
  const nav = NavWorld.fromObject3D(object, { cellSize: Math.max(size.x, size.y, size.z) / 128, fill: 'surface' });
  // The start: the corner voxel (the grid has a free margin on every side).
  return { grid: nav.grid, start: 0 };
}

/** A1's pocket queries in this process: peak resident memory (JSON on stdout). */
function peak(map: string): void {
  const grid = parse3dMap(readFileSync(map, 'utf8'), map);
  const start = grid.index(...parse3dScen(readFileSync(`${map}.3dscen`, 'utf8'), map)[0].start);
  const space = new GridSpace(grid, { components: componentCheck });
  const ctx = new SearchContext();
  let unreachable = 0;
  for (const goal of pocketQueries(grid, start)) {
    for (const algorithm of ['astar', 'jps'] as Algorithm[]) {
      if (findGridPath(algorithm, space, start, goal, {}, ctx).status === 'unreachable') unreachable++;
    }
  }
  console.log(JSON.stringify({ unreachable, peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024) }));
}

export async function benchUnreachable(): Promise<void> {
  const out: Measured = { rows: [], verdictMs: [], ratio: [], edits: [] };
  for (const name of ['DA1', 'A1']) {
    const m = movingAi(name);
    if (m === null) out.rows.push([name, 'skipped: data absent', '', '', '', '', '', '', '']);
    else measure(name, m.grid, m.start, out);
  }
  for (const file of ['space-station.glb', 'cave.glb']) {
    const l = await level(file);
    measure(`${file} (surface fill)`, l.grid, l.start, out);
  }
  printTable(
    'Unreachable before any search: goals in sealed pockets (26 neighbours, forbid), beside found queries to the closest point',
    [
      'map',
      'goal',
      'algorithm',
      'build ms',
      'verdict µs',
      'nearest ms (tied)',
      'unreachable: cost / expanded / ms',
      'found: cost / expanded / ms',
      'ratio',
    ],
    out.rows,
  );
  printTable(
    'Free components after an edit (26 neighbours, forbid): one voxel blocked, then freed, updated in place, beside a rebuild',
    ['map', 'block: update ms', 'free: update ms', 'rebuild ms'],
    out.edits,
  );
  if (out.verdictMs.length > 0) {
    console.log(
      `verdict: ${checkTarget(SECTION, 'verdict, slowest median', Math.max(...out.verdictMs), '<=', 1, 'ms')}; ` +
        `whole query / found query to the closest point: median ${median(out.ratio).toFixed(2)}, max ${Math.max(...out.ratio).toFixed(2)}`,
    );
  }
  const a1 = join(MOVINGAI_DIR, '3d', 'A1.3dmap');
  if (!existsSync(a1)) {
    console.log('A1 peak memory: skipped: data absent');
    return;
  }
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/unreachable.ts'), '--peak', a1], { encoding: 'utf8' });
  const m = JSON.parse(r.stdout.trim());
  console.log(
    `A1 pocket queries (${m.unreachable} unreachable), own process: peak RSS ${m.peakRssMiB} MiB, ` +
      checkTarget(SECTION, 'A1 peak RSS, pocket queries', m.peakRssMiB, '<', 1024, 'MiB'),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2] === '--peak') peak(process.argv[3]);
  else await benchUnreachable();
}
