import type { SparseWorld } from './SparseWorld.ts';

/** Packed value of a blocked voxel in a brick's box table. */
export const BOX_BLOCKED = 0xffff;

/** The 6 orders in which a box grows along the axes (x = 0, y = 1, z = 2), 3 entries each. */
const ORDERS = [0, 1, 2, 0, 2, 1, 1, 0, 2, 1, 2, 0, 2, 0, 1, 2, 1, 0];

/** Scratch: the voxels blocked or already in a box, as the mask's two words (bit lx + 4 ly + 16 lz, z >= 2 in the second). */
let takenLo = 0,
  takenHi = 0;
/** Scratch: the minimum corner's lx, ly, lz and the growing box's sides. */
const local = [0, 0, 0];
const size = [1, 1, 1];

/** Whether the box at (lx, ly, lz) with sides sx, sy, sz holds no taken voxel. */
function boxFree(lx: number, ly: number, lz: number, sx: number, sy: number, sz: number): boolean {
  const row = ((1 << sx) - 1) << lx;
  let plane = 0;
  for (let j = 0; j < sy; j++) plane |= row << (4 * (ly + j));
  for (let k = lz; k < lz + sz; k++) if (((k < 2 ? takenLo : takenHi) & (plane << (16 * (k & 1)))) !== 0) return false;
  return true;
}

/** Grows the box at local[] along axis a as far as its next layer is free. */
function grow(a: number): void {
  for (;;) {
    const end = local[a] + size[a];
    if (end >= 4) return;
    const free =
      a === 0
        ? boxFree(end, local[1], local[2], 1, size[1], size[2])
        : a === 1
          ? boxFree(local[0], end, local[2], size[0], 1, size[2])
          : boxFree(local[0], local[1], end, size[0], size[1], 1);
    if (!free) return;
    size[a]++;
  }
}

/**
 * Splits the free voxels of a 4x4x4 brick (mask lo, hi: bit lx + 4 ly + 16 lz set = blocked)
 * into boxes, greedily: the first free voxel not yet in a box (bit order) starts a box that
 * grows one axis at a time as far as the voxels are free (the largest of the 6 axis orders).
 * Writes per voxel into out[at + bit]: BOX_BLOCKED, or the box's minimum-corner bit
 * | (sx - 1) << 6 | (sy - 1) << 8 | (sz - 1) << 10. Deterministic: the same mask gives the
 * same boxes.
 */
export function splitBrick(lo: number, hi: number, out: Uint16Array, at: number): void {
  takenLo = lo;
  takenHi = hi;
  for (let b = 0; b < 64; b++) if (((b < 32 ? lo >>> b : hi >>> (b - 32)) & 1) !== 0) out[at + b] = BOX_BLOCKED;
  for (let b = 0; b < 64; b++) {
    if ((((b < 32 ? takenLo >>> b : takenHi >>> (b - 32)) & 1) as number) !== 0) continue;
    local[0] = b & 3;
    local[1] = (b >> 2) & 3;
    local[2] = b >> 4;
    let volume = 0,
      bx = 1,
      by = 1,
      bz = 1;
    for (let o = 0; o < 18 && volume < 64; o += 3) {
      size[0] = size[1] = size[2] = 1;
      grow(ORDERS[o]);
      grow(ORDERS[o + 1]);
      grow(ORDERS[o + 2]);
      const v = size[0] * size[1] * size[2];
      if (v > volume) {
        volume = v;
        bx = size[0];
        by = size[1];
        bz = size[2];
      }
    }
    const packed = b | ((bx - 1) << 6) | ((by - 1) << 8) | ((bz - 1) << 10);
    const row = ((1 << bx) - 1) << local[0];
    let plane = 0;
    for (let j = 0; j < by; j++) plane |= row << (4 * (local[1] + j));
    for (let k = local[2]; k < local[2] + bz; k++) {
      if (k < 2) takenLo |= plane << (16 * k);
      else takenHi |= plane << (16 * (k - 2));
      for (let j = 0; j < by; j++) for (let i = 0; i < bx; i++) out[at + b + i + 4 * j + 16 * (k - local[2])] = packed;
    }
  }
}

/** Bricks whose boxes a BrickBoxes keeps at once. */
const CAPACITY = 8192;

/**
 * The boxes of a SparseWorld's MIXED bricks (splitBrick), computed when first asked and kept
 * for up to 8,192 bricks (128 bytes each; when full, all are dropped and computed again).
 * The boxes depend on the mask only, so dropping them changes no answer.
 */
export class BrickBoxes {
  private readonly slot: Int32Array;
  private readonly pool = new Uint16Array(64 * CAPACITY);
  private readonly owner = new Int32Array(CAPACITY);
  private used = 0;

  constructor(private readonly world: SparseWorld) {
    this.slot = new Int32Array(world.brickCount).fill(-1);
  }

  /** The packed box of voxel b of MIXED brick n (see splitBrick), or BOX_BLOCKED. */
  get(n: number, b: number): number {
    let s = this.slot[n];
    if (s < 0) s = this.fill(n);
    return this.pool[(s << 6) | b];
  }

  private fill(n: number): number {
    if (this.used === CAPACITY) {
      for (let i = 0; i < CAPACITY; i++) this.slot[this.owner[i]] = -1;
      this.used = 0;
    }
    const s = this.used++;
    this.owner[s] = n;
    this.slot[n] = s;
    splitBrick(this.world.maskLo[n], this.world.maskHi[n], this.pool, s << 6);
    return s;
  }

  /** Bytes held. */
  get byteLength(): number {
    return this.slot.byteLength + this.pool.byteLength + this.owner.byteLength;
  }
}
