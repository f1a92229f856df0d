import { describe, expect, it } from 'vitest';
import { clearSpace } from '../../src/core/grid/clearance.ts';
import { mulberry32 } from '../../src/core/math/random.ts';
import { segmentBoxDistanceSq } from '../../src/core/geometry/segmentBox.ts';
import { importLinks } from '../../src/import/importLinks.ts';
import { buildVoxelGrid, parseScene, SCENE_VERSION, type SceneWaypoint } from '../../src/scene/index.ts';
import { preprocessScene } from '../../src/three/preprocess.ts';
import { sampleCases } from '../support/sample.ts';

/**
 * A voxel layer with a free border (as imports have): a floor, pillars, a wall with a
 * doorway and a thick block, in a frame off the origin.
 */
const LAYER_SCENE = parseScene({
  version: SCENE_VERSION,
  voxels: {
    origin: [-1.3, 0.2, 2.1],
    cellSize: 0.5,
    dims: [22, 12, 20],
    solid: [
      [1, 1, 1, 20, 1, 18],
      [4, 2, 4, 5, 9, 5],
      [15, 2, 12, 16, 6, 13],
      [9, 2, 1, 10, 10, 7],
      [9, 2, 11, 10, 10, 18],
      [9, 8, 8, 10, 10, 10],
      [13, 3, 2, 18, 8, 8],
    ],
  },
});
const sampleScene = async () => LAYER_SCENE;

describe('importLinks: the links preprocessing finds, most pairs decided on the grid', () => {
  it('links exactly the pairs preprocessScene links, for radii from 0 to 2.5 cells, ends anywhere', async () => {
    const document = await sampleScene();
    const grid = buildVoxelGrid(document)!;
    const s = grid.cellSize;
    const o = grid.origin;
    const space = clearSpace(grid, 0.4 * s);
    // Two radii in npm test (0.4 cells, the import's default, always), all of them under NAVLAB_FULL.
    const radii = [0.4, ...sampleCases([0, 0.1, 0.5, 1.3, 2.5], 1, 3)];
    for (const [k, cells] of radii.entries()) {
      const random = mulberry32(20 + k);
      // Clear voxel centres (as placement gives), and points anywhere in the grid (some in blocked voxels).
      const waypoints = Array.from({ length: 30 }, (_, i): SceneWaypoint => {
        if (i % 2 === 0) {
          const c = grid.coords(space.clearVoxels[Math.floor(random() * space.clearVoxels.length)], { x: 0, y: 0, z: 0 });
          return { id: `w${i}`, position: [o.x + (c.x + 0.5) * s, o.y + (c.y + 0.5) * s, o.z + (c.z + 0.5) * s] };
        }
        return { id: `w${i}`, position: [o.x + random() * grid.X * s, o.y + random() * grid.Y * s, o.z + random() * grid.Z * s] };
      });
      // Two deep inside the thick block: from there the capsule meets no face (the grid must not decide).
      waypoints.push({ id: 'in-1', position: [o.x + 14.5 * s, o.y + 5.2 * s, o.z + 4.5 * s] });
      waypoints.push({ id: 'in-2', position: [o.x + 16.7 * s, o.y + 5.5 * s, o.z + 5.9 * s] });
      const doc = parseScene({ ...document, agentRadius: cells * s, waypoints, meshes: [] });
      const pre = preprocessScene(doc, { drawn: false });
      const ours = importLinks(doc, grid, doc.agentRadius!);
      expect(Array.from(ours.graph!.targets), `radius ${cells} cells`).toEqual(Array.from(pre.graph.targets));
      expect(Array.from(ours.graph!.offsets)).toEqual(Array.from(pre.graph.offsets));
      expect(ours.links).toBe(pre.graph.linkCount);
      const { clear, blocked, capsule } = ours.tests;
      expect(clear + blocked + capsule).toBe(pre.segmentTests);
      if (cells >= 0.4) expect(clear + blocked, `radius ${cells}: the grid decides most pairs`).toBeGreaterThan(2 * capsule);
      pre.world.dispose();
    }
  });

  it('no waypoints or one: no links and no test', async () => {
    const document = await sampleScene();
    const grid = buildVoxelGrid(document)!;
    expect(importLinks(document, grid, 0.1)).toEqual({ links: 0, graph: null, tests: { clear: 0, blocked: 0, capsule: 0 } });
  });

  it("segmentBoxDistanceSq (the links test's distance) is the least squared distance of the segment to a voxel box, also for a point (dense samples)", () => {
    const random = mulberry32(5);
    const boxDistanceSq = (p: number[], c: number[]) => p.reduce((sum, x, a) => sum + Math.max(c[a] - x, 0, x - c[a] - 1) ** 2, 0);
    for (let n = 0; n < 60; n++) {
      const u = [0, 1, 2].map(() => random() * 6 - 3);
      const d = [0, 1, 2].map(() => (n % 10 === 0 ? 0 : random() * 8 - 4));
      if (n % 7 === 0) d[n % 3] = 0;
      const c = [0, 1, 2].map(() => Math.floor(random() * 4 - 2));
      const exact = segmentBoxDistanceSq(
        u[0],
        u[1],
        u[2],
        u[0] + d[0],
        u[1] + d[1],
        u[2] + d[2],
        c[0],
        c[1],
        c[2],
        c[0] + 1,
        c[1] + 1,
        c[2] + 1,
      );
      let sampled = Infinity;
      for (let i = 0; i <= 1000; i++) {
        const t = i / 1000;
        sampled = Math.min(sampled, boxDistanceSq([u[0] + t * d[0], u[1] + t * d[1], u[2] + t * d[2]], c));
      }
      expect(exact).toBeLessThanOrEqual(sampled + 1e-9);
      // Samples 1/1000 apart along a segment at most ~14 long: within ~0.007 of the least distance.
      expect(Math.sqrt(sampled) - Math.sqrt(exact)).toBeLessThan(0.01);
    }
  });
});
