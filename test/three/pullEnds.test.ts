import { Group, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { box } from '../support/boxMesh.ts';
import type { LineOfSight } from '../../src/core/graph/visibility.ts';
import { stringPull } from '../../src/core/graph/waypointRoute.ts';
import { NavWorld } from '../../src/three/NavWorld.ts';
import { sparseNavWorld } from '../../src/three/navWorldSparse.ts';
import { pullEnds } from '../../src/three/worldPaths.ts';

/** A line of sight blocked by the plane x = 5 between z = -1 and z = 1 (and counting its tests). */
function wallSight(): { los: LineOfSight; tests: () => number } {
  let n = 0;
  const los: LineOfSight = (ax, _ay, az, bx, _by, bz) => {
    n++;
    if ((ax - 5) * (bx - 5) > 0) return true;
    const t = (5 - ax) / (bx - ax);
    return Math.abs(az + t * (bz - az)) > 1;
  };
  return { los, tests: () => n };
}

describe('pullEnds', () => {
  it('drops the corners next to the ends while the line of sight allows, keeping the inner corners', () => {
    // from, two snap-like corners, the corner around the wall's edge (5, 0, 1), two more, to.
    const corners = [0, 0, 0, 0.5, 0, 0.2, 1, 0, 0.4, 5, 0, 1.01, 9, 0, 0.4, 9.5, 0, 0.2, 10, 0, 0];
    const { los, tests } = wallSight();
    const pulled = pullEnds(corners, los);
    expect(pulled).toEqual([0, 0, 0, 5, 0, 1.01, 10, 0, 0]);
    // Two tests that pass and one that fails at each end.
    expect(tests()).toBe(6);
    // stringPull gives the same polyline here (it tries the far corners first: long tests).
    expect(stringPull(corners, wallSight().los).points).toEqual(pulled);
  });

  it('keeps paths of two corners and sight-blocked ends as they are', () => {
    const { los } = wallSight();
    expect(pullEnds([0, 0, 0, 10, 0, 0], los)).toEqual([0, 0, 0, 10, 0, 0]);
    const around = [0, 0, 0, 5, 0, 1.5, 10, 0, 0];
    expect(pullEnds(around, los)).toEqual(around);
  });

  it('on a sparse NavWorld: a path around a wall pulled on the octree voxels, without the BVH', () => {
    const root = new Group();
    root.add(box([1, 6, 6], [0, 0, 0], 'wall'), box([0.2, 0.2, 0.2], [-6, -4, -4]), box([0.2, 0.2, 0.2], [6, 4, 4]));
    const nav = NavWorld.fromObject3D(root, { cellSize: 0.5, agentRadius: 0.3, fill: 'surface', world: 'sparse', sparse: sparseNavWorld });
    const r = nav.findPath(new Vector3(-4, 0.25, 0.25), new Vector3(4, 0.25, 0.25));
    expect(r.status).toBe('found');
    // The query made no capsule test through the meshes' BVH (it is built lazily: untouched).
    expect(nav.world!.bvh.segmentTests).toBe(0);
    const raw = nav.findPath(new Vector3(-4, 0.25, 0.25), new Vector3(4, 0.25, 0.25), { smooth: false });
    expect(r.points.length).toBeLessThan(raw.points.length);
    // Every segment of the pulled path keeps the agent's capsule clear of the meshes.
    for (let i = 1; i < r.points.length; i++) {
      const [a, b] = [r.points[i - 1], r.points[i]];
      expect(nav.world!.capsuleClear(a.x, a.y, a.z, b.x, b.y, b.z, 0.3)).toBe(true);
    }
  });
});
