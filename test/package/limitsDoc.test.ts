import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/core/limits.ts';
import { ROOT } from '../support/cli.ts';

/** A README value ("64 MiB", "268,435,456 (2^28)", "1e9") as a number. */
function value(text: string): number {
  const m = /^([\d,.e+]+)\s*(MiB)?/.exec(text.trim());
  if (m === null) throw new Error(`no number in '${text}'`);
  return Number(m[1].replace(/,/g, '')) * (m[2] === 'MiB' ? 2 ** 20 : 1);
}

describe('the README lists the limits table', () => {
  it('has one row per LIMITS entry, with its value', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Limits'), readme.indexOf('\n## ', readme.indexOf('## Limits') + 3));
    const rows = new Map<string, number>();
    for (const m of section.matchAll(/^\|[^|]*(?:\\\|[^|]*)*\| `(\w+)` \| ([^|]+) \|$/gm)) rows.set(m[1], value(m[2]));
    const documented: Record<string, number> = {};
    for (const key of Object.keys(LIMITS)) {
      const v = (LIMITS as Record<string, unknown>)[key];
      if (typeof v === 'number') documented[key] = v;
    }
    expect(Object.fromEntries(rows)).toEqual(documented);
  });
});
