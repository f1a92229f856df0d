import { readFileSync } from 'node:fs';
import { NavlabError } from '../core/errors.ts';
import type { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import { parse2dMap, parse2dScen, parse3dMap, parse3dScen, type ScenarioProblem } from '../core/io/movingai.ts';
import type { PathReport } from '../core/search/query.ts';

/** A failure the user can act on (missing file, malformed data): message on stderr, exit 1. */
export class InputError extends NavlabError {
  constructor(message: string) {
    super('input', message);
    this.name = 'InputError';
  }
}

export function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(code === 'ENOENT' ? `${file}: no such file` : `${file}: cannot read (${code ?? (e as Error).message})`);
  }
}

export const is2dMap = (file: string): boolean => file.endsWith('.map');

/** Loads a Moving AI map: `.3dmap` voxels, or a 2D `.map` as a one-voxel-thick grid. */
export function loadMap(file: string): VoxelGrid {
  const text = readText(file);
  return is2dMap(file) ? parse2dMap(text, file) : parse3dMap(text, file);
}

/** Loads the problems of a scenario file (2D `.scen` or 3D `.3dscen`, by the map's kind). */
export function loadScenario(mapFile: string, scenFile: string): ScenarioProblem[] {
  const text = readText(scenFile);
  return is2dMap(mapFile) ? parse2dScen(text, scenFile) : parse3dScen(text, scenFile);
}

/** Writes one line to stdout (the only channel JSON goes to). */
export const out = (line: string): void => void process.stdout.write(line + '\n');
/** Writes one line to stderr (everything that is not the JSON result). */
export const err = (line: string): void => void process.stderr.write(line + '\n');

/** Prints a path report as JSON (one line) or as readable text. */
export function printPath(report: PathReport, json: boolean): void {
  if (json) {
    out(JSON.stringify(report));
    return;
  }
  out(`${report.status}: cost ${report.cost.toFixed(4)}, ${report.path.length} nodes, ${report.expanded} expanded, ${report.ms.toFixed(3)} ms`);
  const width = Math.max(0, ...(report.ids ?? []).map((id) => id.length)) + 2;
  report.path.forEach((p, i) => out(`  ${report.ids ? report.ids[i].padEnd(width) : ''}${p.map((c) => +c.toFixed(4)).join(', ')}`));
}
