/**
 * The solid fill on a sparse NavWorld: the one component a solid-filled octree has, and the
 * fill again within a box an update re-voxelized.
 */
import type { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import type { SparseComponents } from '../core/sparse/components.ts';
import type { SparseSpace } from '../core/sparse/SparseSpace.ts';
import { EMPTY, MIXED, type SparseWorld } from '../core/sparse/SparseWorld.ts';

/**
 * Solid fill within a re-voxelized box (`chunk`, at voxel `lo` of `w`): blocks the chunk's free
 * voxels that the air outside it cannot reach. The flood starts at the chunk's faces, from
 * voxels whose neighbour across the face is free in the world or beyond its border (outside
 * air: a solid world has no other free voxels), and runs through the chunk's free voxels (face
 * neighbours). So the inside of a closed mesh moved within the box is blocked, and the inside
 * of a mesh reaching past the box stays blocked (its neighbours across the faces are blocked).
 */
export function sealEnclosed(chunk: VoxelGrid, lo: readonly number[], w: SparseWorld): void {
  const { X, Y, Z, occupancy } = chunk;
  const XY = X * Y;
  const reached = new Uint8Array(XY * Z);
  const queue = new Int32Array(XY * Z); // each free voxel enters once
  let top = 0;
  const visit = (i: number) => {
    if (occupancy[i] !== 0 || reached[i] !== 0) return;
    reached[i] = 1;
    queue[top++] = i;
  };
  // Chunk voxel (x, y, z) is a seed when its neighbour across the face (dx, dy, dz) is outside air.
  const seed = (x: number, y: number, z: number, dx: number, dy: number, dz: number) => {
    const [ox, oy, oz] = [lo[0] + x + dx, lo[1] + y + dy, lo[2] + z + dz];
    if (!w.inBounds(ox, oy, oz) || !w.isBlocked(ox, oy, oz)) visit(x + X * (y + Y * z));
  };
  for (let z = 0; z < Z; z++)
    for (let y = 0; y < Y; y++) {
      seed(0, y, z, -1, 0, 0);
      seed(X - 1, y, z, 1, 0, 0);
    }
  for (let z = 0; z < Z; z++)
    for (let x = 0; x < X; x++) {
      seed(x, 0, z, 0, -1, 0);
      seed(x, Y - 1, z, 0, 1, 0);
    }
  for (let y = 0; y < Y; y++)
    for (let x = 0; x < X; x++) {
      seed(x, y, 0, 0, 0, -1);
      seed(x, y, Z - 1, 0, 0, 1);
    }
  while (top > 0) {
    const i = queue[--top];
    const x = i % X,
      y = Math.floor(i / X) % Y,
      z = Math.floor(i / XY);
    if (x > 0) visit(i - 1);
    if (x < X - 1) visit(i + 1);
    if (y > 0) visit(i - X);
    if (y < Y - 1) visit(i + X);
    if (z > 0) visit(i - XY);
    if (z < Z - 1) visit(i + XY);
  }
  for (let i = 0; i < occupancy.length; i++) if (occupancy[i] === 0 && reached[i] === 0) occupancy[i] = 1;
}

/**
 * The components of a world filled 'solid' (fillEnclosedSparse blocked every free voxel the
 * border cannot reach): one, labelled as sparseComponents labels it, by its least cell id (the
 * first box of the first MIXED brick, else the first EMPTY node).
 */
export function oneComponent(space: SparseSpace): SparseComponents {
  const w = space.world;
  const { start, list } = space.boxes;
  const kind = w.kind;
  const brickComp = new Int32Array(w.brickCount).fill(-1);
  const nodeComp = new Int32Array(w.nodeCount).fill(-1);
  // Made before the loops: code optimized on-stack in a loop (the first build) has no feedback for what follows it.
  const out: SparseComponents = { nodeComp, brickComp, boxComp: new Int32Array(0) };
  let label = -1;
  for (let n = 0; n < w.brickCount && label < 0; n++)
    if (kind[n] === MIXED && start[n] < start[n + 1]) label = 64 * n + (list[start[n]] & 63);
  for (let k = 0; k < w.nodeCount && label < 0; k++) if (kind[k] === EMPTY) label = space.voxelBase + k;
  for (let n = 0; n < w.brickCount; n++) if (kind[n] === MIXED) brickComp[n] = label;
  for (let k = 0; k < w.nodeCount; k++) if (kind[k] === EMPTY) nodeComp[k] = label;
  return out;
}
