import { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import type { Vec3 } from '../core/math/vec3.ts';
import { triangleOverlapsBox } from './triangleMath.ts';

/** How a mesh voxelization fills the grid. */
export type VoxelFill = 'surface' | 'solid';

export interface MeshVoxelizeOptions {
  /** Voxel edge length in world units (finite, > 0). */
  cellSize: number;
  /**
   * `surface`: a voxel is blocked exactly when its closed box meets a triangle.
   * `solid`: also every voxel the grid border cannot reach through free voxels (6-connected).
   * @default 'surface'
   */
  fill?: VoxelFill;
  /**
   * Grow every triangle by this distance (e.g. the agent radius): a voxel is blocked when a
   * triangle meets its box grown by `dilation` on every side. The grown box holds the round
   * Minkowski sum, so a grid path stays at least `dilation` from every triangle. @default 0
   */
  dilation?: number;
}

export interface MeshVoxelization {
  grid: VoxelGrid;
  /** Triangles in the soup. */
  triangles: number;
  /** Blocked voxels. */
  blocked: number;
}

/**
 * The grid a soup is voxelized into: origin on a multiple of `cellSize`, and at least one
 * voxel on every side whose (dilated) closed box touches no triangle, so the border is free
 * and a `solid` flood can start from all of it. `bounds` is the soup's box.
 */
export function meshGridSpec(min: Vec3, max: Vec3, cellSize: number, dilation = 0): { origin: Vec3; dims: [number, number, number] } {
  const origin = { x: 0, y: 0, z: 0 };
  const dims: [number, number, number] = [0, 0, 0];
  const axes = ['x', 'y', 'z'] as const;
  for (let a = 0; a < 3; a++) {
    const k = axes[a];
    const lo = min[k] - dilation, hi = max[k] + dilation;
    // Voxel 0's closed box must end strictly below lo, the last voxel's start strictly above hi,
    // computed exactly as the voxelizer computes box bounds (origin + i * cellSize).
    let i0 = Math.floor(lo / cellSize) - 1;
    while (i0 * cellSize + cellSize >= lo) i0--;
    const o = i0 * cellSize;
    let n = Math.max(3, Math.ceil((hi - o) / cellSize) + 1);
    while (o + (n - 1) * cellSize <= hi) n++;
    origin[k] = o;
    dims[a] = n;
  }
  return { origin, dims };
}

/** The box of a soup of triangles (9 numbers each). Throws on an empty soup or a non-finite coordinate. */
export function soupBounds(soup: ArrayLike<number>): { min: Vec3; max: Vec3 } {
  if (soup.length === 0 || soup.length % 9 !== 0) throw new RangeError(`soup: expected a positive multiple of 9 numbers, got ${soup.length}`);
  let minX = Infinity, minY = Infinity, minZ = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  for (let i = 0; i < soup.length; i += 3) {
    const x = soup[i], y = soup[i + 1], z = soup[i + 2];
    if (!Number.isFinite(x + y + z)) throw new RangeError(`soup: coordinate ${i / 3} is not finite (${x}, ${y}, ${z})`);
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  }
  return { min: { x: minX, y: minY, z: minZ }, max: { x: maxX, y: maxY, z: maxZ } };
}

const _tri = new Float64Array(9);

/**
 * Voxelizes a triangle soup (9 numbers per triangle, world coordinates) into a new grid laid
 * out by `meshGridSpec`. Each triangle is tested, with the exact separating-axis test
 * (`triangleOverlapsBox`), against the voxels its bounding box reaches; voxels already blocked
 * are skipped. Throws a RangeError naming the argument on a bad cell size or dilation, and
 * the VoxelGrid's RangeError when the grid would exceed MAX_VOXELS.
 */
export function voxelizeTriangles(soup: ArrayLike<number>, options: MeshVoxelizeOptions): MeshVoxelization {
  const s = options.cellSize;
  if (!(s > 0) || !Number.isFinite(s)) throw new RangeError(`cellSize: expected a finite number > 0, got ${s}`);
  const r = options.dilation ?? 0;
  if (!(r >= 0) || !Number.isFinite(r)) throw new RangeError(`dilation: expected a finite number >= 0, got ${r}`);
  const fill = options.fill ?? 'surface';
  if (fill !== 'surface' && fill !== 'solid') throw new RangeError(`fill: expected 'surface' or 'solid', got '${String(fill)}'`);
  const { min, max } = soupBounds(soup);
  const grid = new VoxelGrid({ ...meshGridSpec(min, max, s, r), cellSize: s });
  const { X, Y, Z } = grid;
  const occ = grid.occupancy;
  const { x: ox, y: oy, z: oz } = grid.origin;
  const h = 0.5 * s + r;
  const tri = _tri;
  const triangles = soup.length / 9;
  for (let t = 0; t < triangles; t++) {
    for (let k = 0; k < 9; k++) tri[k] = soup[9 * t + k];
    // Voxels whose grown box can reach the triangle's box, one voxel of slack for rounding;
    // the exact test decides.
    const x0 = Math.max(0, Math.floor((Math.min(tri[0], tri[3], tri[6]) - r - ox) / s) - 1);
    const y0 = Math.max(0, Math.floor((Math.min(tri[1], tri[4], tri[7]) - r - oy) / s) - 1);
    const z0 = Math.max(0, Math.floor((Math.min(tri[2], tri[5], tri[8]) - r - oz) / s) - 1);
    const x1 = Math.min(X - 1, Math.floor((Math.max(tri[0], tri[3], tri[6]) + r - ox) / s) + 1);
    const y1 = Math.min(Y - 1, Math.floor((Math.max(tri[1], tri[4], tri[7]) + r - oy) / s) + 1);
    const z1 = Math.min(Z - 1, Math.floor((Math.max(tri[2], tri[5], tri[8]) + r - oz) / s) + 1);
    for (let z = z0; z <= z1; z++) {
      const cz = oz + (z + 0.5) * s;
      for (let y = y0; y <= y1; y++) {
        const cy = oy + (y + 0.5) * s;
        const row = X * (y + Y * z);
        for (let x = x0; x <= x1; x++) {
          if (occ[row + x] !== 0) continue;
          if (triangleOverlapsBox(tri, 0, ox + (x + 0.5) * s, cy, cz, h, h, h)) occ[row + x] = 1;
        }
      }
    }
  }
  if (fill === 'solid') fillEnclosed(grid);
  grid.version++;
  let blocked = 0;
  for (let i = 0; i < occ.length; i++) blocked += occ[i];
  return { grid, triangles, blocked };
}

/**
 * Blocks every free voxel that the grid border cannot reach through free voxels, moving
 * between face neighbours (6-connected): the air inside closed meshes. A breadth-first flood
 * from every free border voxel marks what it reaches with 2; then 2 becomes free and the
 * unreached 0 becomes blocked. The queue is a ring that grows on demand: a flood front is
 * about a cross-section of the grid, far less than a queue of every voxel.
 */
export function fillEnclosed(grid: VoxelGrid): void {
  const { X, Y, Z } = grid;
  const XY = X * Y;
  const occ = grid.occupancy;
  let queue = new Int32Array(1 << 16);
  let head = 0, count = 0;
  const push = (i: number): void => {
    if (occ[i] !== 0) return;
    occ[i] = 2;
    if (count === queue.length) {
      // Unroll the ring into a buffer twice the size.
      const grown = new Int32Array(2 * queue.length);
      grown.set(queue.subarray(head));
      grown.set(queue.subarray(0, head), queue.length - head);
      queue = grown;
      head = 0;
    }
    queue[(head + count) & (queue.length - 1)] = i;
    count++;
  };
  for (let z = 0; z < Z; z++) {
    for (let y = 0; y < Y; y++) {
      const row = X * (y + Y * z);
      if (z === 0 || z === Z - 1 || y === 0 || y === Y - 1) {
        for (let x = 0; x < X; x++) push(row + x);
      } else {
        push(row);
        push(row + X - 1);
      }
    }
  }
  while (count > 0) {
    const i = queue[head];
    head = (head + 1) & (queue.length - 1);
    count--;
    const z = Math.floor(i / XY);
    const rest = i - z * XY;
    const y = Math.floor(rest / X);
    const x = rest - y * X;
    if (x > 0) push(i - 1);
    if (x < X - 1) push(i + 1);
    if (y > 0) push(i - X);
    if (y < Y - 1) push(i + X);
    if (z > 0) push(i - XY);
    if (z < Z - 1) push(i + XY);
  }
  for (let i = 0; i < occ.length; i++) occ[i] = occ[i] === 2 ? 0 : 1;
}
