/**
 * A small glTF 2.0 writer for fixtures and example levels: indexed triangle meshes (optionally
 * Draco- or meshopt-compressed by the caller), texture coordinates, textures with their images
 * and samplers, nodes with transforms, written as a GLB container or as .gltf JSON with an
 * external or embedded (data: URI) buffer. Writing the container directly avoids GLTFExporter,
 * which needs the browser's FileReader.
 */

export interface GltfNode {
  name?: string;
  mesh?: number;
  translation?: [number, number, number];
  rotation?: [number, number, number, number];
  scale?: [number, number, number];
  children?: number[];
}

/** Accumulates JSON and one binary body; every view is 4-byte aligned. */
export class GltfBuilder {
  readonly json: Record<string, unknown[]> & { asset: unknown; extensionsUsed?: string[]; extensionsRequired?: string[] } = {
    asset: { version: '2.0', generator: 'navlab scripts/meshes/gltf.ts' },
    scenes: [{ nodes: [] }],
    nodes: [],
    meshes: [],
    materials: [],
    textures: [],
    images: [],
    samplers: [],
    accessors: [],
    bufferViews: [],
    buffers: [],
  } as never;
  private chunks: Uint8Array[] = [];
  private length = 0;

  /** Appends bytes to the body; returns their offset. */
  append(bytes: Uint8Array): number {
    const offset = this.length;
    this.chunks.push(bytes);
    this.length += bytes.byteLength;
    const pad = (4 - (this.length % 4)) % 4;
    if (pad > 0) {
      this.chunks.push(new Uint8Array(pad));
      this.length += pad;
    }
    return offset;
  }

  bufferView(bytes: Uint8Array, extra: Record<string, unknown> = {}): number {
    const byteOffset = this.append(bytes);
    return this.json.bufferViews.push({ buffer: 0, byteOffset, byteLength: bytes.byteLength, ...extra }) - 1;
  }

  accessor(def: Record<string, unknown>): number {
    return this.json.accessors.push(def) - 1;
  }

  /** Plain float32 positions and uint32 indices as one primitive's accessors. */
  positionsAndIndices(positions: Float32Array, indices: Uint32Array): { POSITION: number; indices: number } {
    const { min, max } = extent(positions);
    const pv = this.bufferView(bytesOf(positions), { target: 34962 });
    const iv = this.bufferView(bytesOf(indices), { target: 34963 });
    return {
      POSITION: this.accessor({ bufferView: pv, componentType: 5126, count: positions.length / 3, type: 'VEC3', min, max }),
      indices: this.accessor({ bufferView: iv, componentType: 5125, count: indices.length, type: 'SCALAR' }),
    };
  }

  material(color: [number, number, number, number]): number {
    return this.json.materials.push({ pbrMetallicRoughness: { baseColorFactor: color, metallicFactor: 0, roughnessFactor: 0.9 } }) - 1;
  }

  /** Float32 texture coordinates (two numbers a vertex) as a VEC2 accessor. */
  texcoords(uv: Float32Array): number {
    const view = this.bufferView(bytesOf(uv), { target: 34962 });
    return this.accessor({ bufferView: view, componentType: 5126, count: uv.length / 2, type: 'VEC2' });
  }

  /** An image stored in the body (a bufferView with its mimeType); `uri` instead: an image the JSON refers to. */
  image(bytes: Uint8Array, mimeType = 'image/png'): number {
    return this.json.images.push({ bufferView: this.bufferView(bytes), mimeType }) - 1;
  }

  imageUri(uri: string, mimeType?: string): number {
    return this.json.images.push({ uri, ...(mimeType === undefined ? {} : { mimeType }) }) - 1;
  }

  sampler(def: { magFilter?: number; minFilter?: number; wrapS?: number; wrapT?: number }): number {
    return this.json.samplers.push(def) - 1;
  }

  texture(source: number, sampler?: number): number {
    return this.json.textures.push({ source, ...(sampler === undefined ? {} : { sampler }) }) - 1;
  }

  /** A material whose base colour is texture `index`; `extra` adds fields (normalTexture, ...). */
  texturedMaterial(index: number, extra: Record<string, unknown> = {}): number {
    return this.json.materials.push({ pbrMetallicRoughness: { baseColorTexture: { index }, metallicFactor: 0 }, ...extra }) - 1;
  }

  mesh(primitives: Record<string, unknown>[], name?: string): number {
    return this.json.meshes.push({ name, primitives }) - 1;
  }

  /** Adds a node; `root` puts it in the default scene. */
  node(node: GltfNode, root = true): number {
    const i = this.json.nodes.push(node) - 1;
    if (root) (this.json.scenes[0] as { nodes: number[] }).nodes.push(i);
    return i;
  }

  useExtension(name: string, required = true): void {
    (this.json.extensionsUsed ??= []).includes(name) || this.json.extensionsUsed.push(name);
    if (required) (this.json.extensionsRequired ??= []).includes(name) || this.json.extensionsRequired.push(name);
  }

  body(): Uint8Array {
    const out = new Uint8Array(this.length);
    let o = 0;
    for (const c of this.chunks) {
      out.set(c, o);
      o += c.byteLength;
    }
    return out;
  }

  /** The JSON with buffer 0 given by `uri` (undefined: the GLB body), plus any extra buffers. */
  jsonText(uri?: string, extraBuffers: Record<string, unknown>[] = []): string {
    const own = this.length === 0 ? [] : [{ byteLength: this.length, ...(uri === undefined ? {} : { uri }) }];
    const json = { ...this.json, buffers: [...own, ...extraBuffers] };
    for (const k of ['materials', 'textures', 'images', 'samplers', 'accessors', 'bufferViews', 'meshes', 'nodes', 'buffers'] as const)
      if ((json as Record<string, unknown[]>)[k].length === 0) delete (json as Record<string, unknown>)[k];
    return JSON.stringify(json);
  }

  /** A .glb file. */
  glb(extraBuffers: Record<string, unknown>[] = []): Uint8Array {
    return glbContainer(this.jsonText(undefined, extraBuffers), this.body());
  }

  /** A .gltf with its buffer in `binName` (write `body()` there). */
  gltfExternal(binName: string): string {
    return this.jsonText(binName);
  }

  /** A .gltf with its buffer embedded as a base64 data: URI. */
  gltfEmbedded(): string {
    return this.jsonText(`data:application/octet-stream;base64,${Buffer.from(this.body()).toString('base64')}`);
  }
}

/**
 * A unit box whose six faces each show the whole of one texture: 24 vertices with texture
 * coordinates, 12 triangles, a `size` x `size` PNG (a checkerboard of `colours`) in the body,
 * a sampler, and a material reading it as base colour.
 */
export function texturedBox(
  size = 2,
  colours: [number, number, number][] = [
    [200, 40, 40],
    [40, 40, 200],
  ],
): GltfBuilder {
  const b = new GltfBuilder();
  const positions: number[] = [],
    uv: number[] = [],
    indices: number[] = [];
  // Each face: the axis it faces along, the sign, and two axes spanning it.
  for (const [axis, sign] of [
    [0, 1],
    [0, 0],
    [1, 1],
    [1, 0],
    [2, 1],
    [2, 0],
  ]) {
    const u = (axis + 1) % 3,
      v = (axis + 2) % 3;
    const first = positions.length / 3;
    for (const [a, c] of [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ]) {
      const p = [0, 0, 0];
      p[axis] = sign;
      p[u] = a;
      p[v] = c;
      positions.push(...p);
      uv.push(a, c);
    }
    indices.push(first, first + 1, first + 2, first, first + 2, first + 3);
  }
  const rgba = new Uint8Array(4 * size * size);
  for (let i = 0; i < size * size; i++) rgba.set([...colours[((i % size) + Math.floor(i / size)) % colours.length], 255], 4 * i);
  const p = b.positionsAndIndices(new Float32Array(positions), new Uint32Array(indices));
  const texture = b.texture(b.image(png(size, size, rgba)), b.sampler({ magFilter: 9728, minFilter: 9728 }));
  const material = b.texturedMaterial(texture);
  b.mesh([{ attributes: { POSITION: p.POSITION, TEXCOORD_0: b.texcoords(new Float32Array(uv)) }, indices: p.indices, material }], 'box');
  b.node({ mesh: 0 });
  return b;
}

/** GLB container: 12-byte header, JSON chunk padded with spaces, BIN chunk padded with zeros. */
export function glbContainer(jsonText: string, body: Uint8Array): Uint8Array {
  const json = new TextEncoder().encode(jsonText);
  const jsonLength = Math.ceil(json.byteLength / 4) * 4;
  const binLength = Math.ceil(body.byteLength / 4) * 4;
  const total = 12 + 8 + jsonLength + (binLength > 0 ? 8 + binLength : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, 0x4e4f534a, true);
  out.fill(0x20, 20, 20 + jsonLength);
  out.set(json, 20);
  if (binLength > 0) {
    const at = 20 + jsonLength;
    view.setUint32(at, binLength, true);
    view.setUint32(at + 4, 0x004e4942, true);
    out.set(body, at + 8);
  }
  return out;
}

export const bytesOf = (a: ArrayBufferView): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

export function extent(positions: Float32Array): { min: number[]; max: number[] } {
  const min = [Infinity, Infinity, Infinity],
    max = [-Infinity, -Infinity, -Infinity];
  // Bounds of the finite values: a fixture with a NaN vertex still has numbers here, as glTF requires.
  for (let i = 0; i < positions.length; i++) {
    if (!Number.isFinite(positions[i])) continue;
    min[i % 3] = Math.min(min[i % 3], positions[i]);
    max[i % 3] = Math.max(max[i % 3], positions[i]);
  }
  return { min, max };
}

/** CRC-32 (the PNG chunk checksum). */
function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (let i = 0; i < bytes.length; i++) {
    c ^= bytes[i];
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/**
 * An 8-bit RGBA PNG of `width` x `height` pixels (`rgba`: 4 bytes a pixel, row-major; default
 * opaque mid-grey), its image data in stored (uncompressed) deflate blocks: no zlib needed.
 */
export function png(width: number, height: number, rgba?: Uint8Array): Uint8Array {
  const pixels = rgba ?? new Uint8Array(4 * width * height).fill(128);
  // Each row: filter type 0, then the row's bytes.
  const raw = new Uint8Array(height * (1 + 4 * width));
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(4 * width * y, 4 * width * (y + 1)), y * (1 + 4 * width) + 1);
  // zlib: a 2-byte header, stored blocks of at most 65,535 bytes (5-byte headers), Adler-32.
  const count = Math.max(1, Math.ceil(raw.length / 65535));
  const zlib = new Uint8Array(2 + 5 * count + raw.length + 4);
  zlib.set([0x78, 0x01]);
  let at = 2;
  for (let k = 0; k < count; k++) {
    const block = raw.subarray(65535 * k, 65535 * (k + 1));
    const n = block.length;
    zlib.set([k === count - 1 ? 1 : 0, n & 255, n >> 8, ~n & 255, (~n >> 8) & 255], at);
    zlib.set(block, at + 5);
    at += 5 + n;
  }
  let a = 1,
    b = 0;
  for (const v of raw) {
    a = (a + v) % 65521;
    b = (b + a) % 65521;
  }
  new DataView(zlib.buffer).setUint32(at, ((b << 16) | a) >>> 0);
  const chunk = (type: string, data: Uint8Array): Uint8Array => {
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
    out.set(data, 8);
    view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
    return out;
  };
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, width);
  new DataView(ihdr.buffer).setUint32(4, height);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
