import { NavlabError } from '../core/errors.ts';
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import type { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import { MAP_FILE_LIMIT, parse2dMap, parse2dScen, parse3dMap, parse3dScen, type ScenarioProblem } from '../core/io/movingai.ts';
import { clip, escapeControls } from '../core/text.ts';
import type { PathReport } from '../core/query/report.ts';
import { SCENE_FILE_LIMIT } from '../scene/fileLimit.ts';

/** A failure the user can act on (missing file, malformed data): message on stderr, exit 1. */
export class InputError extends NavlabError {
  constructor(message: string) {
    super('input', message);
    this.name = 'InputError';
  }
}

/** A file name for messages: control characters escaped, very long names cut. */
export const fileName = (file: string): string => clip(file, 200);

const MIB = 2 ** 20;

/**
 * The bytes of a regular file of at most `limit` bytes, or null when it does not exist.
 * Devices (/dev/zero), FIFOs, directories and symlinks that resolve to them are refused, and
 * the size is checked before anything is read, so no input can make `nav` read without end
 * or allocate beyond the limit. Failures are InputErrors whose message starts with `name`.
 */
export function readFileBytes(file: string, limit: number, name: string = fileName(file)): Uint8Array | null {
  const fail = (e: unknown): never => {
    throw new InputError(`${name}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  };
  const check = (stats: { isFile(): boolean; size: number }) => {
    if (!stats.isFile()) throw new InputError(`${name}: not a regular file`);
    if (stats.size > limit) throw new InputError(`${name}: ${stats.size} bytes exceeds the limit of ${limit} bytes (${limit / MIB} MiB)`);
  };
  // stat before open: opening a FIFO for reading would wait for a writer.
  let fd: number;
  try {
    check(statSync(file));
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    if (e instanceof InputError) throw e;
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    return fail(e);
  }
  try {
    const stats = fstatSync(fd); // the file may have been replaced since statSync
    check(stats);
    // One byte more than the size: a file that grew while being read is over its stated size.
    const buffer = Buffer.allocUnsafe(Math.min(stats.size, limit) + 1);
    let length = 0;
    for (let n: number; length < buffer.length && (n = readSync(fd, buffer, length, buffer.length - length, null)) > 0; ) length += n;
    if (length > limit) throw new InputError(`${name}: more than the limit of ${limit} bytes (${limit / MIB} MiB)`);
    return new Uint8Array(buffer.buffer, buffer.byteOffset, length);
  } catch (e) {
    if (e instanceof InputError) throw e;
    return fail(e);
  } finally {
    closeSync(fd);
  }
}

/** The text of a regular file of at most `limit` bytes (`readFileBytes`); a missing file is an InputError. */
export function readText(file: string, limit: number): string {
  const bytes = readFileBytes(file, limit);
  if (bytes === null) throw new InputError(`${fileName(file)}: no such file`);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

/** The text of a scene file (at most SCENE_FILE_LIMIT bytes). */
export const readSceneText = (file: string): string => readText(file, SCENE_FILE_LIMIT);

export const is2dMap = (file: string): boolean => file.endsWith('.map');

/** Loads a Moving AI map: `.3dmap` voxels, or a 2D `.map` as a one-voxel-thick grid. */
export function loadMap(file: string): VoxelGrid {
  const text = readText(file, MAP_FILE_LIMIT);
  return is2dMap(file) ? parse2dMap(text, file) : parse3dMap(text, file);
}

/** Loads the problems of a scenario file (2D `.scen` or 3D `.3dscen`, by the map's kind). */
export function loadScenario(mapFile: string, scenFile: string): ScenarioProblem[] {
  const text = readText(scenFile, MAP_FILE_LIMIT);
  return is2dMap(mapFile) ? parse2dScen(text, scenFile) : parse3dScen(text, scenFile);
}

/**
 * Where one run of `nav` writes (`main(argv, io)`): text for stdout and for stderr, passed on as
 * given. The bin hands in the process's streams; tests and embedders collect the text. No
 * command reads stdin, and none behaves differently on a terminal.
 */
export interface NavIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Whether stderr is a terminal: long commands (`nav import`) then print progress there. @default false */
  stderrIsTTY?: boolean;
}

/**
 * Writes one line to stdout (the only channel JSON goes to). Control characters from ids and
 * names are escaped (`\u001b`), so a document cannot drive the terminal; JSON text keeps its
 * value, since JSON.stringify already escapes C0 controls and the rest become `\uXXXX`.
 */
export const out = (io: NavIo, line: string): void => io.stdout(`${escapeControls(line)}\n`);
/** Writes one line to stderr (everything that is not the JSON result), escaped as `out`. */
export const err = (io: NavIo, line: string): void => io.stderr(`${escapeControls(line)}\n`);

/** Prints a path report as JSON (one line) or as readable text. */
export function printPath(io: NavIo, report: PathReport, json: boolean): void {
  if (json) {
    out(io, JSON.stringify(report));
    return;
  }
  out(
    io,
    `${report.status}: cost ${report.cost.toFixed(4)}, ${report.path.length} nodes, ${report.expanded} expanded, ${report.ms.toFixed(3)} ms`,
  );
  const ids = report.ids?.map((id) => clip(id, 60));
  const width = Math.max(0, ...(ids ?? []).map((id) => id.length)) + 2;
  report.path.forEach((p, i) => out(io, `  ${ids ? ids[i].padEnd(width) : ''}${p.map((c) => +c.toFixed(4)).join(', ')}`));
}
