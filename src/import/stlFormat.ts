import type { Object3D } from 'three';
import { LIMITS } from '../core/limits.ts';
import { FormatProblem } from './formatProblem.ts';
import { ByteTokens } from './meshText.ts';
import { soupObject } from './soupObject.ts';

/**
 * STL, binary or ASCII, read by navlab itself: the triangle count is known (binary: from the
 * header, checked against the file size; ASCII: from a counting pass with the same tokenizer
 * as the fill pass) and checked against the limit before the one array of exactly that size
 * is allocated.
 *
 * Which form: binary when the size is exactly 84 + 50 n bytes for the n in its header (a
 * binary header may start with 'solid', so this comes first; ASCII bytes 80..83 would give
 * n >= 0x20202020, far past any file the size limit admits); else ASCII when its first token
 * (after a byte-order mark and any whitespace, indentation included) is 'solid' and it has no
 * zero byte; anything else is refused with what its header announces.
 *
 * ASCII grammar (tokens separated by any whitespace, line ends included):
 *   solid [name]\n ( facet [normal a b c] outer loop (vertex x y z){3} endloop endfacet )* endsolid [name]\n
 * repeated for several solids. Vertex coordinates are strict decimal numbers, finite as 32-bit
 * floats; normals are not used, so 'nan' or 'inf' there (some writers print them) is accepted.
 */

/** What the counting pass found. */
export interface StlCounts {
  binary: boolean;
  triangles: number;
}

/**
 * The form and triangle count of an STL file, every facet of an ASCII file read and checked
 * and counted against `maxTriangles` as it comes, nothing allocated. Throws FormatProblem.
 */
export function countStl(bytes: Uint8Array, maxTriangles: number = LIMITS.meshTriangles): StlCounts {
  if (isBinary(bytes)) {
    const n = headerCount(bytes);
    if (n > maxTriangles) throw new FormatProblem(`binary STL: ${n} triangles exceeds the import limit of ${maxTriangles}`);
    return { binary: true, triangles: n };
  }
  return { binary: false, triangles: walkAscii(bytes, maxTriangles, null) };
}

/** An STL file as a drawable object (one mesh of non-indexed triangles), counted and checked before it is allocated. */
export function loadStl(bytes: Uint8Array, maxTriangles: number = LIMITS.meshTriangles): Object3D {
  const { binary, triangles } = countStl(bytes, maxTriangles);
  const positions = new Float32Array(9 * triangles);
  if (binary) readBinary(bytes, positions);
  else walkAscii(bytes, maxTriangles, positions);
  return soupObject(positions, '');
}

/** The triangle count in a binary header (bytes 80..83, little-endian); -1 when the file is shorter than 84 bytes. */
function headerCount(bytes: Uint8Array): number {
  if (bytes.byteLength < 84) return -1;
  return new DataView(bytes.buffer, bytes.byteOffset + 80, 4).getUint32(0, true);
}

/** True for a binary STL, false for an ASCII one; throws when it is neither. */
function isBinary(bytes: Uint8Array): boolean {
  const size = bytes.byteLength;
  if (size === 0) throw new FormatProblem('not an STL file (empty)');
  const n = headerCount(bytes);
  if (n >= 0 && 84 + 50 * n === size) return true;
  const t = new ByteTokens(bytes);
  if (t.next() && t.is('solid') && !bytes.includes(0)) return false;
  if (n < 0) throw new FormatProblem(`not an STL file (${size} bytes, no 'solid' header)`);
  const expected = 84 + 50 * n;
  throw new FormatProblem(
    `${expected > size ? 'truncated ' : ''}binary STL: the header announces ${n} triangles (${expected} bytes), the file has ${size}`,
  );
}

/** Copies the vertices of a binary STL (whose size matches its count) into `out`, checking each is finite. */
function readBinary(bytes: Uint8Array, out: Float32Array): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = out.length / 9;
  // Each record: normal (3 float32, unused), 3 vertices (9 float32), attribute (uint16).
  for (let t = 0; t < n; t++) {
    const at = 84 + 50 * t + 12;
    for (let k = 0; k < 9; k++) {
      const v = view.getFloat32(at + 4 * k, true);
      if (!Number.isFinite(v)) throw new FormatProblem(`binary STL: triangle ${t + 1} has a non-finite vertex coordinate (${v})`);
      out[9 * t + k] = v;
    }
  }
}

/** One pass over an ASCII STL: checks and counts its facets, and writes them into `out` when given. */
function walkAscii(bytes: Uint8Array, maxTriangles: number, out: Float32Array | null): number {
  const t = new ByteTokens(bytes);
  let facets = 0,
    inFacet = false;
  const fail = (problem: string): never => {
    throw new FormatProblem(`line ${t.tokenLine}: ${problem}`);
  };
  const need = (): void => {
    if (!t.next())
      throw new FormatProblem(
        `truncated ASCII STL: the file ends ${inFacet ? `inside facet ${facets}` : `after ${facets} facets`} (no 'endsolid')`,
      );
  };
  const word = (w: string): void => {
    need();
    if (!t.is(w)) fail(`expected '${w}', found '${t.text()}'`);
  };
  t.next(); // 'solid', as isBinary found it
  for (;;) {
    t.skipLine(false); // the solid's name
    for (;;) {
      need();
      if (t.is('endsolid')) break;
      if (!t.is('facet')) fail(`expected 'facet' or 'endsolid', found '${t.text()}'`);
      if (++facets > maxTriangles) fail(`more than ${maxTriangles} triangles (the import limit)`);
      inFacet = true;
      need();
      if (t.is('normal')) {
        for (let k = 0; k < 3; k++) {
          need();
          if (Number.isNaN(t.number()) && !t.isNonFiniteWord()) fail(`facet ${facets}: '${t.text()}' is not a number`);
        }
        need();
      }
      if (!t.is('outer')) fail(`expected 'outer', found '${t.text()}'`);
      word('loop');
      for (let k = 0; k < 3; k++) {
        need();
        if (!t.is('vertex')) fail(`facet ${facets} has ${k} vertices, expected 3 (found '${t.text()}')`);
        for (let c = 0; c < 3; c++) {
          need();
          const value = coordinate(t, facets, fail);
          if (out !== null) out[9 * (facets - 1) + 3 * k + c] = value;
        }
      }
      need();
      if (t.is('vertex')) fail(`facet ${facets} has more than 3 vertices (found 'vertex')`);
      if (!t.is('endloop')) fail(`expected 'endloop', found '${t.text()}'`);
      word('endfacet');
      inFacet = false;
    }
    t.skipLine(false); // the name after 'endsolid'
    if (!t.next()) return facets;
    if (!t.is('solid')) fail(`expected 'solid' or the end of the file after 'endsolid', found '${t.text()}'`);
  }
}

/** The current token as a vertex coordinate of facet `facet`: a decimal number finite as a 32-bit float. */
function coordinate(t: ByteTokens, facet: number, fail: (problem: string) => never): number {
  const value = t.number();
  if (Number.isNaN(value)) {
    if (t.isNonFiniteWord()) fail(`facet ${facet} has a non-finite vertex ('${t.text()}')`);
    fail(`facet ${facet}: '${t.text()}' is not a number`);
  }
  const single = Math.fround(value);
  if (!Number.isFinite(single)) fail(`facet ${facet} has a non-finite vertex ('${t.text()}' is beyond the 32-bit float range)`);
  return single;
}
