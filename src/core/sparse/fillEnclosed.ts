import { BrickSet } from './brickSet.ts';
import { sparseFromBricks } from './build.ts';
import { BOX_LAST, componentOf } from './components.ts';
import { SparseSpace } from './SparseSpace.ts';
import { EMPTY, MIXED, SOLID, type SparseWorld } from './SparseWorld.ts';

/**
 * The `solid` fill of a sparse world: a new world in which every free voxel that the world's
 * border cannot reach through free voxels (moving between face neighbours) is blocked: the air
 * inside closed meshes, as the dense `fillEnclosed` does. The free space's connected components
 * (`SparseSpace`, face neighbours: the dense fill's 6-connectivity) decide it: the component of
 * voxel (0, 0, 0), on the border, is the outside (a voxelization's layout keeps a free margin
 * on every side, so the whole border is one component); every other free cell is enclosed.
 *
 * The new tree is built from the old one's leaves (`sparseFromBricks` with coarse solid nodes):
 * an enclosed EMPTY node of any level becomes one SOLID leaf, a MIXED brick gets its enclosed
 * boxes blocked (a brick whose free voxels are all enclosed becomes a SOLID brick), SOLID nodes
 * stay; solid regions then merge upward (8 SOLID children: a SOLID parent). No brick inside a
 * solid region is ever enumerated, so time and memory follow the old tree's nodes.
 */
export function fillEnclosedSparse(world: SparseWorld): SparseWorld {
  const { kind, level, code, maskLo, maskHi } = world;
  const nodes = world.nodeCount;
  const space = new SparseSpace(world, { components: true });
  const { nodeComp, brickComp, boxComp } = space.components!;
  const outside = componentOf(space.components!, space.voxelBase, space.cellOf(0, 0, 0));
  /** Whether node n (not a MIXED node) is blocked whole in the filled world. */
  const whole = (n: number): boolean => kind[n] === SOLID || (kind[n] === EMPTY && nodeComp[n] !== outside);
  const counts = new Int32Array(world.top + 1);
  for (let n = 0; n < nodes; n++) if (level[n] === 0 ? kind[n] === MIXED || whole(n) : kind[n] !== MIXED && whole(n)) counts[level[n]]++;
  const bricks = new BrickSet(counts[0]);
  const solids = Array.from(counts, (c, k) => new Uint32Array(k === 0 ? 0 : c));
  counts.fill(0);
  for (let n = 0; n < nodes; n++) {
    const k = level[n];
    if (kind[n] !== MIXED) {
      if (!whole(n)) continue;
      if (k === 0) bricks.addCode(code[n], -1, -1);
      else solids[k][counts[k]++] = code[n];
      continue;
    }
    if (k > 0) continue;
    const one = brickComp[n];
    if (one >= 0 && one !== outside) {
      bricks.addCode(code[n], -1, -1); // every free voxel enclosed
      continue;
    }
    let lo = maskLo[n],
      hi = maskHi[n];
    // Free voxels in several components: block the enclosed boxes (packed: corner bit, sides - 1 at bits 6, 8, 10).
    if (one < -1)
      for (let i = -one - 2; ; i += 2) {
        const v = boxComp[i];
        if (boxComp[i + 1] !== outside)
          for (let z = (v >> 4) & 3, z1 = z + ((v >> 10) & 3); z <= z1; z++)
            for (let y = (v >> 2) & 3, y1 = y + ((v >> 8) & 3); y <= y1; y++)
              for (let x = v & 3, x1 = x + ((v >> 6) & 3); x <= x1; x++) {
                const b = x | (y << 2) | (z << 4);
                if (b < 32) lo |= 1 << b;
                else hi |= 1 << (b - 32);
              }
        if ((v & BOX_LAST) !== 0) break;
      }
    bricks.addCode(code[n], lo, hi);
  }
  return sparseFromBricks([world.X, world.Y, world.Z], bricks, world.cellSize, world.origin, solids);
}
