import { quote } from '../core/text.ts';
import { LIMITS, scanJson } from '../core/limits.ts';
import type { DracoCounts } from './dracoDecode.ts';
import { FormatProblem } from './formatProblem.ts';
import { array, count, dataUri, isObject, objects, shown, type JsonObject } from './gltfFields.ts';
import { GeometryTables } from './gltfGeometry.ts';
import { MeshTables } from './gltfMeshes.ts';
import { checkNodes } from './gltfScenes.ts';
import { TextureTables, type CheckedImage, type ResourceReader } from './gltfTextures.ts';

export { FormatProblem } from './formatProblem.ts';
export { base64Bytes } from './gltfFields.ts';
export type { CheckedImage, ResourceReader } from './gltfTextures.ts';

/**
 * Checks of a glTF 2.0 asset before three's GLTFLoader sees it, and the JSON the loader gets
 * instead of the file's: the GLB container, the JSON's nesting depth (before it is parsed),
 * the extensions it requires, every buffer resolved (GLB body, data: URI or a file next to the
 * asset), the node hierarchy of every scene (gltfScenes.ts), then what the default scene
 * builds: its nodes, meshes and materials (gltfMeshes.ts), their textures when asked for
 * (gltfTextures.ts), accessors and buffer views (gltfGeometry.ts), renumbered into a new JSON that holds nothing unchecked. The triangles of
 * every instance and the bytes the loader will allocate are counted before anything is
 * decoded. Each failure names the field and the problem; the caller prefixes the file name.
 */

/** GLB header magic 'glTF' and chunk types 'JSON', 'BIN\0' (little-endian uint32). */
const GLB_MAGIC = 0x46546c67;
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;

/** A checked glTF asset: the JSON for the loader and the bytes of its buffer views and buffers. */
export interface CheckedGltf {
  /** Only checked entries, renumbered: one scene (the default), its nodes, meshes, materials, accessors and views. */
  json: JsonObject;
  /** The bytes of `json.bufferViews[k]` (a fresh copy each call). */
  viewBytes(k: number): ArrayBuffer;
  /** The bytes of `json.buffers[k]` (k >= 1: compressed data that meshopt decodes). */
  bufferBytes(k: number): ArrayBuffer;
  /** Triangles the default scene builds (every node instance of every triangle primitive). */
  triangles: number;
  /** Whether a built primitive is Draco-compressed. */
  usesDraco: boolean;
  /** What the Draco data in `json.bufferViews[k]` may decode to, for each view with Draco data. */
  dracoCounts: ReadonlyMap<number, DracoCounts>;
  /** The image of `json.images[k]`, checked and not yet decoded; null when its data is not there (its textures are left out). */
  images: readonly (CheckedImage | null)[];
}

/** Extensions navlab reads, and those it may ignore since they only change looks (materials, textures, lights) or metadata. */
const READ = ['KHR_draco_mesh_compression', 'EXT_meshopt_compression', 'KHR_meshopt_compression', 'KHR_mesh_quantization'];
const IGNORED =
  /^(KHR_materials_|EXT_materials_|KHR_texture_|EXT_texture_|KHR_lights_punctual$|EXT_lights_image_based$|KHR_xmp|KHR_animation_pointer$)/;
const MESHOPT = ['EXT_meshopt_compression', 'KHR_meshopt_compression'];

/** Splits a GLB file into its JSON text and binary body. */
export function readGlb(bytes: Uint8Array): { json: string; body: Uint8Array | null } {
  if (bytes.byteLength < 12) throw new FormatProblem(`not a GLB file: ${bytes.byteLength} bytes is shorter than the 12-byte header`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = view.getUint32(0, true);
  if (magic !== GLB_MAGIC)
    throw new FormatProblem(`not a GLB file: wrong magic 0x${magic.toString(16).padStart(8, '0')} (expected 'glTF')`);
  const version = view.getUint32(4, true);
  if (version !== 2) throw new FormatProblem(`unsupported GLB version ${version} (expected 2)`);
  const length = view.getUint32(8, true);
  if (length > bytes.byteLength)
    throw new FormatProblem(`truncated: the GLB header says ${length} bytes, the file has ${bytes.byteLength}`);
  let json: string | null = null;
  let body: Uint8Array | null = null;
  let at = 12;
  while (at < length) {
    if (at + 8 > length) throw new FormatProblem(`truncated: chunk header at byte ${at} runs past the end (${length} bytes)`);
    const chunkLength = view.getUint32(at, true);
    const type = view.getUint32(at + 4, true);
    const start = at + 8;
    if (start + chunkLength > length)
      throw new FormatProblem(`truncated: chunk at byte ${at} says ${chunkLength} bytes, only ${length - start} remain`);
    const data = bytes.subarray(start, start + chunkLength);
    if (at === 12 && type !== CHUNK_JSON) throw new FormatProblem('the first GLB chunk is not JSON');
    if (type === CHUNK_JSON && json === null) json = new TextDecoder().decode(data);
    else if (type === CHUNK_BIN && body === null) body = data;
    at = start + chunkLength;
  }
  if (json === null) throw new FormatProblem('the GLB file has no JSON chunk');
  return { json, body };
}

/**
 * Parses and checks a glTF asset (`glb` true for a GLB container), resolves its buffers and
 * builds the loader's JSON. `maxTriangles` is checked on the accessor counts of every instance
 * before anything is decoded. `textures` false reads no texture, image or sampler field (the
 * materials keep their factors); true checks those the built materials use and reads their images.
 */
export async function checkGltf(
  bytes: Uint8Array,
  glb: boolean,
  read: ResourceReader | undefined,
  maxTriangles: number,
  textures = false,
): Promise<CheckedGltf> {
  const { json: text, body } = glb ? readGlb(bytes) : { json: new TextDecoder().decode(bytes), body: null };
  // JSON.parse and every later walk of the value may recurse: the depth is bounded first.
  const counts = scanJson(text, LIMITS.jsonDepth);
  if (counts.depth > LIMITS.jsonDepth) throw new FormatProblem(`the glTF JSON nests deeper than ${LIMITS.jsonDepth} levels`);
  // So is what JSON.parse would allocate (a GLB's JSON chunk may take most of a 256 MiB file).
  if (counts.containers > LIMITS.gltfJsonContainers)
    throw new FormatProblem(
      `the glTF JSON holds ${counts.containers} objects and arrays, more than the limit of ${LIMITS.gltfJsonContainers}`,
    );
  if (counts.values > LIMITS.gltfJsonValues)
    throw new FormatProblem(`the glTF JSON holds about ${counts.values} values, more than the limit of ${LIMITS.gltfJsonValues}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new FormatProblem(`the glTF JSON does not parse (${(e as Error).message})`);
  }
  if (!isObject(parsed)) throw new FormatProblem('the glTF JSON is not an object');
  const json = parsed;
  const version = isObject(json.asset) ? json.asset.version : undefined;
  if (typeof version !== 'string' || !version.startsWith('2.'))
    throw new FormatProblem(`asset.version is ${shown(version)}; only glTF 2.x is supported`);
  const used = strings(json.extensionsUsed, 'extensionsUsed');
  for (const e of strings(json.extensionsRequired, 'extensionsRequired')) {
    if (!READ.includes(e) && !IGNORED.test(e))
      throw new FormatProblem(`extensionsRequired: the file requires ${e}, which navlab does not read`);
  }

  const { buffers, lengths, fallback, total } = await resolveBuffers(json, body, read);
  const quantized = used.includes('KHR_mesh_quantization');
  const geometry = new GeometryTables(json, buffers, lengths, fallback);
  const texturing = textures ? new TextureTables(json, geometry, total) : null;
  const meshes = new MeshTables(json, geometry, quantized, texturing);
  const { nodes, built, scene } = checkNodes(json, meshes.meshCount);

  // The built nodes, renumbered in the order built; every instance's triangles counted.
  const out = new Map<number, number>();
  built.forEach((at, k) => out.set(at, k));
  let triangles = 0;
  let objectCount = built.length;
  const outNodes = built.map((at) => {
    const { mesh, children, ...fields } = nodes[at];
    const node: JsonObject = { ...fields };
    if (children.length > 0) node.children = children.map((c) => out.get(c)!);
    const use = mesh === undefined ? null : meshes.mesh(mesh);
    if (use !== null) {
      node.mesh = use.out;
      triangles += use.triangles;
      objectCount += use.objects;
      if (triangles > maxTriangles) throw new FormatProblem(`more than ${maxTriangles} triangles (the import limit)`);
      if (objectCount > LIMITS.gltfObjects)
        throw new FormatProblem(
          `the default scene builds more than ${LIMITS.gltfObjects} objects (nodes and mesh primitives, every instance counted)`,
        );
    }
    return node;
  });
  if (objectCount > LIMITS.gltfObjects)
    throw new FormatProblem(
      `the default scene builds more than ${LIMITS.gltfObjects} objects (nodes and mesh primitives, every instance counted)`,
    );
  if (texturing !== null) {
    objectCount += texturing.objects;
    if (objectCount > LIMITS.gltfObjects)
      throw new FormatProblem(
        `the default scene builds more than ${LIMITS.gltfObjects} objects (nodes, mesh primitives and textures, every instance counted)`,
      );
    await texturing.resolve(read);
  }

  const loaderJson: JsonObject = {
    asset: { version: '2.0' },
    extensionsUsed: [
      ...(meshes.usesDraco ? ['KHR_draco_mesh_compression'] : []),
      ...(quantized ? ['KHR_mesh_quantization'] : []),
      ...(texturing?.usesTransform ? ['KHR_texture_transform'] : []),
    ],
    scenes:
      scene === null ? [] : [{ ...(scene.name !== undefined ? { name: scene.name } : {}), nodes: scene.roots.map((r) => out.get(r)!) }],
    nodes: outNodes,
    meshes: meshes.meshes,
    materials: meshes.materials,
    accessors: geometry.accessors,
    bufferViews: geometry.bufferViews,
    buffers: geometry.buffers,
  };
  if (texturing !== null)
    Object.assign(loaderJson, {
      textures: texturing.textures,
      samplers: texturing.samplers,
      images: texturing.images.map((image) => (image === null ? {} : { mimeType: image.mimeType })),
    });
  if (scene !== null) loaderJson.scene = 0;
  return {
    json: loaderJson,
    viewBytes: (k) => geometry.viewBytes(k),
    bufferBytes: (k) => geometry.bufferBytes(k),
    triangles,
    usesDraco: meshes.usesDraco,
    dracoCounts: meshes.dracoCounts,
    images: texturing?.images ?? [],
  };
}

/** `v` as a list of strings (undefined: none). */
function strings(v: unknown, path: string): string[] {
  const list = array(v, path);
  list.forEach((s, i) => {
    if (typeof s !== 'string') throw new FormatProblem(`${path}[${i}]: expected a string, got ${shown(s)}`);
  });
  return list as string[];
}

/**
 * Every buffer's bytes: the GLB body, a data: URI or a file read through `read` (a meshopt
 * fallback buffer has none: its `lengths` entry is its declared byteLength). All of them
 * together are held to LIMITS.meshFileBytes, like one mesh file.
 */
async function resolveBuffers(
  json: JsonObject,
  body: Uint8Array | null,
  read: ResourceReader | undefined,
): Promise<{ buffers: Uint8Array[]; lengths: number[]; fallback: boolean[]; total: number }> {
  const buffers: Uint8Array[] = [];
  const lengths: number[] = [];
  const fallback: boolean[] = [];
  let total = 0;
  const defs = objects(json, 'buffers');
  for (let i = 0; i < defs.length; i++) {
    const b = defs[i];
    const byteLength = count(b.byteLength, `buffers[${i}].byteLength`);
    const extensions = isObject(b.extensions) ? b.extensions : {};
    const isFallback = b.uri === undefined && MESHOPT.some((n) => isObject(extensions[n]) && extensions[n].fallback === true);
    let data: Uint8Array | null;
    if (isFallback) {
      data = new Uint8Array(0); // placeholder: only compressed views refer to it
    } else if (b.uri === undefined) {
      if (i !== 0 || body === null) throw new FormatProblem(`missing buffer ${i}: it has no uri and there is no GLB binary chunk`);
      data = body;
    } else if (typeof b.uri !== 'string') {
      throw new FormatProblem(`buffers[${i}].uri: expected a string, got ${shown(b.uri)}`);
    } else {
      data = dataUri(b.uri);
      if (data === null) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(b.uri) || b.uri.startsWith('/'))
          throw new FormatProblem(`buffer ${quote(b.uri)} is not a relative path or a data: URI`);
        let path: string;
        try {
          path = decodeURIComponent(b.uri);
        } catch {
          throw new FormatProblem(`buffer uri ${quote(b.uri)} is not valid percent-encoding`);
        }
        data = read ? await read(path) : null;
        if (data === null) throw new FormatProblem(`missing buffer ${quote(path, 200)}`);
      }
    }
    if (!isFallback && data.byteLength < byteLength)
      throw new FormatProblem(`buffer ${i} is truncated: ${data.byteLength} bytes, byteLength says ${byteLength}`);
    total += data.byteLength;
    if (total > LIMITS.meshFileBytes)
      throw new FormatProblem(`the buffers of the file hold more than ${LIMITS.meshFileBytes} bytes together (the limit of one mesh file)`);
    buffers.push(data);
    lengths.push(isFallback ? byteLength : data.byteLength);
    fallback.push(isFallback);
  }
  return { buffers, lengths, fallback, total };
}
