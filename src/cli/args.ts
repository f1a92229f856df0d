import { NavlabError } from '../core/errors.ts';
import { ALGORITHMS, type Algorithm } from '../core/search/algorithms.ts';
import { HEURISTICS, type HeuristicName } from '../core/search/heuristics.ts';
import type { QueryOptions } from '../core/query/report.ts';
import { quote } from '../core/text.ts';

/** A command line the user must fix: printed with the usage, exit code 2. */
export class UsageError extends NavlabError {
  constructor(message: string) {
    super('usage', message);
    this.name = 'UsageError';
  }
}

export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string>;
  switches: Set<string>;
}

/**
 * Splits argv into positionals, `--flag value` pairs and boolean `--switch`es.
 * Flags not in `valueFlags` or `switchFlags` are rejected, naming the flag.
 */
export function parseArgs(argv: readonly string[], valueFlags: readonly string[], switchFlags: readonly string[] = ['json']): ParsedArgs {
  const out: ParsedArgs = { positional: [], flags: new Map(), switches: new Set() };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) {
      out.positional.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = a.slice(2, eq < 0 ? undefined : eq);
    if (switchFlags.includes(name)) {
      if (eq >= 0) throw new UsageError(`--${name} takes no value`);
      out.switches.add(name);
    } else if (valueFlags.includes(name)) {
      const value = eq >= 0 ? a.slice(eq + 1) : argv[++i];
      if (value === undefined || (eq < 0 && value.startsWith('--'))) throw new UsageError(`--${name} needs a value`);
      out.flags.set(name, value);
    } else {
      throw new UsageError(`unknown option ${quote(a)}`);
    }
  }
  return out;
}

/** The search flags shared by `scen`, `path` and `navlab.query`. */
export const SEARCH_FLAGS = ['algorithm', 'neighborhood', 'corner-cutting', 'heuristic', 'weight', 'tie-break', 'max-expansions'] as const;

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`--${flag}: expected ${allowed.join('|')}, got ${quote(value)}`);
  return value as T;
}

/** A number from a flag; `integer` also requires a whole number. */
export function numberFlag(flag: string, value: string, min: number, integer = false): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < min || (integer && !Number.isInteger(n))) {
    throw new UsageError(`--${flag}: expected ${integer ? 'an integer' : 'a number'} >= ${min}, got ${quote(value)}`);
  }
  return n;
}

/** Reads the shared search flags into query options (absent flags keep the defaults). */
export function searchOptions(args: ParsedArgs): QueryOptions {
  const o: QueryOptions = {};
  const f = args.flags;
  if (f.has('algorithm')) o.algorithm = oneOf<Algorithm>('algorithm', f.get('algorithm')!, ALGORITHMS);
  if (f.has('neighborhood')) o.neighborhood = Number(oneOf('neighborhood', f.get('neighborhood')!, ['6', '18', '26'])) as 6 | 18 | 26;
  if (f.has('corner-cutting')) o.cornerCutting = oneOf<'forbid' | 'allow'>('corner-cutting', f.get('corner-cutting')!, ['forbid', 'allow']);
  if (f.has('heuristic')) o.heuristic = oneOf<HeuristicName>('heuristic', f.get('heuristic')!, HEURISTICS);
  if (f.has('weight')) o.weight = numberFlag('weight', f.get('weight')!, 1);
  if (f.has('tie-break')) o.tieBreak = oneOf<'low-h' | 'none'>('tie-break', f.get('tie-break')!, ['low-h', 'none']);
  if (f.has('max-expansions')) o.maxExpansions = numberFlag('max-expansions', f.get('max-expansions')!, 0, true);
  return o;
}

/** Voxel coordinates in flags: plain decimal integers (no `0x10`, `1e1`, `2.0`), at most 9 digits. */
const VOXEL_COORD = /^-?[0-9]{1,9}$/;

/** `x,y,z` as integers; with `flat` (a 2D map) also `x,y`, meaning z = 0. */
export function voxelFlag(flag: string, value: string | undefined, flat = false): number[] {
  if (value === undefined) throw new UsageError(`--${flag} x,y,z is required`);
  const parts = value.split(',').map((s) => s.trim());
  const v = parts.map(Number);
  if ((v.length !== 3 && !(flat && v.length === 2)) || !parts.every((s) => VOXEL_COORD.test(s))) {
    throw new UsageError(`--${flag}: expected integer voxel coordinates ${flat ? 'x,y or x,y,z' : 'x,y,z'}, got ${quote(value)}`);
  }
  if (v.length === 2) v.push(0);
  return v;
}
