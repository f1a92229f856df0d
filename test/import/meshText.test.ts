import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteTokens, decimal } from '../../src/import/meshText.ts';

const enc = (t: string) => new TextEncoder().encode(t);
const num = (s: string) => decimal(enc(s), 0, s.length);

describe('decimal: the strict number grammar of OBJ and ASCII STL', () => {
  it('reads what the grammar admits exactly as Number() does (seeded)', () => {
    const digits = fc.stringMatching(/^[0-9]{1,25}$/);
    const literal = fc
      .tuple(
        fc.constantFrom('', '+', '-'),
        fc.oneof(
          digits,
          fc.tuple(digits, fc.stringMatching(/^[0-9]{0,25}$/)).map(([a, b]) => `${a}.${b}`),
          digits.map((b) => `.${b}`),
        ),
        fc.oneof(
          fc.constant(''),
          fc
            .tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), fc.integer({ min: 0, max: 400 }))
            .map(([e, s, n]) => `${e}${s}${n}`),
        ),
      )
      .map(([s, m, e]) => s + m + e);
    fc.assert(
      fc.property(literal, (s) => Object.is(num(s), Number(s))),
      { seed: 22, numRuns: 5000 },
    );
  });

  it('refuses everything else', () => {
    for (const s of [
      '',
      '+',
      '-',
      '.',
      '+.',
      'e5',
      '.e5',
      '1e',
      '1e+',
      '1.2.3',
      '0x10',
      '0b1',
      '1_000',
      '1,5',
      'Infinity',
      'NaN',
      'inf',
      '1f',
      '--1',
      '1e5.5',
      ' 1',
    ]) {
      expect(num(s)).toBeNaN();
    }
  });
});

describe('ByteTokens', () => {
  it('splits lines on space, tab and CR, and continues a line after a backslash', () => {
    const t = new ByteTokens(enc('a\tb \r\n\\\n c \\\r\nd\ne'));
    const lines: string[][] = [];
    do {
      const line: string[] = [];
      while (t.nextInLine()) line.push(`${t.text()}@${t.tokenLine}`);
      lines.push(line);
    } while (t.skipLine());
    expect(lines).toEqual([['a@1', 'b@1'], ['c@3', 'd@4'], ['e@5']]);
  });

  it('reads integers, capping their magnitude, and refuses anything else', () => {
    const t = new ByteTokens(enc(''));
    const int = (s: string) => new ByteTokens(enc(s)).integer(0, s.length);
    expect([int('12'), int('-3'), int('+4'), int('007')]).toEqual([12, -3, 4, 7]);
    expect(int('99999999999999999999999')).toBe(2 ** 53);
    for (const s of ['', '-', '1.0', '1e3', '0x1', ' 1']) expect(int(s)).toBeNaN();
    expect(t.atEnd()).toBe(true);
  });

  it('prints unprintable bytes as \\xNN and long tokens shortened', () => {
    const t = new ByteTokens(new Uint8Array([0x61, 0x00, 0xff, 0x20, ...enc('x'.repeat(50))]));
    t.next();
    expect(t.text()).toBe('a\\x00\\xff');
    t.next();
    expect(t.text()).toBe(`${'x'.repeat(40)}...`);
  });
});
