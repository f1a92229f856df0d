import { GridSpace } from '../../core/grid/GridSpace.ts';
import { findPath } from '../../core/search/AStarRun.ts';
import { SearchContext } from '../../core/search/SearchContext.ts';
import { numberFlag, parseArgs, SEARCH_FLAGS, searchOptions, UsageError } from '../args.ts';
import { quote } from '../../core/io/text.ts';
import { fileName, InputError, is2dMap, loadMap, loadScenario, out } from '../io.ts';


/** Summary line of a scenario run (ARCHITECTURE.md, CLI contract). */
export interface ScenSummary {
  problems: number;
  matched: number;
  maxAbsDiff: number;
  medianMs: number;
  expansionsPerSec: number;
}

/** Runs the problems of a Moving AI scenario file and compares costs with the published ones. */
export function scenCommand(argv: string[]): number {
  const args = parseArgs(argv, ['offset', 'limit', ...SEARCH_FLAGS]);
  const [mapFile, scenArg, extra] = args.positional;
  if (!mapFile) throw new UsageError('missing the map file');
  if (extra !== undefined) throw new UsageError(`unexpected argument ${quote(extra)}`);
  const offset = args.flags.has('offset') ? numberFlag('offset', args.flags.get('offset')!, 0, true) : 0;
  const limit = args.flags.has('limit') ? numberFlag('limit', args.flags.get('limit')!, 0, true) : Infinity;
  const { neighborhood, cornerCutting, ...search } = searchOptions(args);
  const json = args.switches.has('json');
  const scenFile = scenArg ?? (is2dMap(mapFile) ? `${mapFile}.scen` : `${mapFile}.3dscen`);
  const grid = loadMap(mapFile);
  const problems = loadScenario(mapFile, scenFile);
  const space = new GridSpace(grid, { neighborhood, cornerCutting });
  const ctx = new SearchContext();
  const times: number[] = [];
  let matched = 0;
  let maxAbsDiff = 0;
  let expanded = 0;
  let totalMs = 0;
  const end = Math.min(problems.length, offset + limit);
  if (!json) out(`${fileName(scenFile)}: problems ${offset}..${end - 1} on ${grid.X}x${grid.Y}x${grid.Z}`);
  for (let index = offset; index < end; index++) {
    const p = problems[index];
    for (const [name, v] of [['start', p.start], ['goal', p.goal]] as const) {
      if (!grid.inBounds(v[0], v[1], v[2]) || grid.isBlocked(v[0], v[1], v[2])) {
        // The scenario file is wrong, not the command line: bad input (exit 1).
        throw new InputError(`${fileName(scenFile)}: problem ${index}: ${name} (${v.join(', ')}) is blocked or outside the map`);
      }
    }
    const r = findPath(space, grid.index(...p.start), grid.index(...p.goal), search, ctx);
    const ok = p.expected < 0 ? r.status === 'unreachable' : r.status === 'found' && Math.abs(r.cost - p.expected) <= 1e-3;
    if (ok) matched++;
    if (p.expected >= 0 && r.status === 'found') maxAbsDiff = Math.max(maxAbsDiff, Math.abs(r.cost - p.expected));
    times.push(r.elapsedMs);
    totalMs += r.elapsedMs;
    expanded += r.expanded;
    if (json) {
      out(JSON.stringify({ index, start: p.start, goal: p.goal, expected: p.expected, status: r.status, cost: r.cost, expanded: r.expanded, ms: r.elapsedMs }));
    } else {
      out(`${String(index).padStart(5)}  ${ok ? 'ok  ' : 'DIFF'}  expected ${p.expected.toFixed(4).padStart(10)}  ${r.status.padEnd(11)} cost ${r.cost.toFixed(4).padStart(10)}  expanded ${String(r.expanded).padStart(8)}  ${r.elapsedMs.toFixed(3)} ms`);
    }
  }
  times.sort((a, b) => a - b);
  const summary: ScenSummary = {
    problems: times.length,
    matched,
    maxAbsDiff,
    medianMs: times.length ? times[times.length >> 1] : 0,
    expansionsPerSec: totalMs > 0 ? expanded / (totalMs / 1000) : 0,
  };
  if (json) out(JSON.stringify({ summary }));
  else out(`matched ${matched}/${summary.problems}, max |diff| ${maxAbsDiff.toExponential(2)}, median ${summary.medianMs.toFixed(3)} ms, ${Math.round(summary.expansionsPerSec)} expansions/s`);
  return 0;
}
