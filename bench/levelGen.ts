/**
 * Generated levels of a chosen triangle count for the import bench: a seeded "town" of box
 * buildings on a floor slab, with two floors of arches (bridges) between rows, every box face
 * tessellated into n x n quads so the count is that of a scanned or exported model. Written
 * as a binary STL (the bench times decoding it too). Deterministic.
 */
import { mulberry32 } from '../src/core/math/random.ts';

/** Pushes the 12 n^2 triangles of box [x0, y0, z0] - [x1, y1, z1], faces tessellated n x n. */
function pushBox(out: number[], b: readonly number[], n: number): void {
  const [x0, y0, z0, x1, y1, z1] = b;
  const lo = [x0, y0, z0],
    hi = [x1, y1, z1];
  for (let axis = 0; axis < 3; axis++) {
    const u = (axis + 1) % 3,
      v = (axis + 2) % 3;
    for (const side of [lo[axis], hi[axis]]) {
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          const p = (a: number, c: number): number[] => {
            const q = [0, 0, 0];
            q[axis] = side;
            q[u] = lo[u] + ((hi[u] - lo[u]) * a) / n;
            q[v] = lo[v] + ((hi[v] - lo[v]) * c) / n;
            return q;
          };
          const a = p(i, j),
            b2 = p(i + 1, j),
            c = p(i + 1, j + 1),
            d = p(i, j + 1);
          out.push(...a, ...b2, ...c, ...a, ...c, ...d);
        }
      }
    }
  }
}

/** A level of about `triangles` triangles (at least the boxes' 12 each): its triangle soup. */
export function generateLevel(triangles: number, seed = 7): Float32Array {
  const rand = mulberry32(seed);
  const boxes: number[][] = [[-52, -2, -52, 52, 0, 52]];
  // An 8 x 8 town of buildings with streets between them, and bridges across the streets.
  for (let i = 0; i < 8; i++) {
    for (let k = 0; k < 8; k++) {
      const x = -48 + 12.5 * i,
        z = -48 + 12.5 * k;
      const h = 4 + 20 * rand();
      boxes.push([x, 0, z, x + 8 + 2 * rand(), h, z + 8 + 2 * rand()]);
      if (rand() < 0.3) boxes.push([x + 3, 6 + 6 * rand(), z + 8, x + 6, 7.5 + 6 * rand(), z + 12.5]);
    }
  }
  const n = Math.max(1, Math.round(Math.sqrt(triangles / (12 * boxes.length))));
  const out: number[] = [];
  for (const b of boxes) pushBox(out, b, n);
  return Float32Array.from(out);
}

/** A triangle soup as binary STL bytes. */
export function stlBytes(soup: Float32Array): Uint8Array {
  const count = soup.length / 9;
  const bytes = new Uint8Array(84 + 50 * count);
  const view = new DataView(bytes.buffer);
  view.setUint32(80, count, true);
  for (let t = 0; t < count; t++) {
    const o = 84 + 50 * t;
    for (let k = 0; k < 9; k++) view.setFloat32(o + 12 + 4 * k, soup[9 * t + k], true);
  }
  return bytes;
}
