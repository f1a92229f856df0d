/**
 * StaticBVH refits only the leaves whose triangles changed and their ancestors: the node boxes
 * come out exactly as a refit of the whole tree makes them, and every query answers as a tree
 * freshly built over the same triangles.
 */
import { MeshBVH } from 'three-mesh-bvh';
import { describe, expect, it } from 'vitest';
import { StaticBVH } from '../../src/three/StaticBVH.ts';
import { mulberry32 } from '../support/random.ts';

/** `n` small random triangles in a 40-unit cube. */
function soup(random: () => number, n: number): Float64Array {
  const out = new Float64Array(9 * n);
  for (let t = 0; t < n; t++) {
    const c = [random() * 40, random() * 40, random() * 40];
    for (let v = 0; v < 3; v++) for (let a = 0; a < 3; a++) out[9 * t + 3 * v + a] = c[a] + (random() - 0.5) * 2;
  }
  return out;
}

const packed = (b: StaticBVH) => new Uint32Array(MeshBVH.serialize(b.bvh!, { cloneBuffers: true }).roots[0]);

describe('StaticBVH partial refit', () => {
  it('gives the node boxes of a whole refit and the answers of a fresh build', () => {
    const random = mulberry32(5);
    const tree = new StaticBVH(soup(random, 600), undefined, 100);
    // A whole refit first: the build's boxes may differ from a refit's in the last bit.
    tree.bvh!.refit();
    for (let step = 0; step < 12; step++) {
      // Move a few triangles (a run and scattered ones), some of them far.
      const first = Math.floor(random() * 590);
      const moved = [first, first + 1, first + 2, Math.floor(random() * 600), Math.floor(random() * 600)];
      for (const t of moved) {
        const c = [random() * 40, random() * 40, random() * 40];
        for (let v = 0; v < 3; v++)
          for (let a = 0; a < 3; a++) tree.soup[9 * t + 3 * v + a] = c[a] + (random() - 0.5) * (step % 3 === 0 ? 20 : 2);
        tree.updateTriangles(t, 1, false);
      }
      tree.refit();
      const partial = packed(tree);
      tree.bvh!.refit();
      expect(packed(tree)).toEqual(partial);
      const fresh = new StaticBVH(tree.soup.slice(), undefined, 100);
      for (let k = 0; k < 80; k++) {
        const a = [random() * 40, random() * 40, random() * 40];
        const b = [random() * 40, random() * 40, random() * 40];
        expect(tree.segmentClear(a[0], a[1], a[2], b[0], b[1], b[2])).toBe(fresh.segmentClear(a[0], a[1], a[2], b[0], b[1], b[2]));
        expect(tree.capsuleClear(a[0], a[1], a[2], b[0], b[1], b[2], 0.7)).toBe(
          fresh.capsuleClear(a[0], a[1], a[2], b[0], b[1], b[2], 0.7),
        );
        const h1 = tree.raycast({ x: a[0], y: a[1], z: a[2] }, { x: b[0] - a[0], y: b[1] - a[1], z: b[2] - a[2] });
        const h2 = fresh.raycast({ x: a[0], y: a[1], z: a[2] }, { x: b[0] - a[0], y: b[1] - a[1], z: b[2] - a[2] });
        expect(h1?.distance ?? null).toBe(h2?.distance ?? null);
      }
    }
  });

  it('a triangle rewritten with the same coordinates leaves the tree as it was', () => {
    const tree = new StaticBVH(soup(mulberry32(9), 100));
    const before = packed(tree);
    tree.updateTriangles(10, 20);
    expect(packed(tree)).toEqual(before);
  });
});
