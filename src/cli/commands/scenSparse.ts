import { MAP_FILE_LIMIT, parse2dMap, type ScenarioProblem } from '../../core/io/movingai.ts';
import type { SearchOptions } from '../../core/search/options.ts';
import { LargeSearchContext } from '../../core/sparse/largeContext.ts';
import { sparseFromGrid } from '../../core/sparse/build.ts';
import { parse3dMapSparse } from '../../core/io/movingaiSparse.ts';
import { findPathSparse } from '../../core/sparse/SparseRun.ts';
import { SparseSpace } from '../../core/sparse/SparseSpace.ts';
import type { SparseWorld } from '../../core/sparse/SparseWorld.ts';
import { fileName, InputError, is2dMap, readText } from '../io.ts';
import { type ScenLine, type ScenSettings, scenLine } from './scenSolver.ts';

/**
 * The sparse world of a Moving AI map: a `.3dmap` straight from its blocked voxels (no dense
 * grid), a 2D `.map` through its one-voxel-thick grid.
 */
export function loadSparseMap(file: string): SparseWorld {
  const text = readText(file, MAP_FILE_LIMIT);
  return is2dMap(file) ? sparseFromGrid(parse2dMap(text, file)) : parse3dMapSparse(text, file);
}

/**
 * Why `--world sparse` cannot run with these settings, or null: it searches any-angle paths
 * under the closed-box rule (the `lazy-theta` contract), so the move flags must be the ones
 * that rule matches.
 */
export function sparseUnsupported(settings: ScenSettings, algorithmGiven: boolean): string | null {
  if (algorithmGiven && settings.algorithm !== 'lazy-theta')
    return `--algorithm ${settings.algorithm}: --world sparse searches any-angle paths (lazy-theta) only`;
  if (settings.neighborhood !== undefined && settings.neighborhood !== 26)
    return `--neighborhood ${settings.neighborhood}: --world sparse supports 26 only (segments under the closed-box rule)`;
  if (settings.cornerCutting === 'allow') return `--corner-cutting allow: --world sparse supports forbid only (the closed-box rule)`;
  return null;
}

/** Solves scenario problems on the sparse world of a map, one reused context (`nav scen --world sparse`). */
export class SparseScenSolver {
  /** The cells searched (with their components). */
  readonly space: SparseSpace;
  private readonly ctx = new LargeSearchContext();

  constructor(
    readonly world: SparseWorld,
    private readonly search: Partial<SearchOptions>,
    private readonly scenFile: string,
  ) {
    this.space = new SparseSpace(world);
  }

  solve(index: number, p: ScenarioProblem): ScenLine {
    for (const [name, v] of [
      ['start', p.start],
      ['goal', p.goal],
    ] as const) {
      if (this.space.cellOf(v[0], v[1], v[2]) < 0)
        throw new InputError(`${fileName(this.scenFile)}: problem ${index}: ${name} (${v.join(', ')}) is blocked or outside the map`);
    }
    // The contract's `--weight` default (1), not the library's sparse default (SPARSE_WEIGHT).
    return scenLine(index, p, findPathSparse(this.space, p.start, p.goal, { ...this.search, weight: this.search.weight ?? 1 }, this.ctx));
  }
}
