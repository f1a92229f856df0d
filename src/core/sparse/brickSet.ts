import { morton as morton_ } from './morton.ts';

// Module-local copy: imported bindings may compile to getter calls (tsx), too slow per brick.
const morton = morton_;

/**
 * The blocked voxels of a world gathered per 4x4x4 brick: brick Morton code -> 64-bit mask
 * (two Uint32s), in typed arrays (a Map holds at most ~16.7M entries). Entries are appended;
 * `normalize` sorts them by code and merges repeats (done when the arrays fill and before a
 * build), so memory follows the bricks present, not the volume.
 */
export class BrickSet {
  /** Per entry: the brick's Morton code (sorted and unique after `normalize`). */
  codes: Uint32Array;
  /** Per entry: bits 0..31 of the mask. */
  lo: Uint32Array;
  /** Per entry: bits 32..63 of the mask. */
  hi: Uint32Array;
  /** Entries in use. */
  length = 0;

  /** An empty set with room for `capacity` (>= 1) entries before it grows (default 1024). */
  constructor(capacity = 1024) {
    capacity = Math.max(1, capacity);
    this.codes = new Uint32Array(capacity);
    this.lo = new Uint32Array(capacity);
    this.hi = new Uint32Array(capacity);
  }

  /** ORs mask (lo, hi) into the brick at brick coordinates (bx, by, bz). */
  add(bx: number, by: number, bz: number, lo: number, hi: number): void {
    this.addCode(morton(bx, by, bz), lo, hi);
  }

  /** ORs mask (lo, hi) into the brick of Morton code `code`. */
  addCode(code: number, lo: number, hi: number): void {
    let n = this.length;
    if (n > 0 && this.codes[n - 1] === code) {
      this.lo[n - 1] |= lo;
      this.hi[n - 1] |= hi;
      return;
    }
    if (n === this.codes.length) {
      this.normalize();
      n = this.length;
      if (2 * n > this.codes.length) {
        const m = 2 * this.codes.length;
        this.codes = grownTo(this.codes, m);
        this.lo = grownTo(this.lo, m);
        this.hi = grownTo(this.hi, m);
      }
    }
    this.codes[n] = code;
    this.lo[n] = lo;
    this.hi[n] = hi;
    this.length = n + 1;
  }

  /** Marks voxel (x, y, z) blocked. */
  addVoxel(x: number, y: number, z: number): void {
    const b = (x & 3) | ((y & 3) << 2) | ((z & 3) << 4);
    this.add(x >> 2, y >> 2, z >> 2, b < 32 ? 1 << b : 0, b >= 32 ? 1 << (b - 32) : 0);
  }

  /**
   * Sorts the entries by code and merges those of one brick (masks ORed), in place: the
   * entries after the longest ascending prefix (none when they were added in code order, as
   * sparseFromTriangles adds them) are radix-sorted (3 x 10 bits) apart, then merged into the
   * prefix from the back; memory beyond the arrays follows those entries only.
   */
  normalize(): void {
    const n = this.length;
    const { codes, lo, hi } = this;
    let p = 1;
    while (p < n && codes[p - 1] <= codes[p]) p++;
    if (p < n) {
      const t = n - p;
      let idx = new Uint32Array(t);
      for (let i = 0; i < t; i++) idx[i] = p + i;
      let tmp = new Uint32Array(t);
      const count = new Uint32Array(1025);
      for (let shift = 0; shift < 30; shift += 10) {
        count.fill(0);
        for (let i = 0; i < t; i++) count[((codes[idx[i]] >>> shift) & 1023) + 1]++;
        for (let d = 0; d < 1024; d++) count[d + 1] += count[d];
        for (let i = 0; i < t; i++) {
          const j = idx[i];
          tmp[count[(codes[j] >>> shift) & 1023]++] = j;
        }
        const swap = idx;
        idx = tmp;
        tmp = swap;
      }
      const tc = new Uint32Array(t),
        tl = new Uint32Array(t),
        th = new Uint32Array(t);
      for (let i = 0; i < t; i++) {
        tc[i] = codes[idx[i]];
        tl[i] = lo[idx[i]];
        th[i] = hi[idx[i]];
      }
      // Merge from the back: the write position never passes the prefix's read position.
      let i = p - 1,
        j = t - 1;
      for (let k = n - 1; j >= 0; k--) {
        if (i >= 0 && codes[i] > tc[j]) {
          codes[k] = codes[i];
          lo[k] = lo[i];
          hi[k] = hi[i--];
        } else {
          codes[k] = tc[j];
          lo[k] = tl[j];
          hi[k] = th[j--];
        }
      }
    }
    let m = 0;
    for (let i = 0; i < n; i++) {
      if (m > 0 && codes[m - 1] === codes[i]) {
        lo[m - 1] |= lo[i];
        hi[m - 1] |= hi[i];
        continue;
      }
      codes[m] = codes[i];
      lo[m] = lo[i];
      hi[m] = hi[i];
      m++;
    }
    this.length = m;
  }
}

/** A copy of `a` with room for `size` entries. */
export function grownTo(a: Uint32Array, size: number): Uint32Array<ArrayBuffer> {
  const g = new Uint32Array(size);
  g.set(a);
  return g;
}
