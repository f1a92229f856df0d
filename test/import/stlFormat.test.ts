import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/core/limits.ts';
import { importMesh, MeshError } from '../../src/import/meshImport.ts';
import { countStl } from '../../src/import/stlFormat.ts';

const enc = (t: string) => new TextEncoder().encode(t);

/** An ASCII STL of `facets` (9 numbers each, as text so bad numbers can be written). */
function ascii(facets: (number | string)[][], name = 'part', indent = ''): string {
  const body = facets
    .map(
      (f) =>
        `${indent}  facet normal 0 0 1\n${indent}    outer loop\n${[0, 3, 6].map((k) => `${indent}      vertex ${f[k]} ${f[k + 1]} ${f[k + 2]}\n`).join('')}${indent}    endloop\n${indent}  endfacet\n`,
    )
    .join('');
  return `${indent}solid ${name}\n${body}${indent}endsolid ${name}\n`;
}

/** A binary STL of `triangles` (9 numbers each) with an 80-byte `header`; `count` overrides the header count. */
function binary(triangles: number[][], header = 'binary', count = triangles.length): Uint8Array {
  const bytes = new Uint8Array(84 + 50 * triangles.length);
  bytes.set(enc(header).subarray(0, 80));
  const view = new DataView(bytes.buffer);
  view.setUint32(80, count, true);
  triangles.forEach((t, i) => t.forEach((v, k) => view.setFloat32(84 + 50 * i + 12 + 4 * k, v, true)));
  return bytes;
}

const T1 = [0, 0, 0, 1, 0, 0, 0, 1, 0];
const T2 = [0, 0, 1, 1, 0, 1, 0, 1, 1];

async function problem(bytes: Uint8Array | string): Promise<string | null> {
  const e = await importMesh('x.stl', typeof bytes === 'string' ? enc(bytes) : bytes).then(
    () => null,
    (err: unknown) => err,
  );
  if (e === null) return null;
  expect(e).toBeInstanceOf(MeshError);
  return (e as MeshError).message;
}

async function soup(bytes: Uint8Array | string): Promise<number[]> {
  const m = await importMesh('x.stl', typeof bytes === 'string' ? enc(bytes) : bytes);
  return [...m.soup];
}

describe('ASCII STL', () => {
  it('reads facets, CRLF line ends, several solids and a name after endsolid', async () => {
    expect(await soup(ascii([T1, T2]))).toEqual([...T1, ...T2]);
    expect(await soup(ascii([T1, T2]).replace(/\n/g, '\r\n'))).toEqual([...T1, ...T2]);
    expect(await soup(ascii([T1], 'a') + ascii([T2], 'b'))).toEqual([...T1, ...T2]);
    expect(await soup('solid\nfacet normal 0 0 1 outer loop vertex 0 0 0 vertex 1 0 0 vertex 0 1 0 endloop endfacet endsolid')).toEqual(T1);
  });

  it('reads a file shorter than 84 bytes as text', async () => {
    expect(await problem('solid x\nendsolid x\n')).toBe('x.stl: no triangles');
    expect(await problem('solid x\n facet normal 0 0 1\n')).toBe(
      "x.stl: truncated ASCII STL: the file ends inside facet 1 (no 'endsolid')",
    );
    expect(await problem('solid x\n')).toBe("x.stl: truncated ASCII STL: the file ends after 0 facets (no 'endsolid')");
  });

  it("reads a file indented before 'solid' as text (not as a binary header)", async () => {
    expect(await soup(ascii([T1, T2], 'part', '        '))).toEqual([...T1, ...T2]);
    expect(await soup(`\t\r\n   ${ascii([T1])}`)).toEqual(T1);
    expect(await soup(`\ufeff${ascii([T1])}`)).toEqual(T1);
  });

  it('refuses facets without three vertices', async () => {
    const two = 'solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nendloop\nendfacet\nendsolid x\n';
    expect(await problem(two)).toBe("x.stl: line 6: facet 1 has 2 vertices, expected 3 (found 'endloop')");
    const four = ascii([T1]).replace('endloop', 'vertex 1 1 1\n endloop');
    expect(await problem(four)).toBe("x.stl: line 7: facet 1 has more than 3 vertices (found 'vertex')");
    expect(await problem(ascii([T1]).replace('vertex 0 1 0', 'vertex 0 1'))).toBe("x.stl: line 7: facet 1: 'endloop' is not a number");
  });

  it('refuses coordinates that are not decimal numbers or not finite', async () => {
    expect(await problem(ascii([[0, 'a', 0, 1, 0, 0, 0, 1, 0]]))).toBe("x.stl: line 4: facet 1: 'a' is not a number");
    expect(await problem(ascii([[0, '0x1', 0, 1, 0, 0, 0, 1, 0]]))).toBe("x.stl: line 4: facet 1: '0x1' is not a number");
    expect(await problem(ascii([[0, 0, 0, 1, 'nan', 0, 0, 1, 0]]))).toBe("x.stl: line 5: facet 1 has a non-finite vertex ('nan')");
    expect(await problem(ascii([[0, 0, 0, 1, '-Infinity', 0, 0, 1, 0]]))).toBe(
      "x.stl: line 5: facet 1 has a non-finite vertex ('-Infinity')",
    );
    expect(await problem(ascii([[0, 0, 0, 1, 0, 0, 0, '1e39', 0]]))).toBe(
      "x.stl: line 6: facet 1 has a non-finite vertex ('1e39' is beyond the 32-bit float range)",
    );
  });

  it('accepts non-finite facet normals (they are not used)', async () => {
    expect(await soup(ascii([T1]).replace('normal 0 0 1', 'normal nan -nan inf'))).toEqual(T1);
    expect(await soup(ascii([T1]).replace('normal 0 0 1', 'normal -1.#IND00 1.#QNAN0 1.#INF00'))).toEqual(T1);
    expect(await problem(ascii([[0, 0, 0, 1, '1.#QNAN0', 0, 0, 1, 0]]))).toBe(
      "x.stl: line 5: facet 1 has a non-finite vertex ('1.#QNAN0')",
    );
    expect(await problem(ascii([T1]).replace('normal 0 0 1', 'normal 0 0'))).toBe("x.stl: line 3: facet 1: 'outer' is not a number");
  });

  it("refuses a missing 'endsolid', misplaced keywords and text after the end", async () => {
    expect(await problem(ascii([T1]).replace('endsolid part\n', ''))).toBe(
      "x.stl: truncated ASCII STL: the file ends after 1 facets (no 'endsolid')",
    );
    expect(await problem(ascii([T1]).replace('outer loop', 'outer lop'))).toBe("x.stl: line 3: expected 'loop', found 'lop'");
    expect(await problem(ascii([T1]).replace('endfacet', 'endfacet\nbanana'))).toBe(
      "x.stl: line 9: expected 'facet' or 'endsolid', found 'banana'",
    );
    expect(await problem(`${ascii([T1])}junk\n`)).toBe(
      "x.stl: line 10: expected 'solid' or the end of the file after 'endsolid', found 'junk'",
    );
  });

  it('names unprintable bytes in a message without printing them', async () => {
    expect(await problem('solid x\n\u0001\u0002\n')).toBe("x.stl: line 2: expected 'facet' or 'endsolid', found '\\x01\\x02'");
  });

  it('counts facets against the limit before allocating', () => {
    const text = enc(ascii([T1, T2, T1]));
    expect(countStl(text, 3)).toEqual({ binary: false, triangles: 3 });
    expect(() => countStl(text, 2)).toThrow('line 16: more than 2 triangles (the import limit)');
  });
});

describe('binary STL', () => {
  it("reads a binary file, also when its header starts with 'solid'", async () => {
    expect(await soup(binary([T1, T2]))).toEqual([...T1, ...T2]);
    expect(await soup(binary([T1, T2], 'solid binary made by someone'))).toEqual([...T1, ...T2]);
    expect(await soup(binary([T1], '      solid indented'))).toEqual(T1);
  });

  it('refuses a header count that does not match the size, however large', async () => {
    expect(await problem(binary([T1], 'x', 2 ** 32 - 1))).toBe(
      'x.stl: truncated binary STL: the header announces 4294967295 triangles (214748364834 bytes), the file has 134',
    );
    expect(await problem(binary([T1, T2], 'x', 1))).toBe(
      'x.stl: binary STL: the header announces 1 triangles (134 bytes), the file has 184',
    );
    expect(await problem(binary([T1], 'solid x', 7))).toBe(
      'x.stl: truncated binary STL: the header announces 7 triangles (434 bytes), the file has 134',
    );
  });

  it('checks the header count against the limit before allocating', () => {
    const bytes = binary([T1, T2, T1]);
    expect(countStl(bytes, 3)).toEqual({ binary: true, triangles: 3 });
    expect(() => countStl(bytes, 2)).toThrow('binary STL: 3 triangles exceeds the import limit of 2');
    expect(LIMITS.meshTriangles).toBeGreaterThan(0);
  });

  it('refuses non-finite vertices, naming the triangle', async () => {
    expect(await problem(binary([T1, [0, 0, 0, 1, NaN, 0, 0, 1, 0]]))).toBe(
      'x.stl: binary STL: triangle 2 has a non-finite vertex coordinate (NaN)',
    );
    expect(await problem(binary([[Infinity, 0, 0, 1, 0, 0, 0, 1, 0]]))).toBe(
      'x.stl: binary STL: triangle 1 has a non-finite vertex coordinate (Infinity)',
    );
  });

  it('reads zero triangles as no triangles', async () => {
    expect(await problem(binary([]))).toBe('x.stl: no triangles');
  });
});

describe('neither', () => {
  it('refuses empty and unknown files', async () => {
    expect(await problem('')).toBe('x.stl: not an STL file (empty)');
    expect(await problem('hello')).toBe("x.stl: not an STL file (5 bytes, no 'solid' header)");
    expect(await problem('solidity\n')).toBe("x.stl: not an STL file (9 bytes, no 'solid' header)");
    const zeros = new Uint8Array(100);
    zeros.set(enc('solid x'));
    expect(await problem(zeros)).toBe('x.stl: binary STL: the header announces 0 triangles (84 bytes), the file has 100');
  });
});
