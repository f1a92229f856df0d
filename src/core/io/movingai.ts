import { NavlabError } from '../errors.ts';
import { VoxelGrid } from '../grid/VoxelGrid.ts';
import { quote } from '../text.ts';
import { LIMITS } from '../limits.ts';

/**
 * Largest Moving AI map or scenario file read (256 MiB). The biggest published 3D maps are far
 * smaller; the cap keeps a wrong path from filling memory and stays below V8's longest string.
 */
export const MAP_FILE_LIMIT = LIMITS.mapFileBytes;

/** A malformed input file: message reads `file:line: reason`. */
export class ParseError extends NavlabError {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly reason: string,
  ) {
    super('parse', `${file}:${line}: ${reason}`);
    this.name = 'ParseError';
  }
}

/** One benchmark problem: start and goal voxels, and the published optimal length (< 0: unreachable). */
export interface ScenarioProblem {
  start: [number, number, number];
  goal: [number, number, number];
  expected: number;
}

/**
 * Number syntax of the benchmark files: plain decimal digits. `Number()` alone would also take
 * `0x10`, `1e1`, `10.0` and `Infinity`, none of which a Moving AI file contains.
 * At most 9 digits, so every value is exact and far below any grid's size limit.
 */
const INTEGER = /^[0-9]{1,9}$/;
/** A published path length: decimal, optional fraction, optional sign (-1 marks unreachable). */
const DECIMAL = /^-?[0-9]{1,15}(\.[0-9]{1,20})?$/;

function integers(parts: string[], from: number, count: number, file: string, line: number, what: string): number[] {
  const out: number[] = [];
  for (let i = from; i < from + count; i++) {
    if (parts[i] === undefined || !INTEGER.test(parts[i]))
      throw new ParseError(file, line, `${what}: expected a non-negative integer, got ${quote(parts[i] ?? '')}`);
    out.push(Number(parts[i]));
  }
  return out;
}

function decimal(text: string | undefined, file: string, line: number, what: string): number {
  if (text === undefined || !DECIMAL.test(text))
    throw new ParseError(file, line, `${what}: expected a decimal number, got ${quote(text ?? '')}`);
  return Number(text);
}

/** A VoxelGrid of the header's size, its usage error (over the limit) as a ParseError on `line`. */
function gridOf(dims: [number, number, number], file: string, line: number): VoxelGrid {
  try {
    return new VoxelGrid({ dims });
  } catch (e) {
    throw new ParseError(file, line, (e as Error).message);
  }
}

/** Where the voxels of a Moving AI voxel map go: called with each blocked voxel's coordinates. */
export type VoxelSink = (x: number, y: number, z: number) => void;

/**
 * Reads a Moving AI voxel map: checks the header `voxel X Y Z` (positive integers), asks
 * `begin(dims)` for the sink of its blocked voxels (where the caller checks its own size
 * limit, throwing for line 1), then gives it the voxel of every `x y z` line, checked against
 * the map's size. Malformed lines throw a ParseError (`file:line: reason`). Lines are parsed
 * in place, without a string per line.
 */
export function read3dMap(text: string, file: string, begin: (dims: [number, number, number]) => VoxelSink): void {
  let pos = text.indexOf('\n');
  if (pos < 0) pos = text.length;
  const header = text.slice(0, pos);
  const h = header.trim().split(/\s+/);
  if (h[0] !== 'voxel' || h.length !== 4) throw new ParseError(file, 1, `expected header 'voxel X Y Z', got ${quote(header)}`);
  const [X, Y, Z] = integers(h, 1, 3, file, 1, 'map size');
  if (X < 1 || Y < 1 || Z < 1) throw new ParseError(file, 1, `map size must be positive, got ${X} ${Y} ${Z}`);
  const sink = begin([X, Y, Z]);
  let lineNo = 1;
  for (pos++; pos < text.length; ) {
    let end = text.indexOf('\n', pos);
    if (end < 0) end = text.length;
    lineNo++;
    // Three non-negative integers separated by spaces or tabs (a trailing \r allowed).
    let x = 0,
      y = 0,
      z = 0,
      field = 0,
      digits = 0,
      ok = true;
    for (let i = pos; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c >= 48 && c <= 57) {
        const d = c - 48;
        if (field === 0) x = x * 10 + d;
        else if (field === 1) y = y * 10 + d;
        else if (field === 2) z = z * 10 + d;
        digits++;
      } else if (c === 32 || c === 9 || c === 13) {
        if (digits > 0) {
          field++;
          digits = 0;
        }
      } else {
        ok = false;
        break;
      }
    }
    if (digits > 0) field++;
    const start = pos;
    pos = end + 1;
    if (field === 0 && ok) continue; // blank line
    if (!ok || field !== 3)
      throw new ParseError(file, lineNo, `expected 'x y z' (three non-negative integers), got ${quote(text.slice(start, end).trim())}`);
    if (x >= X || y >= Y || z >= Z) throw new ParseError(file, lineNo, `voxel (${x}, ${y}, ${z}) is outside the ${X}x${Y}x${Z} map`);
    sink(x, y, z);
  }
}

/**
 * Moving AI voxel map: first line `voxel X Y Z`, then one `x y z` line per blocked voxel.
 * See D. Brewer and N. R. Sturtevant, "Benchmarks for Pathfinding in 3D Voxel Space" (SoCS 2018).
 */
export function parse3dMap(text: string, file = '<3dmap>'): VoxelGrid {
  let grid: VoxelGrid | null = null;
  read3dMap(text, file, ([X, Y, Z]) => {
    const g = gridOf([X, Y, Z], file, 1);
    const occ = g.occupancy;
    grid = g;
    return (x, y, z) => {
      occ[x + X * (y + Y * z)] = 1;
    };
  });
  return grid!;
}

/** Moving AI voxel scenario: `version 1`, the map name, then `sx sy sz gx gy gz optimal ratio` lines. */
export function parse3dScen(text: string, file = '<3dscen>'): ScenarioProblem[] {
  const lines = text.split('\n');
  if (!/^version\s+1\s*$/.test(lines[0] ?? ''))
    throw new ParseError(file, 1, `expected 'version 1', got ${quote((lines[0] ?? '').trim())}`);
  // Line 2 names the map. A file without it would otherwise lose its first problem silently.
  const mapLine = (lines[1] ?? '').trim();
  if (mapLine === '' || /\s/.test(mapLine)) throw new ParseError(file, 2, `expected the map file name, got ${quote(mapLine)}`);
  const problems: ScenarioProblem[] = [];
  for (let i = 2; i < lines.length; i++) {
    const t = lines[i].trim();
    if (t === '') continue;
    const p = t.split(/\s+/);
    if (p.length !== 8 && p.length !== 7) throw new ParseError(file, i + 1, `expected 'sx sy sz gx gy gz optimal ratio', got ${quote(t)}`);
    const c = integers(p, 0, 6, file, i + 1, 'coordinates');
    const expected = decimal(p[6], file, i + 1, 'optimal length');
    if (p.length === 8) decimal(p[7], file, i + 1, 'ratio');
    problems.push({ start: [c[0], c[1], c[2]], goal: [c[3], c[4], c[5]], expected });
  }
  return problems;
}

/**
 * Moving AI 2D grid map (`type octile`, `height H`, `width W`, `map`, then H rows) as a
 * one-voxel-thick grid: x = column, y = row, z = 0. `.`, `G`, `S` are free; `@`, `O`, `T`, `W`
 * are blocked. N. Sturtevant, "Benchmarks for Grid-Based Pathfinding", IEEE TCIAIG 4(2), 2012.
 */
export function parse2dMap(text: string, file = '<map>'): VoxelGrid {
  const lines = text.split(/\r?\n/);
  let width = -1,
    height = -1,
    i = 0;
  for (; i < lines.length; i++) {
    const t = lines[i].trim();
    if (t === 'map') break;
    if (t === '') continue;
    const parts = t.split(/\s+/);
    const key = parts[0];
    if (parts.length !== 2 || (key !== 'type' && key !== 'height' && key !== 'width'))
      throw new ParseError(file, i + 1, `unexpected header line ${quote(t)}`);
    if (key === 'type') continue;
    const [n] = integers(parts, 1, 1, file, i + 1, key);
    if (key === 'height') height = n;
    else width = n;
  }
  if (i === lines.length) throw new ParseError(file, lines.length, `missing 'map' line after the header`);
  if (width < 1) throw new ParseError(file, 1, `header: missing or invalid 'width'`);
  if (height < 1) throw new ParseError(file, 1, `header: missing or invalid 'height'`);
  const grid = gridOf([width, height, 1], file, i + 1);
  for (let y = 0; y < height; y++) {
    const row = lines[i + 1 + y];
    const lineNo = i + 2 + y;
    if (row === undefined || row.length !== width)
      throw new ParseError(file, lineNo, `row ${y}: expected ${width} cells, got ${row === undefined ? 'end of file' : row.length}`);
    for (let x = 0; x < width; x++) {
      const c = row[x];
      if (c === '.' || c === 'G' || c === 'S') continue;
      if (c === '@' || c === 'O' || c === 'T' || c === 'W') grid.occupancy[x + width * y] = 1;
      else throw new ParseError(file, lineNo, `row ${y}, column ${x}: unknown cell ${quote(c)}`);
    }
  }
  for (let k = i + 1 + height; k < lines.length; k++) {
    if (lines[k].trim() !== '') throw new ParseError(file, k + 1, `expected ${height} rows after 'map', found more: ${quote(lines[k])}`);
  }
  return grid;
}

/** Moving AI 2D scenario: `version 1`, then `bucket map w h sx sy gx gy optimal` lines (z = 0). */
export function parse2dScen(text: string, file = '<scen>'): ScenarioProblem[] {
  const lines = text.split('\n');
  if (!/^version\s+1(\.0)?\s*$/.test(lines[0] ?? ''))
    throw new ParseError(file, 1, `expected 'version 1', got ${quote((lines[0] ?? '').trim())}`);
  const problems: ScenarioProblem[] = [];
  for (let i = 1; i < lines.length; i++) {
    const t = lines[i].trim();
    if (t === '') continue;
    const p = t.split(/\s+/);
    if (p.length !== 9) throw new ParseError(file, i + 1, `expected 'bucket map width height sx sy gx gy optimal', got ${quote(t)}`);
    integers(p, 0, 1, file, i + 1, 'bucket');
    integers(p, 2, 2, file, i + 1, 'map size');
    const c = integers(p, 4, 4, file, i + 1, 'coordinates');
    const expected = decimal(p[8], file, i + 1, 'optimal length');
    problems.push({ start: [c[0], c[1], 0], goal: [c[2], c[3], 0], expected });
  }
  return problems;
}
