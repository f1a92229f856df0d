import { quote } from '../core/text.ts';
import { LIMITS } from '../core/limits.ts';
import { FormatProblem } from './formatProblem.ts';
import { count, dataUri, finite, index, name, numbers, object, objects, shown, type JsonObject } from './gltfFields.ts';
import type { GeometryTables } from './gltfGeometry.ts';
import { IMAGE_TYPES, imageHeader, type ImageType } from './imageHeader.ts';

/**
 * The textures the built materials use, each checked on first use and renumbered into the
 * loader's JSON like the geometry: material texture references {index, texCoord, scale or
 * strength, KHR_texture_transform}, textures {source (or EXT_texture_webp's), sampler},
 * samplers of known filters and wraps, and images of PNG, JPEG or WebP bytes from a buffer
 * view, a data: URI or a relative path read through the caller's reader (nothing else is read
 * or fetched). The encoded bytes are held, with the file's buffers, to the size of one mesh
 * file; the pixels each image's header announces to LIMITS.gltfTexturePixels, before any
 * image is decoded. An image with no data, or whose file the reader does not have, leaves its
 * textures out (the material is drawn without them); a texture whose only source is an
 * extension navlab does not read (KTX2, AVIF) likewise.
 */

/** Reads a file the asset references (its URI, percent-decoded); null when it does not exist. */
export type ResourceReader = (uri: string) => Promise<Uint8Array | null>;

/** A checked image, ready to decode: `path` names it in messages. */
export interface CheckedImage {
  path: string;
  bytes: Uint8Array;
  mimeType: ImageType;
  width: number;
  height: number;
}

const FILTERS: Record<string, [number, string][]> = {
  magFilter: [
    [9728, 'NEAREST'],
    [9729, 'LINEAR'],
  ],
  minFilter: [
    [9728, 'NEAREST'],
    [9729, 'LINEAR'],
    [9984, 'NEAREST_MIPMAP_NEAREST'],
    [9985, 'LINEAR_MIPMAP_NEAREST'],
    [9986, 'NEAREST_MIPMAP_LINEAR'],
    [9987, 'LINEAR_MIPMAP_LINEAR'],
  ],
  wrapS: [
    [33071, 'CLAMP_TO_EDGE'],
    [33648, 'MIRRORED_REPEAT'],
    [10497, 'REPEAT'],
  ],
  wrapT: [
    [33071, 'CLAMP_TO_EDGE'],
    [33648, 'MIRRORED_REPEAT'],
    [10497, 'REPEAT'],
  ],
};
const TRANSFORM = 'KHR_texture_transform';
const WEBP = 'EXT_texture_webp';
/** three draws texture coordinate sets 0 to 3 (uv, uv1, uv2, uv3). */
export const TEXCOORD_SETS = 4;

/** An image still to be read: its bytes, or the relative path to read them from. */
type Pending = { path: string; bytes: Uint8Array; declared?: ImageType } | { path: string; file: string; declared?: ImageType } | null;

export class TextureTables {
  readonly textures: JsonObject[] = [];
  readonly samplers: JsonObject[] = [];
  /** Output image k, once `resolve` has run: null when its data is not there. */
  images: (CheckedImage | null)[] = [];
  /** Whether a kept reference has a KHR_texture_transform. */
  usesTransform = false;
  /** three objects the textures make: one per texture, one per material reference (the loader may clone). */
  objects = 0;
  private readonly textureDefs: JsonObject[];
  private readonly imageDefs: JsonObject[];
  private readonly samplerDefs: JsonObject[];
  private readonly textureOut = new Map<number, number>();
  private readonly imageOut = new Map<number, number>();
  private readonly samplerOut = new Map<number, number>();
  private readonly pending: Pending[] = [];

  /** `spent`: bytes the file's buffers hold (images read or decoded here count on from there). */
  constructor(
    json: JsonObject,
    private readonly geometry: GeometryTables,
    private spent: number,
  ) {
    this.textureDefs = objects(json, 'textures');
    this.imageDefs = objects(json, 'images');
    this.samplerDefs = objects(json, 'samplers');
  }

  /**
   * A material's texture reference `v` at `p` (undefined: none): the reference for the
   * loader's JSON and the texture coordinate set it reads. `kind` adds the normal map's scale
   * or the occlusion map's strength.
   */
  ref(v: unknown, p: string, kind: 'normal' | 'occlusion' | null = null): { ref: JsonObject; set: number } | undefined {
    if (v === undefined) return undefined;
    const def = object(v, p);
    const texture = this.texture(index(def.index, this.textureDefs.length, `${p}.index`, 'texture'));
    const out: JsonObject = { index: texture };
    let set = this.texCoord(def.texCoord, `${p}.texCoord`);
    if (set > 0) out.texCoord = set;
    if (kind === 'normal' && def.scale !== undefined) out.scale = finite(def.scale, `${p}.scale`);
    if (kind === 'occlusion' && def.strength !== undefined) out.strength = finite(def.strength, `${p}.strength`);
    const extensions = def.extensions === undefined ? {} : object(def.extensions, `${p}.extensions`);
    if (extensions[TRANSFORM] !== undefined) {
      const q = `${p}.extensions.${TRANSFORM}`;
      const t = object(extensions[TRANSFORM], q);
      const transform: JsonObject = {};
      const offset = numbers(t.offset, 2, `${q}.offset`);
      const rotation = finite(t.rotation, `${q}.rotation`);
      const scale = numbers(t.scale, 2, `${q}.scale`);
      if (offset !== undefined) transform.offset = offset;
      if (rotation !== undefined) transform.rotation = rotation;
      if (scale !== undefined) transform.scale = scale;
      if (t.texCoord !== undefined) set = transform.texCoord = this.texCoord(t.texCoord, `${q}.texCoord`);
      out.extensions = { [TRANSFORM]: transform };
      this.usesTransform = true;
    }
    this.objects++;
    return { ref: out, set };
  }

  private texCoord(v: unknown, p: string): number {
    const set = count(v, p, 0);
    if (set >= TEXCOORD_SETS) throw new FormatProblem(`${p}: ${set} is beyond TEXCOORD_${TEXCOORD_SETS - 1}, the last set navlab draws`);
    return set;
  }

  /** Texture `at` as the loader's JSON holds it: its output index. */
  private texture(at: number): number {
    const known = this.textureOut.get(at);
    if (known !== undefined) return known;
    const def = this.textureDefs[at];
    const p = `textures[${at}]`;
    const out: JsonObject = {};
    if (name(def.name) !== undefined) out.name = name(def.name);
    const extensions = def.extensions === undefined ? {} : object(def.extensions, `${p}.extensions`);
    // WebP (every browser navlab runs in decodes it) before the fallback in `source`.
    const webp = extensions[WEBP] === undefined ? undefined : object(extensions[WEBP], `${p}.extensions.${WEBP}`).source;
    const [source, sourcePath] = webp !== undefined ? [webp, `${p}.extensions.${WEBP}.source`] : [def.source, `${p}.source`];
    if (source !== undefined) out.source = this.image(index(source, this.imageDefs.length, sourcePath, 'image'));
    if (def.sampler !== undefined) out.sampler = this.sampler(index(def.sampler, this.samplerDefs.length, `${p}.sampler`, 'sampler'));
    this.textures.push(out);
    this.objects++;
    this.textureOut.set(at, this.textures.length - 1);
    return this.textures.length - 1;
  }

  private sampler(at: number): number {
    const known = this.samplerOut.get(at);
    if (known !== undefined) return known;
    const def = this.samplerDefs[at];
    const out: JsonObject = {};
    for (const [field, values] of Object.entries(FILTERS)) {
      const v = def[field];
      if (v === undefined) continue;
      if (!values.some(([value]) => value === v)) {
        const names = values.map(([value, n]) => `${n} (${value})`);
        throw new FormatProblem(`samplers[${at}].${field}: ${shown(v)} is not ${names.slice(0, -1).join(', ')} or ${names.at(-1)}`);
      }
      out[field] = v;
    }
    this.samplers.push(out);
    this.samplerOut.set(at, this.samplers.length - 1);
    return this.samplers.length - 1;
  }

  /** Image `at`: its fields checked now, its bytes read by `resolve`. Its output index. */
  private image(at: number): number {
    const known = this.imageOut.get(at);
    if (known !== undefined) return known;
    const def = this.imageDefs[at];
    const p = `images[${at}]`;
    let declared: ImageType | undefined;
    if (def.mimeType !== undefined) {
      if (!IMAGE_TYPES.includes(def.mimeType as ImageType))
        throw new FormatProblem(
          `${p}.mimeType: ${shown(def.mimeType)} is not ${IMAGE_TYPES.slice(0, -1).join(', ')} or ${IMAGE_TYPES.at(-1)}`,
        );
      declared = def.mimeType as ImageType;
    }
    let pending: Pending = null;
    if (def.uri !== undefined && def.bufferView !== undefined) {
      throw new FormatProblem(`${p}: has both a uri and a bufferView`);
    } else if (def.bufferView !== undefined) {
      if (declared === undefined) throw new FormatProblem(`${p}.mimeType is missing (an image in a bufferView needs one)`);
      pending = { path: p, bytes: this.geometry.imageBytes(def.bufferView, `${p}.bufferView`), declared };
    } else if (def.uri !== undefined) {
      if (typeof def.uri !== 'string') throw new FormatProblem(`${p}.uri: expected a string, got ${shown(def.uri)}`);
      const type = /^data:([^;,]*)/i.exec(def.uri);
      if (type !== null) {
        const media = type[1].toLowerCase();
        if (!IMAGE_TYPES.includes(media as ImageType))
          throw new FormatProblem(
            `${p}.uri: a data: URI of type ${quote(media)}; images must be ${IMAGE_TYPES.slice(0, -1).join(', ')} or ${IMAGE_TYPES.at(-1)}`,
          );
        let bytes: Uint8Array;
        try {
          bytes = dataUri(def.uri)!;
        } catch (e) {
          throw new FormatProblem(`${p}.uri: ${(e as Error).message}`);
        }
        this.spend(bytes.byteLength, p);
        pending = { path: p, bytes, declared: media as ImageType };
      } else {
        pending = { path: p, file: relativePath(def.uri, `${p}.uri`), declared };
      }
    }
    this.pending.push(pending);
    this.imageOut.set(at, this.pending.length - 1);
    return this.pending.length - 1;
  }

  /** Counts `bytes` more of the file's buffers and images; `p` names the image. */
  private spend(bytes: number, p: string): void {
    this.spent += bytes;
    if (this.spent > LIMITS.meshFileBytes)
      throw new FormatProblem(
        `${p}: the buffers and images of the file hold more than ${LIMITS.meshFileBytes} bytes together (the limit of one mesh file)`,
      );
  }

  /**
   * Reads the images that are files (through `read`; one read per path), then checks every
   * image's header: a PNG, JPEG or WebP image, each side and all the pixels together within
   * the limits. Nothing is decoded here.
   */
  async resolve(read: ResourceReader | undefined): Promise<void> {
    const files = new Map<string, Uint8Array | null>();
    let pixels = 0;
    this.images = [];
    for (const pending of this.pending) {
      if (pending === null) {
        this.images.push(null);
        continue;
      }
      let bytes: Uint8Array | null;
      if ('file' in pending) {
        if (!files.has(pending.file)) {
          const data = read ? await read(pending.file) : null;
          if (data !== null) this.spend(data.byteLength, pending.path);
          files.set(pending.file, data);
        }
        bytes = files.get(pending.file)!;
      } else {
        bytes = pending.bytes;
      }
      if (bytes === null) {
        this.images.push(null);
        continue;
      }
      const header = imageHeader(bytes);
      if (header === null) throw new FormatProblem(`${pending.path}: the data is not a PNG, JPEG or WebP image`);
      const { width, height } = header;
      const side = LIMITS.gltfTextureSide;
      if (width > side || height > side)
        throw new FormatProblem(`${pending.path}: ${width} x ${height} pixels; a texture image is limited to ${side} pixels a side`);
      pixels += width * height;
      if (pixels > LIMITS.gltfTexturePixels)
        throw new FormatProblem(
          `${pending.path}: the texture images hold ${pixels} pixels together, more than the limit of ${LIMITS.gltfTexturePixels}`,
        );
      // Decoded as what the bytes are (a browser sniffs them too), whatever the file declared.
      this.images.push({ path: pending.path, bytes, mimeType: header.type, width, height });
    }
  }
}

/**
 * A relative URI as the path to read: percent-decoded, and neither a URL with a scheme, an
 * absolute path, nor one that climbs out of the asset's folder ('..').
 */
function relativePath(uri: string, p: string): string {
  const outside = () => new FormatProblem(`${p}: ${quote(uri)} is not a data: URI or a relative path inside the asset's folder`);
  let path: string;
  try {
    path = decodeURIComponent(uri);
  } catch {
    throw new FormatProblem(`${p}: ${quote(uri)} is not valid percent-encoding`);
  }
  for (const s of [uri, path]) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(s) || /^[\\/]/.test(s) || s.split(/[\\/]/).includes('..') || s.includes('\0')) throw outside();
  }
  return path;
}
