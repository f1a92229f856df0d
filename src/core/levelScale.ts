/**
 * The lengths navlab picks by itself for a level, from the level's own scale: its extent (the
 * longest side of its bounds) and its cell size. One rule for the library (`NavWorld`), the
 * importer (`importScene`, `nav import`) and the sandbox, so a level two units across and one
 * two thousand across behave alike.
 */

import { checkNumber } from './args.ts';

/** Cells along a level's longest side at the default cell size. */
export const DEFAULT_CELLS_ACROSS = 128;

/** The default cell size of a level whose longest side is `extent`: extent / DEFAULT_CELLS_ACROSS. */
export function levelCellSize(extent: number): number {
  return checkNumber('levelCellSize: extent', extent, 0, true) / DEFAULT_CELLS_ACROSS;
}

/**
 * The default agent radius of a level: 0.4 cells, within [extent / 1000, extent / 40]. Under
 * half a cell, so a grid path (between centres of free voxels, corners not cut) keeps the
 * agent's sphere out of every blocked voxel: agents planned on the voxel grid arrive.
 */
export function levelAgentRadius(extent: number, cellSize: number): number {
  checkNumber('levelAgentRadius: extent', extent, 0, true);
  checkNumber('levelAgentRadius: cellSize', cellSize, 0, true);
  return Math.min(Math.max(0.4 * cellSize, extent / 1000), extent / 40);
}

/** The default agent speed of a level: a tenth of its extent per second (ten seconds across). */
export function levelAgentSpeed(extent: number): number {
  return checkNumber('levelAgentSpeed: extent', extent, 0, true) / 10;
}
