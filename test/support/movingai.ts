import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GridSpace } from '../../src/core/grid/GridSpace.ts';
import type { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';
import type { ScenarioProblem } from '../../src/core/io/movingai.ts';
import type { Algorithm } from '../../src/core/search/algorithms.ts';
import { findGridPath } from '../../src/core/query/runs.ts';
import { SearchContext } from '../../src/core/search/SearchContext.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** test/data: the benchmark files shipped with the repo. */
export const TEST_DATA = join(here, '..', 'data');

/** The full Moving AI data set: $NAVLAB_MOVINGAI_DIR or ../shared/data/movingai beside the clone. */
export const MOVINGAI_DIR = process.env.NAVLAB_MOVINGAI_DIR ?? join(here, '..', '..', '..', 'shared', 'data', 'movingai');

export const readData = (name: string): string => readFileSync(join(TEST_DATA, name), 'utf8');
export const hasFullData = (): boolean => existsSync(join(MOVINGAI_DIR, '3d', 'A1.3dmap'));

/** Runs problems and returns the indices whose result disagrees with the published length. */
export function mismatches(grid: VoxelGrid, problems: ScenarioProblem[], indices: number[], algorithm: Algorithm = 'astar'): string[] {
  const space = new GridSpace(grid);
  const ctx = new SearchContext();
  const bad: string[] = [];
  for (const i of indices) {
    const p = problems[i];
    const r = findGridPath(algorithm, space, grid.index(...p.start), grid.index(...p.goal), {}, ctx);
    const ok = p.expected < 0 ? r.status === 'unreachable' : r.status === 'found' && Math.abs(r.cost - p.expected) <= 1e-3;
    if (!ok) bad.push(`#${i}: expected ${p.expected}, got ${r.status} ${r.cost}`);
  }
  return bad;
}

export const range = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);
