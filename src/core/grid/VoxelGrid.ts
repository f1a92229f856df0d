import { checkInstance, checkNumber, checkObject, checkOut, checkVec3, describeValue, usageError } from '../args.ts';
import { NavlabError } from '../errors.ts';
import type { Vec3 } from '../math/vec3.ts';
import { VOXEL_LIMIT } from '../limits.ts';

/** Edits a VoxelGrid remembers for `editedSince`: derived data further behind is rebuilt. */
const EDIT_LOG = 64;

/** Scratch box for `blockedRows` (single-threaded, never kept). */
const editBox = [0, 0, 0, 0, 0, 0];

/** Largest grid navlab allocates (the Moving AI A1..A3 maps have ~89 million voxels). */
export const MAX_VOXELS = VOXEL_LIMIT;

/** Diagonal moves past blocked voxels: 'forbid' (every voxel of the box the move spans must be free) or 'allow' (only the target). */
export type CornerCutting = 'forbid' | 'allow';

/** Options of a VoxelGrid: dims, origin and cell size. */
export interface VoxelGridOptions {
  /** Voxel counts along x, y, z. */
  dims: readonly [number, number, number];
  /** World position of the minimum corner of voxel (0, 0, 0). Default (0, 0, 0). */
  origin?: Vec3;
  /** Edge length of a voxel in world units. Default 1. */
  cellSize?: number;
  /**
   * The occupancy to use, kept by reference (one byte per voxel in the layout below, length
   * X * Y * Z): a big grid received from a worker is taken over instead of copied. Default:
   * a new all-free array.
   */
  occupancy?: Uint8Array;
}

/**
 * A box of voxels, each free or blocked, each with a terrain cost multiplier >= 1.
 *
 * Layout: flat arrays indexed `i = x + X * (y + Y * z)`.
 *   occupancy : 1 byte per voxel, 0 = free, 1 = blocked
 *   terrain   : 1 float32 per voxel (cost multiplier), allocated on the first non-1 cost
 * Voxels outside the box count as blocked.
 */
export class VoxelGrid {
  /** Voxels along x (>= 1). */
  declare readonly X: number;
  /** Voxels along y (>= 1). */
  declare readonly Y: number;
  /** Voxels along z (>= 1). */
  declare readonly Z: number;
  /** Voxel count, X * Y * Z (at most 2^28). */
  declare readonly size: number;
  /** World position of the minimum corner of voxel (0, 0, 0). */
  declare readonly origin: Vec3;
  /** Edge length of a voxel, world units (> 0). */
  declare readonly cellSize: number;
  /** One byte per voxel at x + X * (y + Y * z): 0 free, 1 blocked. After writing it directly, call `markEdited`. */
  declare readonly occupancy: Uint8Array;
  /**
   * Cost multiplier per voxel (>= 1, same layout as occupancy), or null while every voxel costs 1 (allocated on the first
   * other cost).
   */
  terrain: Float32Array | null = null;
  /**
   * Incremented on every edit, so derived data (meshes, bit rows, cached searches) can tell it
   * is stale. Code that writes `occupancy` directly must then call `markEdited(box)` (or at
   * least increment it: derived data is then rebuilt from scratch instead of in the box).
   */
  version = 0;
  #bits: Uint32Array | null = null;
  #bitsVersion = -1;
  /**
   * The last EDIT_LOG edits recorded through the edit API, newest last: per entry the version
   * it made and its inclusive voxel box (x0, y0, z0, x1, y1, z1; x0 > x1 when no voxel's
   * occupancy changed). Layout: entry k at [7k, 7k + 7) = version, box, in a ring of EDIT_LOG.
   */
  readonly #editLog = new Float64Array(7 * EDIT_LOG);
  #editCount = 0;

  /**
   * A grid of `dims` voxels, all free unless `occupancy` is given; bad dims (not positive integers, over 2^28 voxels),
   * cell size, origin or occupancy length throw a NavlabError (usage) naming the field.
   */
  constructor(options: VoxelGridOptions) {
    checkObject('VoxelGrid: options', options, 'an object { dims, origin?, cellSize?, occupancy? }');
    if (!Array.isArray(options.dims) || options.dims.length !== 3) throw usageError('VoxelGrid dims', 'an array [X, Y, Z]', options.dims);
    const [X, Y, Z] = options.dims;
    for (let a = 0; a < 3; a++) checkNumber(`VoxelGrid dims.${'xyz'[a]}`, options.dims[a], 1, false, true);
    const size = X * Y * Z;
    if (size > MAX_VOXELS) {
      throw new NavlabError('usage', `VoxelGrid dims: ${X}x${Y}x${Z} = ${size} voxels exceeds the limit of ${MAX_VOXELS}`);
    }
    const cellSize = checkNumber('VoxelGrid cellSize', options.cellSize ?? 1, 0, true);
    this.X = X;
    this.Y = Y;
    this.Z = Z;
    this.size = size;
    this.cellSize = cellSize;
    const o = options.origin === undefined ? { x: 0, y: 0, z: 0 } : checkVec3('VoxelGrid origin', options.origin);
    if (options.occupancy !== undefined) checkInstance('VoxelGrid occupancy', options.occupancy, Uint8Array);
    this.origin = { x: o.x, y: o.y, z: o.z };
    if (options.occupancy !== undefined && options.occupancy.length !== size) {
      throw new NavlabError('usage', `VoxelGrid occupancy: expected ${size} bytes for ${X}x${Y}x${Z}, got ${options.occupancy.length}`);
    }
    this.occupancy = options.occupancy ?? new Uint8Array(size);
  }

  /** Flat index of voxel (x, y, z): x + X * (y + Y * z). Not checked: use `inBounds` first for outside coordinates. */
  index(x: number, y: number, z: number): number {
    return x + this.X * (y + this.Y * z);
  }

  /** Voxel coordinates of index `i`, written into `out`. */
  coords(i: number, out: Vec3): Vec3 {
    const X = this.X;
    const XY = X * this.Y;
    const z = Math.floor(i / XY);
    const r = i - z * XY;
    const y = Math.floor(r / X);
    out.x = r - y * X;
    out.y = y;
    out.z = z;
    return out;
  }

  /** Whether voxel (x, y, z) lies inside the grid. */
  inBounds(x: number, y: number, z: number): boolean {
    return x >= 0 && y >= 0 && z >= 0 && x < this.X && y < this.Y && z < this.Z;
  }

  /** Blocked voxels and everything outside the box count as blocked. */
  isBlocked(x: number, y: number, z: number): boolean {
    return !this.inBounds(x, y, z) || this.occupancy[x + this.X * (y + this.Y * z)] !== 0;
  }

  /**
   * Blocks or frees voxel (x, y, z) and records the edit (`version`); coordinates outside the grid or not integers throw a
   * NavlabError (usage).
   */
  setBlocked(x: number, y: number, z: number, blocked: boolean): void {
    this.#checkVoxel('VoxelGrid.setBlocked', x, y, z);
    this.occupancy[x + this.X * (y + this.Y * z)] = blocked ? 1 : 0;
    this.#log(x, y, z, x, y, z);
  }

  /**
   * Call after writing `occupancy` directly inside the inclusive voxel box [x0, x1] x
   * [y0, y1] x [z0, z1]: increments `version` and records the box, so the derived structures
   * (`blockedRows`, axis bit rows, the empty-block summary) update only that box on their next
   * use. (A bare `version++` also works: they are then rebuilt from scratch.) The box is
   * clipped to the grid.
   */
  markEdited(x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): void {
    const box = [x0, y0, z0, x1, y1, z1];
    if (!box.every(Number.isInteger))
      throw new NavlabError('usage', `VoxelGrid.markEdited: box corners must be integers, got [${box.map(describeValue).join(', ')}]`);
    this.#log(
      Math.max(0, x0),
      Math.max(0, y0),
      Math.max(0, z0),
      Math.min(this.X - 1, x1),
      Math.min(this.Y - 1, y1),
      Math.min(this.Z - 1, z1),
    );
  }

  /** A usage error naming `method` unless (x, y, z) are integer voxel indices inside the grid. */
  #checkVoxel(method: string, x: number, y: number, z: number): void {
    const v = [x, y, z];
    if (!v.every(Number.isInteger) || !this.inBounds(x, y, z))
      throw new NavlabError(
        'usage',
        `${method}: expected integer voxel indices inside ${this.X}x${this.Y}x${this.Z}, got (${v.map(describeValue).join(', ')})`,
      );
  }

  /** Increments `version` and appends the edit's box to the log (the ring drops the oldest). */
  #log(x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): void {
    this.version++;
    const at = 7 * (this.#editCount++ % EDIT_LOG);
    const e = this.#editLog;
    e[at] = this.version;
    e[at + 1] = x0;
    e[at + 2] = y0;
    e[at + 3] = z0;
    e[at + 4] = x1;
    e[at + 5] = y1;
    e[at + 6] = z1;
  }

  /**
   * The inclusive voxel box [x0, y0, z0, x1, y1, z1] holding every occupancy change made after
   * version `since` (x0 > x1 when there was none), written into `out`; null when that is not
   * known: a change made by a bare `version++`, or more edits than the log keeps.
   */
  editedSince(since: number, out: number[] = [0, 0, 0, 0, 0, 0]): number[] | null {
    checkNumber('VoxelGrid.editedSince: since', since);
    if (!Array.isArray(out)) throw usageError('VoxelGrid.editedSince: out', 'an array to write the box into', out);
    if (since > this.version) return null;
    out[0] = out[1] = out[2] = Infinity;
    out[3] = out[4] = out[5] = -Infinity;
    const e = this.#editLog;
    // The entries for versions since + 1 .. version must all be in the log, newest last.
    for (let v = this.version, n = this.#editCount - 1; v > since; v--, n--) {
      if (n < 0 || n < this.#editCount - EDIT_LOG) return null;
      const at = 7 * (n % EDIT_LOG);
      if (e[at] !== v) return null;
      if (e[at + 1] > e[at + 4]) continue;
      for (let a = 0; a < 3; a++) {
        out[a] = Math.min(out[a], e[at + 1 + a]);
        out[a + 3] = Math.max(out[a + 3], e[at + 4 + a]);
      }
    }
    if (out[0] > out[3]) {
      out[0] = out[1] = out[2] = 0;
      out[3] = out[4] = out[5] = -1;
    }
    return out;
  }

  /** 32-bit words per padded row of `blockedRows()`. */
  get rowWords(): number {
    return (this.X + 33) >>> 5;
  }

  /**
   * The occupancy as bits, one padded row per (y, z), for reading a 3x3x3 block in 9 loads:
   * row r = (y + 1) + (Y + 2) * (z + 1) for y in [-1, Y], z in [-1, Z]; voxel x is bit x + 1
   * of the row, counted over its `rowWords` 32-bit words. The padding (x = -1 or X, and the
   * rows outside the box) is set: out of bounds is blocked. Brought up to date when `version`
   * changes: in the edited box when it is known (`editedSince`), else rebuilt.
   */
  blockedRows(): Uint32Array {
    if (this.#bits !== null && this.#bitsVersion === this.version) return this.#bits;
    const box = this.#bits === null ? null : this.editedSince(this.#bitsVersion, editBox);
    this.#bitsVersion = this.version;
    if (box !== null) {
      for (let z = box[2]; z <= box[5]; z++) for (let y = box[1]; y <= box[4]; y++) this.#writeRow(y, z, box[0], box[3]);
      return this.#bits!;
    }
    const { X, Y, Z, occupancy: occ } = this;
    const W = this.rowWords;
    const bits = this.#bits ?? new Uint32Array(W * (Y + 2) * (Z + 2));
    bits.fill(0xffffffff);
    this.#bits = bits;
    // Each row a word at a time: x = -1 (bit 0) and the bits past x = X - 1 set.
    for (let r = 0, i = 0; r < Y * Z; r++) {
      const y = r % Y;
      let w = (y + 1 + (Y + 2) * ((r - y) / Y + 1)) * W;
      let word = 1;
      for (let x = 1; x <= X; x++, i++) {
        if ((x & 31) === 0) {
          bits[w++] = word;
          word = 0;
        }
        if (occ[i] !== 0) word |= 1 << x;
      }
      bits[w] = word | (-2 << X);
    }
    return bits;
  }

  /** Copies the occupancy of voxels x0..x1 of row (y, z) into the bit rows. */
  #writeRow(y: number, z: number, x0: number, x1: number): void {
    const bits = this.#bits!;
    const row = (y + 1 + (this.Y + 2) * (z + 1)) * this.rowWords;
    const occ = this.occupancy;
    const i0 = this.X * (y + this.Y * z);
    for (let x = x0; x <= x1; x++) {
      const w = row + ((x + 1) >>> 5);
      const m = 1 << ((x + 1) & 31);
      bits[w] = occ[i0 + x] !== 0 ? bits[w] | m : bits[w] & ~m;
    }
  }

  /** Terrain cost multiplier of voxel index `i` (1 = normal ground). */
  costAt(i: number): number {
    return this.terrain === null ? 1 : this.terrain[i];
  }

  /** Sets the cost multiplier (>= 1) of voxel (x, y, z). */
  setCost(x: number, y: number, z: number, multiplier: number): void {
    this.#checkVoxel('VoxelGrid.setCost', x, y, z);
    checkNumber('VoxelGrid.setCost multiplier', multiplier, 1);
    if (this.terrain === null) {
      if (multiplier === 1) return;
      this.terrain = new Float32Array(this.size).fill(1);
    }
    this.terrain[x + this.X * (y + this.Y * z)] = multiplier;
    // A terrain edit: no occupancy changed.
    this.#log(0, 0, 0, -1, -1, -1);
  }

  /** World-space centre of voxel (x, y, z). */
  voxelCenter(x: number, y: number, z: number, out: Vec3): Vec3 {
    const s = this.cellSize;
    out.x = this.origin.x + (x + 0.5) * s;
    out.y = this.origin.y + (y + 0.5) * s;
    out.z = this.origin.z + (z + 0.5) * s;
    return out;
  }

  /**
   * Voxel coordinate along `axis` (0: x, 1: y, 2: z) of the world coordinate `w`:
   * floor((w - origin) / cellSize), not clamped (may be outside [0, X) etc.). Every
   * world-to-voxel conversion goes through here.
   */
  axisVoxel(axis: 0 | 1 | 2, w: number): number {
    const o = axis === 0 ? this.origin.x : axis === 1 ? this.origin.y : this.origin.z;
    return Math.floor((w - o) / this.cellSize);
  }

  /** Voxel containing world point `p` (may be out of bounds), written into `out`. */
  worldToVoxel(p: Vec3, out: Vec3): Vec3 {
    checkVec3('VoxelGrid.worldToVoxel: p', p);
    checkOut('VoxelGrid.worldToVoxel: out', out);
    out.x = this.axisVoxel(0, p.x);
    out.y = this.axisVoxel(1, p.y);
    out.z = this.axisVoxel(2, p.z);
    return out;
  }

  /** Index of the voxel containing world point (x, y, z), or -1 outside the grid. */
  voxelIndexAt(x: number, y: number, z: number): number {
    const i = this.axisVoxel(0, x),
      j = this.axisVoxel(1, y),
      k = this.axisVoxel(2, z);
    return this.inBounds(i, j, k) ? i + this.X * (j + this.Y * k) : -1;
  }

  /**
   * Whether the move from (x, y, z) by (dx, dy, dz), each in {-1, 0, 1}, is legal.
   * `forbid`: every voxel of the box spanned by the two voxels must be free (Moving AI rule);
   * `allow`: only the target must be free.
   */
  isMoveLegal(x: number, y: number, z: number, dx: number, dy: number, dz: number, cornerCutting: CornerCutting = 'forbid'): boolean {
    if (this.isBlocked(x + dx, y + dy, z + dz)) return false;
    if (cornerCutting === 'allow') return true;
    for (let k = 0; k <= (dz !== 0 ? 1 : 0); k++) {
      for (let j = 0; j <= (dy !== 0 ? 1 : 0); j++) {
        for (let i = 0; i <= (dx !== 0 ? 1 : 0); i++) {
          if (this.isBlocked(x + i * dx, y + j * dy, z + k * dz) && (i | j | k) !== 0) return false;
        }
      }
    }
    return true;
  }

  /** A deep copy (occupancy and terrain). */
  clone(): VoxelGrid {
    const g = new VoxelGrid({ dims: [this.X, this.Y, this.Z], origin: this.origin, cellSize: this.cellSize });
    g.occupancy.set(this.occupancy);
    if (this.terrain) g.terrain = this.terrain.slice();
    return g;
  }
}
