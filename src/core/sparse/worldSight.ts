import { checkFunction } from '../args.ts';
import type { LineOfSight } from '../graph/visibility.ts';
import { walkVoxels } from '../grid/voxelWalk.ts';
import type { SparseWorld } from './SparseWorld.ts';

// A module-local copy: an imported binding may compile to a getter call (tsx).
const walk = walkVoxels;

/**
 * Line of sight between world points on a sparse world's own voxels (no mesh BVH): true when
 * every voxel the segment passes through is free (where it passes exactly through an edge or a
 * corner, every voxel around it), false when it leaves the world. A voxel is free only when no
 * triangle meets its box grown by the dilation (the agent radius) on every side, so a segment
 * through free voxels keeps the agent's capsule clear of every triangle: a conservative capsule
 * test (a capsule clear of the triangles may still fail it near geometry). `world()` is read on
 * every call, so the test follows edits (which replace the world). Throws a NavlabError (usage)
 * when `world` is not a function.
 */
export function sparseWorldSight(world: () => SparseWorld): LineOfSight {
  checkFunction('sparseWorldSight: world', world);
  // The voxel test of the last world seen, made once per world (not per call).
  let seen: SparseWorld | null = null;
  let free = (_x: number, _y: number, _z: number): boolean => false;
  return (ax, ay, az, bx, by, bz) => {
    const w = world();
    if (w !== seen) {
      seen = w;
      free = (x, y, z) => !w.isBlocked(x, y, z);
    }
    const { origin: o, cellSize: s } = w;
    const ex = (bx - o.x) / s,
      ey = (by - o.y) / s,
      ez = (bz - o.z) / s;
    // The end voxel first (as voxelLineOfSight): a path's end point often lies in a blocked voxel (a floor point
    // raised by the agent radius), and a walk from the other end would cross the whole segment to find it.
    return free(Math.floor(ex), Math.floor(ey), Math.floor(ez)) && walk((ax - o.x) / s, (ay - o.y) / s, (az - o.z) / s, ex, ey, ez, free);
  };
}
