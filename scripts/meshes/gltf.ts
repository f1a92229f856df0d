/**
 * A small glTF 2.0 writer for fixtures and example levels: indexed triangle meshes (optionally
 * Draco- or meshopt-compressed by the caller), nodes with transforms, written as a GLB
 * container or as .gltf JSON with an external or embedded (data: URI) buffer. Writing the
 * container directly avoids GLTFExporter, which needs the browser's FileReader.
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

  mesh(primitives: Record<string, unknown>[], name?: string): number {
    return this.json.meshes.push({ name, primitives }) - 1;
  }

  /** Adds a node; `root` puts it in the default scene. */
  node(node: GltfNode, root = true): number {
    const i = this.json.nodes.push(node) - 1;
    if (root) ((this.json.scenes[0] as { nodes: number[] }).nodes).push(i);
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
    for (const k of ['materials', 'accessors', 'bufferViews', 'meshes', 'nodes', 'buffers'] as const) if ((json as Record<string, unknown[]>)[k].length === 0) delete (json as Record<string, unknown>)[k];
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
  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  // Bounds of the finite values: a fixture with a NaN vertex still has numbers here, as glTF requires.
  for (let i = 0; i < positions.length; i++) {
    if (!Number.isFinite(positions[i])) continue;
    min[i % 3] = Math.min(min[i % 3], positions[i]);
    max[i % 3] = Math.max(max[i % 3], positions[i]);
  }
  return { min, max };
}
