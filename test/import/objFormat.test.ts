import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/core/limits.ts';
import { importMesh, MeshError } from '../../src/import/meshImport.ts';
import { countObj, loadObj } from '../../src/import/objFormat.ts';

const enc = (t: string) => new TextEncoder().encode(t);
const TRI = 'v 0 0 0\nv 1 0 0\nv 0 1 0\n';

/** The error `importMesh` gives for OBJ text `text` (as file 'x.obj'), or null when it loads. */
async function problem(text: string): Promise<string | null> {
  const e = await importMesh('x.obj', enc(text)).then(
    () => null,
    (err: unknown) => err,
  );
  if (e === null) return null;
  expect(e).toBeInstanceOf(MeshError);
  return (e as MeshError).message;
}

/** The triangles of OBJ text as rounded numbers, 9 per triangle. */
async function soup(text: string): Promise<number[]> {
  const m = await importMesh('x.obj', enc(text));
  return [...m.soup].map((v) => +v.toFixed(6) + 0);
}

describe('OBJ: one tokenizer counts and parses (spaces, tabs, CR)', () => {
  it('reads tab-separated vertices and faces', async () => {
    expect(await soup('v\t0\t0\t0\nv\t1\t0\t0\r\nv \t0 1\t0\t\r\nf\t1\t2\t3\n')).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  });

  it('names an index out of range in a tab-separated face (not a NaN vertex)', async () => {
    expect(await problem(`${TRI}f\t1\t2\t99\n`)).toBe('x.obj: line 4: vertex index 99 is out of range (3 vertices so far)');
    expect(await problem(`${TRI}f\t0\t1\t2\n`)).toBe('x.obj: line 4: vertex index 0 is out of range (3 vertices so far)');
    expect(await problem(`${TRI}f -4 1 2\n`)).toBe('x.obj: line 4: vertex index -4 is out of range (3 vertices so far)');
    expect(await problem(`${TRI}f 1 2 99999999999999999999999\n`)).toBe(
      'x.obj: line 4: vertex index 99999999999999999999999 is out of range (3 vertices so far)',
    );
    // A face may only use vertices defined before it.
    expect(await problem('v 0 0 0\nv 1 0 0\nf 1 2 3\nv 0 1 0\n')).toBe('x.obj: line 3: vertex index 3 is out of range (2 vertices so far)');
  });

  it('refuses face references that are not integers', async () => {
    for (const ref of ['0x3', '3.0', '1e0', '+', '3a', '1/2/3/4', '/1', 'NaN', '']) {
      const line = ref === '' ? 'f 1 2 //' : `f 1 2 ${ref}`;
      expect(await problem(`${TRI}${line}\n`)).toMatch(
        /^x\.obj: line 4: '.*' is not a vertex reference \(i, i\/t, i\/\/n or i\/t\/n with integer indices\)$/,
      );
    }
  });

  it('needs three coordinates per vertex and three references per face', async () => {
    expect(await problem('v 1\n')).toBe('x.obj: line 1: vertex 1 has 1 coordinate (a vertex needs 3)');
    expect(await problem('v 0 0 0\nv\t1 2\n')).toBe('x.obj: line 2: vertex 2 has 2 coordinates (a vertex needs 3)');
    expect(await problem(`${TRI}f 1 2\n`)).toBe('x.obj: line 4: a face needs at least 3 vertices, this one has 2');
  });

  it('reads numbers by a strict decimal grammar', async () => {
    expect(await soup('v 1e-3 .5 -2.\nv +1 -0 1E2\nv 007 0.25e+1 -1.5e-1\nf 1 2 3\n')).toEqual([0.001, 0.5, -2, 1, 0, 100, 7, 2.5, -0.15]);
    expect(await problem('v 0x1 0 0\n')).toBe("x.obj: line 1: vertex 1: '0x1' is not a number");
    expect(await problem('v 1 2 3e\n')).toBe("x.obj: line 1: vertex 1: '3e' is not a number");
    expect(await problem('v 1 . 3\n')).toBe("x.obj: line 1: vertex 1: '.' is not a number");
    expect(await problem('v 1 2 3,5\n')).toBe("x.obj: line 1: vertex 1: '3,5' is not a number");
    for (const bad of ['nan', 'NaN', 'inf', '-Infinity', '+INF']) {
      expect(await problem(`v 0 0 0\nv 1 ${bad} 0\n`)).toBe(`x.obj: line 2: vertex 2 has a non-finite position ('${bad}')`);
    }
    expect(await problem('v 0 0 1e39\n')).toBe(
      "x.obj: line 1: vertex 1 has a non-finite position ('1e39' is beyond the 32-bit float range)",
    );
    expect(await problem('v 0 0 -1e999\n')).toBe(
      "x.obj: line 1: vertex 1 has a non-finite position ('-1e999' is beyond the 32-bit float range)",
    );
    // Long mantissas and far exponents still read as the nearest float.
    expect(await soup('v 0.1000000000000000000000001 123456789.01234567890123 1e-40\nv 0 0 0\nv 0 0 1\nf 1 2 3\n')).toEqual([
      0.1,
      Math.fround(123456789.01234567890123),
      0,
      0,
      0,
      0,
      0,
      0,
      1,
    ]);
  });

  it('ignores a w coordinate and extra vertex data', async () => {
    expect(await soup('v 0 0 0 1\nv 1 0 0 1 0.5 0.5\nv 0 1 0\nf 1 2 3\n')).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  });

  it('reads every reference form, relative indices and polygon fans', async () => {
    const head = `${TRI}v 1 1 0\nvt 0 0\nvn 0 0 1\n`;
    const quad = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 1, 1, 0, 0, 1, 0];
    expect(await soup(`${head}f 1 2 4 3\n`)).toEqual(quad);
    expect(await soup(`${head}f 1/1 2/1 4/1 3/1\n`)).toEqual(quad);
    expect(await soup(`${head}f 1//1 2//1 4//1 3//1\n`)).toEqual(quad);
    expect(await soup(`${head}f 1/1/1 2/1/1 4/1/1 3/1/1\n`)).toEqual(quad);
    expect(await soup(`${head}f -4 -3 -1 -2\n`)).toEqual(quad);
  });

  it('skips comments, names, groups, materials, smoothing, normals and texture coordinates', async () => {
    const text = `# c\nmtllib a.mtl\no thing\ng part\ns off\nusemtl grey\n${TRI}vn 0 0 1\nvt 0 0\nvp 0\n\n   \n#f 1 2 99\nf 1 2 3\n`;
    expect(await soup(text)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  });

  it('reads a byte-order mark, CRLF line ends and backslash line continuations', async () => {
    const text = '\ufeffv 0 0 0\r\nv 1 0 0\r\nv 0 1 \\\r\n 0\r\nf 1 \\\n 2 3\r\nf 1 2 9\r\n';
    expect(await problem(text)).toBe('x.obj: line 7: vertex index 9 is out of range (3 vertices so far)');
    expect(await soup(text.slice(0, -'f 1 2 9\r\n'.length))).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  });

  it('refuses lines and points', async () => {
    expect(await problem(`${TRI}l\t1\t2\n`)).toBe("x.obj: line 4: 'l' elements are not triangles");
    expect(await problem(`${TRI}p 1\n`)).toBe("x.obj: line 4: 'p' elements are not triangles");
  });

  it('has no triangles when it has no faces', async () => {
    expect(await problem('')).toBe('x.obj: no triangles');
    expect(await problem(TRI)).toBe('x.obj: no triangles');
  });

  it('gives a drawable object: one mesh of non-indexed positions', () => {
    const object = loadObj(enc(`${TRI}v 1 1 0\nf 1 2 4 3\n`));
    const meshes: { geometry: { index: unknown; getAttribute(n: string): { count: number } } }[] = [];
    object.traverse((o) => void ((o as { isMesh?: boolean }).isMesh && meshes.push(o as never)));
    expect(meshes.length).toBe(1);
    expect(meshes[0].geometry.index).toBe(null);
    expect(meshes[0].geometry.getAttribute('position').count).toBe(6);
  });
});

describe('OBJ limits are checked by the counting pass, before anything is allocated', () => {
  it('counts a tab-separated file of just over the triangle limit and stops at the line that passes it', () => {
    // 3 vertices, then LIMITS.meshTriangles + 1 faces written with tabs only: 8 bytes a face.
    const faces = LIMITS.meshTriangles + 1;
    const bytes = new Uint8Array(24 + 8 * faces);
    bytes.set(enc('v\t0\t0\t0\nv\t1\t0\t0\nv\t0\t1\t0\n'));
    bytes.set(enc('f\t1\t2\t3\n'), 24);
    for (let done = 1; done < faces; done *= 2) bytes.copyWithin(24 + 8 * done, 24, 24 + 8 * Math.min(done, faces - done));
    expect(() => countObj(bytes)).toThrow(`line ${3 + faces}: more than ${LIMITS.meshTriangles} triangles (the import limit)`);
    expect(countObj(bytes.subarray(0, bytes.length - 8))).toEqual({ vertices: 3, triangles: LIMITS.meshTriangles });
  });

  it('counts the triangles of one long polygon as they come', () => {
    const refs = Array.from({ length: 12 }, () => '\t1').join('');
    expect(countObj(enc(`${TRI}f${refs}\n`), { vertices: 10, triangles: 10 })).toEqual({ vertices: 3, triangles: 10 });
    expect(() => countObj(enc(`${TRI}f${refs}\t1\n`), { vertices: 10, triangles: 10 })).toThrow(
      'line 4: more than 10 triangles (the import limit)',
    );
  });

  it('counts vertices against the OBJ vertex limit', () => {
    expect(() => countObj(enc('v 0 0 0\nv\t0\t0\t0\nv 0 0 0\n'), { vertices: 2, triangles: 10 })).toThrow(
      'line 3: more than 2 vertices (the OBJ vertex limit)',
    );
    expect(LIMITS.objVertices).toBeGreaterThan(0);
  });
});
