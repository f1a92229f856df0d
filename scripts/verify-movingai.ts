/**
 * `npm run verify:movingai`: every problem of every Warframe map (14 maps x 10,000) with A* and
 * with JPS, each through `nav scen --workers N` (N = all cores by default, or the first
 * argument), printing matched counts and timings per map. Reads the maps from
 * ../shared/data/movingai/3d or $NAVLAB_MOVINGAI_DIR.
 * Usage: npm run verify:movingai [-- WORKERS [MAP ...]]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const DIR = join(process.env.NAVLAB_MOVINGAI_DIR ?? join(ROOT, '..', 'shared', 'data', 'movingai'), '3d');
const [workersArg, ...only] = process.argv.slice(2);
const workers = workersArg === undefined ? availableParallelism() : Number(workersArg);
if (!Number.isInteger(workers) || workers < 1 || workers > 256) {
  console.error(`verify-movingai: WORKERS must be an integer in [1, 256], got '${workersArg}'`);
  process.exit(2);
}
if (!existsSync(DIR)) {
  console.log(`skipped: data absent (${DIR})`);
  process.exit(0);
}
const maps = readdirSync(DIR)
  .filter((f) => f.endsWith('.3dmap'))
  .map((f) => f.slice(0, -6))
  .filter((m) => only.length === 0 || only.includes(m))
  .sort();
interface Summary {
  problems: number;
  matched: number;
  medianMs: number;
  wallS: number;
  sumMs: number;
}

function run(map: string, algorithm: string): Summary {
  const t0 = performance.now();
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(ROOT, 'src/cli/nav.ts'),
      'scen',
      join(DIR, `${map}.3dmap`),
      '--algorithm',
      algorithm,
      '--workers',
      String(workers),
      '--json',
    ],
    { encoding: 'utf8', maxBuffer: 1 << 30 },
  );
  if (r.status !== 0) throw new Error(`nav scen ${map} --algorithm ${algorithm} failed (exit ${r.status}): ${r.stderr}`);
  const lines = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const s = lines[lines.length - 1].summary;
  const sumMs = lines.slice(0, -1).reduce((t: number, l: { ms: number }) => t + l.ms, 0);
  return { problems: s.problems, matched: s.matched, medianMs: s.medianMs, wallS: (performance.now() - t0) / 1000, sumMs };
}

console.log(`Moving AI 3D verification: ${maps.length} maps, A* and JPS, ${workers} worker thread(s) each`);
const header = [
  'map',
  'problems',
  'A* matched',
  'A* median ms',
  'A* search s',
  'A* wall s',
  'JPS matched',
  'JPS median ms',
  'JPS search s',
  'JPS wall s',
];
console.log(header.join('\t'));
const total = { problems: 0, a: 0, j: 0, aWall: 0, jWall: 0, aSum: 0, jSum: 0 };
for (const map of maps) {
  const a = run(map, 'astar');
  const j = run(map, 'jps');
  total.problems += a.problems;
  total.a += a.matched;
  total.j += j.matched;
  total.aWall += a.wallS;
  total.jWall += j.wallS;
  total.aSum += a.sumMs;
  total.jSum += j.sumMs;
  console.log(
    [
      map,
      a.problems,
      a.matched,
      a.medianMs.toFixed(3),
      (a.sumMs / 1000).toFixed(1),
      a.wallS.toFixed(1),
      j.matched,
      j.medianMs.toFixed(3),
      (j.sumMs / 1000).toFixed(1),
      j.wallS.toFixed(1),
    ].join('\t'),
  );
}
console.log(
  [
    'total',
    total.problems,
    total.a,
    '',
    (total.aSum / 1000).toFixed(1),
    total.aWall.toFixed(1),
    total.j,
    '',
    (total.jSum / 1000).toFixed(1),
    total.jWall.toFixed(1),
  ].join('\t'),
);
process.exit(total.a === total.problems && total.j === total.problems ? 0 : 1);
