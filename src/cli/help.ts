/**
 * `nav --help` and `nav <command> --help`: each command's flag table (args.ts CommandSpec, the
 * same table its parser reads) as text, one flag a line with its range and default.
 */
import { type CommandSpec, type FlagSpec, flagRange } from './args.ts';

/** `--name PLACEHOLDER` as the help's first column (a switch or a choice: the name alone). */
function flagWithValue(f: FlagSpec): string {
  const k = f.kind;
  // A choice's words are its range (the next column).
  return k.type === 'number' || k.type === 'text' ? `--${f.name} ${k.placeholder}` : `--${f.name}`;
}

/**
 * The help of one command: its synopsis, what it does, then two lines per flag: the flag, its
 * range and its default; under it, what it does (narrow enough for a terminal).
 */
export function commandHelp(spec: CommandSpec): string {
  const names = spec.flags.map(flagWithValue);
  const width = Math.max(0, ...names.map((n) => n.length)) + 2;
  const lines = spec.flags.flatMap((f, i) => [
    `  ${names[i].padEnd(width)}${flagRange(f.kind)}; default: ${f.default}`,
    `  ${' '.repeat(width)}${f.help}`,
  ]);
  return [`nav ${spec.name} ${spec.args}`.trimEnd(), `  ${spec.summary}`, ...(lines.length > 0 ? ['flags:', ...lines] : [])].join('\n');
}
