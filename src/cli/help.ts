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

/** The help of one command: its synopsis, what it does, then one line per flag (flag, range, default, what it does). */
export function commandHelp(spec: CommandSpec): string {
  const rows = spec.flags.map((f) => [flagWithValue(f), flagRange(f.kind), `default: ${f.default}`, f.help]);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i].length)));
  const lines = rows.map((r) => `  ${r.map((c, i) => (i < 3 ? c.padEnd(widths[i]) : c)).join('  ')}`.trimEnd());
  return [`nav ${spec.name} ${spec.args}`.trimEnd(), `  ${spec.summary}`, ...(lines.length > 0 ? ['flags:', ...lines] : [])].join('\n');
}
