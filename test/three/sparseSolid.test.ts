import { Group } from 'three';
import { describe, expect, it } from 'vitest';
import { box } from '../support/boxMesh.ts';
import { sparseComponents } from '../../src/core/sparse/components.ts';
import { SparseSpace } from '../../src/core/sparse/SparseSpace.ts';
import { NavWorld } from '../../src/three/NavWorld.ts';
import { type SparseNavWorld, sparseNavWorld } from '../../src/three/navWorldSparse.ts';

/** Closed boxes: a hollow-free level whose solid fill seals the boxes' insides, several bricks deep. */
function boxes(): Group {
  const root = new Group();
  root.add(box([4, 4, 4], [0, 0, 0]), box([1, 6, 1], [4, 0, 0]), box([2, 1, 3], [-4, 2, -1]), box([0.5, 0.5, 0.5], [3, -3, 3]));
  return root;
}

describe('a sparse NavWorld filled solid', () => {
  it("labels its one component exactly as sparseComponents' union-find does", () => {
    for (const cellSize of [0.25, 0.4, 0.7]) {
      const nav = NavWorld.fromObject3D(boxes(), {
        cellSize,
        agentRadius: 0.3,
        world: 'sparse',
        sparse: sparseNavWorld,
      }) as unknown as SparseNavWorld;
      expect(nav.fill).toBe('solid');
      const space = nav.sparse;
      const union = sparseComponents(new SparseSpace(space.world, { components: false, regions: false }).cells);
      expect(space.components).toEqual(union);
      // One label everywhere: every free cell, box or node, in the component of the border.
      const labels = new Set([...union.nodeComp, ...union.brickComp].filter((c) => c >= 0));
      expect(labels.size).toBe(1);
      expect(union.boxComp.length).toBe(0);
    }
  });

  it('surface fill keeps the union-find (the hollow insides are components of their own)', () => {
    const nav = NavWorld.fromObject3D(boxes(), {
      cellSize: 0.25,
      agentRadius: 0.3,
      fill: 'surface',
      world: 'sparse',
      sparse: sparseNavWorld,
    }) as unknown as SparseNavWorld;
    const labels = new Set([...nav.sparse.components!.nodeComp, ...nav.sparse.components!.brickComp].filter((c) => c >= 0));
    expect(labels.size).toBeGreaterThan(1);
  });
});
