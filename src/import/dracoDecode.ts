import { BufferAttribute, BufferGeometry } from 'three';
import { DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { LIMITS } from '../core/limits.ts';

/** Triangles and vertices a glTF file's accessors announce for the Draco data in a buffer. */
export interface DracoCounts {
  triangles: number;
  vertices: number;
}

const announced = new WeakMap<ArrayBuffer, DracoCounts>();

/**
 * Records what the data in `buffer` may decode to (the glTF checks counted these bytes
 * against the limits): decoding it to more triangles or vertices fails before the geometry is
 * copied out. Data decoded without an announcement is held to LIMITS.meshTriangles.
 */
export function announceDracoCounts(buffer: ArrayBuffer, counts: DracoCounts): void {
  announced.set(buffer, counts);
}

/** The emscripten module of three's Draco glTF decoder (the subset used here). */
export interface DracoModule {
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
export type DracoObject = object;

/**
 * A DRACOLoader that decodes positions and triangles in the calling thread with an already
 * loaded decoder module (enough for navigation geometry): no Web Workers, nothing fetched.
 * Node has no Worker for DRACOLoader; the app decodes this way too, so that its
 * Content-Security-Policy needs no blob: workers.
 */
export class InThreadDracoLoader extends DRACOLoader {
  constructor(private readonly draco: DracoModule) {
    super();
  }

  /** The module is already loaded: nothing to fetch, no workers to start. */
  override preload(): this {
    return this;
  }

  // Not in the type declarations, but what decodeDracoFile (and so GLTFLoader) calls.
  decodeGeometry(
    buffer: ArrayBuffer,
    taskConfig: { attributeIDs: Record<string, number | string>; useUniqueIDs: boolean },
  ): Promise<BufferGeometry> {
    try {
      const limit = announced.get(buffer) ?? { triangles: LIMITS.meshTriangles, vertices: 3 * LIMITS.meshTriangles };
      return Promise.resolve(decodeDraco(this.draco, new Int8Array(buffer), taskConfig.attributeIDs.position, limit));
    } catch (e) {
      // The WebAssembly build traps (WebAssembly.RuntimeError) on some corrupt data (e.g. memory access out of bounds):
      // its heap may be inconsistent afterwards, so this loader is not used again.
      const err = e as Error;
      if (err?.name === 'RuntimeError') {
        this.trapped = true;
        return Promise.reject(new Error(`Draco decoding failed: ${err.message}`));
      }
      return Promise.reject(e);
    }
  }

  /** Whether the decoder trapped on corrupt data: load a fresh module for the next file. */
  trapped = false;
}

function decodeDraco(draco: DracoModule, data: Int8Array, positionId: number | string, limit: DracoCounts): BufferGeometry {
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
    if (attribute === null || (attribute as { ptr?: number }).ptr === 0 || attribute.num_components() !== 3)
      throw new Error(`Draco data has no 3-component attribute ${positionId} for POSITION`);
    const points = mesh.num_points();
    const faces = mesh.num_faces();
    if (faces > limit.triangles || points > limit.vertices)
      throw new Error(
        `Draco data decodes to ${faces} triangles and ${points} vertices, more than the ${limit.triangles} and ${limit.vertices} announced`,
      );
    const geometry = new BufferGeometry();
    geometry.setAttribute(
      'position',
      new BufferAttribute(
        copyOut(
          draco,
          12 * points,
          (ptr, bytes) => decoder.GetAttributeDataArrayForAllPoints(mesh, attribute, draco.DT_FLOAT32, bytes, ptr),
          Float32Array,
        ),
        3,
      ),
    );
    geometry.setIndex(
      new BufferAttribute(
        copyOut(draco, 12 * faces, (ptr, bytes) => decoder.GetTrianglesUInt32Array(mesh, bytes, ptr), Uint32Array),
        1,
      ),
    );
    return geometry;
  } finally {
    draco.destroy(mesh);
    draco.destroy(input);
    draco.destroy(decoder);
  }
}

/** Lets the decoder write `bytes` into its heap and copies them out as a typed array. */
function copyOut<T extends Float32Array | Uint32Array>(
  draco: DracoModule,
  bytes: number,
  fill: (ptr: number, bytes: number) => boolean,
  Type: new (b: ArrayBuffer) => T,
): T {
  const ptr = draco._malloc(bytes);
  try {
    if (!fill(ptr, bytes)) throw new Error('Draco: cannot read the decoded data');
    return new Type(draco.HEAPU8.slice(ptr, ptr + bytes).buffer);
  } finally {
    draco._free(ptr);
  }
}

/** The part of the draco3d package (Google's Draco, emscripten build for Node) loaded here. */
interface Draco3d {
  createDecoderModule(options: object): Promise<DracoModule>;
}

/** The package `defaultDracoLoader` loads (an optional peer dependency of navlab). */
export const DRACO_PACKAGE = 'draco3d';

let _default: Promise<InThreadDracoLoader | null> | null = null;

/**
 * The Draco decoder `importMesh` uses when it is given none: in Node, the draco3d package's
 * decoder (an optional peer dependency: `npm i draco3d`), loaded once on first use and run in
 * this thread (InThreadDracoLoader; loaded again after it trapped on corrupt data). Resolves
 * to null elsewhere (a browser: pass a DRACOLoader) or when the package cannot be loaded.
 */
export async function defaultDracoLoader(): Promise<InThreadDracoLoader | null> {
  if (_default !== null && (await _default)?.trapped) _default = null;
  _default ??= loadDefault();
  return _default;
}

async function loadDefault(): Promise<InThreadDracoLoader | null> {
  const node = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node;
  if (typeof node !== 'string') return null;
  try {
    // A specifier bundlers leave alone: a browser build must not pull in the Node decoder.
    const name = DRACO_PACKAGE;
    const imported = (await import(/* @vite-ignore */ name)) as { default?: Draco3d } & Partial<Draco3d>;
    const draco3d = imported.default ?? (imported as Draco3d);
    return new InThreadDracoLoader(await draco3d.createDecoderModule({}));
  } catch {
    _default = null;
    return null;
  }
}
