/**
 * Memory bounds of mesh import that can be asserted exactly: the sizes the OBJ and STL readers
 * allocate (counted before allocating), their sum at the limits, and the .gltf size limit.
 * Peak resident memory itself is measured by `npm run bench` ("mesh import memory").
 */
import { describe, expect, it } from 'vitest';
import type { BufferGeometry, Mesh, Object3D } from 'three';
import { LIMITS } from '../../src/core/limits.ts';
import { importMesh, MeshError } from '../../src/import/meshImport.ts';
import { loadObj } from '../../src/import/objFormat.ts';
import { loadStl } from '../../src/import/stlFormat.ts';

const enc = (t: string) => new TextEncoder().encode(t);
const MIB = 2 ** 20;

function geometries(object: Object3D): BufferGeometry[] {
  const out: BufferGeometry[] = [];
  object.traverse((o) => void ((o as Mesh).isMesh && out.push((o as Mesh).geometry)));
  return out;
}

/** Bytes of every attribute and index array under `object`. */
function geometryBytes(object: Object3D): number {
  let bytes = 0;
  for (const g of geometries(object)) {
    for (const name of Object.keys(g.attributes)) bytes += (g.getAttribute(name).array as Float32Array).byteLength;
    if (g.index) bytes += (g.index.array as Uint32Array).byteLength;
  }
  return bytes;
}

describe('what the OBJ and STL readers keep', () => {
  it('is 36 bytes a triangle: non-indexed float32 positions, nothing else', () => {
    const obj = loadObj(enc('v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nf 1 2 4 3\nf 1 2 3\n'));
    expect(geometryBytes(obj)).toBe(36 * 3);
    expect(Object.keys(geometries(obj)[0].attributes)).toEqual(['position']);
    const stl = 'solid s\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid s\n';
    expect(geometryBytes(loadStl(enc(stl)))).toBe(36);
    const binary = new Uint8Array(84 + 2 * 50);
    new DataView(binary.buffer).setUint32(80, 2, true);
    expect(geometryBytes(loadStl(binary))).toBe(72);
  });
});

describe('the memory budget of every format at its limits', () => {
  // Measured by `npm run bench` ("mesh import memory", Node 20): the runtime with three loaded
  // (~90 MiB), each object GLTFLoader builds (~2.2 KB), and a .gltf's decoding (its text, the
  // parsed data: URI, the decoded base64 as a string and as bytes: ~4.5 bytes a byte). The rest
  // is what the readers allocate by construction. Each format must leave 64 MiB of headroom
  // under 1 GiB: a limit raised past its measured budget fails here before it fails in use.
  const RUNTIME = 96 * MIB,
    PER_OBJECT = 2300,
    TEXT_DECODE = 4.5,
    HEADROOM = 64 * MIB;
  const soup = 36 * LIMITS.meshTriangles;
  const budgets: [string, number][] = [
    ['OBJ', LIMITS.meshFileBytes + 12 * LIMITS.objVertices + 36 * LIMITS.meshTriangles + soup],
    ['binary STL', LIMITS.meshFileBytes + 72 * Math.min(LIMITS.meshTriangles, Math.floor((LIMITS.meshFileBytes - 84) / 50))],
    // The shortest facet takes 73 bytes.
    ['ASCII STL', LIMITS.meshFileBytes + 72 * Math.min(LIMITS.meshTriangles, Math.floor(LIMITS.meshFileBytes / 73))],
    ['GLB', LIMITS.meshFileBytes + LIMITS.gltfGeometryBytes + soup + PER_OBJECT * LIMITS.gltfObjects],
    [
      '.gltf',
      TEXT_DECODE * LIMITS.gltfTextBytes +
        Math.min(LIMITS.gltfGeometryBytes, 0.75 * LIMITS.gltfTextBytes) +
        soup +
        PER_OBJECT * LIMITS.gltfObjects,
    ],
  ];
  it.each(budgets)('%s', (_, bytes) => {
    expect(Math.round((RUNTIME + bytes + HEADROOM) / MIB)).toBeLessThanOrEqual(1024);
  });
});

describe('the .gltf size limit', () => {
  it('refuses a .gltf over LIMITS.gltfTextBytes before decoding it, and no other format', async () => {
    expect(LIMITS.gltfTextBytes).toBeLessThan(LIMITS.meshFileBytes);
    // A Uint8Array that says it is that long (importMesh takes bytes of the kinds it names only).
    const big = Object.defineProperty(new Uint8Array(0), 'byteLength', { value: LIMITS.gltfTextBytes + 1 });
    const error = await importMesh('big.gltf', big).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MeshError);
    expect((error as MeshError).message).toBe(
      `big.gltf: ${LIMITS.gltfTextBytes + 1} bytes exceeds the limit of ${LIMITS.gltfTextBytes} bytes for a .gltf (text with base64 data is decoded in memory; a .glb holds the same in binary)`,
    );
    // Just as large, a GLB gets past the size checks (to its header).
    const glb = new Uint8Array(LIMITS.gltfTextBytes + 1);
    await expect(importMesh('big.glb', glb)).rejects.toThrow(/big\.glb: not a GLB file: wrong magic/);
  });
});
