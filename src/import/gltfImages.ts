import {
  ClampToEdgeWrapping,
  LinearFilter,
  LinearMipmapLinearFilter,
  LinearMipmapNearestFilter,
  MirroredRepeatWrapping,
  NearestFilter,
  NearestMipmapLinearFilter,
  NearestMipmapNearestFilter,
  RepeatWrapping,
  Texture,
  type MagnificationTextureFilter,
  type MinificationTextureFilter,
  type Wrapping,
} from 'three';
import type { GLTFParser } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { FormatProblem } from './formatProblem.ts';
import type { CheckedImage } from './gltfTextures.ts';
import type { ImageType } from './imageHeader.ts';

/**
 * glTF texture images decoded and made into three textures, in place of GLTFLoader's own
 * texture loading (object URLs, fetch, image elements): the checked bytes go to a decoder,
 * each image is decoded once and its decoded size compared with its header's, and every
 * texture shares its image's pixels with the sampler's filters and wraps applied.
 */

/**
 * Decodes image bytes (PNG, JPEG or WebP, as `mimeType` says) into what a three Texture draws:
 * an ImageBitmap in a browser, or any object with the image's width and height.
 */
export type ImageDecoder = (bytes: Uint8Array, mimeType: ImageType) => Promise<{ width: number; height: number }>;

/** The browser's createImageBitmap, typed here: the library is built without the DOM's types. */
type CreateImageBitmap = (
  image: Blob,
  options: { premultiplyAlpha: 'none'; colorSpaceConversion: 'none' },
) => Promise<{ width: number; height: number }>;
const createImageBitmapOf = (): CreateImageBitmap | undefined =>
  (globalThis as { createImageBitmap?: CreateImageBitmap }).createImageBitmap;

/** Whether this environment decodes images itself (browsers and their workers; Node does not). */
export const canDecodeImages = (): boolean => typeof createImageBitmapOf() === 'function';

/** The browser's decoder, with the options three's GLTFLoader uses (no premultiplied alpha, no colour conversion). */
export const browserImageDecoder: ImageDecoder = (bytes, mimeType) =>
  createImageBitmapOf()!.call(globalThis, new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mimeType }), {
    premultiplyAlpha: 'none',
    colorSpaceConversion: 'none',
  });

/** Each checked image decoded (null stays null): a texture holding it, for the textures that use it to share. */
export async function decodeImages(images: readonly (CheckedImage | null)[], decode: ImageDecoder): Promise<(Texture | null)[]> {
  const out: (Texture | null)[] = [];
  for (const image of images) {
    if (image === null) {
      out.push(null);
      continue;
    }
    let decoded: { width: number; height: number };
    try {
      decoded = await decode(image.bytes, image.mimeType);
    } catch (e) {
      const why = String((e as Error)?.message ?? e).replace(/\s+/g, ' ');
      throw new FormatProblem(`${image.path}: the ${image.mimeType} data cannot be decoded (${why})`);
    }
    const width = decoded?.width,
      height = decoded?.height;
    // The same pixels as the header said (a JPEG's orientation may swap the sides).
    if (!(Number.isInteger(width) && Number.isInteger(height) && width * height === image.width * image.height)) {
      (decoded as { close?: () => void } | null)?.close?.();
      throw new FormatProblem(`${image.path}: decoded to ${width} x ${height} pixels; its header says ${image.width} x ${image.height}`);
    }
    const texture = new Texture(decoded as Texture['image']);
    texture.flipY = false;
    texture.needsUpdate = true;
    texture.userData.mimeType = image.mimeType;
    out.push(texture);
  }
  return out;
}

const FILTERS: Record<number, MagnificationTextureFilter | MinificationTextureFilter> = {
  9728: NearestFilter,
  9729: LinearFilter,
  9984: NearestMipmapNearestFilter,
  9985: LinearMipmapNearestFilter,
  9986: NearestMipmapLinearFilter,
  9987: LinearMipmapLinearFilter,
};
const WRAPS: Record<number, Wrapping> = { 33071: ClampToEdgeWrapping, 33648: MirroredRepeatWrapping, 10497: RepeatWrapping };

/**
 * Texture `i` of the loader's JSON, as GLTFLoader would make it: its image's pixels (shared),
 * its sampler's filters and wraps (glTF's defaults otherwise), not flipped. Null when its
 * image is not there (the material is drawn without it).
 */
export function textureOf(parser: GLTFParser, i: number, images: readonly (Texture | null)[]): Texture | null {
  const def = parser.json.textures[i] as { source?: number; sampler?: number; name?: string };
  const base = def.source === undefined ? null : images[def.source];
  if (!base) return null;
  const texture = base.clone();
  texture.name = def.name ?? '';
  const sampler = (def.sampler === undefined ? {} : parser.json.samplers[def.sampler]) as Record<string, number | undefined>;
  texture.magFilter = (FILTERS[sampler.magFilter!] ?? LinearFilter) as MagnificationTextureFilter;
  texture.minFilter = FILTERS[sampler.minFilter!] ?? LinearMipmapLinearFilter;
  texture.wrapS = WRAPS[sampler.wrapS!] ?? RepeatWrapping;
  texture.wrapT = WRAPS[sampler.wrapT!] ?? RepeatWrapping;
  texture.generateMipmaps = texture.minFilter !== NearestFilter && texture.minFilter !== LinearFilter;
  parser.associations.set(texture, { textures: i } as never);
  return texture;
}
