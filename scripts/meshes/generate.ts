/**
 * Procedural meshes for tests, fixtures and benchmarks (there is no internet to fetch models
 * from): seeded random triangles, displaced subdivided icosahedra (closed, any size from 20
 * to millions of triangles) and heightfield terrain.
 */

/** An indexed triangle mesh: xyz per vertex, three vertex indices per triangle. */
export interface IndexedMesh {
  positions: Float32Array;
  indices: Uint32Array;
}

/** The triangles of an indexed mesh as a soup (9 numbers per triangle). */
export function soupOf(mesh: IndexedMesh): Float64Array {
  const { positions: p, indices } = mesh;
  const out = new Float64Array(3 * indices.length);
  for (let k = 0; k < indices.length; k++) {
    const v = 3 * indices[k];
    out[3 * k] = p[v];
    out[3 * k + 1] = p[v + 1];
    out[3 * k + 2] = p[v + 2];
  }
  return out;
}

/** `count` triangles with centres uniform in [0, extent]^3 and vertices within `size` of their centre. */
export function randomTriangles(rand: () => number, count: number, extent: number, size: number): Float64Array {
  const out = new Float64Array(9 * count);
  for (let t = 0; t < count; t++) {
    const c = [rand() * extent, rand() * extent, rand() * extent];
    for (let k = 0; k < 9; k++) out[9 * t + k] = c[k % 3] + (rand() - 0.5) * 2 * size;
  }
  return out;
}

const PHI = (1 + Math.sqrt(5)) / 2;
const ICO_VERTICES = [
  [-1, PHI, 0],
  [1, PHI, 0],
  [-1, -PHI, 0],
  [1, -PHI, 0],
  [0, -1, PHI],
  [0, 1, PHI],
  [0, -1, -PHI],
  [0, 1, -PHI],
  [PHI, 0, -1],
  [PHI, 0, 1],
  [-PHI, 0, -1],
  [-PHI, 0, 1],
];
const ICO_FACES = [
  [0, 11, 5],
  [0, 5, 1],
  [0, 1, 7],
  [0, 7, 10],
  [0, 10, 11],
  [1, 5, 9],
  [5, 11, 4],
  [11, 10, 2],
  [10, 7, 6],
  [7, 1, 8],
  [3, 9, 4],
  [3, 4, 2],
  [3, 2, 6],
  [3, 6, 8],
  [3, 8, 9],
  [4, 9, 5],
  [2, 4, 11],
  [6, 2, 10],
  [8, 6, 7],
  [9, 8, 1],
];

/**
 * A closed, lumpy sphere: each icosahedron face split into frequency^2 triangles (20 f^2 in
 * all), every vertex pushed onto radius * (1 + amplitude * bumps(direction)), where bumps is
 * a sum of seeded sines in [-1, 1]. Shared edges are computed from the same two corners on
 * both faces, so the surface has no cracks.
 */
export function displacedSphere(rand: () => number, radius: number, frequency: number, amplitude: number): IndexedMesh {
  const waves = Array.from({ length: 4 }, () => ({
    k: [rand() * 6 - 3, rand() * 6 - 3, rand() * 6 - 3],
    phase: rand() * 2 * Math.PI,
  }));
  const f = frequency;
  const perFace = ((f + 1) * (f + 2)) / 2;
  const positions = new Float32Array(20 * perFace * 3);
  const indices = new Uint32Array(20 * f * f * 3);
  let v = 0,
    t = 0;
  for (const [ia, ib, ic] of ICO_FACES) {
    const A = ICO_VERTICES[ia],
      B = ICO_VERTICES[ib],
      C = ICO_VERTICES[ic];
    const base = v;
    // Row i has f - i + 1 vertices: A + (B - A) j / f + (C - A) i / f, written so that an
    // edge point depends only on that edge's two corners.
    const rowStart: number[] = [];
    for (let i = 0; i <= f; i++) {
      rowStart.push(v - base);
      for (let j = 0; j <= f - i; j++) {
        const wa = (f - i - j) / f,
          wb = j / f,
          wc = i / f;
        let x = wa * A[0] + wb * B[0] + wc * C[0];
        let y = wa * A[1] + wb * B[1] + wc * C[1];
        let z = wa * A[2] + wb * B[2] + wc * C[2];
        const len = Math.hypot(x, y, z);
        x /= len;
        y /= len;
        z /= len;
        let bump = 0;
        for (const w of waves) bump += Math.sin(w.k[0] * x + w.k[1] * y + w.k[2] * z + w.phase) / waves.length;
        const r = radius * (1 + amplitude * bump);
        positions[3 * v] = x * r;
        positions[3 * v + 1] = y * r;
        positions[3 * v + 2] = z * r;
        v++;
      }
    }
    for (let i = 0; i < f; i++) {
      for (let j = 0; j < f - i; j++) {
        const a = base + rowStart[i] + j,
          b = a + 1,
          c = base + rowStart[i + 1] + j;
        indices.set([a, b, c], t);
        t += 3;
        if (j < f - i - 1) {
          indices.set([b, c + 1, c], t);
          t += 3;
        }
      }
    }
  }
  return { positions, indices };
}

/** A heightfield of n x n quads (2 n^2 triangles) over [0, size]^2 in x and z, heights up to `height`. */
export function terrain(rand: () => number, n: number, size: number, height: number): IndexedMesh {
  const k = [rand() * 8 + 2, rand() * 8 + 2, rand() * 2 * Math.PI];
  const positions = new Float32Array((n + 1) * (n + 1) * 3);
  for (let j = 0; j <= n; j++) {
    for (let i = 0; i <= n; i++) {
      const u = i / n,
        w = j / n;
      const o = 3 * (i + (n + 1) * j);
      positions[o] = u * size;
      positions[o + 1] = height * 0.5 * (1 + Math.sin(k[0] * u + k[2]) * Math.cos(k[1] * w));
      positions[o + 2] = w * size;
    }
  }
  const indices = new Uint32Array(6 * n * n);
  let t = 0;
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const a = i + (n + 1) * j,
        b = a + 1,
        c = a + n + 1,
        d = c + 1;
      indices.set([a, c, b, b, c, d], t);
      t += 6;
    }
  }
  return { positions, indices };
}
