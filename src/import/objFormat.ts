import type { Object3D } from 'three';
import { LIMITS } from '../core/limits.ts';
import { FormatProblem } from './formatProblem.ts';
import { ByteTokens } from './meshText.ts';
import { soupObject } from './soupObject.ts';

/**
 * Wavefront OBJ, read by navlab itself in two passes over the bytes with one tokenizer
 * (meshText.ts), so what is counted is exactly what is parsed:
 *   1. count: every statement is read and checked (numbers, references, ranges) and the
 *      vertices and triangles are counted against the limits as they come; nothing is stored;
 *   2. fill: the same walk writes into arrays of exactly the counted sizes.
 *
 * Read: `v x y z [w ...]` (at least 3 strict decimal numbers, the rest ignored) and
 * `f r1 r2 r3 ...` (a polygon, triangulated as a fan from r1), each reference `i`, `i/t`,
 * `i//n` or `i/t/n` with integer indices; i counts from 1, or back from the last vertex when
 * negative, and must name a vertex defined before the face. `l` and `p` elements are refused
 * (not triangles). Everything else (comments, o, g, s, usemtl, mtllib, vn, vt, ...) is skipped:
 * texture and normal indices are checked as integers, not looked up.
 */

/** The limits the counting pass checks. */
export interface ObjLimits {
  /** `v` statements. */
  vertices: number;
  /** Triangles after fan triangulation of every face. */
  triangles: number;
}

/** What the counting pass found. */
export interface ObjCounts {
  vertices: number;
  triangles: number;
}

const DEFAULT_LIMITS: ObjLimits = { vertices: LIMITS.objVertices, triangles: LIMITS.meshTriangles };

/** The arrays the fill pass writes: vertex positions (3 a vertex) and the triangle soup (9 a triangle). */
interface ObjArrays {
  vertices: Float32Array;
  positions: Float32Array;
}

const V = 118,
  F = 102,
  L = 108,
  P = 112,
  SLASH = 47;

/**
 * Counts the vertices and triangles of an OBJ file and checks every statement, without
 * allocating anything in proportion to the file. Throws FormatProblem (naming the line) on
 * the first problem, and as soon as a count passes its limit.
 */
export function countObj(bytes: Uint8Array, limits: ObjLimits = DEFAULT_LIMITS): ObjCounts {
  return walk(bytes, limits, null);
}

/** An OBJ file as a drawable object (one mesh of non-indexed triangles), counted and checked before it is allocated. */
export function loadObj(bytes: Uint8Array, limits: ObjLimits = DEFAULT_LIMITS): Object3D {
  const counts = walk(bytes, limits, null);
  const arrays = { vertices: new Float32Array(3 * counts.vertices), positions: new Float32Array(9 * counts.triangles) };
  walk(bytes, limits, arrays);
  return soupObject(arrays.positions, '');
}

/** One pass over the statements: counts and checks, and writes into `out` when given. */
function walk(bytes: Uint8Array, limits: ObjLimits, out: ObjArrays | null): ObjCounts {
  const t = new ByteTokens(bytes);
  let vertices = 0,
    triangles = 0;
  while (!t.atEnd()) {
    if (!t.nextInLine()) {
      t.skipLine();
      continue;
    }
    const line = t.tokenLine;
    const keyword = t.end - t.start === 1 ? bytes[t.start] : 0;
    if (keyword === V) {
      if (++vertices > limits.vertices) fail(line, `more than ${limits.vertices} vertices (the OBJ vertex limit)`);
      let k = 0;
      for (; k < 3 && t.nextInLine(); k++) {
        const value = coordinate(t, line, vertices);
        if (out !== null) out.vertices[3 * (vertices - 1) + k] = value;
      }
      if (k < 3) fail(line, `vertex ${vertices} has ${k} coordinate${k === 1 ? '' : 's'} (a vertex needs 3)`);
    } else if (keyword === F) {
      let refs = 0,
        first = 0,
        previous = 0;
      while (t.nextInLine()) {
        const v = vertexRef(t, line, vertices);
        if (++refs >= 3) {
          if (++triangles > limits.triangles) fail(line, `more than ${limits.triangles} triangles (the import limit)`);
          if (out !== null) {
            const o = 9 * (triangles - 1),
              src = out.vertices,
              dst = out.positions;
            for (let c = 0; c < 3; c++) {
              dst[o + c] = src[3 * first + c];
              dst[o + 3 + c] = src[3 * previous + c];
              dst[o + 6 + c] = src[3 * v + c];
            }
          }
        } else if (refs === 1) first = v;
        previous = v;
      }
      if (refs < 3) fail(line, `a face needs at least 3 vertices, this one has ${refs}`);
    } else if (keyword === L || keyword === P) {
      fail(line, `'${String.fromCharCode(keyword)}' elements are not triangles`);
    }
    t.skipLine();
  }
  return { vertices, triangles };
}

function fail(line: number, problem: string): never {
  throw new FormatProblem(`line ${line}: ${problem}`);
}

/** The current token as a coordinate of vertex `vertex` (1-based): a decimal number that is finite as a 32-bit float. */
function coordinate(t: ByteTokens, line: number, vertex: number): number {
  const value = t.number();
  if (Number.isNaN(value)) {
    if (t.isNonFiniteWord()) fail(line, `vertex ${vertex} has a non-finite position ('${t.text()}')`);
    fail(line, `vertex ${vertex}: '${t.text()}' is not a number`);
  }
  const single = Math.fround(value);
  if (!Number.isFinite(single)) fail(line, `vertex ${vertex} has a non-finite position ('${t.text()}' is beyond the 32-bit float range)`);
  return single;
}

/**
 * The current token as a face reference `i`, `i/t`, `i//n` or `i/t/n`: the 0-based index of
 * the vertex it names among the `vertices` defined so far.
 */
function vertexRef(t: ByteTokens, line: number, vertices: number): number {
  const b = t.bytes,
    s = t.start,
    e = t.end;
  let slash = s;
  while (slash < e && b[slash] !== SLASH) slash++;
  const index = t.integer(s, slash);
  let ok = !Number.isNaN(index);
  if (ok && slash < e) {
    // After the first '/': a texture index (may be empty only when a normal index follows).
    const p = slash + 1;
    let q = p;
    while (q < e && b[q] !== SLASH) q++;
    if (q === e) ok = q > p && !Number.isNaN(t.integer(p, q));
    else ok = (q === p || !Number.isNaN(t.integer(p, q))) && !Number.isNaN(t.integer(q + 1, e));
  }
  if (!ok) fail(line, `'${t.text()}' is not a vertex reference (i, i/t, i//n or i/t/n with integer indices)`);
  const v = index > 0 ? index - 1 : vertices + index;
  if (index === 0 || v < 0 || v >= vertices) fail(line, `vertex index ${t.text(s, slash)} is out of range (${vertices} vertices so far)`);
  return v;
}
