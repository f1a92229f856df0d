import type { SparseWorld } from './SparseWorld.ts';

/** Packed value of a blocked voxel in a brick's box table. */
export const BOX_BLOCKED = 0xffff;

/** The 6 orders in which a box grows along the axes (x = 0, y = 1, z = 2). */
const ORDERS = [
  [0, 1, 2],
  [0, 2, 1],
  [1, 0, 2],
  [1, 2, 0],
  [2, 0, 1],
  [2, 1, 0],
];
const STRIDE = [1, 4, 16];

/** Scratch: per voxel of the brick being split, 1 when blocked or already in a box. */
const taken = new Uint8Array(64);
const size = [1, 1, 1];
const best = [1, 1, 1];

/** Whether the voxels of the box at bit b with sides s are all free and not yet in a box. */
function boxFree(b: number, sx: number, sy: number, sz: number): boolean {
  for (let k = 0; k < sz; k++)
    for (let j = 0; j < sy; j++) for (let i = 0; i < sx; i++) if (taken[b + i + 4 * j + 16 * k] !== 0) return false;
  return true;
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
  for (let b = 0; b < 64; b++) taken[b] = ((b < 32 ? lo >>> b : hi >>> (b - 32)) & 1) as 0 | 1;
  for (let b = 0; b < 64; b++) {
    if (taken[b] !== 0) {
      if (((b < 32 ? lo >>> b : hi >>> (b - 32)) & 1) !== 0) out[at + b] = BOX_BLOCKED;
      continue;
    }
    const local = [b & 3, (b >> 2) & 3, b >> 4];
    let volume = 0;
    for (const order of ORDERS) {
      size[0] = size[1] = size[2] = 1;
      for (const a of order)
        while (
          local[a] + size[a] < 4 &&
          boxFree(b + size[a] * STRIDE[a], a === 0 ? 1 : size[0], a === 1 ? 1 : size[1], a === 2 ? 1 : size[2])
        )
          size[a]++;
      const v = size[0] * size[1] * size[2];
      if (v > volume) {
        volume = v;
        best[0] = size[0];
        best[1] = size[1];
        best[2] = size[2];
      }
    }
    const packed = b | ((best[0] - 1) << 6) | ((best[1] - 1) << 8) | ((best[2] - 1) << 10);
    for (let k = 0; k < best[2]; k++)
      for (let j = 0; j < best[1]; j++)
        for (let i = 0; i < best[0]; i++) {
          const v = b + i + 4 * j + 16 * k;
          taken[v] = 1;
          out[at + v] = packed;
        }
  }
}

/** Bricks whose boxes a BrickBoxes keeps at once. */
const CAPACITY = 4096;

/**
 * The boxes of a SparseWorld's MIXED bricks (splitBrick), computed when first asked and kept
 * for up to 4,096 bricks (128 bytes each; when full, all are dropped and computed again).
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
