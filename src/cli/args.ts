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

/** A command line split by `parseArgs`: positionals, flag values by name, switches present. */
export interface ParsedArgs {
  /** Arguments that are not flags, in order. */
  positional: string[];
  /** Each value flag given, by name without the dashes (the last one wins). */
  flags: Map<string, string>;
  /** Each switch given, by name without the dashes. */
  switches: Set<string>;
}

/**
 * What one flag takes: nothing (a switch), a number in a range, one of a few words, or free text
 * (a file, coordinates, an id) that the command checks itself.
 */
export type FlagKind =
  | { readonly type: 'switch' }
  | {
      readonly type: 'number';
      /** Placeholder in the help, such as `N` or `C`. */
      readonly placeholder: string;
      /** Least value. */
      readonly min: number;
      /** true: the value must be above `min`, not equal to it. */
      readonly aboveMin?: boolean;
      /** Greatest value (inclusive); none when absent. */
      readonly max?: number;
      /** Whole numbers only. */
      readonly integer?: boolean;
    }
  | { readonly type: 'choice'; readonly values: readonly string[] }
  | {
      readonly type: 'text';
      /** Placeholder in the help, such as `x,y,z` or `scene.json`. */
      readonly placeholder: string;
      /** What the value may be, for the help. */
      readonly range: string;
    };

/** One flag of a command: parsed by `parseArgs` and printed by `commandHelp` from the same entry. */
export interface FlagSpec {
  /** The name without the leading dashes, such as `cell-size`. */
  readonly name: string;
  /** What the flag takes; number and choice values are checked while parsing. */
  readonly kind: FlagKind;
  /** The default as a person reads it (`26`, `unlimited`, `required`). */
  readonly default: string;
  /** What the flag does, one short line. */
  readonly help: string;
}

/** One `nav` command: its synopsis and its flag table (the only list of flags it accepts). */
export interface CommandSpec {
  /** The command word, such as `path`. */
  readonly name: string;
  /** The positional arguments as in the usage, such as `<scene.json>`. */
  readonly args: string;
  /** What the command does, one line. */
  readonly summary: string;
  /** Every flag the command accepts, `--json` included. */
  readonly flags: readonly FlagSpec[];
}

/** `--json`: the switch every command but `bench` takes. */
/** `--world dense|sparse` (default dense): which world representation a command builds; `help` says what sparse means there. */
export const worldFlag = (help: string): FlagSpec => ({
  name: 'world',
  kind: { type: 'choice', values: ['dense', 'sparse'] },
  default: 'dense',
  help,
});

export const JSON_FLAG: FlagSpec = {
  name: 'json',
  kind: { type: 'switch' },
  default: 'off',
  help: 'print one JSON result on stdout (nothing else there)',
};

/** The range of a number flag as words: `>= 1`, `> 0`, `>= 1 and <= 256`. */
function numberRange(kind: Extract<FlagKind, { type: 'number' }>): string {
  const low = `${kind.aboveMin ? '>' : '>='} ${kind.min}`;
  return kind.max === undefined ? low : `${low} and <= ${kind.max}`;
}

/** What a flag accepts, as the help prints it. */
export function flagRange(kind: FlagKind): string {
  switch (kind.type) {
    case 'switch':
      return 'switch';
    case 'number':
      return `${kind.integer ? 'integer' : 'number'} ${numberRange(kind)}`;
    case 'choice':
      return kind.values.join('|');
    case 'text':
      return kind.range;
  }
}

/** Checks a number or choice value against its flag's kind; a value out of range is a UsageError naming the flag. */
function checkValue(spec: FlagSpec, value: string): void {
  const k = spec.kind;
  if (k.type === 'choice') oneOf(spec.name, value, k.values);
  else if (k.type === 'number') {
    const n = Number(value);
    const inRange = k.aboveMin ? n > k.min : n >= k.min;
    if (value.trim() === '' || !Number.isFinite(n) || !inRange || (k.max !== undefined && n > k.max) || (k.integer && !Number.isInteger(n)))
      throw new UsageError(`--${spec.name}: expected ${k.integer ? 'an integer' : 'a number'} ${numberRange(k)}, got ${quote(value)}`);
  }
}

/**
 * Splits argv into positionals, `--flag value` pairs and boolean `--switch`es by the command's
 * flag table, and checks number and choice values against it. Flags not in the table are
 * rejected, naming the flag.
 */
export function parseArgs(argv: readonly string[], command: CommandSpec): ParsedArgs {
  const out: ParsedArgs = { positional: [], flags: new Map(), switches: new Set() };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) {
      out.positional.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = a.slice(2, eq < 0 ? undefined : eq);
    const spec = command.flags.find((f) => f.name === name);
    if (spec === undefined) throw new UsageError(`unknown option ${quote(a)}`);
    if (spec.kind.type === 'switch') {
      if (eq >= 0) throw new UsageError(`--${name} takes no value`);
      out.switches.add(name);
    } else {
      const value = eq >= 0 ? a.slice(eq + 1) : argv[++i];
      if (value === undefined || (eq < 0 && value.startsWith('--'))) throw new UsageError(`--${name} needs a value`);
      checkValue(spec, value);
      out.flags.set(name, value);
    }
  }
  return out;
}

/** The search flags shared by `scen`, `path` and `navlab.query` (ARCHITECTURE.md, CLI contract). */
export const SEARCH_FLAGS: readonly FlagSpec[] = [
  { name: 'algorithm', kind: { type: 'choice', values: ALGORITHMS }, default: 'astar', help: 'search algorithm' },
  {
    name: 'neighborhood',
    kind: { type: 'choice', values: ['6', '18', '26'] },
    default: '26',
    help: 'moves per voxel: faces, +edges, +corners',
  },
  {
    name: 'corner-cutting',
    kind: { type: 'choice', values: ['forbid', 'allow'] },
    default: 'forbid',
    help: 'forbid: every voxel a move spans must be free',
  },
  { name: 'heuristic', kind: { type: 'choice', values: HEURISTICS }, default: 'exact', help: 'distance estimate to the goal' },
  {
    name: 'weight',
    kind: { type: 'number', placeholder: 'W', min: 1 },
    default: '1',
    help: 'multiplies the heuristic (> 1: faster, maybe longer paths)',
  },
  {
    name: 'tie-break',
    kind: { type: 'choice', values: ['low-h', 'none'] },
    default: 'low-h',
    help: 'among equal f, prefer the node nearer the goal',
  },
  {
    name: 'max-expansions',
    kind: { type: 'number', placeholder: 'N', min: 0, integer: true },
    default: 'unlimited',
    help: 'expansion budget; when spent the status is partial',
  },
];

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`--${flag}: expected ${allowed.join('|')}, got ${quote(value)}`);
  return value as T;
}

/** The value of a number flag that `parseArgs` has checked against its table, or undefined when absent. */
export function numberValue(args: ParsedArgs, name: string): number | undefined {
  const v = args.flags.get(name);
  return v === undefined ? undefined : Number(v);
}

/** Reads the shared search flags into query options (absent flags keep the defaults; `parseArgs` checked the values). */
export function searchOptions(args: ParsedArgs): QueryOptions {
  const o: QueryOptions = {};
  const f = args.flags;
  if (f.has('algorithm')) o.algorithm = f.get('algorithm') as Algorithm;
  if (f.has('neighborhood')) o.neighborhood = Number(f.get('neighborhood')) as 6 | 18 | 26;
  if (f.has('corner-cutting')) o.cornerCutting = f.get('corner-cutting') as 'forbid' | 'allow';
  if (f.has('heuristic')) o.heuristic = f.get('heuristic') as HeuristicName;
  if (f.has('weight')) o.weight = Number(f.get('weight'));
  if (f.has('tie-break')) o.tieBreak = f.get('tie-break') as 'low-h' | 'none';
  if (f.has('max-expansions')) o.maxExpansions = Number(f.get('max-expansions'));
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
