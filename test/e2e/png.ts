import { inflateSync } from 'node:zlib';

/** A decoded image: RGBA, 8 bits per channel, row-major. */
export interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * Decodes the PNGs Chromium writes for screenshots: 8-bit RGB or RGBA, not interlaced
 * (enough to sample pixels in a test; not a general decoder).
 */
export function decodePng(buf: Buffer): Rgba {
  if (buf.readUInt32BE(0) !== 0x89504e47) throw new Error('decodePng: not a PNG');
  let width = 0,
    height = 0,
    channels = 0;
  const idat: Buffer[] = [];
  for (let o = 8; o < buf.length; ) {
    const len = buf.readUInt32BE(o);
    const type = buf.toString('ascii', o + 4, o + 8);
    const body = buf.subarray(o + 8, o + 8 + len);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, color, , , interlace] = body.subarray(8, 13);
      if (depth !== 8 || interlace !== 0 || (color !== 2 && color !== 6))
        throw new Error(`decodePng: unsupported PNG (depth ${depth}, colour type ${color}, interlace ${interlace})`);
      channels = color === 6 ? 4 : 3;
    } else if (type === 'IDAT') {
      idat.push(body);
    }
    o += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = new Uint8Array(width * height * 4);
  const prev = new Uint8Array(stride);
  const cur = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? cur[i - channels] : 0;
      const b = prev[i];
      const c = i >= channels ? prev[i - channels] : 0;
      let v = line[i];
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a),
          pb = Math.abs(p - b),
          pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      cur[i] = v & 255;
    }
    for (let x = 0; x < width; x++) {
      const o = 4 * (y * width + x);
      out[o] = cur[x * channels];
      out[o + 1] = cur[x * channels + 1];
      out[o + 2] = cur[x * channels + 2];
      out[o + 3] = channels === 4 ? cur[x * channels + 3] : 255;
    }
    prev.set(cur);
  }
  return { width, height, data: out };
}

/**
 * How much of an image is drawn: the fraction of pixels that differ from `background`
 * (sum of channel differences above `threshold`), and the number of distinct colours
 * (quantized to 4 bits per channel).
 */
export function coverage(img: Rgba, background: [number, number, number], threshold = 30): { drawn: number; colours: number } {
  let drawn = 0;
  const colours = new Set<number>();
  const n = img.width * img.height;
  for (let i = 0; i < n; i++) {
    const r = img.data[4 * i],
      g = img.data[4 * i + 1],
      b = img.data[4 * i + 2];
    if (Math.abs(r - background[0]) + Math.abs(g - background[1]) + Math.abs(b - background[2]) > threshold) drawn++;
    colours.add(((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4));
  }
  return { drawn: drawn / n, colours: colours.size };
}
