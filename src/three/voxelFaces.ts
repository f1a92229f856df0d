import type { VoxelGrid } from '../core/grid/VoxelGrid.ts';

/** Exposed faces of a voxel layer as triangles, with the outward normal of each. */
export interface VoxelFaces {
  /** 9 numbers (3 vertices x xyz) per triangle, world coordinates. */
  positions: Float64Array;
  /** Outward unit normal per vertex (same layout as positions). */
  normals: Float32Array;
  triangleCount: number;
}

/**
 * The surface of a voxel layer: only faces between a solid voxel and a free one (or the
 * outside of the grid); faces between two solid voxels are left out, so no triangle lies
 * inside the solid. Coplanar exposed faces facing the same way are merged into rectangles
 * (greedy meshing, as in Mikola Lysenko's "Meshing in a Minecraft Game", 2012): a wall of
 * n x m voxel faces becomes 2 triangles instead of 2nm, which keeps the BVH of large voxel
 * maps small. The covered surface is exactly the same.
 */
export function voxelFaces(grid: VoxelGrid): VoxelFaces {
  const dims = [grid.X, grid.Y, grid.Z];
  const occ = grid.occupancy;
  const s = grid.cellSize;
  const origin = [grid.origin.x, grid.origin.y, grid.origin.z];
  // Layout x + X * (y + Y * z): the index step along each axis.
  const stride = [1, dims[0], dims[0] * dims[1]];
  const quads: number[] = []; // per quad: axis, sign, slice, u0, v0, u1, v1
  for (let a = 0; a < 3; a++) {
    // u, v: the other two axes in cyclic order, so that u x v points along +a.
    const ua = (a + 1) % 3, va = (a + 2) % 3;
    const U = dims[ua], V = dims[va];
    const mask = new Uint8Array(U * V);
    for (const sign of [-1, 1]) {
      for (let slice = 0; slice < dims[a]; slice++) {
        // The neighbour across the face; outside the grid counts as free.
        const inside = slice + sign >= 0 && slice + sign < dims[a];
        const step = sign * stride[a];
        for (let v = 0; v < V; v++) {
          let i = slice * stride[a] + v * stride[va];
          for (let u = 0; u < U; u++, i += stride[ua]) {
            mask[u + U * v] = occ[i] !== 0 && !(inside && occ[i + step] !== 0) ? 1 : 0;
          }
        }
        // Greedy: grow each rectangle along u, then along v while whole rows are set.
        for (let v = 0; v < V; v++) {
          for (let u = 0; u < U; u++) {
            if (mask[u + U * v] === 0) continue;
            let u1 = u + 1;
            while (u1 < U && mask[u1 + U * v] !== 0) u1++;
            let v1 = v + 1;
            for (; v1 < V; v1++) {
              let full = true;
              for (let k = u; k < u1 && full; k++) full = mask[k + U * v1] !== 0;
              if (!full) break;
            }
            for (let y = v; y < v1; y++) mask.fill(0, u + U * y, u1 + U * y);
            quads.push(a, sign, slice, u, v, u1, v1);
          }
        }
      }
    }
  }
  const triangleCount = 2 * (quads.length / 7);
  const positions = new Float64Array(9 * triangleCount);
  const normals = new Float32Array(9 * triangleCount);
  let o = 0;
  const corner = (a: number, plane: number, ua: number, u: number, va: number, v: number, sign: number): void => {
    positions[o + a] = origin[a] + plane * s;
    positions[o + ua] = origin[ua] + u * s;
    positions[o + va] = origin[va] + v * s;
    normals[o + a] = sign;
    o += 3;
  };
  for (let q = 0; q < quads.length; q += 7) {
    const [a, sign, slice, u0, v0, u1, v1] = quads.slice(q, q + 7);
    const ua = (a + 1) % 3, va = (a + 2) % 3;
    const plane = slice + (sign > 0 ? 1 : 0);
    // Counter-clockwise seen from outside: (u0,v0) (u1,v0) (u1,v1) faces +a; reversed for -a.
    const us = sign > 0 ? [u0, u1, u1, u0, u1, u0] : [u0, u1, u1, u0, u1, u0].reverse();
    const vs = sign > 0 ? [v0, v0, v1, v0, v1, v1] : [v0, v0, v1, v0, v1, v1].reverse();
    for (let k = 0; k < 6; k++) corner(a, plane, ua, us[k], va, vs[k], sign);
  }
  return { positions, normals, triangleCount };
}
