/**
 * The centre tests of voxelization (`voxelize`, through `CollisionWorld.fillSolids`): the
 * voxels of a block whose centre lies in a solid voxel of a voxel layer, or in a box and a
 * shape's inside test (a primitive obstacle). Apart from voxelize.ts, so a world of meshes
 * alone (MeshWorld, as NavWorld builds) does not carry them.
 */
import type { Aabb } from '../core/graph/visibility.ts';
import type { VoxelGrid } from '../core/grid/VoxelGrid.ts';

/** Blocks the voxels of `block` whose centre lies in a solid voxel of `layer` (as `CollisionWorld.voxelAt`). */
export function fillLayer(grid: VoxelGrid, block: readonly number[], layer: VoxelGrid): void {
  const s = grid.cellSize;
  const o = grid.origin;
  // Per axis: the layer voxel holding each centre of the block, or -1 outside the layer.
  const along = (axis: 0 | 1 | 2, origin: number, n: number): Int32Array => {
    const out = new Int32Array(block[axis + 3] - block[axis]);
    for (let i = 0; i < out.length; i++) {
      const v = layer.axisVoxel(axis, origin + (block[axis] + i + 0.5) * s);
      out[i] = v >= 0 && v < n ? v : -1;
    }
    return out;
  };
  const lx = along(0, o.x, layer.X),
    ly = along(1, o.y, layer.Y),
    lz = along(2, o.z, layer.Z);
  const { X, Y } = grid;
  const occ = grid.occupancy,
    solid = layer.occupancy;
  for (let k = 0; k < lz.length; k++) {
    if (lz[k] < 0) continue;
    for (let j = 0; j < ly.length; j++) {
      if (ly[j] < 0) continue;
      const from = layer.X * (ly[j] + layer.Y * lz[k]);
      const row = X * (block[1] + j + Y * (block[2] + k)) + block[0];
      for (let i = 0; i < lx.length; i++) if (lx[i] >= 0 && solid[from + lx[i]] !== 0) occ[row + i] = 1;
    }
  }
}

/**
 * Blocks the free voxels of `block` whose centre lies in `box` and passes `inside`. The index
 * range is widened by one voxel against rounding; the box test on the centre decides.
 */
export function fillCentres(
  grid: VoxelGrid,
  block: readonly number[],
  box: Aabb,
  inside: (cx: number, cy: number, cz: number) => boolean,
): void {
  const s = grid.cellSize;
  const o = grid.origin;
  // Voxel i's centre is o + (i + 1/2) s.
  const lo = (v: number, origin: number, min: number) => Math.max(min, Math.ceil((v - origin) / s - 0.5) - 1);
  const hi = (v: number, origin: number, max: number) => Math.min(max, Math.floor((v - origin) / s - 0.5) + 2);
  const x0 = lo(box.min.x, o.x, block[0]),
    y0 = lo(box.min.y, o.y, block[1]),
    z0 = lo(box.min.z, o.z, block[2]);
  const x1 = hi(box.max.x, o.x, block[3]),
    y1 = hi(box.max.y, o.y, block[4]),
    z1 = hi(box.max.z, o.z, block[5]);
  const { X, Y } = grid;
  const occ = grid.occupancy;
  for (let z = z0; z < z1; z++) {
    const cz = o.z + (z + 0.5) * s;
    if (cz < box.min.z || cz > box.max.z) continue;
    for (let y = y0; y < y1; y++) {
      const cy = o.y + (y + 0.5) * s;
      if (cy < box.min.y || cy > box.max.y) continue;
      const row = X * (y + Y * z);
      for (let x = x0; x < x1; x++) {
        if (occ[row + x] !== 0) continue;
        const cx = o.x + (x + 0.5) * s;
        if (cx >= box.min.x && cx <= box.max.x && inside(cx, cy, cz)) occ[row + x] = 1;
      }
    }
  }
}
