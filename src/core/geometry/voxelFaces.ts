import { NavlabError } from '../errors.ts';
import type { VoxelGrid } from '../grid/VoxelGrid.ts';

/** Exposed faces of a voxel layer as triangles, with the outward normal of each. */
export interface VoxelFaces {
  /** 9 numbers (3 vertices x xyz) per triangle, world coordinates. */
  positions: Float64Array;
  /** Outward unit normal per vertex (same layout as positions). */
  normals: Float32Array;
  triangleCount: number;
}

/** Numbers per quad in a quad list: axis, sign (0: -, 1: +), slice, u0, v0, u1, v1. */
export const QUAD_STRIDE = 7;

/**
 * The exposed faces of the solid voxels inside the inclusive voxel box [x0, y0, z0, x1, y1, z1]
 * as merged rectangles (quads): only faces between a solid voxel and a free one (or the outside
 * of the grid) count; a neighbour outside the box is read from the grid, so the quads of
 * adjacent boxes together are exactly the surface of the whole layer. Coplanar exposed faces
 * facing the same way are merged inside the box (greedy meshing, as in Mikola Lysenko's
 * "Meshing in a Minecraft Game", 2012). Each quad is QUAD_STRIDE numbers in grid coordinates:
 * axis a (0 x, 1 y, 2 z), sign (1: the face looks towards +a), the voxel slice along a, and
 * the rectangle [u0, u1) x [v0, v1) on the other two axes in cyclic order (u = a+1, v = a+2).
 */
export function voxelQuads(grid: VoxelGrid, box: readonly number[] = [0, 0, 0, grid.X - 1, grid.Y - 1, grid.Z - 1]): Uint16Array {
  const dims = [grid.X, grid.Y, grid.Z];
  if (Math.max(...dims) > 0xffff)
    throw new NavlabError('usage', `voxelQuads: a grid side above ${0xffff} voxels does not fit the quad list`);
  const occ = grid.occupancy;
  const lo = [box[0], box[1], box[2]];
  const hi = [box[3] + 1, box[4] + 1, box[5] + 1];
  // Layout x + X * (y + Y * z): the index step along each axis.
  const stride = [1, dims[0], dims[0] * dims[1]];
  const quads: number[] = [];
  for (let a = 0; a < 3; a++) {
    // u, v: the other two axes in cyclic order, so that u x v points along +a.
    const ua = (a + 1) % 3,
      va = (a + 2) % 3;
    const u0 = lo[ua],
      v0 = lo[va];
    const U = hi[ua] - u0,
      V = hi[va] - v0;
    if (U <= 0 || V <= 0) continue;
    const mask = new Uint8Array(U * V);
    for (let sign = 0; sign < 2; sign++) {
      const d = sign === 1 ? 1 : -1;
      for (let slice = lo[a]; slice < hi[a]; slice++) {
        // The neighbour across the face; outside the grid counts as free.
        const inside = slice + d >= 0 && slice + d < dims[a];
        const step = d * stride[a];
        let any = false;
        for (let v = 0; v < V; v++) {
          let i = slice * stride[a] + (v + v0) * stride[va] + u0 * stride[ua];
          for (let u = 0; u < U; u++, i += stride[ua]) {
            const m = occ[i] !== 0 && !(inside && occ[i + step] !== 0) ? 1 : 0;
            mask[u + U * v] = m;
            any ||= m === 1;
          }
        }
        if (!any) continue;
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
            quads.push(a, sign, slice, u + u0, v + v0, u1 + u0, v1 + v0);
          }
        }
      }
    }
  }
  return Uint16Array.from(quads);
}

/**
 * Writes the two triangles of each quad (see voxelQuads) in world coordinates into
 * `positions` (9 numbers per triangle) from triangle `first` on, and the outward normals into
 * `normals` when given. Counter-clockwise seen from outside.
 */
export function quadTriangles(
  grid: VoxelGrid,
  quads: ArrayLike<number>,
  positions: Float64Array | Float32Array,
  normals: Float32Array | null = null,
  first = 0,
): void {
  const s = grid.cellSize;
  const origin = [grid.origin.x, grid.origin.y, grid.origin.z];
  let o = 9 * first;
  for (let q = 0; q < quads.length; q += QUAD_STRIDE) {
    const a = quads[q],
      sign = quads[q + 1] === 1 ? 1 : -1,
      slice = quads[q + 2];
    const u0 = quads[q + 3],
      v0 = quads[q + 4],
      u1 = quads[q + 5],
      v1 = quads[q + 6];
    const ua = (a + 1) % 3,
      va = (a + 2) % 3;
    const plane = origin[a] + (slice + (sign > 0 ? 1 : 0)) * s;
    // (u0,v0) (u1,v0) (u1,v1) and (u0,v0) (u1,v1) (u0,v1) face +a; the reverse order faces -a.
    const us = sign > 0 ? CORNERS_U : CORNERS_U_REV;
    const vs = sign > 0 ? CORNERS_V : CORNERS_V_REV;
    for (let k = 0; k < 6; k++) {
      positions[o + a] = plane;
      positions[o + ua] = origin[ua] + (us[k] === 0 ? u0 : u1) * s;
      positions[o + va] = origin[va] + (vs[k] === 0 ? v0 : v1) * s;
      if (normals !== null) {
        normals[o + a] = sign;
        normals[o + ua] = 0;
        normals[o + va] = 0;
      }
      o += 3;
    }
  }
}

// Corner choices (0: low, 1: high) of the six vertices of a quad's two triangles.
const CORNERS_U = [0, 1, 1, 0, 1, 0];
const CORNERS_V = [0, 0, 1, 0, 1, 1];
const CORNERS_U_REV = CORNERS_U.slice().reverse();
const CORNERS_V_REV = CORNERS_V.slice().reverse();

/**
 * The surface of a voxel layer: only faces between a solid voxel and a free one (or the
 * outside of the grid); faces between two solid voxels are left out, so no triangle lies
 * inside the solid. Coplanar exposed faces facing the same way are merged into rectangles
 * (see voxelQuads): a wall of n x m voxel faces becomes 2 triangles instead of 2nm, which
 * keeps the BVH of large voxel maps small. The covered surface is exactly the same.
 */
export function voxelFaces(grid: VoxelGrid): VoxelFaces {
  const quads = voxelQuads(grid);
  const triangleCount = 2 * (quads.length / QUAD_STRIDE);
  const positions = new Float64Array(9 * triangleCount);
  const normals = new Float32Array(9 * triangleCount);
  quadTriangles(grid, quads, positions, normals);
  return { positions, normals, triangleCount };
}
