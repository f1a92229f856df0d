import { LIMITS } from '../core/limits.ts';
import { FormatProblem } from './formatProblem.ts';
import { array, count, index, isObject, numbers, object, shown, type JsonObject } from './gltfFields.ts';

/**
 * The accessors and buffer views that the built primitives read, each checked on first use and
 * renumbered into the JSON handed to three's GLTFLoader, so that the loader sees only checked
 * entries. Also the bytes the loader will allocate for them, counted against
 * LIMITS.gltfGeometryBytes before any of it is allocated:
 *   - a plain buffer view: the loader copies it once (`viewBytes`, padded where an interleaved
 *     accessor's last stride runs past the view's end, which glTF allows and three reads);
 *   - a meshopt-compressed view: its compressed bytes (a buffer of their own) and the decoded bytes;
 *   - an accessor without a bufferView: zeros, count x element size;
 *   - a sparse accessor: a copy of its base (or zeros), count x element size;
 *   - triangle strips and fans: their expansion to a triangle index list.
 */

export const COMPONENT_NAMES: Record<number, string> = {
  5120: 'BYTE',
  5121: 'UNSIGNED_BYTE',
  5122: 'SHORT',
  5123: 'UNSIGNED_SHORT',
  5125: 'UNSIGNED_INT',
  5126: 'FLOAT',
};
const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const TYPE_COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };
const UNSIGNED = [5121, 5123, 5125];
const MESHOPT = ['EXT_meshopt_compression', 'KHR_meshopt_compression'];
const MESHOPT_MODES = ['ATTRIBUTES', 'TRIANGLES', 'INDICES'];
const MESHOPT_FILTERS = ['NONE', 'OCTAHEDRAL', 'QUATERNION', 'EXPONENTIAL'];

/** A checked accessor: what the mesh checks ask of it. */
export interface AccessorInfo {
  componentType: number;
  type: string;
  count: number;
  normalized: boolean;
}

/** Where the bytes of an output buffer view come from: `length` bytes of input buffer `buffer` at `offset`, in `bytes` (>= length, zero-padded). */
interface ViewSource {
  buffer: number;
  offset: number;
  length: number;
  bytes: number;
  compressed: boolean;
}

/** Builds the checked `accessors`, `bufferViews` and `buffers` of the loader's JSON. */
export class GeometryTables {
  readonly accessors: JsonObject[] = [];
  readonly bufferViews: JsonObject[] = [];
  /** Output buffer 0 is never read; every other one holds one compressed view's bytes. */
  readonly buffers: JsonObject[] = [{ byteLength: 0 }];
  /** Bytes the loader will allocate for geometry (see above). */
  bytes = 0;
  private readonly accessorOut = new Map<number, number>();
  private readonly metaOut = new Map<number, number>();
  private readonly viewOut = new Map<number, number>();
  private readonly viewSources: ViewSource[] = [];
  private readonly compressedSources: { buffer: number; offset: number; length: number }[] = [];
  private readonly accessorDefs: JsonObject[];
  private readonly viewDefs: JsonObject[];

  /**
   * `buffers[i]` holds input buffer i (empty for a meshopt fallback buffer, whose
   * `bufferLengths[i]` is its declared byteLength).
   */
  constructor(
    json: JsonObject,
    private readonly inputBuffers: Uint8Array[],
    private readonly bufferLengths: number[],
    private readonly fallback: boolean[],
  ) {
    this.accessorDefs = array(json.accessors, 'accessors') as JsonObject[];
    this.viewDefs = array(json.bufferViews, 'bufferViews') as JsonObject[];
    this.accessorDefs.forEach((a, i) => object(a, `accessors[${i}]`));
    this.viewDefs.forEach((v, i) => object(v, `bufferViews[${i}]`));
  }

  /** Counts `bytes` more toward the limit; `what` names them in the message. */
  spend(bytes: number, what: string): void {
    this.bytes += bytes;
    if (this.bytes > LIMITS.gltfGeometryBytes) {
      throw new FormatProblem(
        `${what} would take ${bytes} bytes, ${this.bytes} in all; the geometry of one file is limited to ${LIMITS.gltfGeometryBytes} bytes`,
      );
    }
  }

  /** The accessor's fields, checked (not its data); `path` is the field that refers to it. */
  info(v: unknown, path: string): { at: number; info: AccessorInfo } {
    const at = index(v, this.accessorDefs.length, path, 'accessor');
    const a = this.accessorDefs[at];
    const p = `accessors[${at}]`;
    const n = count(a.count, `${p}.count`);
    const componentType = a.componentType as number;
    if (COMPONENT_BYTES[componentType] === undefined)
      throw new FormatProblem(`${p}.componentType: ${shown(a.componentType)} is not a glTF component type`);
    if (typeof a.type !== 'string' || TYPE_COMPONENTS[a.type] === undefined)
      throw new FormatProblem(`${p}.type: ${shown(a.type)} is not a glTF accessor type`);
    return { at, info: { componentType, type: a.type, count: n, normalized: a.normalized === true } };
  }

  /** An accessor the loader reads (data included): its output index. `positions` keeps its min/max. */
  accessor(at: number, positions = false): number {
    const known = this.accessorOut.get(at);
    if (known !== undefined) return known;
    const a = this.accessorDefs[at];
    const p = `accessors[${at}]`;
    const { info } = this.info(at, p);
    const size = COMPONENT_BYTES[info.componentType];
    const element = size * TYPE_COMPONENTS[info.type];
    const out: JsonObject = { componentType: info.componentType, count: info.count, type: info.type };
    if (info.normalized) out.normalized = true;
    if (positions) Object.assign(out, this.bounds(a, p));
    let interleaved = false;
    if (a.bufferView === undefined) {
      this.spend(info.count * element, `${p}: ${info.count} elements without a bufferView`);
    } else {
      const view = this.viewRef(a.bufferView, `${p}.bufferView`);
      const viewAt = a.bufferView as number;
      const offset = count(a.byteOffset, `${p}.byteOffset`, 0);
      if (offset % size !== 0) throw new FormatProblem(`${p}.byteOffset: ${offset} is not a multiple of the component size ${size}`);
      const source = this.viewSources[view];
      const stride = (this.bufferViews[view].byteStride as number | undefined) ?? element;
      if (stride < element)
        throw new FormatProblem(`${p}: elements of ${element} bytes do not fit bufferView ${viewAt}'s byteStride ${stride}`);
      const end = info.count === 0 ? offset : offset + stride * (info.count - 1) + element;
      if (end > source.length)
        throw new FormatProblem(`${p} (${info.count} elements) runs past the end of bufferView ${viewAt} (${source.length} bytes)`);
      interleaved = stride !== element;
      if (interleaved) {
        // Each element lies within one stride, and the loader reads whole strides.
        if ((offset % stride) + element > stride)
          throw new FormatProblem(`${p}.byteOffset: ${offset} leaves no room for a ${element}-byte element within byteStride ${stride}`);
        const reads = Math.floor(offset / stride) * stride + info.count * stride;
        if (reads > source.bytes) {
          if (source.compressed)
            throw new FormatProblem(`${p} (${info.count} elements) runs past the end of bufferView ${viewAt} (${source.length} bytes)`);
          this.spend(reads - source.bytes, `${p}: its last stride`);
          source.bytes = reads;
        }
      }
      out.bufferView = view;
      if (offset > 0) out.byteOffset = offset;
    }
    if (a.sparse !== undefined) out.sparse = this.sparse(a, p, info, element, interleaved);
    this.accessors.push(out);
    this.accessorOut.set(at, this.accessors.length - 1);
    return this.accessors.length - 1;
  }

  /**
   * An accessor whose data the loader does not read (Draco decodes it): its type, count and
   * bounds only, no bufferView.
   */
  metadata(at: number): number {
    const known = this.metaOut.get(at);
    if (known !== undefined) return known;
    const p = `accessors[${at}]`;
    const { info } = this.info(at, p);
    this.accessors.push({
      componentType: info.componentType,
      count: info.count,
      type: info.type,
      ...(info.normalized ? { normalized: true } : {}),
      ...this.bounds(this.accessorDefs[at], p),
    });
    this.metaOut.set(at, this.accessors.length - 1);
    return this.accessors.length - 1;
  }

  /** The buffer view `v` refers to (named by `path`), as the loader reads it: its output index. */
  viewRef(v: unknown, path: string): number {
    return this.view(index(v, this.viewDefs.length, path, 'bufferView'));
  }

  /** An input buffer view the loader reads: its output index (checked on first use). */
  private view(at: number): number {
    const known = this.viewOut.get(at);
    if (known !== undefined) return known;
    const v = this.viewDefs[at];
    const p = `bufferViews[${at}]`;
    const { buffer, offset, length } = this.range(at);
    const out: JsonObject = { buffer: 0, byteLength: length };
    if (v.byteStride !== undefined) {
      const s = v.byteStride;
      if (!Number.isInteger(s) || (s as number) < 4 || (s as number) > 252 || (s as number) % 4 !== 0)
        throw new FormatProblem(`${p}.byteStride: ${shown(s)} is not a multiple of 4 from 4 to 252`);
      out.byteStride = s;
    }
    const extensions = isObject(v.extensions) ? v.extensions : {};
    const name = MESHOPT.find((n) => extensions[n] !== undefined);
    let compressed = false;
    if (name !== undefined) {
      out.extensions = { [name]: this.meshopt(extensions[name], `${p}.extensions.${name}`, length) };
      compressed = true;
    } else {
      if (this.fallback[buffer])
        throw new FormatProblem(`${p}: buffer ${buffer} holds no data (a meshopt fallback) and the view is not compressed`);
      this.spend(length, p);
    }
    this.viewSources.push({ buffer, offset, length, bytes: length, compressed });
    this.bufferViews.push(out);
    this.viewOut.set(at, this.bufferViews.length - 1);
    return this.bufferViews.length - 1;
  }

  /** Where input buffer view `at` lies: its buffer, offset and length, checked against the buffer. */
  private range(at: number): { buffer: number; offset: number; length: number } {
    const v = this.viewDefs[at];
    const p = `bufferViews[${at}]`;
    const buffer = index(v.buffer, this.bufferLengths.length, `${p}.buffer`, 'buffer');
    const offset = count(v.byteOffset, `${p}.byteOffset`, 0);
    const length = count(v.byteLength, `${p}.byteLength`);
    if (offset + length > this.bufferLengths[buffer])
      throw new FormatProblem(
        `${p} (bytes ${offset}..${offset + length}) runs past the end of buffer ${buffer} (${this.bufferLengths[buffer]} bytes)`,
      );
    return { buffer, offset, length };
  }

  /**
   * The bytes of the buffer view `v` (named by `path`) that holds an image: one run of bytes in
   * a buffer with data, neither strided nor compressed. A view into the buffer, not a copy
   * (the image decoder copies what it keeps); not among the views the loader reads.
   */
  imageBytes(v: unknown, path: string): Uint8Array {
    const at = index(v, this.viewDefs.length, path, 'bufferView');
    const { buffer, offset, length } = this.range(at);
    const def = this.viewDefs[at];
    if (def.byteStride !== undefined) throw new FormatProblem(`${path}: bufferView ${at} has a byteStride; an image's bytes are one run`);
    const extensions = isObject(def.extensions) ? def.extensions : {};
    if (this.fallback[buffer] || MESHOPT.some((n) => extensions[n] !== undefined))
      throw new FormatProblem(
        `${path}: bufferView ${at} is compressed or in a buffer without data; an image's bytes must be stored as they are`,
      );
    return this.inputBuffers[buffer].subarray(offset, offset + length);
  }

  /** The bytes of output buffer view `k`, a fresh copy (the loader may keep or change it). */
  viewBytes(k: number): ArrayBuffer {
    const s = this.viewSources[k];
    const out = new Uint8Array(s.bytes);
    out.set(this.inputBuffers[s.buffer].subarray(s.offset, s.offset + s.length));
    return out.buffer;
  }

  /** The bytes of output buffer `k` (>= 1): one compressed view's data. */
  bufferBytes(k: number): ArrayBuffer {
    const s = this.compressedSources[k - 1];
    // A copy of exactly these bytes: a Node Buffer's slice() is a view into its (pooled) memory.
    const out = new Uint8Array(s.length);
    out.set(this.inputBuffers[s.buffer].subarray(s.offset, s.offset + s.length));
    return out.buffer;
  }

  /** An accessor's min and max, when present: as many finite numbers as it has components. */
  private bounds(a: JsonObject, p: string): JsonObject {
    const n = TYPE_COMPONENTS[a.type as string];
    const min = numbers(a.min, n, `${p}.min`),
      max = numbers(a.max, n, `${p}.max`);
    return min !== undefined && max !== undefined ? { min, max } : {};
  }

  /** EXT_meshopt_compression on a view of `length` bytes: checked, its data moved into a buffer of its own. */
  private meshopt(e: unknown, p: string, length: number): JsonObject {
    const ext = object(e, p);
    const buffer = index(ext.buffer, this.bufferLengths.length, `${p}.buffer`, 'buffer');
    const offset = count(ext.byteOffset, `${p}.byteOffset`, 0);
    const bytes = count(ext.byteLength, `${p}.byteLength`);
    if (this.fallback[buffer] || offset + bytes > this.inputBuffers[buffer].byteLength)
      throw new FormatProblem(
        `${p} (bytes ${offset}..${offset + bytes}) runs past the data of buffer ${buffer} (${this.inputBuffers[buffer].byteLength} bytes)`,
      );
    const mode = ext.mode;
    if (typeof mode !== 'string' || !MESHOPT_MODES.includes(mode))
      throw new FormatProblem(`${p}.mode: ${shown(mode)} is not ATTRIBUTES, TRIANGLES or INDICES`);
    const filter = ext.filter ?? 'NONE';
    if (typeof filter !== 'string' || !MESHOPT_FILTERS.includes(filter))
      throw new FormatProblem(`${p}.filter: ${shown(filter)} is not NONE, OCTAHEDRAL, QUATERNION or EXPONENTIAL`);
    const n = count(ext.count, `${p}.count`);
    const stride = count(ext.byteStride, `${p}.byteStride`);
    // The stride and filter rules of the extension's specification.
    if (mode === 'ATTRIBUTES') {
      if (stride === 0 || stride % 4 !== 0 || stride > 256)
        throw new FormatProblem(`${p}.byteStride: ${stride} is not a multiple of 4 up to 256 (mode ATTRIBUTES)`);
      const strides: Record<string, number[]> = { OCTAHEDRAL: [4, 8], QUATERNION: [8] };
      if (strides[filter] !== undefined && !strides[filter].includes(stride))
        throw new FormatProblem(`${p}.filter: ${filter} needs byteStride ${strides[filter].join(' or ')}, not ${stride}`);
    } else {
      if (stride !== 2 && stride !== 4) throw new FormatProblem(`${p}.byteStride: ${stride} is not 2 or 4 (mode ${mode})`);
      if (filter !== 'NONE') throw new FormatProblem(`${p}.filter: ${filter} applies only to mode ATTRIBUTES`);
      if (mode === 'TRIANGLES' && n % 3 !== 0) throw new FormatProblem(`${p}.count: ${n} is not a multiple of 3 (mode TRIANGLES)`);
    }
    if (n * stride !== length)
      throw new FormatProblem(`${p}: count ${n} x byteStride ${stride} is not the bufferView's byteLength ${length}`);
    this.spend(length + bytes, `${p}: decoding`);
    this.compressedSources.push({ buffer, offset, length: bytes });
    this.buffers.push({ byteLength: bytes });
    return { buffer: this.buffers.length - 1, byteLength: bytes, byteStride: stride, mode, filter, count: n };
  }

  /** A sparse accessor's substitution: counts, index type and both views checked, every index in range where readable. */
  private sparse(a: JsonObject, p: string, info: AccessorInfo, element: number, interleaved: boolean): JsonObject {
    const s = object(a.sparse, `${p}.sparse`);
    if (interleaved) throw new FormatProblem(`${p}.sparse: a sparse accessor over an interleaved bufferView is not supported`);
    const n = count(s.count, `${p}.sparse.count`);
    if (n < 1 || n > info.count)
      throw new FormatProblem(`${p}.sparse.count: ${n} is ${n < 1 ? 'less than 1' : `more than the accessor's ${info.count} elements`}`);
    const indices = object(s.indices, `${p}.sparse.indices`);
    const values = object(s.values, `${p}.sparse.values`);
    const indexType = indices.componentType as number;
    if (!UNSIGNED.includes(indexType))
      throw new FormatProblem(
        `${p}.sparse.indices.componentType: ${COMPONENT_NAMES[indexType] ?? shown(indexType)}; sparse indices must be UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT`,
      );
    const part = (def: JsonObject, what: string, size: number, align: number) => {
      const view = this.viewRef(def.bufferView, `${p}.sparse.${what}.bufferView`);
      const at = def.bufferView as number;
      const offset = count(def.byteOffset, `${p}.sparse.${what}.byteOffset`, 0);
      if (offset % align !== 0)
        throw new FormatProblem(`${p}.sparse.${what}.byteOffset: ${offset} is not a multiple of the component size ${align}`);
      if (offset + n * size > this.viewSources[view].length)
        throw new FormatProblem(
          `${p}.sparse.${what} (${n} elements) runs past the end of bufferView ${at} (${this.viewSources[view].length} bytes)`,
        );
      return { view, offset };
    };
    const indexSize = COMPONENT_BYTES[indexType];
    const iv = part(indices, 'indices', indexSize, indexSize);
    const vv = part(values, 'values', element, COMPONENT_BYTES[info.componentType]);
    const src = this.viewSources[iv.view];
    if (!src.compressed) {
      const data = this.inputBuffers[src.buffer];
      const dv = new DataView(data.buffer, data.byteOffset + src.offset + iv.offset, n * indexSize);
      for (let k = 0; k < n; k++) {
        const i = indexSize === 1 ? dv.getUint8(k) : indexSize === 2 ? dv.getUint16(2 * k, true) : dv.getUint32(4 * k, true);
        if (i >= info.count) throw new FormatProblem(`${p}.sparse.indices[${k}]: ${i} is out of range (${info.count} elements)`);
      }
    }
    this.spend(info.count * element, `${p}.sparse: the substituted copy`);
    return {
      count: n,
      indices: { bufferView: iv.view, byteOffset: iv.offset, componentType: indexType },
      values: { bufferView: vv.view, byteOffset: vv.offset },
    };
  }
}
