import { checkNumber, checkNumbers, checkObject, checkOneOf, usageError } from '../args.ts';
import { NavlabError } from '../errors.ts';
import { FreeComponents } from '../grid/freeComponents.ts';
import { VoxelGrid } from '../grid/VoxelGrid.ts';
import { VOXEL_INDEX_LIMIT, VOXEL_LIMIT, WORLD_COORD_LIMIT } from '../limits.ts';
import type { Vec3 } from '../math/vec3.ts';
import { emptyBox, soupBox } from './boxes.ts';
import { AX, AXES, AY, AZ, HI, LO, prepareAxes, RAD } from './triangleMath.ts';

/** How a mesh voxelization fills the grid. */
export type VoxelFill = 'surface' | 'solid';

/** Options of `voxelizeTriangles`. */
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

/** What `voxelizeTriangles` returns: the grid and its figures. */
export interface MeshVoxelization {
  /** The voxelized grid: it covers every triangle with at least one free voxel of margin on every side. */
  grid: VoxelGrid;
  /** Triangles in the soup. */
  triangles: number;
  /** Blocked voxels. */
  blocked: number;
}

/**
 * The grid a soup is voxelized into: origin on a multiple of `cellSize`, and at least one
 * voxel on every side whose (dilated) closed box touches no triangle, so the border is free
 * and a `solid` flood can start from all of it. `min`/`max` is the soup's box.
 *
 * Sizes are computed arithmetically and every limit is checked before anything loops or
 * allocates: the box within ±LIMITS.worldCoord, voxel indices within LIMITS.voxelIndex (so
 * `origin + i * cellSize` resolves every voxel) and X*Y*Z within `maxVoxels`. Throws a
 * NavlabError (code usage) naming the number that is out of range.
 */
export function meshGridSpec(
  min: Vec3,
  max: Vec3,
  cellSize: number,
  dilation = 0,
  maxVoxels: number = VOXEL_LIMIT,
): { origin: Vec3; dims: [number, number, number] } {
  checkNumber('cellSize', cellSize, 0, true);
  checkNumber('dilation', dilation, 0);
  const axes = ['x', 'y', 'z'] as const;
  const origin = { x: 0, y: 0, z: 0 };
  const dims: [number, number, number] = [0, 0, 0];
  for (let a = 0; a < 3; a++) {
    const k = axes[a];
    for (const v of [min[k], max[k]]) {
      if (!(Math.abs(v) <= WORLD_COORD_LIMIT))
        throw new NavlabError('usage', `bounds: ${k} = ${v} is beyond the coordinate limit of ±${WORLD_COORD_LIMIT}`);
    }
    const lo = min[k] - dilation,
      hi = max[k] + dilation;
    const far = Math.max(Math.abs(lo), Math.abs(hi));
    if (far / cellSize > VOXEL_INDEX_LIMIT) {
      throw new NavlabError('usage', `cellSize ${cellSize}: coordinates up to ${far} would need voxel indices beyond ${VOXEL_INDEX_LIMIT}`);
    }
    // Voxel 0's closed box must end strictly below lo, the last voxel's start strictly above hi,
    // computed exactly as the voxelizer computes box bounds (origin + i * cellSize). With
    // indices within LIMITS.voxelIndex each correction below runs at most a step or two, so the
    // exact size is cheap to know before anything is allocated (checkGridVoxels below).
    // Twice the widening `blockTriangles` gives the boxes, so the border stays clear of it.
    const widen = 2 * touchWidening(cellSize, far + 4 * cellSize);
    let i0 = Math.floor(lo / cellSize) - 1;
    while (i0 * cellSize + cellSize + widen >= lo) i0--;
    const o = i0 * cellSize;
    let n = Math.max(3, Math.ceil((hi - o) / cellSize) + 1);
    while (o + (n - 1) * cellSize - widen <= hi) n++;
    origin[k] = o;
    dims[a] = n;
  }
  checkGridVoxels(cellSize, dims, maxVoxels);
  return { origin, dims };
}

/**
 * A usage error naming the cell size unless a grid of `dims` voxels has at most `limit`
 * ("cellSize 0.1: the grid would have 10x10x10 = 1000 voxels, over the limit of 100", then `suffix`).
 */
export function checkGridVoxels(cellSize: number, dims: readonly number[], limit: number, suffix = ''): void {
  const voxels = dims[0] * dims[1] * dims[2];
  if (voxels > limit)
    throw new NavlabError(
      'usage',
      `cellSize ${cellSize}: the grid would have ${dims.join('x')} = ${voxels} voxels, over the limit of ${limit}${suffix}`,
    );
}

/** The box of a soup of triangles (9 numbers each). Throws on a soup that is not a list of numbers, an empty soup or a non-finite coordinate. */
export function soupBounds(soup: ArrayLike<number>): { min: Vec3; max: Vec3 } {
  if (checkNumbers('soup', soup, 9).length === 0) throw usageError('soup', 'at least one triangle', soup);
  return soupBox(emptyBox(), soup);
}

/** Cells of slack on each side of a triangle's voxel range: far above rounding error, far below a cell. */
const SLACK = 1e-6;
/**
 * How far `blockTriangles` widens each voxel box so that touching counts despite rounding: a
 * billionth of a cell, plus 64 units in the last place of the largest coordinate `m` involved.
 */
const touchWidening = (s: number, m: number): number => 1e-9 * s + 2 ** -46 * m;

/**
 * The checked options of a mesh voxelization and the layout of its grid (`meshGridSpec` of the
 * soup's box, at most `maxVoxels`): what `voxelizeTriangles` and the sparse voxelizer share.
 * Throws a NavlabError (usage) naming a bad option or soup.
 */
export function meshVoxelizeLayout(
  soup: ArrayLike<number>,
  options: MeshVoxelizeOptions,
  maxVoxels?: number,
): { cellSize: number; dilation: number; fill: VoxelFill; origin: Vec3; dims: [number, number, number] } {
  checkObject('options', options, 'an options object { cellSize, fill?, dilation? }');
  const cellSize = checkNumber('cellSize', options.cellSize, 0, true);
  const dilation = checkNumber('dilation', options.dilation ?? 0, 0);
  const fill = checkOneOf<VoxelFill>('fill', options.fill ?? 'surface', ['surface', 'solid']);
  const { min, max } = soupBounds(soup);
  return { cellSize, dilation, fill, ...meshGridSpec(min, max, cellSize, dilation, maxVoxels) };
}

/**
 * Voxelizes a triangle soup (9 numbers per triangle, world coordinates) into a new grid laid
 * out by `meshGridSpec` (`blockTriangles`, then the `solid` fill). Throws a NavlabError (code usage) naming
 * the argument on a bad cell size or dilation, and the VoxelGrid's usage error (NavlabError)
 * when the grid would exceed MAX_VOXELS.
 */
export function voxelizeTriangles(soup: ArrayLike<number>, options: MeshVoxelizeOptions): MeshVoxelization {
  const { cellSize: s, dilation: r, fill, origin, dims } = meshVoxelizeLayout(soup, options);
  const grid = new VoxelGrid({ origin, dims, cellSize: s });
  blockTriangles(soup, grid, r);
  if (fill === 'solid') fillEnclosed(grid);
  grid.version++;
  // The grid's own bytes, each 0 or 1: four at a time (their sum is the top byte of w * 0x01010101).
  const occ = grid.occupancy;
  const n = occ.length >> 2;
  const words = new Uint32Array(occ.buffer, 0, n);
  let blocked = 0;
  for (let i = 0; i < n; i++) blocked += Math.imul(words[i], 0x01010101) >>> 24;
  for (let i = 4 * n; i < occ.length; i++) blocked += occ[i];
  return { grid, triangles: soup.length / 9, blocked };
}

/**
 * Blocks (sets to 1) the voxels of `grid` whose closed box, grown by `grow` on every side,
 * meets a triangle of `soup` (9 numbers per triangle, world coordinates); a negative `grow`
 * shrinks the boxes (above -cellSize/2). Only voxels in the index box [x0, x1) x [y0, y1) x
 * [z0, z1) (default: the whole grid) change. Each triangle is tested, with the exact
 * separating-axis test (`prepareAxes`, triangleMath.ts), against the voxels its bounding box reaches; voxels
 * already blocked are skipped. `offset` places `grid` inside a larger layout with the same origin
 * and cell size: its voxel (x, y, z) is the layout's voxel (x + dx, y + dy, z + dz), tested with
 * exactly the arithmetic of the whole layout (the sparse voxelizer fills one chunk at a time).
 */
export function blockTriangles(
  soup: ArrayLike<number>,
  grid: VoxelGrid,
  grow: number,
  region: readonly number[] = [0, 0, 0, grid.X, grid.Y, grid.Z],
  offset: readonly number[] = [0, 0, 0],
): void {
  const { X, Y } = grid;
  const occ = grid.occupancy;
  const { x: ox, y: oy, z: oz } = grid.origin;
  const o = [ox, oy, oz],
    stride = [1, X, X * Y];
  const s = grid.cellSize;
  const h0 = 0.5 * s + grow;
  const lo = [0, 0, 0],
    hi = [0, 0, 0],
    b0 = [0, 0, 0],
    b1 = [0, 0, 0];
  const tri = new Float64Array(9);
  for (let t = 0; t < soup.length / 9; t++) {
    for (let k = 0; k < 9; k++) tri[k] = soup[9 * t + k];
    // Voxels whose grown closed box can reach the triangle's box: voxel x spans
    // [o + x s - grow, o + (x + 1) s + grow], so x0 = floor((min - grow - o) / s) - 1 when that
    // quotient is a whole number (the boxes touch) and its floor otherwise; SLACK (in cells)
    // widens the range against rounding, and the exact test decides. Rows run along the
    // longest side a (the fewest rows), u and v are the other axes.
    let a = 0,
      m = 0;
    for (let k = 0; k < 3; k++) {
      b0[k] = Math.min(tri[k], tri[k + 3], tri[k + 6]);
      b1[k] = Math.max(tri[k], tri[k + 3], tri[k + 6]);
      lo[k] = Math.max(region[k], Math.floor((b0[k] - grow - o[k]) / s - SLACK) - offset[k]);
      hi[k] = Math.min(region[k + 3] - 1, Math.floor((b1[k] + grow - o[k]) / s + SLACK) - offset[k]);
      m = Math.max(m, Math.abs(o[k]), -b0[k], b1[k]);
      if (lo[k] > hi[k]) a = -1;
      else if (a >= 0 && hi[k] - lo[k] > hi[a] - lo[a]) a = k;
    }
    if (a < 0) continue;
    const u = a === 2 ? 1 : 2,
      v = a === 0 ? 1 : 0,
      sa = stride[a],
      oa = o[a],
      da = offset[a],
      ba0 = b0[a],
      ba1 = b1[a];
    // The closed boxes, widened by far less than a cell but far more than the rounding of
    // `o + i s` and of the projections (which grows with the coordinates' size): a face lying
    // on a voxel boundary meets the voxels on both sides, as it does in exact arithmetic,
    // whatever the cell size (at 0.3, rounding put both sides just off such a face).
    const h = h0 + touchWidening(s, m);
    prepareAxes(tri, 0, h, h, h);
    for (let i = lo[u]; i <= hi[u]; i++) {
      c[u] = o[u] + (i + offset[u] + 0.5) * s;
      if (b0[u] > c[u] + h || b1[u] < c[u] - h) continue; // box normal u separates
      for (let j = lo[v]; j <= hi[v]; j++) {
        c[v] = o[v] + (j + offset[v] + 0.5) * s;
        if (b0[v] > c[v] + h || b1[v] < c[v] - h) continue; // box normal v separates
        // The row's free voxels that pass form one run (see RUNS): its first and last.
        const row = i * stride[u] + j * stride[v];
        let L = lo[a],
          U = hi[a];
        while (L <= U && (occ[row + L * sa] !== 0 || !passes(a, oa + (L + da + 0.5) * s, ba0, ba1, h))) L++;
        while (U > L && (occ[row + U * sa] !== 0 || !passes(a, oa + (U + da + 0.5) * s, ba0, ba1, h))) U--;
        for (let q = row + L * sa; q <= row + U * sa; q += sa) occ[q] = 1; // a loop: fill costs more on short runs
      }
    }
  }
}

/*
 * RUNS. A voxel of a row (along axis a, the other two centres fixed; its centre along a is
 * c = o + (i + offset + 0.5) s) is blocked when no axis separates its grown box from the
 * triangle (`passes`): the box normal a (b0 <= c + h and b1 >= c - h) and, per axis k of
 * `prepareAxes`, with d = (cy AY[k] + cz AZ[k]) + cx AX[k]: LO[k] - d <= RAD[k] and
 * HI[k] - d >= -RAD[k]. Each condition is monotone in i, also in floating point (c, then d,
 * grow or shrink with i: a rounded sum or product with a fixed operand is monotone, whichever
 * of the three terms moves), so it holds on an interval of i (from some i on, or up to some
 * i), and the voxels that pass, where all hold, are one interval too. Its free voxels lie
 * between the first free voxel that passes and the last: only the voxels before and after them
 * are tested, and the run between is the per-voxel test's answer.
 */

/** Axis tables (module-local copies: imported bindings may compile to getters). */
const AX_ = AX,
  AY_ = AY,
  AZ_ = AZ,
  LO_ = LO,
  HI_ = HI,
  RAD_ = RAD,
  AXES_ = AXES;

/**
 * Whether the voxel whose centre is `c` but for ca along axis a (its row's axis) meets the
 * triangle (from b0 to b1 along a) grown by h: no axis separates them. The same sums as the
 * voxel-by-voxel test.
 */
function passes(a: number, ca: number, b0: number, b1: number, h: number): boolean {
  if (b0 > ca + h || b1 < ca - h) return false;
  c[a] = ca;
  const cx = c[0],
    cy = c[1],
    cz = c[2];
  for (let k = 0; k < AXES_; k++) {
    const d = cy * AY_[k] + cz * AZ_[k] + cx * AX_[k];
    if (LO_[k] - d > RAD_[k] || HI_[k] - d < -RAD_[k]) return false;
  }
  return true;
}

/** The centre of the voxel being tested. */
const c = new Float64Array(3);

/**
 * Blocks every free voxel that the grid border cannot reach through free voxels, moving
 * between face neighbours (6-connected): the air inside closed meshes. The free runs and their
 * components (FreeComponents, 6): a component with a run on the border is reached; the grid is
 * blocked, then the runs of those components freed. Returns how many voxels it blocked.
 */
export function fillEnclosed(grid: VoxelGrid): number {
  const { X, Y, Z } = grid;
  const { count, rowStart, runX0, runX1, runLabel } = new FreeComponents(grid, 6);
  const reached = new Uint8Array(count);
  let enclosed = 0;
  for (let pass = 0; pass < 2; pass++) {
    if (pass) grid.occupancy.fill(1);
    for (let r = 0; r < Y * Z; r++) {
      const y = r % Y,
        z = (r - y) / Y;
      for (let k = rowStart[r]; k < rowStart[r + 1]; k++) {
        const a = X * r + runX0[k],
          b = X * r + runX1[k] + 1;
        if (!pass) {
          if (y === 0 || z === 0 || y === Y - 1 || z === Z - 1 || runX0[k] === 0 || runX1[k] === X - 1) reached[runLabel[k]] = 1;
        } else if (reached[runLabel[k]]) grid.occupancy.fill(0, a, b);
        else enclosed += b - a;
      }
    }
  }
  return enclosed;
}
