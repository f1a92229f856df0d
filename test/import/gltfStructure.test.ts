// Hostile glTF fields: each one ends in a MeshError naming the file and the field before three's
// GLTFLoader touches it, or is ignored where glTF allows it. Issue 22, points 2 and 6 (glTF side).
import type { Material, Mesh } from 'three';
import { describe, expect, it } from 'vitest';
import { GltfBuilder } from '../../scripts/meshes/gltf.ts';
import { LIMITS } from '../../src/core/limits.ts';
import { importMesh } from '../../src/import/meshImport.ts';
import { imported, type Json, refused } from './gltfSamples.ts';

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
