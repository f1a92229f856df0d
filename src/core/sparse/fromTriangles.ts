import { blockTriangles, meshVoxelizeLayout, type VoxelFill } from '../geometry/voxelizeMesh.ts';
import { VoxelGrid } from '../grid/VoxelGrid.ts';
import { BrickSet } from './brickSet.ts';
import { SPARSE_MAX_SIDE, sparseFromBricks } from './build.ts';
import { compact3 as compact3_, morton as morton_ } from './morton.ts';
import { filledLeaves } from './fillEnclosed.ts';
import type { SparseWorld } from './SparseWorld.ts';

/** Options of `sparseFromTriangles` (those of the dense `voxelizeTriangles`, same meanings). */
export interface SparseVoxelizeOptions {
  /** Voxel edge length in world units (finite, > 0). */
  cellSize: number;
  /**
   * Grow every triangle by this distance (the agent radius): a voxel is blocked when a triangle
   * meets its box grown by `dilation` on every side. @default 0
   */
  dilation?: number;
  /**
   * `surface`: a voxel is blocked exactly when its closed (grown) box meets a triangle.
   * `solid`: also every voxel the border cannot reach through free voxels (6-connected): the
   * inside of closed meshes (`fillEnclosedSparse`). @default 'surface'
   */
  fill?: VoxelFill;
}

// Module-local copies: imported bindings may compile to getter calls (tsx), too slow per brick.
const compact3 = compact3_;
const morton = morton_;

/** Chunk side in voxels: a chunk is voxelized densely (C^3 bytes, reused), then packed into bricks. */
const C = 64;

/**
 * Voxelizes a triangle soup (9 numbers per triangle, world coordinates) straight into a
 * SparseWorld, without a dense grid of the whole world: the layout (origin, dims, free margin)
 * is the dense `voxelizeTriangles`' (`meshGridSpec`), and the triangles are bucketed into chunks
 * of 64^3 voxels; each chunk that a triangle reaches is voxelized by the dense rule
 * (`blockTriangles` with the chunk's offset, so the same arithmetic decides every voxel) into
 * one reused 64^3 buffer, then packed into 4x4x4 bricks; `solid` then blocks the enclosed air. The world answers `isBlocked` exactly
 * as the dense grid of the same soup and options, voxel by voxel. Memory follows the surface:
 * the bricks, the buckets and one chunk. Sides up to SPARSE_MAX_SIDE (4,096) voxels.
 * Throws a NavlabError (usage) naming a bad option, a bad soup, or a world over the side limit.
 */
export function sparseFromTriangles(soup: ArrayLike<number>, options: SparseVoxelizeOptions): SparseWorld {
  const { cellSize: s, dilation: r, fill, origin, dims } = meshVoxelizeLayout(soup, options, SPARSE_MAX_SIDE ** 3);
  const [X, Y, Z] = dims;
  const buckets = bucketTriangles(soup, origin, s, r, dims);
  const chunk = new VoxelGrid({ dims: [C, C, C], origin, cellSize: s });
  const occ = chunk.occupancy;
  const bricks = new BrickSet();
  const sub: number[] = [];
  const o = [origin.x, origin.y, origin.z];
  // Chunks in Morton order, bricks in Morton order within a chunk: the brick codes arrive ascending.
  const keys = [...buckets.keys()].sort((a, b) => chunkMorton(a) - chunkMorton(b));
  for (const key of keys) {
    const tris = buckets.get(key)!;
    const off = [(key % NX) * C, (Math.floor(key / NX) % NX) * C, Math.floor(key / (NX * NX)) * C];
    sub.length = 0;
    for (const t of tris) {
      for (let k = 0; k < 9; k++) sub.push(soup[9 * t + k]);
      touchBricks(soup, t, o, s, r, off);
    }
    blockTriangles(sub, chunk, r, [0, 0, 0, Math.min(C, X - off[0]), Math.min(C, Y - off[1]), Math.min(C, Z - off[2])], off);
    packBricks(occ, off, bricks);
  }
  buckets.clear();
  let world: SparseWorld | null = sparseFromBricks(dims, bricks, s, origin);
  if (fill !== 'solid') return world;
  // The surface world goes before the filled one is built (no two worlds at once at city scale).
  const filled = filledLeaves(world);
  world = null;
  return sparseFromBricks(dims, filled.bricks, s, origin, filled.solids);
}

/** Chunks per axis a key can hold (SPARSE_MAX_SIDE / C). */
const NX = SPARSE_MAX_SIDE / C;

/**
 * The triangles per chunk: every chunk that the voxel range of a triangle's grown box (the
 * range blockTriangles tests, widened by one voxel against rounding) reaches.
 */
function bucketTriangles(
  soup: ArrayLike<number>,
  origin: { x: number; y: number; z: number },
  s: number,
  r: number,
  dims: readonly number[],
): Map<number, number[]> {
  const buckets = new Map<number, number[]>();
  const o = [origin.x, origin.y, origin.z];
  const lo = [0, 0, 0],
    hi = [0, 0, 0];
  for (let t = 0; t < soup.length / 9; t++) {
    for (let a = 0; a < 3; a++) {
      const i = 9 * t + a;
      const v0 = Math.min(soup[i], soup[i + 3], soup[i + 6]);
      const v1 = Math.max(soup[i], soup[i + 3], soup[i + 6]);
      lo[a] = Math.max(0, Math.floor((Math.floor((v0 - r - o[a]) / s) - 1) / C));
      hi[a] = Math.min(Math.ceil(dims[a] / C) - 1, Math.floor((Math.floor((v1 + r - o[a]) / s) + 1) / C));
    }
    for (let z = lo[2]; z <= hi[2]; z++)
      for (let y = lo[1]; y <= hi[1]; y++)
        for (let x = lo[0]; x <= hi[0]; x++) {
          const key = x + NX * (y + NX * z);
          const list = buckets.get(key);
          if (list === undefined) buckets.set(key, [t]);
          else list.push(t);
        }
  }
  return buckets;
}

/** Bricks per chunk side. */
const B = C / 4;
/** Per brick of the chunk, by its local Morton code: 1 when a triangle's voxel range reaches it. */
const touched = new Uint8Array(B * B * B);

/** The Morton code of the chunk of bucket key `key` (its brick codes are this << 12, plus the local code). */
function chunkMorton(key: number): number {
  return morton(key % NX, Math.floor(key / NX) % NX, Math.floor(key / (NX * NX)));
}

/**
 * Marks the chunk's bricks (chunk at voxel offset `off`) that triangle t's voxel range reaches:
 * the range blockTriangles tests (its grown box), widened by one voxel against rounding; only
 * those bricks can hold a voxel it blocks.
 */
function touchBricks(soup: ArrayLike<number>, t: number, o: readonly number[], s: number, r: number, off: readonly number[]): void {
  const lo = _lo,
    hi = _hi;
  for (let a = 0; a < 3; a++) {
    const i = 9 * t + a;
    const v0 = Math.min(soup[i], soup[i + 3], soup[i + 6]);
    const v1 = Math.max(soup[i], soup[i + 3], soup[i + 6]);
    lo[a] = Math.max(0, (Math.floor((v0 - r - o[a]) / s) - 1 - off[a]) >> 2);
    hi[a] = Math.min(B - 1, (Math.floor((v1 + r - o[a]) / s) + 1 - off[a]) >> 2);
  }
  for (let z = lo[2]; z <= hi[2]; z++)
    for (let y = lo[1]; y <= hi[1]; y++) {
      const yz = (SPREAD[y] << 1) | (SPREAD[z] << 2);
      for (let x = lo[0]; x <= hi[0]; x++) touched[yz | SPREAD[x]] = 1;
    }
}
/** spread3 of 0..B-1 (a brick's Morton code in its chunk is SPREAD[x] | SPREAD[y] << 1 | SPREAD[z] << 2). */
const SPREAD = Int32Array.from({ length: B }, (_, v) => morton(v, 0, 0));
const _lo = [0, 0, 0],
  _hi = [0, 0, 0];

/**
 * ORs the blocked voxels of the touched bricks of a C^3 chunk (at voxel offset `off`) into
 * `bricks`, in Morton order, and clears them (the chunk is all free again for the next one).
 * A brick's row of 4 voxels along x is one 32-bit word of the chunk's bytes.
 */
function packBricks(occ: Uint8Array, off: readonly number[], bricks: BrickSet): void {
  const words = new Uint32Array(occ.buffer, occ.byteOffset, occ.length >> 2);
  const bx0 = off[0] >> 2,
    by0 = off[1] >> 2,
    bz0 = off[2] >> 2;
  for (let m = 0; m < B * B * B; m++) {
    if (touched[m] === 0) continue;
    touched[m] = 0;
    const x = compact3(m),
      y = compact3(m >>> 1),
      z = compact3(m >>> 2);
    let lo = 0,
      hi = 0;
    for (let lz = 0; lz < 4; lz++)
      for (let ly = 0; ly < 4; ly++) {
        const wi = ((C * (4 * y + ly + C * (4 * z + lz))) >> 2) + x;
        const row = words[wi];
        if (row === 0) continue;
        words[wi] = 0;
        // The row's 4 bytes (0 or 1: bits 0, 8, 16, 24) as 4 bits, at bit lx + 4 ly + 16 lz.
        const bits = (row | (row >>> 7) | (row >>> 14) | (row >>> 21)) & 15;
        if (lz < 2) lo |= bits << ((ly << 2) | (lz << 4));
        else hi |= bits << ((ly << 2) | ((lz - 2) << 4));
      }
    if (lo !== 0 || hi !== 0) bricks.add(bx0 + x, by0 + y, bz0 + z, lo, hi);
  }
}
