import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BufferAttribute, BufferGeometry } from 'three';
import { DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import type { SceneDocument } from '../scene/index.ts';
import { importMesh, MESH_LIMITS, MeshError, type ImportedMesh, type MeshImportOptions } from '../three/meshImport.ts';
import { loadSceneMeshes } from '../three/sceneMeshes.ts';

/** Bytes of a file, refusing (before reading) one over MESH_LIMITS.fileBytes; null when absent. */
function readLimited(path: string, label: string): Uint8Array | null {
  let size: number;
  try {
    const st = statSync(path);
    if (!st.isFile()) throw new MeshError(label, 'is not a file');
    size = st.size;
  } catch (e) {
    if (e instanceof MeshError) throw e;
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new MeshError(label, `cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (size > MESH_LIMITS.fileBytes) throw new MeshError(label, `${size} bytes exceeds the limit of ${MESH_LIMITS.fileBytes} bytes`);
  const b = readFileSync(path);
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

/**
 * Reads and imports a mesh file from disk. Buffers a .gltf references are read from its
 * folder (and only from there or below: `../` out of it is refused). Throws MeshError.
 */
export async function readMeshFile(file: string): Promise<ImportedMesh> {
  const bytes = readLimited(file, file);
  if (bytes === null) throw new MeshError(file, 'no such file');
  return importMesh(file, bytes, { draco: await nodeDracoLoader(), read: siblingReader(file) });
}

/** Reads the files a .gltf at `file` references, from its folder or below. */
function siblingReader(file: string): MeshImportOptions['read'] {
  const folder = dirname(resolve(file));
  return async (uri) => {
    const path = resolve(folder, uri);
    if (relative(folder, path).startsWith('..')) throw new MeshError(file, `buffer '${uri}' lies outside the file's folder`);
    return readLimited(path, `${file}: buffer '${uri}'`);
  };
}

/** The mesh files of a scene read from disk, paths relative to `sceneFile`. Throws MeshError. */
export async function readSceneMeshes(doc: SceneDocument, sceneFile: string): Promise<Map<string, ImportedMesh>> {
  if ((doc.meshes ?? []).length === 0) return new Map();
  const folder = dirname(resolve(sceneFile));
  return loadSceneMeshes(doc, async (src) => {
    const path = resolve(folder, src);
    const bytes = readLimited(path, src);
    return bytes === null ? null : { bytes, read: siblingReader(path) };
  }, { draco: await nodeDracoLoader() });
}

/** The emscripten module of three's Draco glTF decoder (the subset used here). */
interface DracoModule {
  Decoder: new () => DracoObject & {
    GetEncodedGeometryType(b: DracoObject): number;
    DecodeBufferToMesh(b: DracoObject, m: DracoObject): DracoObject & { ok(): boolean; error_msg(): string };
    GetAttributeByUniqueId(m: DracoObject, id: number): DracoObject & { num_components(): number };
    GetAttributeDataArrayForAllPoints(m: DracoObject, a: DracoObject, type: number, bytes: number, ptr: number): boolean;
    GetTrianglesUInt32Array(m: DracoObject, bytes: number, ptr: number): boolean;
  };
  DecoderBuffer: new () => DracoObject & { Init(data: Int8Array, length: number): void };
  Mesh: new () => DracoObject & { ptr: number; num_faces(): number; num_points(): number };
  TRIANGULAR_MESH: number;
  DT_FLOAT32: number;
  HEAPU8: Uint8Array;
  _malloc(bytes: number): number;
  _free(ptr: number): void;
  destroy(o: DracoObject): void;
}
type DracoObject = object;

let _draco: Promise<DracoModule> | null = null;

/**
 * three's glTF Draco decoder (examples/jsm/libs/draco/gltf/draco_decoder.js, the asm.js
 * build) in this process: DRACOLoader would start Web Workers, which Node does not have.
 * The script is an emscripten module that expects CommonJS `require` and `__dirname`.
 */
function dracoModule(): Promise<DracoModule> {
  _draco ??= (async () => {
    const path = fileURLToPath(import.meta.resolve('three/examples/jsm/libs/draco/gltf/draco_decoder.js'));
    const source = readFileSync(path, 'utf8');
    const factory = new Function('require', '__dirname', `${source}\nreturn DracoDecoderModule;`)(createRequire(path), dirname(path)) as (o: object) => Promise<DracoModule>;
    return factory({});
  })();
  return _draco;
}

/** A DRACOLoader that decodes positions and triangles in this thread (enough for navigation geometry). */
class NodeDracoLoader extends DRACOLoader {
  constructor(private readonly draco: DracoModule) {
    super();
  }

  /** The module is already loaded: nothing to fetch, no workers to start. */
  override preload(): this {
    return this;
  }

  // Not in the type declarations, but what decodeDracoFile (and so GLTFLoader) calls.
  decodeGeometry(buffer: ArrayBuffer, taskConfig: { attributeIDs: Record<string, number | string>; useUniqueIDs: boolean }): Promise<BufferGeometry> {
    try {
      return Promise.resolve(decodeDraco(this.draco, new Int8Array(buffer), taskConfig.attributeIDs.position));
    } catch (e) {
      return Promise.reject(e);
    }
  }
}

function decodeDraco(draco: DracoModule, data: Int8Array, positionId: number | string): BufferGeometry {
  if (typeof positionId !== 'number') throw new Error('Draco: the primitive names no POSITION attribute id');
  const decoder = new draco.Decoder();
  const input = new draco.DecoderBuffer();
  const mesh = new draco.Mesh();
  try {
    input.Init(data, data.length);
    if (decoder.GetEncodedGeometryType(input) !== draco.TRIANGULAR_MESH) throw new Error('Draco data is not a triangle mesh');
    const status = decoder.DecodeBufferToMesh(input, mesh);
    const ok = status.ok() && mesh.ptr !== 0;
    const message = ok ? '' : status.error_msg();
    draco.destroy(status);
    if (!ok) throw new Error(`Draco decoding failed: ${message}`);
    const attribute = decoder.GetAttributeByUniqueId(mesh, positionId);
    if (attribute === null || (attribute as { ptr?: number }).ptr === 0 || attribute.num_components() !== 3) throw new Error(`Draco data has no 3-component attribute ${positionId} for POSITION`);
    const points = mesh.num_points();
    const faces = mesh.num_faces();
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(copyOut(draco, 12 * points, (ptr, bytes) => decoder.GetAttributeDataArrayForAllPoints(mesh, attribute, draco.DT_FLOAT32, bytes, ptr), Float32Array), 3));
    geometry.setIndex(new BufferAttribute(copyOut(draco, 12 * faces, (ptr, bytes) => decoder.GetTrianglesUInt32Array(mesh, bytes, ptr), Uint32Array), 1));
    return geometry;
  } finally {
    draco.destroy(mesh);
    draco.destroy(input);
    draco.destroy(decoder);
  }
}

/** Lets the decoder write `bytes` into its heap and copies them out as a typed array. */
function copyOut<T extends Float32Array | Uint32Array>(draco: DracoModule, bytes: number, fill: (ptr: number, bytes: number) => boolean, Type: new (b: ArrayBuffer) => T): T {
  const ptr = draco._malloc(bytes);
  try {
    if (!fill(ptr, bytes)) throw new Error('Draco: cannot read the decoded data');
    return new Type(draco.HEAPU8.slice(ptr, ptr + bytes).buffer);
  } finally {
    draco._free(ptr);
  }
}

let _loader: Promise<NodeDracoLoader> | null = null;

/** The process's Node Draco loader (the decoder module loads once). */
export function nodeDracoLoader(): Promise<NodeDracoLoader> {
  _loader ??= dracoModule().then((m) => new NodeDracoLoader(m));
  return _loader;
}

