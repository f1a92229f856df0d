import { checkBytes, checkFunction, checkObject, checkOneOf, checkOptions, checkString } from '../core/args.ts';
import { NavlabError } from '../core/errors.ts';
import { LIMITS } from '../core/limits.ts';
import { Vector3, type BufferGeometry, type Mesh, type Object3D } from 'three';
import type { DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { FormatProblem, type ResourceReader } from './gltfContainer.ts';
import { shown } from './gltfFields.ts';
import { browserImageDecoder, canDecodeImages, type ImageDecoder } from './gltfImages.ts';
import { loadGltf } from './gltfLoad.ts';
import { loadObj } from './objFormat.ts';
import { loadStl } from './stlFormat.ts';
import type { ImportedMesh } from '../three/importedMesh.ts';

export type { ImportedMesh } from '../three/importedMesh.ts';

export type { ResourceReader } from './gltfContainer.ts';
export type { ImageDecoder } from './gltfImages.ts';
export type { ImageType } from './imageHeader.ts';

/**
 * Limits checked before a mesh file is read or its geometry allocated: file size first, then
 * the triangle count the file announces (glTF accessor counts, STL header or facets, OBJ
 * faces). 5 million triangles are 180 MB of float32 soup.
 */
export const MESH_LIMITS = Object.freeze({
  /** Bytes of one mesh file (and of each buffer a .gltf references). */
  fileBytes: LIMITS.meshFileBytes,
  /** Triangles of one file, after glTF node instancing. */
  triangles: LIMITS.meshTriangles,
});

/** A mesh file that cannot be used: `file` and `problem` make the message `file: problem`. */
export class MeshError extends NavlabError {
  /** The file's name as given to the importer. */
  readonly file: string;
  /** What is wrong with it (the message without the file name). */
  readonly problem: string;

  /** A mesh file error (code `parse`) whose message is `file: problem`. */
  constructor(file: string, problem: string) {
    super('parse', `${file}: ${problem}`);
    this.name = 'MeshError';
    this.file = file;
    this.problem = problem;
  }
}

/** The mesh file formats `importMesh` reads. */
export type MeshFormat = 'glb' | 'gltf' | 'obj' | 'stl';

/** The format of a file by its extension, or null. */
export function meshFormat(file: string): MeshFormat | null {
  const m = /\.(glb|gltf|obj|stl)$/i.exec(file);
  return m ? (m[1].toLowerCase() as MeshFormat) : null;
}

/** Options of `importMesh`: a reader for the files a .gltf references, Draco decoding, textures, the format. */
export interface MeshImportOptions {
  /**
   * Reads the buffers and images a .gltf references, by their relative path (never one with a
   * scheme, an absolute path or '..'). Without it, only embedded data loads.
   */
  read?: ResourceReader;
  /**
   * Decoder for KHR_draco_mesh_compression (a DRACOLoader). @default in Node, the draco3d
   * package's decoder run in this thread (navlab's optional peer dependency: `npm i draco3d`);
   * elsewhere none (a Draco file is then a MeshError saying so)
   */
  draco?: DRACOLoader;
  /** The format, when `file` has no telling extension (e.g. a data: URI). @default from the extension */
  format?: MeshFormat;
  /**
   * glTF textures (base colour, metallic-roughness, normal, occlusion, emissive; PNG, JPEG or
   * WebP images, checked and held to LIMITS.gltfTexturePixels before decoding). `true` decodes
   * them with createImageBitmap, which browsers and their workers have and Node does not (there
   * `true` is a usage error); a function decodes them itself (e.g. with an image library in
   * Node); `false` reads no texture, image or sampler field, and materials keep their factors.
   * OBJ and STL have no textures. @default true where createImageBitmap exists, else false
   */
  textures?: boolean | ImageDecoder;
}

/** The decoder `textures` asks for, or null for none. */
function imageDecoder(textures: unknown): ImageDecoder | null {
  if (textures === undefined) return canDecodeImages() ? browserImageDecoder : null;
  if (textures === false) return null;
  if (typeof textures === 'function') return textures as ImageDecoder;
  if (textures !== true)
    throw new NavlabError(
      'usage',
      `importMesh: options.textures: expected true, false or an image decoder function, got ${shown(textures)}`,
    );
  if (!canDecodeImages())
    throw new NavlabError(
      'usage',
      'importMesh: options.textures: true decodes images with createImageBitmap, which this environment does not have (Node): pass false, or an image decoder function',
    );
  return browserImageDecoder;
}

const _v = new Vector3();

/**
 * Reads a mesh file (glTF 2.0 .glb/.gltf with Draco and meshopt compression, OBJ, binary or
 * ASCII STL). In Node, Draco and meshopt decode with no decoder given (`options.draco`). Throws a MeshError naming `file` and the problem on anything broken: wrong
 * magic, truncation, a missing buffer, an index out of range, a non-finite position, no
 * triangles, corrupt compressed data, primitives that are not triangles, or a limit exceeded.
 * `bytes` is a Uint8Array (a Node Buffer is one) or an ArrayBuffer; arguments of another kind
 * are a NavlabError 'usage' naming the argument.
 */
export async function importMesh(file: string, bytes: Uint8Array | ArrayBuffer, options: MeshImportOptions = {}): Promise<ImportedMesh> {
  checkString('importMesh: file', file);
  bytes = checkBytes('importMesh: bytes', bytes);
  options = checkOptions<MeshImportOptions>('importMesh: options', options);
  if (options.format !== undefined) checkOneOf('importMesh: options.format', options.format, ['glb', 'gltf', 'obj', 'stl']);
  if (options.read !== undefined) checkFunction('importMesh: options.read', options.read);
  if (options.draco !== undefined) checkObject('importMesh: options.draco', options.draco, 'a DRACOLoader');
  const fail = (problem: string): never => {
    throw new MeshError(file, problem);
  };
  const decode = imageDecoder(options.textures);
  const format = options.format ?? meshFormat(file) ?? fail('unknown mesh format (expected .glb, .gltf, .obj or .stl)');
  if (bytes.byteLength > MESH_LIMITS.fileBytes) fail(`${bytes.byteLength} bytes exceeds the limit of ${MESH_LIMITS.fileBytes} bytes`);
  if (format === 'gltf' && bytes.byteLength > LIMITS.gltfTextBytes)
    fail(
      `${bytes.byteLength} bytes exceeds the limit of ${LIMITS.gltfTextBytes} bytes for a .gltf (text with base64 data is decoded in memory; a .glb holds the same in binary)`,
    );
  let object: Object3D;
  try {
    if (format === 'glb' || format === 'gltf')
      object = await loadGltf(bytes, format === 'glb', { read: options.read, draco: options.draco, decode });
    else if (format === 'obj') object = loadObj(bytes);
    else object = loadStl(bytes);
  } catch (e) {
    if (e instanceof MeshError) throw e;
    if (e instanceof FormatProblem) fail(e.message);
    // A loader or decoder failure (corrupt Draco or meshopt data, a bad extension...).
    fail(`cannot be read: ${(e as Error)?.message ?? String(e)}`);
  }
  const soup = collectTriangles(object!, fail);
  return { object: object!, soup, triangles: soup.length / 9 };
}

/** World-space triangles of every mesh under `root`, checked: indices in range, finite positions, at least one. */
function collectTriangles(root: Object3D, fail: (problem: string) => never): Float32Array {
  root.updateMatrixWorld(true);
  const parts: { geometry: BufferGeometry; mesh: Mesh; count: number }[] = [];
  let total = 0;
  root.traverse((o) => {
    const mesh = o as Mesh;
    if ((o as { isPoints?: boolean }).isPoints || (o as { isLine?: boolean }).isLine)
      fail(`'${o.name || o.type}' is not made of triangles (${o.type})`);
    if (!mesh.isMesh) return;
    const g = mesh.geometry;
    const position = g.getAttribute('position');
    if (!position) fail(`${meshLabel(mesh)} has no positions`);
    const count = g.index ? g.index.count : position.count;
    if (count % 3 !== 0) fail(`${meshLabel(mesh)} has ${count} ${g.index ? 'indices' : 'vertices'}, not a multiple of 3`);
    total += count / 3;
    if (total > MESH_LIMITS.triangles) fail(`more than ${MESH_LIMITS.triangles} triangles (the import limit)`);
    parts.push({ geometry: g, mesh, count });
  });
  if (total === 0) fail('no triangles');
  const soup = new Float32Array(9 * total);
  let o = 0;
  for (const { geometry: g, mesh, count } of parts) {
    const position = g.getAttribute('position');
    const index = g.index;
    const n = position.count;
    for (let k = 0; k < count; k++) {
      const v = index ? index.getX(k) : k;
      if (!(v >= 0 && v < n)) fail(`${meshLabel(mesh)}: index ${v} at ${k} is out of range (${n} vertices)`);
      _v.fromBufferAttribute(position, v);
      if (!Number.isFinite(_v.x) || !Number.isFinite(_v.y) || !Number.isFinite(_v.z))
        fail(`${meshLabel(mesh)}: vertex ${v} has a non-finite position (${_v.x}, ${_v.y}, ${_v.z})`);
      _v.applyMatrix4(mesh.matrixWorld);
      if (!Number.isFinite(_v.x + _v.y + _v.z)) fail(`${meshLabel(mesh)}: vertex ${v} is not finite after its node transforms`);
      // A bad file, not a bad call: far vertices (a scale that overflows under its parent's) stop here.
      const c = LIMITS.worldCoord;
      if (!(Math.abs(_v.x) <= c && Math.abs(_v.y) <= c && Math.abs(_v.z) <= c))
        fail(
          `${meshLabel(mesh)}: vertex ${v} lies at (${_v.x}, ${_v.y}, ${_v.z}) after its node transforms, beyond the coordinate limit of ±${c}`,
        );
      soup[o++] = _v.x;
      soup[o++] = _v.y;
      soup[o++] = _v.z;
    }
  }
  return soup;
}

/** How messages name a mesh: by its name when it has one (glTF), else 'the mesh' (OBJ, STL). */
const meshLabel = (mesh: Mesh): string => (mesh.name ? `mesh '${mesh.name}'` : 'the mesh');
