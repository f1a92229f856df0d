import { Group, type Mesh } from 'three';
import { describe, expect, it } from 'vitest';
import { box } from '../support/boxMesh.ts';
import { mulberry32 } from '../../src/core/math/random.ts';
import { NavWorld } from '../../src/three/NavWorld.ts';
import { type SparseNavWorld, sparseNavWorld } from '../../src/three/navWorldSparse.ts';

/** A sparse NavWorld (cell 0.25, radius 0.2) of a wall at x = 0 (6 x 6, 0.4 thick) and two small boxes fixing the world's extent. */
function wallWorld(): { wall: Mesh; nav: SparseNavWorld } {
  const root = new Group();
  const wall = box([0.4, 6, 6], [0, 0, 0], 'wall');
  root.add(wall, box([0.2, 0.2, 0.2], [-4, -4, -4]), box([0.2, 0.2, 0.2], [4, 4, 4]));
  const options = { cellSize: 0.25, agentRadius: 0.2, fill: 'surface', world: 'sparse', sparse: sparseNavWorld } as const;
  return { wall, nav: NavWorld.fromObject3D(root, options) as SparseNavWorld };
}

describe("a sparse NavWorld's line of sight (sparseWorldSight)", () => {
  it('passes only segments whose capsule of the agent radius is clear of the meshes, and many of those', () => {
    const random = mulberry32(7);
    const root = new Group();
    for (let i = 0; i < 12; i++) {
      const size: [number, number, number] = [0.3 + 2 * random(), 0.3 + 2 * random(), 0.3 + 2 * random()];
      root.add(box(size, [8 * random() - 4, 8 * random() - 4, 8 * random() - 4], `b${i}`));
    }
    const radius = 0.25;
    const nav = NavWorld.fromObject3D(root, {
      cellSize: 0.2,
      agentRadius: radius,
      fill: 'surface',
      world: 'sparse',
      sparse: sparseNavWorld,
    }) as SparseNavWorld;
    const los = nav.lineOfSight!;
    // Points inside the octree's box (a cell in from its sides).
    const w = nav.sparse.world;
    const lo = [w.origin.x, w.origin.y, w.origin.z].map((o) => o + w.cellSize);
    const span = [w.X, w.Y, w.Z].map((n) => (n - 2) * w.cellSize);
    let clear = 0,
      capsuleClear = 0;
    for (let k = 0; k < 600; k++) {
      const p = Array.from({ length: 6 }, (_, i) => lo[i % 3] + span[i % 3] * random());
      const capsule = nav.world!.capsuleClear(p[0], p[1], p[2], p[3], p[4], p[5], radius);
      if (capsule) capsuleClear++;
      if (!los(p[0], p[1], p[2], p[3], p[4], p[5])) continue;
      clear++;
      expect(capsule).toBe(true);
    }
    // Not vacuous: most segments whose capsule is clear pass the voxel test too.
    expect(clear).toBeGreaterThan(0.5 * capsuleClear);
  });

  it('follows edits of the octree and fails outside the world', () => {
    const { wall, nav } = wallWorld();
    const los = nav.lineOfSight!;
    expect(los(-3, 0, 0, 3, 0, 0)).toBe(false);
    expect(los(-3, 0, 0, -1, 1, 1)).toBe(true);
    expect(los(-3, 0, 0, -30, 0, 0)).toBe(false);
    wall.position.set(0, 10, 0);
    nav.update(wall);
    expect(los(-3, 0, 0, 3, 0, 0)).toBe(true);
  });

  it('tests the end voxel first: a segment ending in a blocked voxel costs one lookup, not a walk', () => {
    const { nav } = wallWorld();
    const los = nav.lineOfSight!;
    const w = nav.sparse.world;
    let lookups = 0;
    const isBlocked = w.isBlocked.bind(w);
    w.isBlocked = (x, y, z) => {
      lookups++;
      return isBlocked(x, y, z);
    };
    // From free space across 12 free voxels into the wall (x = 0): blocked, found at once.
    expect(los(-3, 0.1, 0.1, 0, 0.1, 0.1)).toBe(false);
    expect(lookups).toBe(1);
    // A clear segment still walks every voxel (and its end twice).
    lookups = 0;
    expect(los(-3, 0.1, 0.1, -1, 0.1, 0.1)).toBe(true);
    expect(lookups).toBeGreaterThan(8);
  });
});
