// Hostile glTF structure: every sample ends in a MeshError naming the file and the field (never
// a raw engine error, a stack overflow or an unbounded allocation), checked before three's
// GLTFLoader sees the asset. Issue 22, points 2, 6 and 7 (glTF side).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Material, Mesh, Object3D } from 'three';
import { describe, expect, it } from 'vitest';
import { GltfBuilder, glbContainer } from '../../scripts/meshes/gltf.ts';
import { nodeDracoLoader } from '../../src/cli/meshFiles.ts';
import { LIMITS } from '../../src/core/limits.ts';
import { readGlb } from '../../src/import/gltfContainer.ts';
import { importMesh, MESH_LIMITS, MeshError } from '../../src/import/meshImport.ts';
import { ROOT, runNav } from '../support/cli.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** One triangle: accessor 0 positions (bufferView 0), accessor 1 uint32 indices (bufferView 1), node 0 in scene 0. */
function triangle(): { json: Json; body: Uint8Array } {
  const b = new GltfBuilder();
  const p = b.positionsAndIndices(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), new Uint32Array([0, 1, 2]));
  b.mesh([{ attributes: { POSITION: p.POSITION }, indices: p.indices }]);
  b.node({ mesh: 0 });
  return { json: JSON.parse(b.jsonText()), body: b.body() };
}

const glb = (json: Json, body: Uint8Array) => glbContainer(JSON.stringify(json), body);

async function outcome(file: string, bytes: Uint8Array): Promise<unknown> {
  return importMesh(file, bytes, { draco: await nodeDracoLoader() }).then(
    () => null,
    (e: unknown) => e,
  );
}

/** The sample, mutated, is refused with a one-line MeshError `x.glb: <message>`. */
async function refused(mutate: (json: Json) => void, message: RegExp): Promise<void> {
  const { json, body } = triangle();
  mutate(json);
  const error = await outcome('x.glb', glb(json, body));
  expect(error).toBeInstanceOf(MeshError);
  const text = (error as MeshError).message;
  expect(text.startsWith('x.glb: ')).toBe(true);
  expect(text).not.toMatch(/cannot be read|\n/);
  expect(text).toMatch(message);
}

/** The sample, mutated, still imports: the triangle, and the object for drawing. */
async function imported(mutate: (json: Json) => void): Promise<Object3D> {
  const { json, body } = triangle();
  mutate(json);
  const m = await importMesh('x.glb', glb(json, body), { draco: await nodeDracoLoader() });
  expect(m.triangles).toBe(1);
  return m.object;
}

/** `n` nodes chained parent -> child from `first`, appended to json.nodes; returns the first index. */
function chain(json: Json, n: number): number {
  const first = json.nodes.length;
  for (let i = 0; i < n; i++) json.nodes.push(i < n - 1 ? { children: [first + i + 1] } : { mesh: 0 });
  return first;
}

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

describe('glTF structure: each field checked before the loader touches it', () => {
  it.each<[string, (j: Json) => void, RegExp]>([
    ['buffers: [null]', (j) => void (j.buffers = [null]), /^x\.glb: buffers\[0\]: expected an object, got null$/],
    ['primitives: [null]', (j) => void (j.meshes[0].primitives = [null]), /meshes\[0\]\.primitives\[0\]: expected an object, got null/],
    ['nodes: [null]', (j) => void (j.nodes = [null]), /nodes\[0\]: expected an object, got null/],
    ['accessors: {}', (j) => void (j.accessors = {}), /accessors: expected an array, got an object/],
    ['children not an array', (j) => void (j.nodes[0].children = 5), /nodes\[0\]\.children: expected an array, got 5/],
    ['children of strings', (j) => void (j.nodes[0].children = ['ab']), /nodes\[0\]\.children\[0\]: expected a node index, got 'ab'/],
    ['a child out of range', (j) => void (j.nodes[0].children = [7]), /nodes\[0\]\.children\[0\]: node 7 does not exist \(1 nodes\)/],
    ['a scene node out of range', (j) => void (j.scenes[0].nodes = [1.5]), /scenes\[0\]\.nodes\[0\]: expected a node index, got 1\.5/],
    ['a mesh out of range', (j) => void (j.nodes[0].mesh = 3), /nodes\[0\]\.mesh: mesh 3 does not exist \(1 meshes\)/],
    ['primitives not an array', (j) => void (j.meshes[0].primitives = 'x'), /meshes\[0\]\.primitives: expected an array, got 'x'/],
    [
      'attributes not an object',
      (j) => void (j.meshes[0].primitives[0].attributes = [0]),
      /meshes\[0\]\.primitives\[0\]\.attributes: expected an object, got an array/,
    ],
    [
      'no POSITION',
      (j) => void delete j.meshes[0].primitives[0].attributes.POSITION,
      /meshes\[0\]\.primitives\[0\]\.attributes\.POSITION is missing/,
    ],
    // Accessors.
    [
      'sparse count 2^31',
      (j) => void (j.accessors[0].sparse = { count: 2 ** 31, indices: { bufferView: 1, componentType: 5125 }, values: { bufferView: 0 } }),
      /accessors\[0\]\.sparse\.count: 2147483648 is more than the accessor's 3 elements/,
    ],
    [
      'sparse indices without a bufferView',
      (j) => void (j.accessors[0].sparse = { count: 1, indices: { componentType: 5125 }, values: { bufferView: 0 } }),
      /accessors\[0\]\.sparse\.indices\.bufferView is missing/,
    ],
    [
      'sparse values bufferView out of range',
      (j) => void (j.accessors[0].sparse = { count: 1, indices: { bufferView: 1, componentType: 5125 }, values: { bufferView: 9 } }),
      /accessors\[0\]\.sparse\.values\.bufferView: bufferView 9 does not exist/,
    ],
    [
      'sparse float indices',
      (j) => void (j.accessors[0].sparse = { count: 1, indices: { bufferView: 1, componentType: 5126 }, values: { bufferView: 0 } }),
      /accessors\[0\]\.sparse\.indices\.componentType: FLOAT; sparse indices must be UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT/,
    ],
    [
      'sparse index out of range',
      (j) =>
        void (j.accessors[0].sparse = {
          count: 1,
          indices: { bufferView: 0, byteOffset: 12, componentType: 5125 },
          values: { bufferView: 0 },
        }),
      /accessors\[0\]\.sparse\.indices\[0\]: 1065353216 is out of range \(3 elements\)/,
    ],
    [
      'count 2^31 without a bufferView',
      (j) => {
        j.accessors.push({ componentType: 5126, count: 2 ** 31, type: 'VEC3' });
        j.meshes[0].primitives[0].attributes.POSITION = 2;
      },
      new RegExp(
        `accessors\\[2\\]: 2147483648 elements without a bufferView would take 25769803776 bytes, \\d+ in all; the geometry of one file is limited to ${LIMITS.gltfGeometryBytes} bytes`,
      ),
    ],
    ['count not an integer', (j) => void (j.accessors[0].count = 2.5), /accessors\[0\]\.count: expected a count, got 2\.5/],
    [
      'an unknown componentType',
      (j) => void (j.accessors[0].componentType = 5124),
      /accessors\[0\]\.componentType: 5124 is not a glTF component type/,
    ],
    ['an unknown type', (j) => void (j.accessors[0].type = 'VEC5'), /accessors\[0\]\.type: 'VEC5' is not a glTF accessor type/],
    [
      'a misaligned byteOffset',
      (j) => void (j.accessors[0].byteOffset = 2),
      /accessors\[0\]\.byteOffset: 2 is not a multiple of the component size 4/,
    ],
    [
      'an accessor past its bufferView',
      (j) => void (j.accessors[0].count = 4),
      /accessors\[0\] \(4 elements\) runs past the end of bufferView 0 \(36 bytes\)/,
    ],
    ['a bad min', (j) => void (j.accessors[0].min = 0), /accessors\[0\]\.min: expected 3 finite numbers, got 0/],
    [
      'a float index accessor',
      (j) => void (j.accessors[1].componentType = 5126),
      /meshes\[0\]\.primitives\[0\]\.indices: accessor 1 has componentType FLOAT; indices must be unsigned integers/,
    ],
    [
      'a VEC3 index accessor',
      (j) => void (j.accessors[1] = { ...j.accessors[1], type: 'VEC3', count: 1 }),
      /meshes\[0\]\.primitives\[0\]\.indices: accessor 1 has type VEC3; indices must be SCALAR/,
    ],
    [
      'integer positions',
      (j) => void (j.accessors[0].componentType = 5125),
      /meshes\[0\]\.primitives\[0\]\.attributes\.POSITION: accessor 0 has componentType UNSIGNED_INT; positions must be FLOAT VEC3/,
    ],
    [
      'quantized positions without KHR_mesh_quantization',
      (j) => Object.assign(j.accessors[0], { componentType: 5122, count: 4, normalized: true }),
      /attributes\.POSITION: accessor 0 has componentType SHORT; positions must be FLOAT VEC3 \(or a quantized type under KHR_mesh_quantization\)/,
    ],
    [
      'a NORMAL count unlike POSITION',
      (j) => void ((j.meshes[0].primitives[0].attributes.NORMAL = 2), j.accessors.push({ componentType: 5126, count: 4, type: 'VEC3' })),
      /meshes\[0\]\.primitives\[0\]\.attributes\.NORMAL: accessor 2 has 4 elements, POSITION has 3/,
    ],
    // Buffer views and buffers.
    ['a bufferView in a missing buffer', (j) => void (j.bufferViews[0].buffer = 4), /bufferViews\[0\]\.buffer: buffer 4 does not exist/],
    [
      'a bad byteStride',
      (j) => void (j.bufferViews[0].byteStride = 13),
      /bufferViews\[0\]\.byteStride: 13 is not a multiple of 4 from 4 to 252/,
    ],
    ['a buffer without byteLength', (j) => void delete j.buffers[0].byteLength, /buffers\[0\]\.byteLength is missing/],
    // Compression extensions.
    [
      'a Draco primitive without its bufferView',
      (j) => {
        j.extensionsUsed = ['KHR_draco_mesh_compression'];
        j.meshes[0].primitives[0].extensions = { KHR_draco_mesh_compression: { attributes: { POSITION: 0 } } };
      },
      /meshes\[0\]\.primitives\[0\]\.extensions\.KHR_draco_mesh_compression\.bufferView is missing/,
    ],
    [
      'Draco attributes not an object',
      (j) => {
        j.extensionsUsed = ['KHR_draco_mesh_compression'];
        j.meshes[0].primitives[0].extensions = { KHR_draco_mesh_compression: { bufferView: 0, attributes: 3 } };
      },
      /KHR_draco_mesh_compression\.attributes: expected an object, got 3/,
    ],
    [
      'a meshopt view with an unknown mode',
      (j) => {
        j.extensionsUsed = ['EXT_meshopt_compression'];
        j.bufferViews[0].extensions = { EXT_meshopt_compression: { buffer: 0, byteLength: 36, byteStride: 12, mode: 'FOO', count: 3 } };
      },
      /bufferViews\[0\]\.extensions\.EXT_meshopt_compression\.mode: 'FOO' is not ATTRIBUTES, TRIANGLES or INDICES/,
    ],
    [
      'a meshopt view with an unknown filter',
      (j) => {
        j.extensionsUsed = ['EXT_meshopt_compression'];
        j.bufferViews[0].extensions = {
          EXT_meshopt_compression: { buffer: 0, byteLength: 36, byteStride: 12, mode: 'ATTRIBUTES', filter: 'ZIP', count: 3 },
        };
      },
      /EXT_meshopt_compression\.filter: 'ZIP' is not NONE, OCTAHEDRAL, QUATERNION or EXPONENTIAL/,
    ],
    [
      'a meshopt view whose count does not fill it',
      (j) => {
        j.extensionsUsed = ['EXT_meshopt_compression'];
        j.bufferViews[0].extensions = {
          EXT_meshopt_compression: { buffer: 0, byteLength: 36, byteStride: 12, mode: 'ATTRIBUTES', count: 2 ** 31 },
        };
      },
      /EXT_meshopt_compression: count 2147483648 x byteStride 12 is not the bufferView's byteLength 36/,
    ],
    [
      'a meshopt TRIANGLES view with a bad stride',
      (j) => {
        j.extensionsUsed = ['EXT_meshopt_compression'];
        j.bufferViews[1].extensions = {
          EXT_meshopt_compression: { buffer: 0, byteLength: 12, byteStride: 3, mode: 'TRIANGLES', count: 4 },
        };
      },
      /bufferViews\[1\]\.extensions\.EXT_meshopt_compression\.byteStride: 3 is not 2 or 4 \(mode TRIANGLES\)/,
    ],
    [
      'an extension the file requires and navlab does not read',
      (j) => {
        j.extensionsUsed = ['EXT_mesh_gpu_instancing'];
        j.extensionsRequired = ['EXT_mesh_gpu_instancing'];
      },
      /extensionsRequired: the file requires EXT_mesh_gpu_instancing, which navlab does not read/,
    ],
    // Nodes.
    ['a short matrix', (j) => void (j.nodes[0].matrix = [1, 2]), /nodes\[0\]\.matrix: expected 16 finite numbers, got an array of 2/],
    ['a translation with null', (j) => void (j.nodes[0].translation = [0, null, 0]), /nodes\[0\]\.translation: expected 3 finite numbers/],
    ['a rotation of 3', (j) => void (j.nodes[0].rotation = [0, 0, 0]), /nodes\[0\]\.rotation: expected 4 finite numbers/],
    ['a scale of text', (j) => void (j.nodes[0].scale = 'big'), /nodes\[0\]\.scale: expected 3 finite numbers, got 'big'/],
    // Materials.
    [
      'a material out of range',
      (j) => void (j.meshes[0].primitives[0].material = 3),
      /meshes\[0\]\.primitives\[0\]\.material: material 3 does not exist \(0 materials\)/,
    ],
    [
      'a bad baseColorFactor',
      (j) =>
        void ((j.materials = [{ pbrMetallicRoughness: { baseColorFactor: [1, 'red', 0, 1] } }]), (j.meshes[0].primitives[0].material = 0)),
      /materials\[0\]\.pbrMetallicRoughness\.baseColorFactor: expected 4 finite numbers/,
    ],
  ])('%s', async (_name, mutate, message) => {
    await refused(mutate, message);
  });

  it("keeps a material's colour and drops cameras, skins, animations and (textures off, as in Node by default) textures and images unread", async () => {
    const object = await imported((j) => {
      j.materials = [
        {
          name: 'red',
          pbrMetallicRoughness: { baseColorFactor: [1, 0, 0, 1], baseColorTexture: { index: 42 } },
          normalTexture: { index: null },
        },
      ];
      j.meshes[0].primitives[0].material = 0;
      j.textures = [null, { source: 99, sampler: 'x' }];
      j.images = [{ uri: 'http://example.invalid/a.png' }];
      j.samplers = 7;
      j.cameras = [null];
      j.skins = [{ joints: [55] }];
      j.animations = [{ channels: [{ target: { node: 9 } }] }];
      Object.assign(j.nodes[0], {
        camera: 12,
        skin: 3,
        weights: 'w',
        extras: { pivot: 'x' },
        extensions: { KHR_lights_punctual: { light: 40 } },
      });
    });
    let material: Material | null = null;
    object.traverse((o) => void ((o as Mesh).isMesh && (material = (o as Mesh).material as Material)));
    const m = material as unknown as { name: string; color: { r: number; g: number; b: number }; map: unknown };
    expect(m.name).toBe('red');
    expect([m.color.r, m.color.g, m.color.b]).toEqual([1, 0, 0]);
    expect(m.map).toBeNull();
  });

  it('reads interleaved positions whose last element ends before the stride does', async () => {
    // Stride 16, three VEC3 floats: the view holds 2 * 16 + 12 = 44 bytes, as glTF allows.
    const b = new GltfBuilder();
    const data = new Float32Array([0, 0, 0, 7, 1, 0, 0, 7, 0, 1, 0]);
    const view = b.bufferView(new Uint8Array(data.buffer), { byteStride: 16 });
    const position = b.accessor({ bufferView: view, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] });
    b.mesh([{ attributes: { POSITION: position } }]);
    b.node({ mesh: 0 });
    const m = await importMesh('x.glb', b.glb());
    expect(Array.from(m.soup)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
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
