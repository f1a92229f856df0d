import { BrickSet } from './brickSet.ts';
import { sparseFromBricks } from './build.ts';
import { componentOf } from './components.ts';
import { SparseSpace } from './SparseSpace.ts';
import { EMPTY, MIXED, type SparseWorld } from './SparseWorld.ts';

/**
 * The `solid` fill of a sparse world: a new world in which every free voxel that the world's
 * border cannot reach through free voxels (moving between face neighbours) is blocked: the air
 * inside closed meshes, as the dense `fillEnclosed` does. The free space's connected components
 * (`SparseSpace`, face neighbours: the dense fill's 6-connectivity) decide it: the component of
 * voxel (0, 0, 0), on the border, is the outside (a voxelization's layout keeps a free margin
 * on every side, so the whole border is one component); every other free cell is enclosed.
 * The bricks are rebuilt with the enclosed cells blocked; solid regions merge back into
 * childless nodes.
 */
export function fillEnclosedSparse(world: SparseWorld): SparseWorld {
  const space = new SparseSpace(world, { components: true, regions: false });
  const comp = space.components!;
  const base = space.voxelBase;
  const outside = componentOf(comp, base, space.cellOf(0, 0, 0));
  const bricks = new BrickSet();
  const box = [0, 0, 0, 0];
  for (let n = 0; n < world.nodeCount; n++) {
    const kind = world.kind[n];
    if (kind === MIXED && world.level[n] > 0) continue;
    if (kind === EMPTY && comp.nodeComp[n] === outside) continue;
    world.nodeBox(n, box);
    if (kind === MIXED) {
      let lo = world.maskLo[n],
        hi = world.maskHi[n];
      if (comp.brickComp[n] !== outside)
        for (let b = 0; b < 64; b++) {
          const blocked = ((b < 32 ? lo >>> b : hi >>> (b - 32)) & 1) !== 0;
          if (blocked || componentOf(comp, base, space.voxelCell(n, b)) === outside) continue;
          if (b < 32) lo |= 1 << b;
          else hi |= 1 << (b - 32);
        }
      bricks.add(box[0] >> 2, box[1] >> 2, box[2] >> 2, lo, hi);
      continue;
    }
    // A solid node, or an enclosed empty one: every brick of it inside the world, full (the
    // padding outside the world is laid out again by sparseFromBricks).
    const end = [world.X, world.Y, world.Z].map((d, a) => Math.min(box[a] + box[3], d + 3) >> 2);
    for (let bz = box[2] >> 2; bz < end[2]; bz++)
      for (let by = box[1] >> 2; by < end[1]; by++) for (let bx = box[0] >> 2; bx < end[0]; bx++) bricks.add(bx, by, bz, -1, -1);
  }
  return sparseFromBricks([world.X, world.Y, world.Z], bricks, world.cellSize, world.origin);
}
