/**
 * `nav --help` and `nav <command> --help` print every flag with its range and default, from the
 * same table the command's parser reads: a flag missing from the table is refused by the parser,
 * a value outside the table's range is refused with that range.
 */
import { describe, expect, it } from 'vitest';
import { type CommandSpec, type FlagSpec, flagRange } from '../../src/cli/args.ts';
import { BAKE } from '../../src/cli/commands/bake.ts';
import { IMPORT } from '../../src/cli/commands/import.ts';
import { PATH } from '../../src/cli/commands/path.ts';
import { PREPROCESS } from '../../src/cli/commands/preprocess.ts';
import { SCEN } from '../../src/cli/commands/scen.ts';
import { SIMULATE } from '../../src/cli/commands/simulate.ts';
import { VOXELIZE } from '../../src/cli/commands/voxelize.ts';
import { WAYPOINTS } from '../../src/cli/commands/waypoints.ts';
import { USAGE } from '../../src/cli/main.ts';
import { runNavHere } from '../support/cli.ts';

const SPECS: CommandSpec[] = [SCEN, PATH, PREPROCESS, WAYPOINTS, SIMULATE, VOXELIZE, IMPORT, BAKE];

/** The help lines of one flag: its name, range and default on the first, what it does on the next. */
function flagLines(help: string, f: FlagSpec): [string, string] | undefined {
  const lines = help.split('\n');
  const i = lines.findIndex((l) => new RegExp(`^  --${f.name}( |$)`).test(l));
  return i < 0 ? undefined : [lines[i], lines[i + 1]];
}

/** A value just outside a number flag's range (below its least value, or above its greatest). */
function outOfRange(f: FlagSpec): string[] {
  const k = f.kind;
  if (k.type !== 'number') return [];
  const values = [String(k.aboveMin ? k.min : k.min - 1)];
  if (k.max !== undefined) values.push(String(k.max + 1));
  if (k.integer) values.push(String(k.min + 1.5));
  return values;
}

describe('nav --help', () => {
  it('prints the usage and every command with every flag, its range and its default (exit 0)', async () => {
    const r = await runNavHere(['--help']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.startsWith(USAGE)).toBe(true);
    for (const spec of SPECS) {
      expect(r.stdout).toContain(`\nnav ${spec.name} ${spec.args}\n`);
      for (const f of spec.flags) {
        const lines = r.stdout.split('\n').filter((l) => l.startsWith(`  --${f.name}`) && l.includes(flagRange(f.kind)));
        expect(
          lines.some((l) => l.includes(`default: ${f.default}`)),
          `${spec.name} --${f.name}`,
        ).toBe(true);
      }
    }
    expect(r.stdout).toContain('\nnav bench\n');
    // Narrow enough for a terminal.
    expect(Math.max(...r.stdout.split('\n').map((l) => l.length))).toBeLessThanOrEqual(120);
  });

  it.each(SPECS.map((s) => [s.name, s] as const))('nav %s --help lists each flag of its table on one line', async (name, spec) => {
    const r = await runNavHere([name, '--help']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const listed = r.stdout.split('\n').filter((l) => l.startsWith('  --'));
    expect(listed).toHaveLength(spec.flags.length);
    for (const f of spec.flags) {
      const lines = flagLines(r.stdout, f);
      expect(lines, `--${f.name}`).toBeDefined();
      const [line, help] = lines!;
      expect(line).toContain(`${flagRange(f.kind)}; default: ${f.default}`);
      expect(help.trim()).toBe(f.help);
    }
    // Narrow enough for a terminal.
    expect(Math.max(...r.stdout.split('\n').map((l) => l.length))).toBeLessThanOrEqual(120);
    // -h, a help flag after other arguments and `nav help <command>` give the same text.
    expect(await runNavHere([name, 'some-file', '-h'])).toEqual(r);
    expect(await runNavHere(['help', name])).toEqual(r);
  });

  it('the help of a command lists the same flags as its usage line', () => {
    for (const spec of SPECS) {
      // The command's usage line with its continuation lines (indented deeper).
      const lines = USAGE.split('\n');
      const first = lines.findIndex((l) => l.startsWith(`  nav ${spec.name} `));
      expect(first, spec.name).toBeGreaterThanOrEqual(0);
      let end = first + 1;
      while (end < lines.length && lines[end].startsWith('    ')) end++;
      const line = lines.slice(first, end).join(' ');
      for (const f of spec.flags) {
        const shared = ['algorithm', 'neighborhood', 'corner-cutting', 'heuristic', 'weight', 'tie-break', 'max-expansions'].includes(
          f.name,
        );
        if (shared) expect(line).toContain('[search flags]');
        else expect(line, `${spec.name} --${f.name}`).toContain(`--${f.name}`);
      }
    }
  });

  it.each(SPECS.map((s) => [s.name, s] as const))('nav %s refuses values outside the ranges its help prints', async (name, spec) => {
    for (const f of spec.flags) {
      for (const value of outOfRange(f)) {
        const r = await runNavHere([name, 'file', `--${f.name}`, value]);
        expect(r.code, `--${f.name} ${value}`).toBe(2);
        const range = flagRange(f.kind).replace(/^(integer|number) /, '');
        expect(r.stderr).toContain(
          `--${f.name}: expected ${f.kind.type === 'number' && f.kind.integer ? 'an integer' : 'a number'} ${range}, got '${value}'`,
        );
      }
      if (f.kind.type === 'choice') {
        const r = await runNavHere([name, 'file', `--${f.name}`, 'bogus']);
        expect(r.code).toBe(2);
        expect(r.stderr).toContain(`--${f.name}: expected ${f.kind.values.join('|')}, got 'bogus'`);
      }
    }
    // A flag that is not in the table is refused, naming it.
    const r = await runNavHere([name, 'file', '--not-a-flag']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`unknown option '--not-a-flag'`);
  });
});
