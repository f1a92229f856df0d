import { GridSpace, type GridSearchSettings } from '../../core/grid/GridSpace.ts';
import { componentCheck } from '../../core/search/componentCheck.ts';
import { freeComponents } from '../../core/grid/freeComponents.ts';
import type { VoxelGrid } from '../../core/grid/VoxelGrid.ts';
import type { ScenarioProblem } from '../../core/io/movingai.ts';
import { findGridPath, gridUnsupported } from '../../core/query/runs.ts';
import type { Algorithm } from '../../core/search/algorithms.ts';
import type { SearchOptions } from '../../core/search/options.ts';
import type { SearchResult } from '../../core/search/result.ts';
import { SearchContext } from '../../core/search/SearchContext.ts';
import { UsageError } from '../args.ts';
import { fileName, InputError } from '../io.ts';

/** One problem's line of `nav scen --json` (ARCHITECTURE.md, CLI contract). */
export interface ScenLine {
  index: number;
  start: number[];
  goal: number[];
  expected: number;
  status: string;
  cost: number;
  expanded: number;
  ms: number;
}

/** What a scenario run searches with; plain data, so it can be sent to worker threads. */
export interface ScenSettings extends GridSearchSettings {
  algorithm: Algorithm;
  search: Partial<SearchOptions>;
}

/** Solves scenario problems on one grid with one reused context (in the main thread or a worker). */
export class ScenSolver {
  private readonly space: GridSpace;
  private readonly ctx = new SearchContext();

  constructor(
    private readonly grid: VoxelGrid,
    private readonly settings: ScenSettings,
    private readonly scenFile: string,
  ) {
    this.space = new GridSpace(grid, {
      neighborhood: settings.neighborhood,
      cornerCutting: settings.cornerCutting,
      components: componentCheck,
    });
    const why = gridUnsupported(settings.algorithm, this.space);
    if (why !== null) throw new UsageError(`--algorithm ${settings.algorithm}: ${why}`);
    // The free components the component check reads: built here, with the world, not in the first problem's time.
    freeComponents(grid, this.space.cornerCutting === 'forbid' ? 6 : this.space.neighborhood);
  }

  solve(index: number, p: ScenarioProblem): ScenLine {
    const grid = this.grid;
    for (const [name, v] of [
      ['start', p.start],
      ['goal', p.goal],
    ] as const) {
      if (!grid.inBounds(v[0], v[1], v[2]) || grid.isBlocked(v[0], v[1], v[2])) {
        // The scenario file is wrong, not the command line: bad input (exit 1).
        throw new InputError(`${fileName(this.scenFile)}: problem ${index}: ${name} (${v.join(', ')}) is blocked or outside the map`);
      }
    }
    const r = findGridPath(
      this.settings.algorithm,
      this.space,
      grid.index(...p.start),
      grid.index(...p.goal),
      this.settings.search,
      this.ctx,
    );
    return scenLine(index, p, r);
  }
}

/** The output line of problem `index`, solved with result `r`. */
export function scenLine(index: number, p: ScenarioProblem, r: SearchResult): ScenLine {
  return {
    index,
    start: p.start,
    goal: p.goal,
    expected: p.expected,
    status: r.status,
    cost: r.cost,
    expanded: r.expanded,
    ms: r.elapsedMs,
  };
}

/** matched = |cost - expected| <= 1e-3, or unreachable when the expected value is negative. */
export const isMatch = (l: ScenLine): boolean =>
  l.expected < 0 ? l.status === 'unreachable' : l.status === 'found' && Math.abs(l.cost - l.expected) <= 1e-3;
