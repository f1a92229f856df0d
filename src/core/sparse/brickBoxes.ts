import { MIXED, type SparseWorld } from './SparseWorld.ts';

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
const run = [1, 1, 1];

/** Per axis, an interval of the brick (start s, side n, s + n <= 4) at SPAN[4 s + n - 1]: its number 0..9 (-1: leaves the brick). */
const SPAN = new Int8Array(16).fill(-1);
/** The masks of the 1,000 boxes of a brick, box (x, y, z intervals i, j, k) at i + 10 (j + 10 k): bits 0..31 and 32..63. */
const BOX_LO = new Uint32Array(1000);
const BOX_HI = new Uint32Array(1000);
{
  const from: number[] = [];
  for (let s = 0; s < 4; s++) for (let n = 1; s + n <= 4; n++) SPAN[4 * s + n - 1] = from.push(s, n) / 2 - 1;
  for (let i = 0; i < 1000; i++)
    for (let b = 0; b < 64; b++) {
      const inside = [b & 3, (b >> 2) & 3, b >> 4].every((v, a) => {
        const q = 2 * (Math.floor(i / 10 ** a) % 10);
        return v >= from[q] && v < from[q] + from[q + 1];
      });
      if (inside) b < 32 ? (BOX_LO[i] |= 1 << b) : (BOX_HI[i] |= 1 << (b - 32));
    }
}

/** Whether the box at (lx, ly, lz) with sides sx, sy, sz (inside the brick) holds no taken voxel. */
function boxFree(lx: number, ly: number, lz: number, sx: number, sy: number, sz: number): boolean {
  const i = SPAN[4 * lx + sx - 1] + 10 * (SPAN[4 * ly + sy - 1] + 10 * SPAN[4 * lz + sz - 1]);
  return ((BOX_LO[i] & takenLo) | (BOX_HI[i] & takenHi)) === 0;
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
    // The free run from the corner along each axis: the box's side there in any order, so their
    // product bounds its volume (a lone free voxel is done after one order).
    for (let a = 0; a < 3; a++) {
      size[0] = size[1] = size[2] = 1;
      grow(a);
      run[a] = size[a];
    }
    const bound = run[0] * run[1] * run[2];
    let volume = 0,
      bx = 1,
      by = 1,
      bz = 1;
    for (let o = 0; o < 18 && volume < bound; o += 3) {
      size[0] = size[1] = size[2] = 1;
      size[ORDERS[o]] = run[ORDERS[o]];
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
    const box = SPAN[4 * local[0] + bx - 1] + 10 * (SPAN[4 * local[1] + by - 1] + 10 * SPAN[4 * local[2] + bz - 1]);
    takenLo |= BOX_LO[box];
    takenHi |= BOX_HI[box];
    for (let k = 0; k < bz; k++) for (let j = 0; j < by; j++) for (let i = 0; i < bx; i++) out[at + b + i + 4 * j + 16 * k] = packed;
  }
}

/** log2 of the entries of the table of masks already split (BrickBoxes). */
const SEEN_BITS = 14;

/**
 * The boxes of a SparseWorld's MIXED bricks (splitBrick), all split once when built and kept
 * as a list per brick: 2 bytes per box (its packed value) and 4 per brick, so a few hundred
 * kB where a table per voxel would take 64 bytes per brick. A voxel's box is found by
 * scanning its brick's few boxes. A mask met again (walls and floors repeat a few masks over
 * most bricks) is not split again: its boxes are copied from the last brick split with it.
 */
export class BrickBoxes {
  /** Per brick: its first box in `list` (bricks in order; the last entry ends the list). Read-only. */
  readonly start: Uint32Array;
  /** The packed boxes (splitBrick's values), brick after brick, by their corner's bit. Read-only. */
  readonly list: Uint16Array;

  /** Bricks whose boxes this constructor made (split, or copied from an earlier brick of the same mask); the others' were copied from `reuse`. */
  readonly split: number = 0;

  /**
   * The boxes of every MIXED brick of `world`. With `reuse` (a local edit, editSparseSpace):
   * only the `changed` bricks are split again; the others' boxes are copied from the old
   * world's (`oldOf`: new node -> old node, editSparseWorld's; null: the same indices).
   */
  constructor(
    private readonly world: SparseWorld,
    reuse?: { boxes: BrickBoxes; oldOf: Int32Array | null; changed: Int32Array },
  ) {
    const n = world.brickCount;
    this.start = new Uint32Array(n + 1);
    const list = splitBricks(world, this.start, reuse);
    this.list = list.slice(0, splitUsed);
    this.split = splitCount;
  }

  /** The packed box of voxel b of MIXED brick n (see splitBrick), or BOX_BLOCKED. */
  get(n: number, b: number): number {
    const w = this.world;
    if (((b < 32 ? w.maskLo[n] >>> b : w.maskHi[n] >>> (b - 32)) & 1) !== 0) return BOX_BLOCKED;
    const lx = b & 3,
      ly = (b >> 2) & 3,
      lz = b >> 4;
    const list = this.list;
    for (let i = this.start[n], end = this.start[n + 1]; i < end; i++) {
      const v = list[i];
      const c = v & 63;
      const dx = lx - (c & 3),
        dy = ly - ((c >> 2) & 3),
        dz = lz - (c >> 4);
      if (dx >= 0 && dy >= 0 && dz >= 0 && dx <= ((v >> 6) & 3) && dy <= ((v >> 8) & 3) && dz <= ((v >> 10) & 3)) return v;
    }
    return BOX_BLOCKED;
  }

  /** The packed boxes of brick n (none unless MIXED), a view into the list. */
  boxesOf(n: number): Uint16Array {
    return this.list.subarray(this.start[n], this.start[n + 1]);
  }

  /** Index in the list of brick n's first box (boxes are numbered brick after brick). */
  first(n: number): number {
    return this.start[n];
  }

  /** Number of boxes, all bricks. */
  get count(): number {
    return this.list.length;
  }

  /** Bytes held. */
  get byteLength(): number {
    return this.start.byteLength + this.list.byteLength;
  }
}

/** splitBricks' figures: the boxes listed, the bricks whose boxes were made. */
let splitUsed = 0,
  splitCount = 0;

/**
 * The boxes of every MIXED brick of `world` (see BrickBoxes' constructor) into a list it returns
 * (longer than the `splitUsed` boxes it holds), `start` written per brick. A function of its own,
 * not the constructor's loop, with nothing after the loop that needs type feedback: code
 * optimized on-stack while the loop runs (the first build) would have none for it and deoptimize
 * there at every later build.
 */
function splitBricks(
  world: SparseWorld,
  start: Uint32Array,
  reuse?: { boxes: BrickBoxes; oldOf: Int32Array | null; changed: Int32Array },
): Uint16Array {
  const n = world.brickCount;
  const scratch = new Uint16Array(64);
  let list = new Uint16Array(Math.max(64, reuse === undefined ? 4 * n : reuse.boxes.list.length + 16 * reuse.changed.length));
  const fresh = new Uint8Array(reuse === undefined ? 0 : n);
  if (reuse !== undefined) for (const k of reuse.changed) fresh[k] = 1;
  let used = 0;
  let split = 0;
  // Masks split so far: a direct-mapped table (hash of the mask -> the last brick split with it).
  const seenBrick = new Int32Array(1 << SEEN_BITS).fill(-1);
  const seenLo = new Uint32Array(1 << SEEN_BITS);
  const seenHi = new Uint32Array(1 << SEEN_BITS);
  const kind = world.kind,
    maskLo = world.maskLo,
    maskHi = world.maskHi;
  // k = n only writes the end of the list: nothing after the loop needs feedback (see splitBricks' doc).
  for (let k = 0; k <= n; k++) {
    start[k] = used;
    if (k === n || kind[k] !== MIXED) continue;
    const o = reuse === undefined || fresh[k] === 1 ? -1 : reuse.oldOf === null ? k : reuse.oldOf[k];
    if (o >= 0) {
      const old = reuse!.boxes;
      const from = old.start[o],
        count = old.start[o + 1] - from;
      if (used + count > list.length) list = grown(list, used + count);
      list.set(old.list.subarray(from, from + count), used);
      used += count;
      continue;
    }
    split++;
    const lo = maskLo[k],
      hi = maskHi[k];
    // A mask split before (walls and floors repeat a few masks over most bricks): its boxes again.
    const h = Math.imul(lo ^ Math.imul(hi, 0x85ebca77), 0x9e3779b1) >>> (32 - SEEN_BITS);
    const o2 = seenBrick[h];
    if (o2 >= 0 && seenLo[h] === lo && seenHi[h] === hi) {
      const from = start[o2],
        count = start[o2 + 1] - from;
      if (used + count > list.length) list = grown(list, used + count);
      list.copyWithin(used, from, from + count);
      used += count;
      continue;
    }
    seenBrick[h] = k;
    seenLo[h] = lo;
    seenHi[h] = hi;
    splitBrick(lo, hi, scratch, 0);
    for (let b = 0; b < 64; b++) {
      const v = scratch[b];
      if (v === BOX_BLOCKED || (v & 63) !== b) continue;
      if (used === list.length) list = grown(list, used + 1);
      list[used++] = v;
    }
  }
  splitUsed = used;
  splitCount = split;
  return list;
}

/** A copy of `list` with room for at least `need` entries. */
function grown(list: Uint16Array, need: number): Uint16Array<ArrayBuffer> {
  const g = new Uint16Array(Math.max(need, 2 * list.length));
  g.set(list);
  return g;
}
