import { escapeControls, quote } from '../core/text.ts';
import { FormatProblem } from './formatProblem.ts';

/**
 * Reading fields of untrusted glTF JSON: each reader returns the value in the shape asked for or
 * throws a FormatProblem naming the field path (`meshes[0].primitives[1].indices`) and what was
 * found. Nothing here recurses into the value.
 */

/** A JSON object (not null, not an array). */
export type JsonObject = Record<string, unknown>;

/** A short description of a value found where something else was expected. */
export function shown(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v))
    return v.length > 0 && v.length <= 4 && v.every((x) => typeof x !== 'object') ? `an array of ${v.length}` : 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return quote(v);
  return String(v);
}

export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `v` as an object. */
export function object(v: unknown, path: string): JsonObject {
  if (!isObject(v)) throw new FormatProblem(`${path}: expected an object, got ${shown(v)}`);
  return v;
}

/** `v` as an array (undefined: empty when `optional`). */
export function array(v: unknown, path: string, optional = true): unknown[] {
  if (v === undefined && optional) return [];
  if (v === undefined) throw new FormatProblem(`${path} is missing`);
  if (!Array.isArray(v)) throw new FormatProblem(`${path}: expected an array, got ${shown(v)}`);
  return v;
}

/** The top-level array `key` of `json`, each entry checked to be an object. */
export function objects(json: JsonObject, key: string): JsonObject[] {
  const list = array(json[key], key);
  list.forEach((v, i) => object(v, `${key}[${i}]`));
  return list as JsonObject[];
}

/** `v` as an index into a list of `length` `kind`s (`kinds` for the plural). */
export function index(v: unknown, length: number, path: string, kind: string): number {
  if (v === undefined) throw new FormatProblem(`${path} is missing`);
  if (!Number.isInteger(v) || (v as number) < 0) throw new FormatProblem(`${path}: expected a ${kind} index, got ${shown(v)}`);
  if ((v as number) >= length)
    throw new FormatProblem(`${path}: ${kind} ${v} does not exist (${length} ${kind === 'mesh' ? 'meshes' : `${kind}s`})`);
  return v as number;
}

/** `v` as a count: an integer >= 0 (`fallback` when undefined and one is given). */
export function count(v: unknown, path: string, fallback?: number): number {
  if (v === undefined && fallback !== undefined) return fallback;
  if (v === undefined) throw new FormatProblem(`${path} is missing`);
  if (!Number.isSafeInteger(v) || (v as number) < 0) throw new FormatProblem(`${path}: expected a count, got ${shown(v)}`);
  return v as number;
}

/** `v` as exactly `n` finite numbers (undefined stays undefined). */
export function numbers(v: unknown, n: number, path: string): number[] | undefined {
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || v.length !== n || !v.every((x) => typeof x === 'number' && Number.isFinite(x))) {
    throw new FormatProblem(`${path}: expected ${n} finite numbers, got ${shown(v)}`);
  }
  return v as number[];
}

/** `v` as a finite number (undefined stays undefined). */
export function finite(v: unknown, path: string): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new FormatProblem(`${path}: expected a finite number, got ${shown(v)}`);
  return v;
}

/**
 * `v` when it is a string, else undefined (names are optional and only shown): control
 * characters escaped and at most 200 characters, as messages and the drawing show them.
 */
export const name = (v: unknown): string | undefined => (typeof v === 'string' ? escapeControls(v.slice(0, 200), true) : undefined);

/** The bytes of a base64 payload (the part of a data: URI after the comma); null when it is not base64. */
export function base64Bytes(payload: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) return null;
  let bin: string;
  try {
    bin = atob(payload);
  } catch {
    return null; // a length atob refuses (one character past a multiple of 4)
  }
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Decodes a data: URI; null when `uri` is not a data: URI. */
export function dataUri(uri: string): Uint8Array | null {
  const m = /^data:[^,]*?(;base64)?,/.exec(uri);
  if (m === null) return null;
  const payload = uri.slice(m[0].length);
  if (!m[1]) {
    try {
      return new TextEncoder().encode(decodeURIComponent(payload));
    } catch {
      throw new FormatProblem('a data: URI is not valid percent-encoding');
    }
  }
  const bytes = base64Bytes(payload);
  if (bytes === null) throw new FormatProblem('a data: URI is not valid base64');
  return bytes;
}
