import { Worker } from 'node:worker_threads';
import { type CommandSpec, JSON_FLAG, numberValue, parseArgs, SEARCH_FLAGS, searchOptions, UsageError, worldFlag } from '../args.ts';
import { quote } from '../../core/text.ts';
import { now } from '../../core/clock.ts';
import { fileName, InputError, is2dMap, loadMap, loadScenario, out, type NavIo } from '../io.ts';
import { isMatch, ScenSolver, type ScenLine, type ScenSettings } from './scenSolver.ts';
import { loadSparseMap, SparseScenSolver, sparseUnsupported } from './scenSparse.ts';

/** Summary line of a scenario run (ARCHITECTURE.md, CLI contract). */
export interface ScenSummary {
  problems: number;
  matched: number;
  maxAbsDiff: number;
  medianMs: number;
  expansionsPerSec: number;
  /** Time to build the world representation from the files (map parse, grid, free components), apart from the problems' `ms`. */
  buildMs: number;
  /** `--world sparse` only: cost / expected averaged over the solved problems (found, expected > 0). */
  meanRatio?: number;
  /** `--world sparse` only: the largest cost / expected over the solved problems. */
  maxRatio?: number;
}

/** Most worker threads `--workers` accepts. */
const MAX_WORKERS = 256;

/** `nav scen`: its flags (parsed and printed by `nav scen --help` from this table). */
export const SCEN: CommandSpec = {
  name: 'scen',
  args: '<map.3dmap|map.map> [file.3dscen|file.scen]',
  summary: "runs a Moving AI scenario file (default: MAP.3dscen, MAP.map.scen) and compares each cost with the file's",
  flags: [
    {
      name: 'offset',
      kind: { type: 'number', placeholder: 'K', min: 0, integer: true },
      default: '0',
      help: 'first problem to run (0-based index in the file)',
    },
    { name: 'limit', kind: { type: 'number', placeholder: 'N', min: 0, integer: true }, default: 'all', help: 'most problems to run' },
    {
      name: 'workers',
      kind: { type: 'number', placeholder: 'N', min: 1, max: MAX_WORKERS, integer: true },
      default: '1',
      help: 'worker threads sharing the problems',
    },
    worldFlag('dense voxel grid, or sparse voxel octree (any-angle paths; summary adds meanRatio, maxRatio)'),
    ...SEARCH_FLAGS,
    JSON_FLAG,
  ],
};

/**
 * Runs the problems of a Moving AI scenario file and compares costs with the published ones.
 * With `--workers N` (N > 1) the problems are dealt round-robin to N worker threads, each with
 * its own copy of the map; lines still come out in file order, and `ms` is each problem's own
 * search time as measured in its thread.
 */
export async function scenCommand(argv: string[], io: NavIo): Promise<number> {
  const args = parseArgs(argv, SCEN);
  const [mapFile, scenArg, extra] = args.positional;
  if (!mapFile) throw new UsageError('missing the map file');
  if (extra !== undefined) throw new UsageError(`unexpected argument ${quote(extra)}`);
  const offset = numberValue(args, 'offset') ?? 0;
  const limit = numberValue(args, 'limit') ?? Infinity;
  const workers = numberValue(args, 'workers') ?? 1;
  const { neighborhood, cornerCutting, algorithm, ...search } = searchOptions(args);
  const settings: ScenSettings = { neighborhood, cornerCutting, algorithm: algorithm ?? 'astar', search };
  const json = args.switches.has('json');
  const scenFile = scenArg ?? (is2dMap(mapFile) ? `${mapFile}.scen` : `${mapFile}.3dscen`);
  const sparse = args.flags.get('world') === 'sparse';
  if (sparse) {
    const why = sparseUnsupported(settings, algorithm !== undefined);
    if (why !== null) throw new UsageError(why);
    if (workers > 1) throw new UsageError('--workers: --world sparse runs in one thread');
  }
  const t0 = now();
  const grid = sparse ? null : loadMap(mapFile);
  const sparseSolver = sparse ? new SparseScenSolver(loadSparseMap(mapFile), search, scenFile) : null;
  const solver = grid === null ? sparseSolver! : new ScenSolver(grid, settings, scenFile);
  const buildMs = now() - t0;
  const dims = grid ?? sparseSolver!.world;
  const problems = loadScenario(mapFile, scenFile);
  const end = Math.min(problems.length, offset + limit);
  if (!json)
    out(
      io,
      `${fileName(scenFile)}: problems ${offset}..${end - 1} on ${dims.X}x${dims.Y}x${dims.Z}${workers > 1 ? `, ${workers} workers` : ''}`,
    );
  const times: number[] = [];
  let matched = 0;
  let maxAbsDiff = 0;
  let expanded = 0;
  let totalMs = 0;
  let ratioSum = 0;
  let ratioMax = 0;
  let solved = 0;
  const print = (l: ScenLine): void => {
    if (sparse && l.status === 'found' && l.expected > 0) {
      solved++;
      ratioSum += l.cost / l.expected;
      ratioMax = Math.max(ratioMax, l.cost / l.expected);
    }
    const ok = isMatch(l);
    if (ok) matched++;
    if (l.expected >= 0 && l.status === 'found') maxAbsDiff = Math.max(maxAbsDiff, Math.abs(l.cost - l.expected));
    times.push(l.ms);
    totalMs += l.ms;
    expanded += l.expanded;
    if (json) out(io, JSON.stringify(l));
    else
      out(
        io,
        `${String(l.index).padStart(5)}  ${ok ? 'ok  ' : 'DIFF'}  expected ${l.expected.toFixed(4).padStart(10)}  ${l.status.padEnd(11)} cost ${l.cost.toFixed(4).padStart(10)}  expanded ${String(l.expanded).padStart(8)}  ${l.ms.toFixed(3)} ms`,
      );
  };
  if (workers <= 1 || end - offset <= 1) {
    for (let index = offset; index < end; index++) print(solver.solve(index, problems[index]));
  } else {
    await runInWorkers(mapFile, scenFile, settings, offset, end, Math.min(workers, end - offset), print);
  }
  times.sort((a, b) => a - b);
  const summary: ScenSummary = {
    problems: times.length,
    matched,
    maxAbsDiff,
    medianMs: times.length ? times[times.length >> 1] : 0,
    expansionsPerSec: totalMs > 0 ? expanded / (totalMs / 1000) : 0,
    buildMs,
  };
  if (sparse) {
    summary.meanRatio = solved > 0 ? ratioSum / solved : 0;
    summary.maxRatio = ratioMax;
  }
  if (json) out(io, JSON.stringify({ summary }));
  else
    out(
      io,
      `matched ${matched}/${summary.problems}, max |diff| ${maxAbsDiff.toExponential(2)}, median ${summary.medianMs.toFixed(3)} ms, ${Math.round(summary.expansionsPerSec)} expansions/s${sparse ? `, cost/expected mean ${summary.meanRatio!.toFixed(4)} max ${summary.maxRatio!.toFixed(4)}` : ''}`,
    );
  return 0;
}

/** Deals problems offset..end-1 round-robin to `n` worker threads; prints lines in file order. */
function runInWorkers(
  mapFile: string,
  scenFile: string,
  settings: ScenSettings,
  offset: number,
  end: number,
  n: number,
  print: (l: ScenLine) => void,
): Promise<void> {
  const pending = new Map<number, ScenLine>();
  let next = offset;
  const flush = (): void => {
    for (let l = pending.get(next); l !== undefined; l = pending.get(next)) {
      pending.delete(next);
      print(l);
      next++;
    }
  };
  // Same extension as this module: .ts when run through tsx, .js when built. A .ts worker first
  // registers tsx in its own thread (loader flags in execArgv do not reach worker threads here).
  const ts = import.meta.url.endsWith('.ts');
  const script = new URL(`./scenWorker.${ts ? 'ts' : 'js'}`, import.meta.url);
  const boot = ts
    ? `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((api) => { api.register(); return import(${JSON.stringify(script.href)}); });`
    : `import(${JSON.stringify(script.href)});`;
  const threads: Worker[] = [];
  const finished = Array.from(
    { length: n },
    (_, w) =>
      new Promise<void>((resolve, reject) => {
        const indices: number[] = [];
        for (let i = offset + w; i < end; i += n) indices.push(i);
        const worker = new Worker(boot, { eval: true, workerData: { mapFile, scenFile, settings, indices } });
        threads.push(worker);
        worker.on('message', (m: { line?: ScenLine; done?: boolean; error?: string; name?: string }) => {
          if (m.line) {
            pending.set(m.line.index, m.line);
            flush();
          } else if (m.done) {
            resolve();
          } else if (m.error !== undefined) {
            reject(m.name === 'UsageError' ? new UsageError(m.error) : new InputError(m.error));
          }
        });
        worker.on('error', reject);
        worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`worker ${w} exited with code ${code}`))));
      }),
  );
  return Promise.all(finished).then(
    () => undefined,
    (e) => {
      for (const t of threads) void t.terminate();
      throw e;
    },
  );
}
