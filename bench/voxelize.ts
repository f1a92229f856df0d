/**
 * Mesh voxelization benchmark: generated meshes (displaced subdivided spheres and heightfield
 * terrain, scripts/meshes/generate.ts) of ~70,000 and ~1,000,000 triangles voxelized at 256
 * cells across their longest side. Each case runs in a process of its own so its peak
 * resident memory is its own. Goals: 70k <= 1 s; 1M <= 10 s and < 1 GiB peak.
 *   tsx bench/voxelize.ts            all cases, as a table
 *   tsx bench/voxelize.ts CASE FILL  one case, one JSON line
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { displacedSphere, soupOf, terrain, type IndexedMesh } from '../scripts/meshes/generate.ts';
import { mulberry32 } from '../src/core/math/random.ts';
import { now } from '../src/core/clock.ts';
import { soupBounds, voxelizeTriangles, type VoxelFill } from '../src/core/geometry/voxelizeMesh.ts';
import { median, printTable } from './stats.ts';
import { checkTarget, recordTarget } from './targets.ts';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');
const CELLS_ACROSS = 256;

/** Case name -> mesh. Sphere: 20 f^2 triangles; terrain: 2 n^2. */
const CASES: Record<string, () => IndexedMesh> = {
  'sphere-70k': () => displacedSphere(mulberry32(1), 50, 60, 0.2),
  'terrain-70k': () => terrain(mulberry32(2), 188, 100, 25),
  'sphere-1M': () => displacedSphere(mulberry32(3), 50, 224, 0.2),
  'terrain-1M': () => terrain(mulberry32(4), 708, 100, 25),
};
const RUNS: [string, VoxelFill, number][] = [
  ['sphere-70k', 'surface', 5],
  ['sphere-70k', 'solid', 5],
  ['terrain-70k', 'surface', 5],
  ['sphere-1M', 'surface', 3],
  ['sphere-1M', 'solid', 3],
  ['terrain-1M', 'surface', 3],
];

interface CaseResult {
  triangles: number;
  dims: number[];
  blocked: number;
  ms: number;
  peakRssMiB: number;
}

function runCase(name: string, fill: VoxelFill, repeats: number): CaseResult {
  const soup = soupOf(CASES[name]());
  const { min, max } = soupBounds(soup);
  const cellSize = Math.max(max.x - min.x, max.y - min.y, max.z - min.z) / CELLS_ACROSS;
  const times: number[] = [];
  let last = null;
  for (let k = 0; k < repeats; k++) {
    const t0 = now();
    last = voxelizeTriangles(soup, { cellSize, fill });
    times.push(now() - t0);
  }
  const { grid, blocked, triangles } = last!;
  // maxRSS is in KiB.
  return {
    triangles,
    dims: [grid.X, grid.Y, grid.Z],
    blocked,
    ms: median(times),
    peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
  };
}

export function benchVoxelize(): void {
  const rows: (string | number)[][] = [];
  for (const [name, fill, repeats] of RUNS) {
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/voxelize.ts'), name, fill, String(repeats)], {
      encoding: 'utf8',
    });
    const section = 'mesh voxelization';
    if (r.status !== 0) {
      const reason = r.stderr.trim().split('\n').pop() ?? '';
      rows.push([`${name} ${fill}`, 'failed', reason, '', '', '', recordTarget(section, `${name} ${fill}`, 'failed', 'runs', false)]);
      continue;
    }
    const c = JSON.parse(r.stdout) as CaseResult;
    const big = c.triangles > 500_000;
    const goal = [checkTarget(section, `${name} ${fill}, ms`, c.ms, '<=', big ? 10_000 : 1000, 'ms')];
    if (big) goal.push(checkTarget(section, `${name} ${fill}, peak RSS`, c.peakRssMiB, '<', 1024, 'MiB'));
    rows.push([`${name} ${fill}`, c.triangles, c.dims.join('x'), c.blocked, c.ms, c.peakRssMiB, goal.join('; ')]);
  }
  printTable(
    `Mesh voxelization at ${CELLS_ACROSS} cells across (median of runs; peak RSS of the whole process, mesh generation included)`,
    ['mesh', 'triangles', 'dims', 'blocked', 'ms', 'peak MiB', 'goal'],
    rows,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [name, fill, repeats] = process.argv.slice(2);
  if (name === undefined) benchVoxelize();
  else console.log(JSON.stringify(runCase(name, fill as VoxelFill, Number(repeats ?? 1))));
}
