/**
 * Argument checks of the public API, shared by every entry: each returns the value when it is
 * what the parameter documents, else throws a NavlabError (code 'usage') whose one-line message
 * names the argument and says what was expected and what came:
 *
 *   readNavbin: bytes: expected a Uint8Array or an ArrayBuffer, got 'text'
 *
 * `what` is the argument's name as the caller knows it, prefixed with the function when that
 * helps ("addAgent: spec.radius"). Checks run once at the entry of a public function, never in
 * per-node loops.
 */
import { NavlabError } from './errors.ts';
import { quote } from './text.ts';
import type { Vec3 } from './math/vec3.ts';

/** A short description of any value for a message: numbers as written, strings quoted, objects by kind. */
export function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return quote(v);
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'undefined') return String(v);
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'symbol' || typeof v === 'function') return `a ${typeof v}`;
  if (Array.isArray(v)) return 'an array';
  const name = (Object.getPrototypeOf(v) as { constructor?: { name?: unknown } } | null)?.constructor?.name;
  return typeof name === 'string' && name !== '' && name !== 'Object' ? `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}` : 'an object';
}

/** The usage error "`what`: expected `expected`, got <value>". */
export function usageError(what: string, expected: string, value: unknown): NavlabError {
  return new NavlabError('usage', `${what}: expected ${expected}, got ${describeValue(value)}`);
}

/**
 * `value` when it is a finite number >= min (> min when `above`; an integer when `integer`),
 * else a usage error: "`what`: expected a finite number > 0, got -1".
 */
export function checkNumber(what: string, value: unknown, min = -Infinity, above = false, integer = false): number {
  if (typeof value !== 'number' || !(above ? value > min : value >= min) || !(integer ? Number.isInteger(value) : Number.isFinite(value))) {
    throw usageError(what, `${integer ? 'an integer' : 'a finite number'}${min > -Infinity ? ` ${above ? '>' : '>='} ${min}` : ''}`, value);
  }
  return value;
}

/** `value` when it is an integer in [min, max], else a usage error: "`what`: expected an integer in [1, 1024], got 0". */
export function checkInteger(what: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw usageError(what, `an integer in [${min}, ${max}]`, value);
  return value;
}

/** `value` when it is a boolean. */
export function checkBoolean(what: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw usageError(what, 'true or false', value);
  return value;
}

/** `value` when it is a string. */
export function checkString(what: string, value: unknown): string {
  if (typeof value !== 'string') throw usageError(what, 'a string', value);
  return value;
}

/** `value` when it is a function. */
export function checkFunction<F extends (...args: never[]) => unknown>(what: string, value: unknown): F {
  if (typeof value !== 'function') throw usageError(what, 'a function', value);
  return value as F;
}

/** `value` when it is one of `allowed`: "`what`: expected 'forbid' or 'allow', got 'x'". */
export function checkOneOf<T>(what: string, value: unknown, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) {
    const names = allowed.map((a) => (typeof a === 'string' ? `'${a}'` : String(a)));
    throw usageError(what, names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`, value);
  }
  return value as T;
}

/** `value` when it is an object (not null, not an array): a required argument such as a spec or a document. */
export function checkObject<T extends object>(what: string, value: unknown, expected = 'an object'): T {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw usageError(what, expected, value);
  return value as T;
}

/** An options argument: undefined gives {}; anything else must be an object. */
export function checkOptions<T extends object>(what: string, value: unknown): Partial<T> {
  return value === undefined ? {} : checkObject<Partial<T>>(what, value, 'an options object');
}

/** `value` when it is an instance of `type` (named `name` in the message, default the class name). */
export function checkInstance<T>(what: string, value: unknown, type: abstract new (...args: never[]) => T, name = type.name): T {
  if (!(value instanceof type)) throw usageError(what, `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`, value);
  return value;
}

/** `value` when it is a point {x, y, z} with finite coordinates (a Vec3 or a three.js Vector3). */
export function checkVec3(what: string, value: unknown): Vec3 {
  const p = value as Vec3 | null;
  if (p === null || typeof p !== 'object' || !Number.isFinite(p.x) || !Number.isFinite(p.y) || !Number.isFinite(p.z)) {
    throw usageError(what, 'a point {x, y, z} with finite coordinates', value);
  }
  return p;
}

/** `value` when it is an object to write a point into ({x, y, z}, e.g. a Vec3 or a three.js Vector3). */
export function checkOut(what: string, value: unknown): Vec3 {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || Object.isFrozen(value))
    throw usageError(what, 'an object {x, y, z} to write into', value);
  return value as Vec3;
}

/**
 * `value` when it is a list of numbers (an array or a typed array) of at most `max` entries,
 * a multiple of `multiple` long, every entry finite: "`what`: expected a list of finite numbers ...".
 */
export function checkNumbers(what: string, value: unknown, multiple = 1, max = Infinity): ArrayLike<number> {
  const list = value as ArrayLike<number> | null;
  const isList = Array.isArray(list) || (ArrayBuffer.isView(list) && !(list instanceof DataView));
  const per = multiple === 1 ? '' : `, ${multiple} per item`;
  if (!isList) throw usageError(what, `an array or a typed array of numbers${per}`, value);
  if (list.length % multiple !== 0 || list.length > max)
    throw new NavlabError('usage', `${what}: expected ${max < Infinity ? `at most ${max} ` : ''}numbers${per}, got ${list.length}`);
  for (let i = 0; i < list.length; i++) {
    if (typeof list[i] !== 'number' || !Number.isFinite(list[i]))
      throw new NavlabError('usage', `${what}: entry ${i} is ${describeValue(list[i])}, not a finite number`);
  }
  return list;
}

/**
 * Bytes given to a reader: a Uint8Array (a Node Buffer is one) or an ArrayBuffer (viewed, not
 * copied); anything else is a usage error naming the accepted types.
 */
export function checkBytes(what: string, value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  throw usageError(what, 'a Uint8Array or an ArrayBuffer', value);
}

/**
 * `value` when it is an inclusive voxel box [x0, y0, z0, x1, y1, z1] of integers with
 * x0 <= x1, y0 <= y1, z0 <= z1 (callers clip it to their grid or check it is inside).
 */
export function checkVoxelBox(what: string, value: unknown): readonly number[] {
  const b = value as readonly number[];
  if (!Array.isArray(b) || b.length !== 6 || !b.every(Number.isInteger) || b[0] > b[3] || b[1] > b[4] || b[2] > b[5]) {
    throw usageError(what, 'an inclusive voxel box [x0, y0, z0, x1, y1, z1] of integers, min <= max', value);
  }
  return b;
}

/** `value` when it is a box { min: {x, y, z}, max: {x, y, z} } of numbers (infinite corners allowed, NaN not). */
export function checkAabb(what: string, value: unknown): { min: Vec3; max: Vec3 } {
  const b = value as { min?: Partial<Vec3> | null; max?: Partial<Vec3> | null } | null;
  const corner = (p: Partial<Vec3> | null | undefined) =>
    p !== null && typeof p === 'object' && [p.x, p.y, p.z].every((c) => typeof c === 'number' && !Number.isNaN(c));
  if (b === null || typeof b !== 'object' || !corner(b.min) || !corner(b.max))
    throw usageError(what, 'a box { min: {x, y, z}, max: {x, y, z} } of numbers', value);
  return b as { min: Vec3; max: Vec3 };
}

/** `value` when it is a number > 0, Infinity included (a distance limit where Infinity means none). */
export function checkLimit(what: string, value: unknown): number {
  if (typeof value !== 'number' || !(value > 0)) throw usageError(what, 'a number > 0 (Infinity: no limit)', value);
  return value;
}

/**
 * `value` when it is an object whose fields have the given kinds (`typeof` names, or 'array'
 * for an array or a typed array): a structural check for an interface, or for a class whose
 * module the caller should not pull in (a debug helper does not need the search engine).
 * The message names the first field that is missing or of the wrong kind.
 */
export function checkFields<T>(
  what: string,
  value: unknown,
  fields: Record<string, 'function' | 'number' | 'object' | 'array'>,
  expected: string,
): T {
  const o = checkObject<Record<string, unknown>>(what, value, expected);
  for (const [key, kind] of Object.entries(fields)) {
    const v = o[key];
    const ok =
      kind === 'array'
        ? Array.isArray(v) || ArrayBuffer.isView(v)
        : kind === 'object'
          ? v !== null && typeof v === 'object'
          : typeof v === kind;
    if (!ok) throw usageError(`${what}.${key}`, kind === 'array' ? 'an array' : kind === 'object' ? 'an object' : `a ${kind}`, v);
  }
  return value as T;
}
