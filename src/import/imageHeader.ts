/**
 * The type and size of a PNG, JPEG or WebP image, read from its header without decoding it,
 * so that what decoding would allocate (width x height x 4 bytes) is known before it starts.
 * Every read is bounds-checked: a short or damaged header gives null, never an exception.
 */

/** The image types glTF textures may hold (PNG and JPEG by the core specification, WebP by EXT_texture_webp). */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

export const IMAGE_TYPES: readonly ImageType[] = ['image/png', 'image/jpeg', 'image/webp'];

/** What an image's header says. */
export interface ImageHeader {
  type: ImageType;
  width: number;
  height: number;
}

/** The header of `bytes` when it is a PNG, JPEG or WebP image with a readable size; else null. */
export function imageHeader(bytes: Uint8Array): ImageHeader | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = bytes.byteLength;
  const ascii = (at: number, text: string) => at + text.length <= n && [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));
  if (n >= 24 && view.getUint32(0) === 0x89504e47 && view.getUint32(4) === 0x0d0a1a0a && ascii(12, 'IHDR')) {
    return sized('image/png', view.getUint32(16), view.getUint32(20));
  }
  if (n >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpeg(bytes, view);
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return webp(bytes, view, ascii);
  return null;
}

const sized = (type: ImageType, width: number, height: number): ImageHeader | null =>
  width > 0 && height > 0 ? { type, width, height } : null;

/** JPEG: the size in the first start-of-frame segment, found by walking the segments before the scan. */
function jpeg(bytes: Uint8Array, view: DataView): ImageHeader | null {
  const n = bytes.byteLength;
  let at = 2;
  // Each step moves forward by at least two bytes: the walk ends within the data.
  while (at + 4 <= n) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or the scan, before any frame
    const length = view.getUint16(at + 2);
    if (length < 2) return null;
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC): precision, height, width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 9 > n) return null;
      return sized('image/jpeg', view.getUint16(at + 7), view.getUint16(at + 5));
    }
    at += 2 + length;
  }
  return null;
}

/** WebP: the size in the first chunk (VP8 lossy, VP8L lossless, or VP8X extended). */
function webp(bytes: Uint8Array, view: DataView, ascii: (at: number, text: string) => boolean): ImageHeader | null {
  const n = bytes.byteLength;
  const data = 20;
  if (ascii(12, 'VP8 ') && data + 10 <= n) {
    // Frame tag (3 bytes), start code 9d 01 2a, then 14-bit width and height.
    if (bytes[data + 3] !== 0x9d || bytes[data + 4] !== 0x01 || bytes[data + 5] !== 0x2a) return null;
    return sized('image/webp', view.getUint16(data + 6, true) & 0x3fff, view.getUint16(data + 8, true) & 0x3fff);
  }
  if (ascii(12, 'VP8L') && data + 5 <= n) {
    if (bytes[data] !== 0x2f) return null;
    const bits = view.getUint32(data + 1, true);
    return sized('image/webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (ascii(12, 'VP8X') && data + 10 <= n) {
    const u24 = (at: number) => bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16);
    return sized('image/webp', u24(data + 4) + 1, u24(data + 7) + 1);
  }
  return null;
}
