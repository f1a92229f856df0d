import { NavlabError } from '../core/errors.ts';
import { BufferAttribute, Group, Mesh, MeshStandardMaterial, Vector3, type BufferGeometry, type Object3D } from 'three';
import { GLTFLoader, type GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { checkGltf, FormatProblem, type ResourceReader } from './gltfContainer.ts';

export type { ResourceReader } from './gltfContainer.ts';

/**
 * Limits checked before a mesh file is read or its geometry allocated: file size first, then
 * the triangle count the file announces (glTF accessor counts, STL header or facets, OBJ
 * faces). 5 million triangles are 180 MB of float32 soup.
 */
export const MESH_LIMITS = Object.freeze({
  /** Bytes of one mesh file (and of each buffer a .gltf references). */
  fileBytes: 256 * 1024 * 1024,
  /** Triangles of one file, after glTF node instancing. */
  triangles: 5_000_000,
});

/** A mesh file that cannot be used: `file` and `problem` make the message `file: problem`. */
export class MeshError extends NavlabError {
  readonly file: string;
  readonly problem: string;

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

/** Options of `importMesh`: a reader for the files a .gltf references, Draco decoding, the format. */
export interface MeshImportOptions {
  /** Reads the buffers a .gltf references, by their relative path. Without it, only embedded data loads. */
  read?: ResourceReader;
  /** Decoder for KHR_draco_mesh_compression (a DRACOLoader, or one that decodes without workers in Node). */
  draco?: DRACOLoader;
  /** The format, when `file` has no telling extension (e.g. a data: URI). @default from the extension */
  format?: MeshFormat;
}

/** An imported mesh file. */
export interface ImportedMesh {
  /** The file's objects with their materials (glTF: the default scene), ready to draw. */
  object: Object3D;
  /** Every triangle, 9 numbers each, in the file's coordinates after its node transforms. */
  soup: Float32Array;
  triangles: number;
}

const _v = new Vector3();

/**
 * Reads a mesh file (glTF 2.0 .glb/.gltf with Draco and meshopt compression, OBJ, binary or
 * ASCII STL). Throws a MeshError naming `file` and the problem on anything broken: wrong
 * magic, truncation, a missing buffer, an index out of range, a non-finite position, no
 * triangles, corrupt compressed data, primitives that are not triangles, or a limit exceeded.
 */
export async function importMesh(file: string, bytes: Uint8Array, options: MeshImportOptions = {}): Promise<ImportedMesh> {
  const fail = (problem: string): never => {
    throw new MeshError(file, problem);
  };
  const format = options.format ?? meshFormat(file) ?? fail('unknown mesh format (expected .glb, .gltf, .obj or .stl)');
  if (bytes.byteLength > MESH_LIMITS.fileBytes) fail(`${bytes.byteLength} bytes exceeds the limit of ${MESH_LIMITS.fileBytes} bytes`);
  let object: Object3D;
  try {
    if (format === 'glb' || format === 'gltf') object = await loadGltf(bytes, format === 'glb', options);
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
    if ((o as { isPoints?: boolean }).isPoints || (o as { isLine?: boolean }).isLine) fail(`'${o.name || o.type}' is not made of triangles (${o.type})`);
    if (!mesh.isMesh) return;
    const g = mesh.geometry;
    const position = g.getAttribute('position');
    if (!position) fail(`mesh '${mesh.name}' has no positions`);
    const count = g.index ? g.index.count : position.count;
    if (count % 3 !== 0) fail(`mesh '${mesh.name}' has ${count} ${g.index ? 'indices' : 'vertices'}, not a multiple of 3`);
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
      if (!(v >= 0 && v < n)) fail(`mesh '${mesh.name}': index ${v} at ${k} is out of range (${n} vertices)`);
      _v.fromBufferAttribute(position, v);
      if (!Number.isFinite(_v.x) || !Number.isFinite(_v.y) || !Number.isFinite(_v.z)) fail(`mesh '${mesh.name}': vertex ${v} has a non-finite position (${_v.x}, ${_v.y}, ${_v.z})`);
      _v.applyMatrix4(mesh.matrixWorld);
      if (!Number.isFinite(_v.x + _v.y + _v.z)) fail(`mesh '${mesh.name}': vertex ${v} is not finite after its node transforms`);
      soup[o++] = _v.x;
      soup[o++] = _v.y;
      soup[o++] = _v.z;
    }
  }
  return soup;
}

async function loadGltf(bytes: Uint8Array, glb: boolean, options: MeshImportOptions): Promise<Object3D> {
  const checked = await checkGltf(bytes, glb, options.read, MESH_LIMITS.triangles);
  const usesDraco = (checked.json.extensionsUsed as unknown[] | undefined)?.includes('KHR_draco_mesh_compression');
  if (usesDraco && !options.draco) throw new FormatProblem('uses KHR_draco_mesh_compression, but no Draco decoder is available');
  const loader = new GLTFLoader();
  if (options.draco) loader.setDRACOLoader(options.draco);
  await MeshoptDecoder.ready;
  loader.setMeshoptDecoder(MeshoptDecoder);
  // Buffers come from the checks above (GLB body, data: URIs, files read through `read`):
  // the loader never fetches anything itself.
  loader.register((parser) => {
    (parser as unknown as { loadBuffer: (i: number) => Promise<ArrayBuffer> }).loadBuffer = (i) => {
      const b = checked.buffers[i];
      return Promise.resolve(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer);
    };
    return { name: 'navlab_checked_buffers' };
  });
  // A GLB is handed over as its JSON text, so the loader reads no container of its own.
  const text = JSON.stringify({ ...checked.json, buffers: (checked.json.buffers ?? []).map((b) => ({ ...b, uri: undefined })) });
  const gltf = await new Promise<GLTF>((resolve, reject) => loader.parse(text, '', resolve, reject));
  if (!gltf.scene) throw new FormatProblem('no triangles (the asset has no scene)');
  const group = new Group();
  group.name = gltf.scene.name;
  group.add(gltf.scene);
  return group;
}

/**
 * OBJ text, checked before three's OBJLoader allocates: the triangle count of the faces, every
 * face index inside the vertices defined before it, and no point or line elements.
 */
function loadObj(bytes: Uint8Array): Object3D {
  const text = new TextDecoder().decode(bytes);
  let vertices = 0, triangles = 0, lineNo = 0;
  for (const raw of text.split('\n')) {
    lineNo++;
    const line = raw.trim();
    if (line.startsWith('v ')) vertices++;
    else if (line.startsWith('l ') || line.startsWith('p ')) throw new FormatProblem(`line ${lineNo}: '${line[0]}' elements are not triangles`);
    else if (line.startsWith('f ')) {
      const refs = line.slice(2).trim().split(/\s+/);
      if (refs.length < 3) throw new FormatProblem(`line ${lineNo}: a face needs at least 3 vertices`);
      for (const ref of refs) {
        const i = Number(ref.split('/')[0]);
        if (!Number.isInteger(i) || i === 0 || i > vertices || i < -vertices) throw new FormatProblem(`line ${lineNo}: vertex index ${ref.split('/')[0]} is out of range (${vertices} vertices so far)`);
      }
      triangles += refs.length - 2;
      if (triangles > MESH_LIMITS.triangles) throw new FormatProblem(`more than ${MESH_LIMITS.triangles} triangles (the import limit)`);
    }
  }
  return new OBJLoader().parse(text);
}

/**
 * STL: binary when the size is exactly 84 + 50 n bytes for the n in its header, else ASCII
 * when it starts with 'solid' and has no zero byte (a binary header may start with 'solid'
 * too, so the size rule comes first); anything else is broken.
 */
function loadStl(bytes: Uint8Array): Object3D {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = bytes.byteLength >= 84 ? view.getUint32(80, true) : -1;
  const binary = n >= 0 && 84 + 50 * n === bytes.byteLength;
  const head = new TextDecoder().decode(bytes.subarray(0, Math.min(bytes.byteLength, 512))).trimStart();
  let triangles: number;
  if (binary) {
    triangles = n;
  } else if (head.startsWith('solid') && !bytes.includes(0)) {
    const text = new TextDecoder().decode(bytes);
    if (!/endsolid/.test(text)) throw new FormatProblem("truncated ASCII STL: no 'endsolid'");
    triangles = (text.match(/\bfacet\b/g) ?? []).length;
    const vertices = (text.match(/\bvertex\b/g) ?? []).length;
    if (vertices !== 3 * triangles) throw new FormatProblem(`ASCII STL has ${triangles} facets but ${vertices} vertices (expected 3 per facet)`);
  } else if (n >= 0) {
    throw new FormatProblem(`truncated binary STL: the header announces ${n} triangles (${84 + 50 * n} bytes), the file has ${bytes.byteLength}`);
  } else {
    throw new FormatProblem(`not an STL file (${bytes.byteLength} bytes, no 'solid' header)`);
  }
  if (triangles > MESH_LIMITS.triangles) throw new FormatProblem(`${triangles} triangles exceeds the import limit of ${MESH_LIMITS.triangles}`);
  const copy = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const geometry = new STLLoader().parse(copy);
  const mesh = new Mesh(geometry, new MeshStandardMaterial({ color: 0x9aa3ad, roughness: 0.85 }));
  if (!geometry.getAttribute('position')) geometry.setAttribute('position', new BufferAttribute(new Float32Array(0), 3));
  const group = new Group();
  group.add(mesh);
  return group;
}
