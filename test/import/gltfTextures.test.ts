// Textured glTF levels: base-colour, normal, metallic-roughness, emissive and occlusion textures
// handed to the loader with the same checks as the geometry (field paths named, image bytes
// and pixels bounded before decoding, nothing fetched). Node has no image decoder: textures
// are off there by default, and a test decoder stands in for the browser's createImageBitmap.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BufferGeometry, Mesh, MeshStandardMaterial, Object3D, Texture } from 'three';
import { describe, expect, it } from 'vitest';
import { GltfBuilder, glbContainer, png } from '../../scripts/meshes/gltf.ts';
import { NavlabError } from '../../src/core/errors.ts';
import { LIMITS } from '../../src/core/limits.ts';
import { importMesh, MeshError, type ImageDecoder, type MeshImportOptions } from '../../src/import/meshImport.ts';
import { runNav } from '../support/cli.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const PNG = png(2, 2);

/** What a decoder was given, and an image of the size the PNG header says (width, height at bytes 16..24). */
function recordingDecoder(): { decode: ImageDecoder; calls: [Uint8Array, string][] } {
  const calls: [Uint8Array, string][] = [];
  const decode: ImageDecoder = async (bytes, mimeType) => {
    calls.push([bytes.slice(), mimeType]);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const [width, height] = mimeType === 'image/png' ? [view.getUint32(16), view.getUint32(20)] : [2, 2];
    return { width, height, data: new Uint8Array(4 * width * height) };
  };
  return { decode, calls };
}

/**
 * One textured triangle: accessor 0 positions, 1 indices, 2 TEXCOORD_0; image 0 (the PNG in
 * bufferView 3), sampler 0, texture 0, material 0 (base colour from texture 0).
 */
function textured(): { json: Json; body: Uint8Array } {
  const b = new GltfBuilder();
  const p = b.positionsAndIndices(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), new Uint32Array([0, 1, 2]));
  const uv = b.texcoords(new Float32Array([0, 0, 1, 0, 0, 1]));
  const image = b.image(PNG);
  const texture = b.texture(image, b.sampler({ magFilter: 9728, minFilter: 9729, wrapS: 33071, wrapT: 33648 }));
  const material = b.texturedMaterial(texture);
  b.mesh([{ attributes: { POSITION: p.POSITION, TEXCOORD_0: uv }, indices: p.indices, material }]);
  b.node({ mesh: 0 });
  return { json: JSON.parse(b.jsonText()), body: b.body() };
}

const glb = (json: Json, body: Uint8Array) => glbContainer(JSON.stringify(json), body);

/** The first mesh under `root`. */
function firstMesh(root: Object3D): Mesh<BufferGeometry, MeshStandardMaterial> {
  let mesh: Mesh | null = null;
  root.traverse((o) => void ((o as Mesh).isMesh && mesh === null && (mesh = o as Mesh)));
  return mesh! as Mesh<BufferGeometry, MeshStandardMaterial>;
}

async function outcome(file: string, bytes: Uint8Array, options: MeshImportOptions = {}): Promise<unknown> {
  return importMesh(file, bytes, { textures: recordingDecoder().decode, ...options }).then(
    () => null,
    (e: unknown) => e,
  );
}

/** The textured sample, mutated, is refused with a one-line MeshError `x.glb: <message>`. */
async function refused(
  mutate: (json: Json, body: Uint8Array) => Uint8Array | void,
  message: RegExp,
  options: MeshImportOptions = {},
): Promise<void> {
  const { json, body } = textured();
  const newBody = mutate(json, body) ?? body;
  const error = await outcome('x.glb', glb(json, newBody), options);
  expect(error).toBeInstanceOf(MeshError);
  const text = (error as MeshError).message;
  expect(text.startsWith('x.glb: ')).toBe(true);
  expect(text).not.toMatch(/cannot be read|\n/);
  expect(text).toMatch(message);
}

describe('glTF textures: kept when textures are on', () => {
  it('a textured GLB keeps its base-colour texture, sampler and texture coordinates', async () => {
    const { json, body } = textured();
    const { decode, calls } = recordingDecoder();
    const m = await importMesh('x.glb', glb(json, body), { textures: decode });
    expect(m.triangles).toBe(1);
    const mesh = firstMesh(m.object);
    const map = mesh.material.map as Texture;
    expect(map).not.toBeNull();
    expect(calls).toHaveLength(1);
    expect(calls[0][1]).toBe('image/png');
    expect(Array.from(calls[0][0])).toEqual(Array.from(PNG));
    expect((map.image as { width: number }).width).toBe(2);
    expect(map.colorSpace).toBe('srgb');
    expect(map.flipY).toBe(false);
    // NEAREST, LINEAR, CLAMP_TO_EDGE, MIRRORED_REPEAT as three's constants.
    expect([map.magFilter, map.minFilter, map.wrapS, map.wrapT]).toEqual([1003, 1006, 1001, 1002]);
    expect(Array.from(mesh.geometry.getAttribute('uv').array)).toEqual([0, 0, 1, 0, 0, 1]);
  });

  it('keeps normal, metallic-roughness, emissive and occlusion textures and KHR_texture_transform', async () => {
    const { json, body } = textured();
    json.textures.push({ source: 0 });
    json.extensionsUsed = ['KHR_texture_transform'];
    Object.assign(json.materials[0], {
      normalTexture: { index: 1, scale: 0.5 },
      occlusionTexture: { index: 1, strength: 0.25 },
      emissiveTexture: { index: 0 },
      emissiveFactor: [1, 1, 1],
    });
    json.materials[0].pbrMetallicRoughness.metallicRoughnessTexture = { index: 1 };
    json.materials[0].pbrMetallicRoughness.baseColorTexture.extensions = {
      KHR_texture_transform: { offset: [0.5, 0], scale: [2, 2], rotation: 0 },
    };
    const { decode, calls } = recordingDecoder();
    const material = firstMesh((await importMesh('x.glb', glb(json, body), { textures: decode })).object).material;
    for (const key of ['map', 'normalMap', 'aoMap', 'emissiveMap', 'metalnessMap', 'roughnessMap'] as const)
      expect(material[key], key).not.toBeNull();
    expect(material.normalScale.x).toBe(0.5);
    expect(material.aoMapIntensity).toBe(0.25);
    expect([material.map!.offset.x, material.map!.repeat.x]).toEqual([0.5, 2]);
    expect(calls).toHaveLength(1); // one image, decoded once for both textures
  });

  it('reads images from a data: URI and from a relative path through `read`, and only there', async () => {
    const { json, body } = textured();
    json.images = [{ uri: `data:image/png;base64,${Buffer.from(PNG).toString('base64')}` }, { uri: 'tex%20a.png' }];
    json.textures.push({ source: 1 });
    json.materials[0].emissiveTexture = { index: 1 };
    const asked: string[] = [];
    const read = async (uri: string) => (asked.push(uri), uri === 'tex a.png' ? PNG : null);
    const material = firstMesh((await importMesh('x.glb', glb(json, body), { textures: recordingDecoder().decode, read })).object).material;
    expect(material.map).not.toBeNull();
    expect(material.emissiveMap).not.toBeNull();
    expect(asked).toEqual(['tex a.png']);
  });

  it('draws a material without the texture whose image is not given (no file, or no data at all)', async () => {
    const { json, body } = textured();
    json.images = [{ uri: 'missing.png' }];
    const m = await importMesh('x.glb', glb(json, body), { textures: recordingDecoder().decode, read: async () => null });
    expect(firstMesh(m.object).material.map).toBeNull();
    json.images = [{}]; // as the app leaves an image that was not dropped with its .gltf
    const n = await importMesh('x.glb', glb(json, body), { textures: recordingDecoder().decode });
    expect(firstMesh(n.object).material.map).toBeNull();
  });
});

describe('glTF textures: off in Node unless a decoder is given', () => {
  it('reads no texture field by default in Node, and keeps the colour', async () => {
    const { json, body } = textured();
    json.textures = [{ source: 99 }];
    const m = await importMesh('x.glb', glb(json, body));
    expect(m.triangles).toBe(1);
    const mesh = firstMesh(m.object);
    expect(mesh.material.map).toBeNull();
    expect(mesh.geometry.getAttribute('uv')).toBeUndefined();
  });

  it('refuses textures: true where no image decoder exists, naming the option', async () => {
    const { json, body } = textured();
    const error = await importMesh('x.glb', glb(json, body), { textures: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NavlabError);
    expect((error as NavlabError).code).toBe('usage');
    expect((error as NavlabError).message).toMatch(/^importMesh: options\.textures: /);
    await expect(importMesh('x.glb', glb(json, body), { textures: 'yes' as never })).rejects.toThrow(
      /^importMesh: options\.textures: expected true, false or an image decoder function, got 'yes'$/,
    );
  });

  it('nav voxelize imports a textured GLB (textures not decoded)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'navlab-tex-'));
    const { json, body } = textured();
    writeFileSync(join(dir, 'textured.glb'), glb(json, body));
    const r = runNav(['voxelize', join(dir, 'textured.glb'), '--cell-size', '0.5', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).triangles).toBe(1);
  });
});

describe('glTF textures: hostile fields end in a MeshError naming the field', () => {
  it.each<[string, (j: Json, body: Uint8Array) => Uint8Array | void, RegExp]>([
    [
      'an image bufferView out of range',
      (j) => void (j.images[0].bufferView = 9),
      /^x\.glb: images\[0\]\.bufferView: bufferView 9 does not exist \(4 bufferViews\)$/,
    ],
    [
      'an image bufferView past its buffer',
      (j) => void (j.bufferViews[3].byteLength = 2 ** 40),
      /^x\.glb: bufferViews\[3\] \(bytes \d+\.\.\d+\) runs past the end of buffer 0 \(\d+ bytes\)$/,
    ],
    [
      'an image bufferView with a byteStride',
      (j) => void (j.bufferViews[3].byteStride = 4),
      /^x\.glb: images\[0\]\.bufferView: bufferView 3 has a byteStride; an image's bytes are one run$/,
    ],
    [
      'an image with a uri and a bufferView',
      (j) => void (j.images[0].uri = 'a.png'),
      /^x\.glb: images\[0\]: has both a uri and a bufferView$/,
    ],
    [
      'a uri pointing to the parent folder',
      (j) => void (j.images[0] = { uri: '../x.png' }),
      /^x\.glb: images\[0\]\.uri: '\.\.\/x\.png' is not a data: URI or a relative path inside the asset's folder$/,
    ],
    [
      'a percent-encoded parent folder',
      (j) => void (j.images[0] = { uri: 'a/%2E%2E/%2e%2e/x.png' }),
      /^x\.glb: images\[0\]\.uri: 'a\/%2E%2E\/%2e%2e\/x\.png' is not a data: URI or a relative path inside the asset's folder$/,
    ],
    [
      'an http uri',
      (j) => void (j.images[0] = { uri: 'http://example.invalid/x.png' }),
      /^x\.glb: images\[0\]\.uri: 'http:\/\/example\.invalid\/x\.png' is not a data: URI or a relative path/,
    ],
    [
      'an absolute path',
      (j) => void (j.images[0] = { uri: '/etc/x.png' }),
      /^x\.glb: images\[0\]\.uri: '\/etc\/x\.png' is not a data: URI or a relative path/,
    ],
    [
      'a data: URI of another type',
      (j) => void (j.images[0] = { uri: 'data:image/svg+xml;base64,PHN2Zz4=' }),
      /^x\.glb: images\[0\]\.uri: a data: URI of type 'image\/svg\+xml'; images must be image\/png, image\/jpeg or image\/webp$/,
    ],
    [
      'a mimeType that is not an image navlab reads',
      (j) => void (j.images[0].mimeType = 'image/gif'),
      /^x\.glb: images\[0\]\.mimeType: 'image\/gif' is not image\/png, image\/jpeg or image\/webp$/,
    ],
    [
      'a bufferView image without a mimeType',
      (j) => void delete j.images[0].mimeType,
      /^x\.glb: images\[0\]\.mimeType is missing \(an image in a bufferView needs one\)$/,
    ],
    [
      'image data that is not an image',
      (j, body) => body.slice().fill(0, j.bufferViews[3].byteOffset),
      /^x\.glb: images\[0\]: the data is not a PNG, JPEG or WebP image$/,
    ],
    [
      'a texture source out of range',
      (j) => void (j.textures[0].source = 5),
      /^x\.glb: textures\[0\]\.source: image 5 does not exist \(1 images\)$/,
    ],
    [
      'a texture sampler out of range',
      (j) => void (j.textures[0].sampler = 2),
      /^x\.glb: textures\[0\]\.sampler: sampler 2 does not exist \(1 samplers\)$/,
    ],
    ['textures: [null]', (j) => void (j.textures = [null]), /^x\.glb: textures\[0\]: expected an object, got null$/],
    [
      'an unknown magFilter',
      (j) => void (j.samplers[0].magFilter = 9984),
      /^x\.glb: samplers\[0\]\.magFilter: 9984 is not NEAREST \(9728\) or LINEAR \(9729\)$/,
    ],
    [
      'an unknown wrapS',
      (j) => void (j.samplers[0].wrapS = 'x'),
      /^x\.glb: samplers\[0\]\.wrapS: 'x' is not CLAMP_TO_EDGE \(33071\), MIRRORED_REPEAT \(33648\) or REPEAT \(10497\)$/,
    ],
    [
      'a material texture index out of range',
      (j) => void (j.materials[0].pbrMetallicRoughness.baseColorTexture.index = 42),
      /^x\.glb: materials\[0\]\.pbrMetallicRoughness\.baseColorTexture\.index: texture 42 does not exist \(1 textures\)$/,
    ],
    [
      'a texture reference without index',
      (j) => void (j.materials[0].normalTexture = {}),
      /^x\.glb: materials\[0\]\.normalTexture\.index is missing$/,
    ],
    [
      'a texCoord that is not a count',
      (j) => void (j.materials[0].pbrMetallicRoughness.baseColorTexture.texCoord = -1),
      /^x\.glb: materials\[0\]\.pbrMetallicRoughness\.baseColorTexture\.texCoord: expected a count, got -1$/,
    ],
    [
      'a texCoord beyond TEXCOORD_3',
      (j) => void (j.materials[0].emissiveTexture = { index: 0, texCoord: 4 }),
      /^x\.glb: materials\[0\]\.emissiveTexture\.texCoord: 4 is beyond TEXCOORD_3, the last set navlab draws$/,
    ],
    [
      'a bad normal scale',
      (j) => void (j.materials[0].normalTexture = { index: 0, scale: 'big' }),
      /^x\.glb: materials\[0\]\.normalTexture\.scale: expected a finite number, got 'big'$/,
    ],
    [
      'a bad texture transform',
      (j) => void (j.materials[0].pbrMetallicRoughness.baseColorTexture.extensions = { KHR_texture_transform: { offset: [0, null] } }),
      /^x\.glb: materials\[0\]\.pbrMetallicRoughness\.baseColorTexture\.extensions\.KHR_texture_transform\.offset: expected 2 finite numbers/,
    ],
    // Texture coordinates, checked like POSITION.
    [
      'a TEXCOORD_0 of the wrong count',
      (j) => void (j.accessors[2].count = 2),
      /^x\.glb: meshes\[0\]\.primitives\[0\]\.attributes\.TEXCOORD_0: accessor 2 has 2 elements, POSITION has 3$/,
    ],
    [
      'a TEXCOORD_0 of the wrong type',
      (j) => void Object.assign(j.accessors[2], { type: 'VEC3', count: 2 }),
      /^x\.glb: meshes\[0\]\.primitives\[0\]\.attributes\.TEXCOORD_0: accessor 2 has type VEC3; texture coordinates must be VEC2$/,
    ],
    [
      'a TEXCOORD_0 of integers',
      (j) => void (j.accessors[2].componentType = 5125),
      /^x\.glb: meshes\[0\]\.primitives\[0\]\.attributes\.TEXCOORD_0: accessor 2 has componentType UNSIGNED_INT; texture coordinates must be FLOAT, or normalized UNSIGNED_BYTE or UNSIGNED_SHORT/,
    ],
    [
      'a TEXCOORD_0 of bytes not normalized',
      (j) => void Object.assign(j.accessors[2], { componentType: 5121 }),
      /^x\.glb: meshes\[0\]\.primitives\[0\]\.attributes\.TEXCOORD_0: accessor 2 has componentType UNSIGNED_BYTE; texture coordinates must be FLOAT, or normalized/,
    ],
    [
      'a TEXCOORD_0 past its bufferView',
      (j) => void (j.accessors[2].byteOffset = 8),
      /^x\.glb: accessors\[2\] \(3 elements\) runs past the end of bufferView 2 \(24 bytes\)$/,
    ],
    [
      'a TEXCOORD_0 accessor out of range',
      (j) => void (j.meshes[0].primitives[0].attributes.TEXCOORD_0 = 7),
      /^x\.glb: meshes\[0\]\.primitives\[0\]\.attributes\.TEXCOORD_0: accessor 7 does not exist \(3 accessors\)$/,
    ],
  ])('%s', async (_name, mutate, message) => {
    await refused(mutate, message);
  });

  it('reads no image before the pixels its header announces are counted', async () => {
    const huge = png(1, 1);
    new DataView(huge.buffer).setUint32(16, 100_000); // width in IHDR
    new DataView(huge.buffer).setUint32(20, 100_000);
    const { json, body } = textured();
    json.images = [{ uri: 'huge.png' }];
    const { decode, calls } = recordingDecoder();
    const error = await outcome('x.glb', glb(json, body), { textures: decode, read: async () => huge });
    expect((error as MeshError).message).toBe(
      `x.glb: images[0]: 100000 x 100000 pixels; a texture image is limited to ${LIMITS.gltfTextureSide} pixels a side`,
    );
    expect(calls).toHaveLength(0);
    // Within the side limit, but together over the pixel limit.
    const side = LIMITS.gltfTextureSide;
    const height = Math.floor(LIMITS.gltfTexturePixels / side / 2) + 1;
    expect(height).toBeLessThanOrEqual(side);
    const big = png(1, 1);
    new DataView(big.buffer).setUint32(16, side);
    new DataView(big.buffer).setUint32(20, height);
    json.images = [{ uri: 'a.png' }, { uri: 'b.png' }];
    json.textures.push({ source: 1 });
    json.materials[0].emissiveTexture = { index: 1 };
    const again = await outcome('x.glb', glb(json, body), { textures: decode, read: async () => big });
    expect((again as MeshError).message).toBe(
      `x.glb: images[1]: the texture images hold ${2 * side * height} pixels together, more than the limit of ${LIMITS.gltfTexturePixels}`,
    );
    expect(calls).toHaveLength(0);
  });

  it('holds the images a .gltf reads to the size of one mesh file, with its buffers', async () => {
    const { json, body } = textured();
    json.images = [{ uri: 'big.png' }];
    const big = { byteLength: LIMITS.meshFileBytes } as Uint8Array;
    const error = await outcome('x.glb', glb(json, body), { read: async () => big });
    expect((error as MeshError).message).toBe(
      `x.glb: images[0]: the buffers and images of the file hold more than ${LIMITS.meshFileBytes} bytes together (the limit of one mesh file)`,
    );
  });

  it('names an image the decoder cannot decode, and one that decodes to another size', async () => {
    await refused(() => {}, /^x\.glb: images\[0\]: the image\/png data cannot be decoded \(bad data\)$/, {
      textures: () => Promise.reject(new Error('bad data')),
    });
    await refused(() => {}, /^x\.glb: images\[0\]: decoded to 3 x 2 pixels; its header says 2 x 2$/, {
      textures: async () => ({ width: 3, height: 2 }),
    });
  });

  it('counts each texture among the objects the default scene builds', async () => {
    const limit = LIMITS.gltfObjects;
    await refused(
      (j) => {
        // limit / 2 nodes of one primitive each, plus a handful of textures: over the limit only with the textures counted.
        for (let i = 1; i < limit / 2; i++) j.nodes.push({ mesh: 0 });
        j.scenes[0].nodes = j.nodes.map((_: unknown, i: number) => i);
        for (let i = 0; i < 4; i++) j.textures.push({ source: 0 });
        Object.assign(j.materials[0], { normalTexture: { index: 1 }, emissiveTexture: { index: 2 }, occlusionTexture: { index: 3 } });
      },
      new RegExp(`the default scene builds more than ${limit} objects`),
    );
  });
});
