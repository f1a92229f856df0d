import type { VoxelGrid } from '../core/grid/VoxelGrid.ts';

/**
 * Corner offsets of each face direction as two triangles (counter-clockwise seen from
 * outside), for directions -x, +x, -y, +y, -z, +z: 6 corners x 3 coordinates in {0, 1}.
 */
const FACE_CORNERS: readonly (readonly number[])[] = [
  [0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 1, 1, 0, 1, 0],
  [1, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 0, 1],
  [0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1],
  [0, 1, 0, 0, 1, 1, 1, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1, 0],
  [0, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 1, 1, 0, 1, 0, 0],
  [0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 0, 1, 1],
];
const DIRS = [-1, 0, 0, 1, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, -1, 0, 0, 1];

/** Exposed faces of a voxel layer: two triangles per face, with the outward normal of each. */
export interface VoxelFaces {
  /** 18 numbers (2 triangles x 3 vertices x xyz) per face, world coordinates. */
  positions: Float64Array;
  /** Outward unit normal per vertex (same layout as positions). */
  normals: Float32Array;
  faceCount: number;
}

/**
 * The faces between a solid voxel and a free one (or the outside of the grid); faces between
 * two solid voxels are left out, so the surface is closed and no triangle lies inside it.
 */
export function voxelFaces(grid: VoxelGrid): VoxelFaces {
  const { X, Y, Z, occupancy, cellSize: s, origin } = grid;
  const solid = (x: number, y: number, z: number): boolean =>
    x >= 0 && y >= 0 && z >= 0 && x < X && y < Y && z < Z && occupancy[x + X * (y + Y * z)] !== 0;
  let faceCount = 0;
  for (let pass = 0; pass < 2; pass++) {
    // Pass 0 counts, pass 1 writes: the arrays are allocated once at their exact size.
    const positions = pass === 1 ? new Float64Array(18 * faceCount) : null;
    const normals = pass === 1 ? new Float32Array(18 * faceCount) : null;
    let f = 0;
    for (let z = 0; z < Z; z++) {
      for (let y = 0; y < Y; y++) {
        for (let x = 0; x < X; x++) {
          if (occupancy[x + X * (y + Y * z)] === 0) continue;
          for (let d = 0; d < 6; d++) {
            if (solid(x + DIRS[3 * d], y + DIRS[3 * d + 1], z + DIRS[3 * d + 2])) continue;
            if (positions !== null && normals !== null) {
              const c = FACE_CORNERS[d];
              for (let v = 0; v < 6; v++) {
                const o = 18 * f + 3 * v;
                positions[o] = origin.x + (x + c[3 * v]) * s;
                positions[o + 1] = origin.y + (y + c[3 * v + 1]) * s;
                positions[o + 2] = origin.z + (z + c[3 * v + 2]) * s;
                normals[o] = DIRS[3 * d];
                normals[o + 1] = DIRS[3 * d + 1];
                normals[o + 2] = DIRS[3 * d + 2];
              }
            }
            f++;
          }
        }
      }
    }
    if (positions !== null && normals !== null) return { positions, normals, faceCount };
    faceCount = f;
  }
  throw new Error('unreachable');
}
