import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMeshFile } from '../../src/cli/meshFiles.ts';
import { importMesh, MESH_LIMITS, MeshError } from '../../src/import/meshImport.ts';
import { meshDataUri } from '../../src/scene-three/sceneMeshes.ts';
import { glbContainer } from '../../scripts/meshes/gltf.ts';
import { ROOT } from '../support/cli.ts';

const DIR = join(ROOT, 'test/data/meshes');
const path = (name: string) => join(DIR, name);

function bounds(soup: Float32Array): number[][] {
  const min = [Infinity, Infinity, Infinity],
    max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < soup.length; i++) {
    min[i % 3] = Math.min(min[i % 3], soup[i]);
    max[i % 3] = Math.max(max[i % 3], soup[i]);
  }
  return [min.map((v) => +v.toFixed(5) + 0), max.map((v) => +v.toFixed(5) + 0)];
}

describe('importMesh: good files', () => {
  // sample.*: a cube (2 primitives) at x + 10 with a child tetrahedron scaled 2 and lifted by
  // 2, and the cube again turned 90 degrees about z (see scripts/gen-mesh-fixtures.ts).
  it.each(['sample.glb', 'sample-external.gltf', 'sample-embedded.gltf'])(
    '%s: node transforms, several meshes and primitives',
    async (name) => {
      const m = await readMeshFile(path(name));
      expect(m.triangles).toBe(28);
      expect(bounds(m.soup)).toEqual([
        [-1, 0, 0],
        [14, 6, 4],
      ]);
      let meshes = 0;
      m.object.traverse((o) => void ((o as { isMesh?: boolean }).isMesh && meshes++));
      expect(meshes).toBe(5); // two cube nodes x two primitives, one tetrahedron
    },
  );

  it('decodes KHR_draco_mesh_compression in Node', async () => {
    const text = readFileSync(path('draco.glb')).toString('latin1');
    expect(text).toContain('"KHR_draco_mesh_compression"');
    expect(text).not.toContain('"bufferView":0,"componentType":5126'); // positions exist only in Draco form
    const m = await readMeshFile(path('draco.glb'));
    expect(m.triangles).toBe(12);
    expect(bounds(m.soup)).toEqual([
      [0, 0, 5],
      [1, 1, 6],
    ]);
  });

  it('decodes EXT_meshopt_compression', async () => {
    expect(readFileSync(path('meshopt.glb')).toString('latin1')).toContain('"EXT_meshopt_compression"');
    const m = await readMeshFile(path('meshopt.glb'));
    expect(m.triangles).toBe(12);
    expect(bounds(m.soup)).toEqual([
      [0, 0, -5],
      [1, 1, -4],
    ]);
  });

  it.each(['tetra.obj', 'tetra-ascii.stl', 'tetra-binary.stl'])('%s', async (name) => {
    const m = await readMeshFile(path(name));
    expect(m.triangles).toBe(4);
    expect(bounds(m.soup)).toEqual([
      [0, 0, 0],
      [2, 2, 2],
    ]);
  });
});

describe('importMesh: broken files name the file and the problem', () => {
  it.each([
    ['broken-magic.glb', /not a GLB file: wrong magic/],
    ['broken-truncated.glb', /truncated: the GLB header says 792 bytes, the file has 752/],
    ['broken-missing-buffer.gltf', /missing buffer 'no-such-file.bin'/],
    ['broken-index.glb', /index 99 at 7 is out of range \(8 vertices\)/],
    ['broken-nan.glb', /vertex 1 has a non-finite position \(1, NaN, 0\)/],
    ['broken-empty.glb', /: no triangles$/],
    ['broken-draco.glb', /cannot be read: Draco decoding failed/],
    ['broken-lines.glb', /meshes\[0\]\.primitives\[0\] is not made of triangles \(mode LINES\)/],
    ['broken-json.gltf', /the glTF JSON does not parse/],
    ['broken-truncated.stl', /truncated binary STL: the header announces 4 triangles \(284 bytes\), the file has 254/],
    ['broken-index.obj', /line 10: vertex index 9 is out of range \(4 vertices so far\)/],
    ['broken-nan.obj', /vertex 2 has a non-finite position/],
    ['no-such-file.glb', /no such file/],
  ])('%s', async (name, message) => {
    const error = await readMeshFile(path(name)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MeshError);
    expect((error as MeshError).message.startsWith(`${path(name)}: `)).toBe(true);
    expect((error as MeshError).message).toMatch(message);
  });

  it('checks the triangle limit on accessor counts, before allocating', async () => {
    // An accessor without a bufferView is all zeros in glTF: a tiny file that announces a lot.
    const count = 3 * (MESH_LIMITS.triangles + 1);
    const json = JSON.stringify({
      asset: { version: '2.0' },
      scenes: [{ nodes: [0] }],
      nodes: [{ mesh: 0 }],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
      accessors: [{ componentType: 5126, count, type: 'VEC3' }],
    });
    await expect(importMesh('huge.glb', glbContainer(json, new Uint8Array(0)))).rejects.toThrow(
      /huge\.glb: more than 5000000 triangles \(the import limit\)/,
    );
  });

  it('decodes base64 data: URIs, in a .gltf buffer and in a scene mesh, and refuses bad base64', async () => {
    const gltf = (uri: string) =>
      new TextEncoder().encode(JSON.stringify({ asset: { version: '2.0' }, buffers: [{ uri, byteLength: 3 }] }));
    // A good buffer gets past the buffer checks, to the (empty) scene.
    await expect(importMesh('ok.gltf', gltf('data:application/octet-stream;base64,AAEC'))).rejects.toThrow(/ok\.gltf: no triangles/);
    await expect(importMesh('bad.gltf', gltf('data:application/octet-stream;base64,AA$C'))).rejects.toThrow(
      /bad\.gltf: a data: URI is not valid base64/,
    );
    expect([...meshDataUri('data:model/stl;base64,AAEC').bytes]).toEqual([0, 1, 2]);
    expect(() => meshDataUri('data:model/stl;base64,AA$C')).toThrow(/data: URI: is not valid base64/);
  });

  it('checks the file size before reading', async () => {
    // A Uint8Array that says it is that long (importMesh takes bytes of the kinds it names only).
    const big = Object.defineProperty(new Uint8Array(0), 'byteLength', { value: MESH_LIMITS.fileBytes + 1 });
    await expect(importMesh('big.stl', big)).rejects.toThrow(/big\.stl: 268435457 bytes exceeds the limit of 268435456 bytes/);
  });

  it('refuses OBJ lines and points, and ASCII STL facets without three vertices', async () => {
    const enc = (t: string) => new TextEncoder().encode(t);
    await expect(importMesh('wire.obj', enc('v 0 0 0\nv 1 0 0\nl 1 2\n'))).rejects.toThrow(
      /wire\.obj: line 3: 'l' elements are not triangles/,
    );
    const stl = 'solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nendloop\nendfacet\nendsolid x\n';
    await expect(importMesh('two.stl', enc(stl))).rejects.toThrow(/two\.stl: line 6: facet 1 has 2 vertices, expected 3/);
    await expect(importMesh('junk.stl', enc('hello'))).rejects.toThrow(/junk\.stl: not an STL file/);
  });

  it('decodes Draco and meshopt with no decoder given (Node: the draco3d package), and refuses unknown formats', async () => {
    const draco = await importMesh('d.glb', new Uint8Array(readFileSync(path('draco.glb'))));
    expect(draco.triangles).toBe(12);
    expect(bounds(draco.soup)).toEqual([
      [0, 0, 5],
      [1, 1, 6],
    ]);
    const meshopt = await importMesh('m.glb', new Uint8Array(readFileSync(path('meshopt.glb'))), { textures: false });
    expect(meshopt.triangles).toBe(12);
    // A Node Buffer as read (small files share a pooled ArrayBuffer, at an offset): the same.
    const buffer = readFileSync(path('meshopt.glb'));
    expect(buffer.byteOffset > 0 || buffer.buffer.byteLength > buffer.byteLength).toBe(true);
    expect((await importMesh('m.glb', buffer)).triangles).toBe(12);
    expect((await importMesh('d.glb', readFileSync(path('draco.glb')))).triangles).toBe(12);
    // Corrupt Draco data through the default decoder is still a problem of the file; the next file decodes.
    await expect(importMesh('b.glb', new Uint8Array(readFileSync(path('broken-draco.glb'))))).rejects.toThrow(
      /b\.glb: cannot be read: Draco decoding failed/,
    );
    expect((await importMesh('d.glb', new Uint8Array(readFileSync(path('draco.glb'))))).triangles).toBe(12);
    await expect(importMesh('level.fbx', new Uint8Array(4))).rejects.toThrow(/level\.fbx: unknown mesh format/);
  });
});
