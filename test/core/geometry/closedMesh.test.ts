import { BoxGeometry, type BufferGeometry, SphereGeometry, TorusGeometry } from 'three';
import { describe, expect, it } from 'vitest';
import { isClosedMesh } from '../../../src/core/index.ts';

/** An indexed geometry's positions and index as plain arrays. */
function parts(g: BufferGeometry) {
  return { positions: Array.from(g.getAttribute('position').array), index: g.index ? Array.from(g.index.array) : undefined };
}

/** The triangle soup of an indexed mesh (no sharing: welding must join the corners). */
function soup(positions: number[], index: number[]): number[] {
  return index.flatMap((v) => [positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]]);
}

// A tetrahedron: 4 vertices, 4 faces, every edge shared by two.
const TETRA = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1];
const TETRA_FACES = [0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3];

describe('isClosedMesh', () => {
  it('a tetrahedron is closed, indexed and as a soup; one face fewer is open', () => {
    expect(isClosedMesh(TETRA, TETRA_FACES)).toBe(true);
    expect(isClosedMesh(soup(TETRA, TETRA_FACES))).toBe(true);
    expect(isClosedMesh(TETRA, TETRA_FACES.slice(0, 9))).toBe(false);
  });

  it("three's box, sphere and torus (split seams) are closed once welded; a plane is not", () => {
    for (const g of [new BoxGeometry(1, 2, 3), new SphereGeometry(1, 12, 8), new TorusGeometry(1, 0.3, 8, 12)]) {
      const { positions, index } = parts(g);
      expect(isClosedMesh(positions, index)).toBe(true);
      expect(isClosedMesh(soup(positions, index!))).toBe(true);
    }
    expect(isClosedMesh([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 1, 1, 0, 0, 1, 0])).toBe(false);
  });

  it('winding is not checked: a flipped face keeps a closed mesh closed', () => {
    const flipped = [...TETRA_FACES];
    [flipped[1], flipped[2]] = [flipped[2], flipped[1]];
    expect(isClosedMesh(TETRA, flipped)).toBe(true);
  });

  it('degenerate triangles are ignored; an edge used by three triangles is open, by four closed', () => {
    expect(isClosedMesh(TETRA, [...TETRA_FACES, 0, 0, 1])).toBe(true);
    expect(isClosedMesh(TETRA, [0, 0, 1])).toBe(false); // nothing left
    // Two tetrahedra sharing the edge 0-1 (four triangles on it): closed.
    const two = [...TETRA, 0, -1, 0, 0, 0, -1];
    const second = [0, 1, 4, 0, 5, 1, 0, 4, 5, 1, 5, 4];
    expect(isClosedMesh(two, [...TETRA_FACES, ...second])).toBe(true);
    // A fin on the edge 0-1 of the tetrahedron: three triangles on it.
    expect(isClosedMesh(two, [...TETRA_FACES, 0, 1, 4])).toBe(false);
  });

  it('vertices weld within 1e-6 x the largest side on every axis, not farther', () => {
    const s = soup(TETRA, TETRA_FACES).map((c) => (c === 0 ? -0 : c));
    expect(isClosedMesh(s)).toBe(true);
    for (const scale of [1e-3, 1, 1e4]) {
      const near = soup(TETRA, TETRA_FACES).map((c) => c * scale);
      near[0] += 0.9e-6 * scale; // within tolerance: still one vertex
      near[4] -= 0.9e-6 * scale;
      expect(isClosedMesh(near)).toBe(true);
      const far = soup(TETRA, TETRA_FACES).map((c) => c * scale);
      far[0] += 1.1e-6 * scale; // one corner of one face no longer meets its neighbours
      expect(isClosedMesh(far)).toBe(false);
    }
  });

  it('agrees with counting each edge, on random triangle sets over few vertices (many edges shared an odd number of times, or even)', () => {
    let seed = 7;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    // Distinct points far apart (no welding).
    const vertices = 12;
    const positions = Array.from({ length: 3 * vertices }, () => random());
    let closed = 0;
    for (let c = 0; c < 400; c++) {
      // Each triangle twice (closed: every edge even), then a few of them dropped or added once more.
      const faces: number[] = [];
      const picks = 1 + Math.floor(random() * 6);
      for (let t = 0; t < picks; t++) {
        const f = [0, 1, 2].map(() => Math.floor(random() * vertices));
        faces.push(...f, ...f);
      }
      for (let t = Math.floor(random() * 3) - 1; t > 0; t--) faces.push(...faces.slice(0, 3));
      if (random() < 0.3) faces.push(...[0, 1, 2].map(() => Math.floor(random() * vertices)));
      const uses = new Map<string, number>();
      let left = 0;
      for (let t = 0; t < faces.length; t += 3) {
        const [a, b, d] = faces.slice(t, t + 3);
        if (a === b || b === d || a === d) continue;
        left++;
        for (const [u, v] of [
          [a, b],
          [b, d],
          [a, d],
        ]) {
          const key = `${Math.min(u, v)},${Math.max(u, v)}`;
          uses.set(key, (uses.get(key) ?? 0) + 1);
        }
      }
      const want = left > 0 && [...uses.values()].every((n) => n % 2 === 0);
      closed += want ? 1 : 0;
      expect(isClosedMesh(positions, faces), `case ${c}`).toBe(want);
    }
    expect(closed).toBeGreaterThan(50);
    expect(closed).toBeLessThan(350);
  });

  it('bad arguments name the argument', () => {
    expect(() => isClosedMesh([0, 0, 0, 1] as number[])).toThrow(/isClosedMesh: positions/);
    expect(() => isClosedMesh([0, 0, 0, 1, 0, 0])).toThrow(/^isClosedMesh: positions: expected numbers, 9 per item, got 6$/);
    expect(() => isClosedMesh(TETRA, [0, 1, 4])).toThrow(/isClosedMesh: index: entry 2 is 4/);
    expect(() => isClosedMesh(TETRA, [0, 1, 0.5])).toThrow(/isClosedMesh: index/);
    expect(() => isClosedMesh('x' as unknown as number[])).toThrow(/isClosedMesh: positions/);
  });
});
