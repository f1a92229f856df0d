/**
 * Structural checks of a glTF 2.0 asset before three's GLTFLoader sees it: the GLB container,
 * the JSON, every buffer resolved (GLB body, data: URI or a file next to the asset), every
 * buffer view and accessor inside its buffer, primitive modes, and the triangle count (from
 * accessor counts, before any geometry is allocated). Each failure names the problem; the
 * caller prefixes the file name.
 */

/** GLB header magic 'glTF' and chunk types 'JSON', 'BIN\0' (little-endian uint32). */
const GLB_MAGIC = 0x46546c67;
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;

/** Reads a file a .gltf references (its URI, percent-decoded); null when it does not exist. */
export type ResourceReader = (uri: string) => Promise<Uint8Array | null>;

/** A glTF asset whose buffers are all in memory. */
export interface CheckedGltf {
  json: GltfJson;
  /** buffers[i] holds json.buffers[i] (empty for a meshopt fallback buffer). */
  buffers: Uint8Array[];
  /** Triangles the scene will instantiate (every node instance of every triangle primitive). */
  triangles: number;
}

/** The parts of the glTF JSON these checks read. */
interface GltfJson {
  asset?: { version?: unknown };
  buffers?: { uri?: unknown; byteLength?: unknown; extensions?: Record<string, { fallback?: boolean }> }[];
  bufferViews?: { buffer?: unknown; byteOffset?: unknown; byteLength?: unknown; byteStride?: unknown; extensions?: Record<string, { buffer?: unknown; byteOffset?: unknown; byteLength?: unknown }> }[];
  accessors?: { bufferView?: unknown; byteOffset?: unknown; count?: unknown; componentType?: unknown; type?: unknown }[];
  meshes?: { primitives?: { attributes?: Record<string, unknown>; indices?: unknown; mode?: unknown; extensions?: Record<string, unknown> }[] }[];
  nodes?: { mesh?: unknown; children?: unknown }[];
  scenes?: { nodes?: unknown }[];
  scene?: unknown;
  [key: string]: unknown;
}

/** A problem with a mesh file; its message is the problem alone (the caller adds the file name). */
export class FormatProblem extends Error {}

const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const TYPE_COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };
const MODE_NAMES = ['POINTS', 'LINES', 'LINE_LOOP', 'LINE_STRIP'];

const isIndex = (v: unknown, length: number): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) < length;
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

/** Splits a GLB file into its JSON text and binary body. */
export function readGlb(bytes: Uint8Array): { json: string; body: Uint8Array | null } {
  if (bytes.byteLength < 12) throw new FormatProblem(`not a GLB file: ${bytes.byteLength} bytes is shorter than the 12-byte header`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = view.getUint32(0, true);
  if (magic !== GLB_MAGIC) throw new FormatProblem(`not a GLB file: wrong magic 0x${magic.toString(16).padStart(8, '0')} (expected 'glTF')`);
  const version = view.getUint32(4, true);
  if (version !== 2) throw new FormatProblem(`unsupported GLB version ${version} (expected 2)`);
  const length = view.getUint32(8, true);
  if (length > bytes.byteLength) throw new FormatProblem(`truncated: the GLB header says ${length} bytes, the file has ${bytes.byteLength}`);
  let json: string | null = null;
  let body: Uint8Array | null = null;
  let at = 12;
  while (at < length) {
    if (at + 8 > length) throw new FormatProblem(`truncated: chunk header at byte ${at} runs past the end (${length} bytes)`);
    const chunkLength = view.getUint32(at, true);
    const type = view.getUint32(at + 4, true);
    const start = at + 8;
    if (start + chunkLength > length) throw new FormatProblem(`truncated: chunk at byte ${at} says ${chunkLength} bytes, only ${length - start} remain`);
    const data = bytes.subarray(start, start + chunkLength);
    if (at === 12 && type !== CHUNK_JSON) throw new FormatProblem('the first GLB chunk is not JSON');
    if (type === CHUNK_JSON && json === null) json = new TextDecoder().decode(data);
    else if (type === CHUNK_BIN && body === null) body = data;
    at = start + chunkLength;
  }
  if (json === null) throw new FormatProblem('the GLB file has no JSON chunk');
  return { json, body };
}

/** The bytes of a base64 payload (the part of a data: URI after the comma); null when it is not base64. */
export function base64Bytes(payload: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) return null;
  const bin = atob(payload);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Decodes a data: URI; null when `uri` is not a data: URI. */
function dataUri(uri: string): Uint8Array | null {
  const m = /^data:[^,]*?(;base64)?,/.exec(uri);
  if (m === null) return null;
  const payload = uri.slice(m[0].length);
  if (!m[1]) return new TextEncoder().encode(decodeURIComponent(payload));
  const bytes = base64Bytes(payload);
  if (bytes === null) throw new FormatProblem('a data: URI is not valid base64');
  return bytes;
}

/**
 * Parses and checks a glTF asset (`glb` true for a GLB container) and resolves its buffers.
 * `maxTriangles` is checked on the accessor counts before anything is decoded.
 */
export async function checkGltf(bytes: Uint8Array, glb: boolean, read: ResourceReader | undefined, maxTriangles: number): Promise<CheckedGltf> {
  const { json: text, body } = glb ? readGlb(bytes) : { json: new TextDecoder().decode(bytes), body: null };
  let json: GltfJson;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new FormatProblem(`the glTF JSON does not parse (${(e as Error).message})`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new FormatProblem('the glTF JSON is not an object');
  const version = json.asset?.version;
  if (typeof version !== 'string' || !version.startsWith('2.')) throw new FormatProblem(`asset.version is ${JSON.stringify(version)}; only glTF 2.x is supported`);

  const buffers: Uint8Array[] = [];
  const bufferDefs = json.buffers ?? [];
  for (let i = 0; i < bufferDefs.length; i++) {
    const b = bufferDefs[i];
    if (!isCount(b.byteLength)) throw new FormatProblem(`buffers[${i}].byteLength is not a count`);
    let data: Uint8Array | null;
    if (b.extensions?.EXT_meshopt_compression?.fallback === true && b.uri === undefined) {
      data = new Uint8Array(0); // placeholder: only compressed views refer to it
    } else if (b.uri === undefined) {
      if (i !== 0 || body === null) throw new FormatProblem(`missing buffer ${i}: it has no uri and there is no GLB binary chunk`);
      data = body;
    } else if (typeof b.uri !== 'string') {
      throw new FormatProblem(`buffers[${i}].uri is not a string`);
    } else {
      data = dataUri(b.uri);
      if (data === null) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(b.uri) || b.uri.startsWith('/')) throw new FormatProblem(`buffer '${b.uri}' is not a relative path or a data: URI`);
        let path: string;
        try {
          path = decodeURIComponent(b.uri);
        } catch {
          throw new FormatProblem(`buffer uri '${b.uri}' is not valid percent-encoding`);
        }
        data = read ? await read(path) : null;
        if (data === null) throw new FormatProblem(`missing buffer '${path}'`);
      }
    }
    if (data.byteLength < b.byteLength && !(b.extensions?.EXT_meshopt_compression?.fallback)) {
      throw new FormatProblem(`buffer ${i} is truncated: ${data.byteLength} bytes, byteLength says ${b.byteLength}`);
    }
    buffers.push(data);
  }

  const views = json.bufferViews ?? [];
  views.forEach((v, i) => {
    const check = (buffer: unknown, offset: unknown, length: unknown, what: string) => {
      if (!isIndex(buffer, buffers.length)) throw new FormatProblem(`${what} refers to buffer ${String(buffer)}, which does not exist`);
      const o = offset ?? 0;
      if (!isCount(o) || !isCount(length)) throw new FormatProblem(`${what} has a bad byteOffset or byteLength`);
      const isFallback = bufferDefs[buffer].extensions?.EXT_meshopt_compression?.fallback === true;
      const size = isFallback ? (bufferDefs[buffer].byteLength as number) : buffers[buffer].byteLength;
      if (o + length > size) throw new FormatProblem(`${what} (bytes ${o}..${o + length}) runs past the end of buffer ${buffer} (${size} bytes)`);
    };
    check(v.buffer, v.byteOffset, v.byteLength, `bufferViews[${i}]`);
    const m = v.extensions?.EXT_meshopt_compression;
    if (m) check(m.buffer, m.byteOffset, m.byteLength, `bufferViews[${i}] (EXT_meshopt_compression)`);
  });

  const accessors = json.accessors ?? [];
  accessors.forEach((a, i) => {
    if (!isCount(a.count)) throw new FormatProblem(`accessors[${i}].count is not a count`);
    const size = COMPONENT_BYTES[a.componentType as number], comps = TYPE_COMPONENTS[a.type as string];
    if (size === undefined || comps === undefined) throw new FormatProblem(`accessors[${i}] has an unknown componentType or type`);
    if (a.bufferView === undefined) return; // zeros, or decoded from an extension (Draco)
    if (!isIndex(a.bufferView, views.length)) throw new FormatProblem(`accessors[${i}] refers to bufferView ${String(a.bufferView)}, which does not exist`);
    const view = views[a.bufferView];
    const offset = a.byteOffset ?? 0;
    if (!isCount(offset)) throw new FormatProblem(`accessors[${i}].byteOffset is not a count`);
    const element = size * comps;
    const stride = isCount(view.byteStride) && view.byteStride > 0 ? view.byteStride : element;
    const end = a.count === 0 ? offset : offset + stride * (a.count - 1) + element;
    if (end > (view.byteLength as number)) throw new FormatProblem(`accessors[${i}] (${a.count} elements) runs past the end of bufferView ${a.bufferView} (${String(view.byteLength)} bytes)`);
  });

  // Triangles per mesh, then per node instance.
  const meshes = json.meshes ?? [];
  const meshTriangles = meshes.map((mesh, m) => {
    let sum = 0;
    (mesh.primitives ?? []).forEach((p, k) => {
      const mode = p.mode ?? 4;
      const where = `meshes[${m}].primitives[${k}]`;
      if (typeof mode !== 'number' || !Number.isInteger(mode) || mode < 0 || mode > 6) throw new FormatProblem(`${where} has unknown mode ${String(mode)}`);
      if (mode < 4) throw new FormatProblem(`${where} is not made of triangles (mode ${MODE_NAMES[mode]})`);
      const position = p.attributes?.POSITION;
      if (!isIndex(position, accessors.length)) throw new FormatProblem(`${where} has no POSITION accessor`);
      let count = accessors[position].count as number;
      if (p.indices !== undefined) {
        if (!isIndex(p.indices, accessors.length)) throw new FormatProblem(`${where} refers to index accessor ${String(p.indices)}, which does not exist`);
        count = accessors[p.indices].count as number;
      }
      sum += mode === 4 ? Math.floor(count / 3) : Math.max(0, count - 2);
    });
    return sum;
  });
  const nodes = json.nodes ?? [];
  let triangles = 0;
  const visit = (n: unknown, depth: number): void => {
    if (!isIndex(n, nodes.length)) throw new FormatProblem(`a scene refers to node ${String(n)}, which does not exist`);
    if (depth > 256) throw new FormatProblem('the node hierarchy is deeper than 256 levels (a cycle?)');
    const node = nodes[n];
    if (node.mesh !== undefined) {
      if (!isIndex(node.mesh, meshes.length)) throw new FormatProblem(`nodes[${n}] refers to mesh ${String(node.mesh)}, which does not exist`);
      triangles += meshTriangles[node.mesh];
      if (triangles > maxTriangles) throw new FormatProblem(`more than ${maxTriangles} triangles (the import limit)`);
    }
    if (Array.isArray(node.children)) for (const c of node.children) visit(c, depth + 1);
  };
  const scenes = json.scenes ?? [];
  const sceneIndex = json.scene ?? 0;
  if (scenes.length > 0) {
    if (!isIndex(sceneIndex, scenes.length)) throw new FormatProblem(`scene ${String(sceneIndex)} does not exist`);
    const roots = scenes[sceneIndex].nodes;
    if (Array.isArray(roots)) for (const n of roots) visit(n, 0);
  }
  return { json, buffers, triangles };
}
