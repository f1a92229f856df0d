/**
 * Mutations of valid inputs for the parser fuzz tests: bytes (truncate, flip, splice) and JSON
 * (a number swapped for an extreme, an entry nulled out or retyped, a value nested deeply, a
 * reference pointed somewhere else). A mutation is plain data drawn by fast-check, so a
 * failing case shrinks and prints as the mutation that broke the parser.
 */
import fc from 'fast-check';

/** Numbers that break careless code: zero, negatives, 2^31, 2^53, huge, and NaN/Infinity written as text. */
export const EXTREMES = [0, -1, 1, 2 ** 31, 2 ** 32 + 1, 2 ** 53, 1e308, -1e308, 0.5, 'NaN', 'Infinity'] as const;

/** What a JSON entry may be replaced with. */
const REPLACEMENTS = [...EXTREMES, null, 'text', '', true, [], {}, [0, 0, 0], { '': 0 }, 'deep'] as const;

export type JsonMutation =
  | { kind: 'replace'; at: number; with: (typeof REPLACEMENTS)[number] }
  | { kind: 'delete'; at: number }
  | { kind: 'nest'; at: number; depth: number }
  | { kind: 'point'; at: number; to: number };

export const jsonMutation: fc.Arbitrary<JsonMutation> = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), with: fc.constantFrom(...REPLACEMENTS) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('nest' as const), at: fc.nat(), depth: fc.constantFrom(300, 10_000, 200_000) }),
  fc.record({ kind: fc.constant('point' as const), at: fc.nat(), to: fc.integer({ min: -2, max: 12 }) }),
);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path into `value` (objects and arrays included), root first. */
function paths(value: Json, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...at, i], out));
  else if (value !== null && typeof value === 'object') for (const k of Object.keys(value)) paths(value[k], [...at, k], out);
  return out;
}

const MARK = 'navlab-mutation-7f3a';

/**
 * `value` with one mutation applied, as JSON text. Deep nesting and NaN/Infinity are spliced
 * into the text (JSON.stringify could not write them), so the parser under test sees them.
 */
export function mutateJson(value: unknown, m: JsonMutation): string {
  const copy = structuredClone(value) as Json;
  const all = paths(copy).slice(1);
  if (all.length === 0) return JSON.stringify(copy);
  const path = all[m.at % all.length];
  const parent = path.slice(0, -1).reduce<Json>((o, k) => (o as Record<string, Json>)[k as string], copy) as Record<string | number, Json>;
  const key = path[path.length - 1];
  let splice = '';
  if (m.kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key];
  } else if (m.kind === 'point') {
    parent[key] = typeof parent[key] === 'number' ? m.to : m.to < 0 ? m.to : [m.to];
  } else if (m.kind === 'nest' || m.with === 'deep') {
    const depth = m.kind === 'nest' ? m.depth : 1000;
    splice = '['.repeat(depth) + ']'.repeat(depth);
    parent[key] = MARK;
  } else if (m.with === 'NaN' || m.with === 'Infinity') {
    splice = m.with;
    parent[key] = MARK;
  } else {
    parent[key] = structuredClone(m.with) as Json;
  }
  const text = JSON.stringify(copy);
  return splice === '' ? text : text.replace(`"${MARK}"`, splice);
}

export type ByteMutation =
  | { kind: 'truncate'; at: number }
  | { kind: 'flip'; at: number; bits: number }
  | { kind: 'word'; at: number; value: number }
  | { kind: 'splice'; at: number; bytes: number[] };

export const byteMutation: fc.Arbitrary<ByteMutation> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), bits: fc.integer({ min: 1, max: 255 }) }),
  fc.record({
    kind: fc.constant('word' as const),
    at: fc.nat(),
    value: fc.constantFrom(0, 0xffffffff, 0x80000000, 0x7fffffff, 1, 3, 0x7f800000, 0x7fc00000),
  }),
  fc.record({ kind: fc.constant('splice' as const), at: fc.nat(), bytes: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 16 }) }),
);

/** `bytes` with one mutation applied (a new array). `word` writes a little-endian u32 at a 4-byte boundary. */
export function mutateBytes(bytes: Uint8Array, m: ByteMutation): Uint8Array {
  const n = bytes.byteLength;
  if (n === 0) return new Uint8Array(0);
  if (m.kind === 'truncate') return bytes.slice(0, m.at % n);
  if (m.kind === 'splice') {
    const at = m.at % (n + 1);
    const out = new Uint8Array(n + m.bytes.length);
    out.set(bytes.subarray(0, at));
    out.set(m.bytes, at);
    out.set(bytes.subarray(at), at + m.bytes.length);
    return out;
  }
  const out = bytes.slice();
  if (m.kind === 'flip') out[m.at % n] ^= m.bits;
  else if (n >= 4) new DataView(out.buffer).setUint32(Math.min(4 * ((m.at % n) >> 2), n - 4), m.value >>> 0, true);
  return out;
}

/** Text mutations for line formats (OBJ, ASCII STL): a token swapped, a separator changed, a line cut or doubled. */
export type TextMutation =
  | { kind: 'token'; at: number; with: string }
  | { kind: 'tabs' }
  | { kind: 'cut'; at: number }
  | { kind: 'repeat'; at: number; times: number };

export const textMutation: fc.Arbitrary<TextMutation> = fc.oneof(
  fc.record({
    kind: fc.constant('token' as const),
    at: fc.nat(),
    with: fc.constantFrom(
      '0',
      '-1',
      '2147483648',
      '9007199254740992',
      '1e308',
      '-1e999',
      'NaN',
      'Infinity',
      '0x3',
      '1/2/3',
      '',
      'f',
      'v',
      '//',
      '1e',
      '.',
      '-',
      'facet',
      'endsolid',
      'vertex',
    ),
  }),
  fc.constant({ kind: 'tabs' as const }),
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('repeat' as const), at: fc.nat(), times: fc.integer({ min: 2, max: 50 }) }),
);

/** `text` with one mutation applied. */
export function mutateText(text: string, m: TextMutation): string {
  if (m.kind === 'tabs') return text.replace(/ /g, '\t');
  if (m.kind === 'cut') return text.slice(0, m.at % (text.length + 1));
  if (m.kind === 'repeat') {
    const lines = text.split('\n');
    const i = m.at % lines.length;
    lines.splice(i, 1, ...Array(m.times).fill(lines[i]));
    return lines.join('\n');
  }
  const tokens = text.split(/(\s+)/);
  const words = tokens.map((t, i) => (/\S/.test(t) ? i : -1)).filter((i) => i >= 0);
  if (words.length === 0) return text;
  tokens[words[m.at % words.length]] = m.with;
  return tokens.join('');
}
