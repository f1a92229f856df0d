// Hostile glTF structure: every sample ends in a MeshError naming the file and the field (never
// a raw engine error, a stack overflow or an unbounded allocation), checked before three's
// GLTFLoader sees the asset. Issue 22, points 2, 6 and 7 (glTF side).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Mesh } from 'three';
import { describe, expect, it } from 'vitest';
import { GltfBuilder, glbContainer } from '../../scripts/meshes/gltf.ts';
import { LIMITS } from '../../src/core/limits.ts';
import { readGlb } from '../../src/import/gltfContainer.ts';
import { importMesh, MESH_LIMITS, MeshError } from '../../src/import/meshImport.ts';
import { ROOT, runNav } from '../support/cli.ts';
import { chain, glb, imported, type Json, outcome, refused, triangle } from './gltfSamples.ts';

describe('glTF node hierarchy: every scene walked without recursion, cycles and depth refused', () => {
  it('refuses a cycle in a scene other than the default one', async () => {
    await refused((j) => {
      j.nodes.push({ children: [2] }, { children: [1] });
      j.scenes.push({ nodes: [1] });
    }, /nodes\[1\] is its own ancestor \(the node hierarchy has a cycle\)/);
  });

  it('refuses a node that is its own child', async () => {
    await refused((j) => void (j.nodes[0].children = [0]), /nodes\[0\] is its own ancestor/);
  });

  it('refuses 10,000-deep nesting in a scene other than the default one, naming the depth limit', async () => {
    await refused(
      (j) => j.scenes.push({ nodes: [chain(j, 10_000)] }),
      new RegExp(
        `nodes\\[${LIMITS.gltfNodeDepth + 1}\\] is ${LIMITS.gltfNodeDepth + 1} levels deep; the node hierarchy is limited to ${LIMITS.gltfNodeDepth} levels`,
      ),
    );
  });

  it('accepts nesting exactly at the depth limit', async () => {
    await imported((j) => {
      j.scenes[0].nodes = [chain(j, LIMITS.gltfNodeDepth)];
    });
  });

  it('refuses a node with two parents, and a scene root that has a parent', async () => {
    await refused((j) => {
      j.nodes.push({ children: [0] }, { children: [0] });
      j.scenes[0].nodes = [1, 2];
    }, /nodes\[0\] has two parents: nodes\[1\] and nodes\[2\]/);
    await refused((j) => {
      j.nodes.push({ children: [0] });
      j.scenes.push({ nodes: [0] });
    }, /scenes\[0\]\.nodes\[0\]: node 0 is not a root \(it is a child of nodes\[1\]\)/);
    await refused((j) => void (j.scenes[0].nodes = [0, 0]), /scenes\[0\]\.nodes\[1\]: node 0 is listed twice/);
  });

  it.each(['deep.gltf', 'deep.glb'])('refuses JSON nested 200,000 deep (%s)', async (file) => {
    const text = `{"asset":{"version":"2.0"},"extras":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    const bytes = file.endsWith('.glb') ? glbContainer(text, new Uint8Array(0)) : new TextEncoder().encode(text);
    const error = await outcome(file, bytes);
    expect(error).toBeInstanceOf(MeshError);
    expect((error as MeshError).message).toBe(`${file}: the glTF JSON nests deeper than ${LIMITS.jsonDepth} levels`);
  });

  it("counts the JSON's objects, arrays and values before parsing it", async () => {
    const extras = (unit: string, n: number) =>
      glbContainer(`{"asset":{"version":"2.0"},"extras":[${unit.repeat(n)}0]}`, new Uint8Array(0));
    const containers = LIMITS.gltfJsonContainers;
    await expect(importMesh('x.glb', extras('{},', containers))).rejects.toThrow(
      `x.glb: the glTF JSON holds ${containers + 3} objects and arrays, more than the limit of ${containers}`,
    );
    await expect(importMesh('x.glb', extras('0,', LIMITS.gltfJsonValues))).rejects.toThrow(
      new RegExp(`^x\\.glb: the glTF JSON holds about \\d+ values, more than the limit of ${LIMITS.gltfJsonValues}$`),
    );
    // Braces and commas inside strings are not counted.
    await expect(importMesh('x.glb', extras('"{[,",', containers))).rejects.toThrow('x.glb: no triangles (the asset has no scene)');
  });

  it('builds only the default scene and counts its instances against the triangle limit before allocating', async () => {
    // Scene 1 (the default) holds the triangle twice; scene 0 holds a third copy that is not built.
    const object = await (async () => {
      const { json, body } = triangle();
      json.nodes.push({ mesh: 0, translation: [5, 0, 0] }, { mesh: 0, translation: [9, 0, 0] });
      json.scenes.push({ nodes: [1, 2] });
      json.scene = 1;
      const m = await importMesh('x.glb', glb(json, body));
      expect(m.triangles).toBe(2);
      const xs = Array.from(m.soup).filter((_, i) => i % 3 === 0);
      expect([Math.min(...xs), Math.max(...xs)]).toEqual([5, 10]); // the copy at x = 0 is not there
      return m.object;
    })();
    let meshes = 0;
    object.traverse((o) => void ((o as Mesh).isMesh && meshes++));
    expect(meshes).toBe(2);
    // Half the limit and one more, instanced twice: zero-filled indices, refused on the counts alone.
    const half = MESH_LIMITS.triangles / 2 + 1;
    await refused(
      (j) => {
        j.accessors.push({ componentType: 5125, count: 3 * half, type: 'SCALAR' });
        j.meshes[0].primitives[0].indices = 2;
        j.nodes.push({ mesh: 0 });
        j.scenes[0].nodes = [0, 1];
      },
      new RegExp(`more than ${MESH_LIMITS.triangles} triangles \\(the import limit\\)`),
    );
  });
});

describe('glTF text from the file in messages and names', () => {
  const gltf = (buffers: unknown[]) => new TextEncoder().encode(JSON.stringify({ asset: { version: '2.0' }, buffers }));

  it.each<[string, string, string]>([
    ['base64 of a bad length', 'data:application/octet-stream;base64,A', 'x.gltf: a data: URI is not valid base64'],
    ['bad percent-encoding', 'data:,%E0%A4%A', 'x.gltf: a data: URI is not valid percent-encoding'],
    ['a name with terminal escapes', 'a\u001b[2J\u202eb.bin', "x.gltf: missing buffer 'a\\u001b[2J\\u202eb.bin'"],
  ])('a buffer uri with %s', async (_name, uri, message) => {
    await expect(importMesh('x.gltf', gltf([{ uri, byteLength: 1 }]), { read: async () => null })).rejects.toThrow(message);
  });

  it('escapes control characters in field values and mesh names', async () => {
    await refused((j) => void (j.nodes[0].scale = '\u001b[31m'), /nodes\[0\]\.scale: expected 3 finite numbers, got '\\u001b\[31m'$/);
    const b = new GltfBuilder();
    const view = b.bufferView(new Uint8Array(new Float32Array([0, 0, 0, 1, NaN, 0, 0, 1, 0]).buffer));
    b.mesh(
      [
        {
          attributes: {
            POSITION: b.accessor({ bufferView: view, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] }),
          },
        },
      ],
      'm\u001b\u2028',
    );
    b.node({ mesh: 0 });
    const error = await outcome('x.glb', b.glb());
    expect((error as MeshError).message).toBe("x.glb: mesh 'm\\u001b\\u2028': vertex 1 has a non-finite position (1, NaN, 0)");
  });
});

describe('glTF work and memory bounded before the loader allocates', () => {
  it('counts the objects the default scene builds', async () => {
    const limit = LIMITS.gltfObjects;
    // A node holding a one-primitive mesh is two objects counted (node and primitive).
    await refused(
      (j) => {
        for (let i = 1; i <= limit / 2; i++) j.nodes.push({ mesh: 0 });
        j.scenes[0].nodes = j.nodes.map((_: unknown, i: number) => i);
      },
      new RegExp(`the default scene builds more than ${limit} objects`),
    );
    await refused(
      (j) => {
        for (let i = 1; i <= limit; i++) j.nodes.push({});
        j.scenes[0].nodes = j.nodes.map((_: unknown, i: number) => i);
      },
      new RegExp(`the default scene builds more than ${limit} objects`),
    );
  });

  it('counts every buffer view the loader copies, also when views overlap', async () => {
    // 2,000 primitives, each reading its own view of the same 200 KB: 400 MB of copies.
    const b = new GltfBuilder();
    const body = new Float32Array(51_200);
    body.set([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    b.bufferView(new Uint8Array(body.buffer));
    const primitives = [];
    for (let k = 0; k < 2000; k++) {
      const view = k === 0 ? 0 : b.json.bufferViews.push({ buffer: 0, byteOffset: 0, byteLength: body.byteLength }) - 1;
      primitives.push({
        attributes: {
          POSITION: b.accessor({ bufferView: view, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] }),
        },
      });
    }
    b.mesh(primitives);
    b.node({ mesh: 0 });
    const error = await outcome('x.glb', b.glb());
    expect(error).toBeInstanceOf(MeshError);
    expect((error as MeshError).message).toMatch(
      new RegExp(
        `^x\\.glb: bufferViews\\[\\d+\\] would take 204800 bytes, \\d+ in all; the geometry of one file is limited to ${LIMITS.gltfGeometryBytes} bytes$`,
      ),
    );
  });

  it('counts what a meshopt view decodes to, whatever its fallback buffer claims', async () => {
    await refused((j) => {
      j.extensionsUsed = ['EXT_meshopt_compression'];
      j.buffers.push({ byteLength: 2 ** 40, extensions: { EXT_meshopt_compression: { fallback: true } } });
      j.bufferViews[0] = {
        buffer: 1,
        byteLength: 2 ** 32,
        byteStride: 16,
        extensions: { EXT_meshopt_compression: { buffer: 0, byteLength: 36, byteStride: 16, mode: 'ATTRIBUTES', count: 2 ** 28 } },
      };
    }, /bufferViews\[0\]\.extensions\.EXT_meshopt_compression: decoding would take 4294967332 bytes/);
  });

  it('names corrupt meshopt data as a problem of the file', async () => {
    const { json, body } = readGlb(new Uint8Array(readFileSync(join(ROOT, 'test/data/meshes/meshopt.glb'))));
    const corrupt = body!.slice();
    corrupt[0] = 0; // the vertex codec's header byte
    const error = await outcome('x.glb', glbContainer(json, corrupt));
    expect(error).toBeInstanceOf(MeshError);
    expect((error as MeshError).message).toMatch(
      /^x\.glb: the meshopt-compressed data cannot be decoded \(Malformed buffer data: -?\d+\)$/,
    );
  });

  it('holds Draco data to the triangles its accessors announce', async () => {
    const { json: text, body } = readGlb(new Uint8Array(readFileSync(join(ROOT, 'test/data/meshes/draco.glb'))));
    const json = JSON.parse(text);
    json.accessors[1].count = 3; // one triangle announced; the data holds 12
    const error = await outcome('x.glb', glbContainer(JSON.stringify(json), body!));
    expect(error).toBeInstanceOf(MeshError);
    expect((error as MeshError).message).toBe(
      'x.glb: cannot be read: Draco data decodes to 12 triangles and 8 vertices, more than the 1 and 8 announced',
    );
  });

  it('holds all the buffers of a .gltf together to the size of one mesh file', async () => {
    const half = { byteLength: LIMITS.meshFileBytes / 2 + 1 } as Uint8Array;
    const text = JSON.stringify({
      asset: { version: '2.0' },
      buffers: [
        { uri: 'a.bin', byteLength: 4 },
        { uri: 'b.bin', byteLength: 4 },
      ],
    });
    await expect(importMesh('x.gltf', new TextEncoder().encode(text), { read: async () => half })).rejects.toThrow(
      `x.gltf: the buffers of the file hold more than ${LIMITS.meshFileBytes} bytes together (the limit of one mesh file)`,
    );
  });
});

describe('glTF coordinates after node transforms', () => {
  it('refuses a NaN vertex whose accessor bounds are finite', async () => {
    const b = new GltfBuilder();
    const view = b.bufferView(new Uint8Array(new Float32Array([0, 0, 0, 1, NaN, 0, 0, 1, 0]).buffer));
    b.mesh([
      {
        attributes: {
          POSITION: b.accessor({ bufferView: view, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] }),
        },
      },
    ]);
    b.node({ mesh: 0 });
    await expect(importMesh('x.glb', b.glb())).rejects.toThrow(/^x\.glb: mesh 'mesh_0': vertex 1 has a non-finite position \(1, NaN, 0\)$/);
  });

  const overflow = (j: Json) => {
    // Each scale alone is fine; under its parent's the vertex lands at 1e40 (beyond float32 too).
    j.nodes = [
      { scale: [1e20, 1e20, 1e20], children: [1] },
      { mesh: 0, scale: [1e20, 1e20, 1e20] },
    ];
  };

  it("refuses a node scale that overflows under its parent's scale as a bad file", async () => {
    await refused(
      overflow,
      new RegExp(
        `mesh 'mesh_0': vertex 1 lies at \\(1e\\+40, 0, 0\\) after its node transforms, beyond the coordinate limit of ±${LIMITS.worldCoord}`,
      ),
    );
  });

  it('through the CLI: exit 1, one line naming the file and the problem, no stack', () => {
    const dir = mkdtempSync(join(tmpdir(), 'navlab-gltf-'));
    const write = (name: string, mutate: (j: Json) => void) => {
      const { json, body } = triangle();
      mutate(json);
      writeFileSync(join(dir, name), glb(json, body));
      return join(dir, name);
    };
    const cases: [string, RegExp][] = [
      [write('scaled.glb', overflow), /beyond the coordinate limit/],
      [
        write('cycle.glb', (j) => {
          j.nodes.push({ children: [2] }, { children: [1] });
          j.scenes.push({ nodes: [1] });
        }),
        /nodes\[1\] is its own ancestor/,
      ],
      [write('float-index.glb', (j) => void (j.accessors[1].componentType = 5126)), /indices must be unsigned integers/],
    ];
    for (const [file, message] of cases) {
      const r = runNav(['voxelize', file, '--cell-size', '0.5']);
      expect(r.code).toBe(1);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr.startsWith(`nav voxelize: ${file}: `)).toBe(true);
      expect(r.stderr).toMatch(message);
    }
  });
});
