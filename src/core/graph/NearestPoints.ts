/**
 * The k nearest of a fixed set of points to any of them: a balanced k-d tree (Bentley 1975)
 * stored implicitly in one permutation array.
 *
 * Layout: `order[lo..hi)` is a subtree; its root is `order[mid]`, mid = (lo + hi) >> 1, split
 * on axis `axis[mid]`; points of order[lo..mid) are <= the root on that axis, order[mid+1..hi)
 * are >= it. Build O(n log n) expected (quickselect per level), memory 5 bytes per point.
 */
export class NearestPoints {
  readonly #p: ArrayLike<number>;
  readonly #order: Int32Array;
  readonly #axis: Uint8Array;
  // Query scratch: a max-heap of the best candidates so far (distance squared, index).
  #heapD = new Float64Array(0);
  #heapI = new Int32Array(0);
  #size = 0;
  #k = 0;
  #qx = 0;
  #qy = 0;
  #qz = 0;
  #self = -1;

  /** @param positions xyz triples */
  constructor(positions: ArrayLike<number>) {
    this.#p = positions;
    const n = positions.length / 3;
    this.#order = new Int32Array(n);
    for (let i = 0; i < n; i++) this.#order[i] = i;
    this.#axis = new Uint8Array(n);
    this.#build(0, n);
  }

  #build(lo: number, hi: number): void {
    // An explicit stack: a tree of 50,000 points is 16 levels deep, but a recursion per node
    // would still be one call per point.
    const stack = [lo, hi];
    while (stack.length > 0) {
      const h = stack.pop()!;
      const l = stack.pop()!;
      if (h - l <= 1) continue;
      const a = this.#widestAxis(l, h);
      const mid = (l + h) >> 1;
      this.#select(l, h - 1, mid, a);
      this.#axis[mid] = a;
      stack.push(l, mid, mid + 1, h);
    }
  }

  #widestAxis(lo: number, hi: number): number {
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    for (let k = lo; k < hi; k++) {
      const i = this.#order[k];
      for (let a = 0; a < 3; a++) {
        const v = this.#p[3 * i + a];
        if (v < min[a]) min[a] = v;
        if (v > max[a]) max[a] = v;
      }
    }
    const e = [max[0] - min[0], max[1] - min[1], max[2] - min[2]];
    return e[0] >= e[1] && e[0] >= e[2] ? 0 : e[1] >= e[2] ? 1 : 2;
  }

  /** Quickselect (Hoare): order[k] gets the point that sorts there on axis a. */
  #select(lo: number, hi: number, k: number, a: number): void {
    const o = this.#order, p = this.#p;
    while (lo < hi) {
      const pivot = p[3 * o[(lo + hi) >> 1] + a];
      let i = lo, j = hi;
      while (i <= j) {
        while (p[3 * o[i] + a] < pivot) i++;
        while (p[3 * o[j] + a] > pivot) j--;
        if (i <= j) {
          const t = o[i];
          o[i] = o[j];
          o[j] = t;
          i++;
          j--;
        }
      }
      if (k <= j) hi = j;
      else if (k >= i) lo = i;
      else return;
    }
  }

  /**
   * The (up to) `k` points nearest point `i`, excluding i itself, nearest first (equal
   * distances by lower index), written into `out`; returns how many were written. Among
   * points at exactly the k-th distance, which are kept depends on the tree, deterministically.
   */
  nearest(i: number, k: number, out: Int32Array): number {
    if (this.#heapD.length < k) {
      this.#heapD = new Float64Array(k);
      this.#heapI = new Int32Array(k);
    }
    this.#k = k;
    this.#size = 0;
    this.#self = i;
    this.#qx = this.#p[3 * i];
    this.#qy = this.#p[3 * i + 1];
    this.#qz = this.#p[3 * i + 2];
    if (k > 0) this.#search(0, this.#order.length);
    // Heap -> ascending by (distance, index).
    const n = this.#size;
    const idx = Array.from(this.#heapI.subarray(0, n));
    const d = this.#heapD;
    const dist = new Map<number, number>();
    for (let m = 0; m < n; m++) dist.set(this.#heapI[m], d[m]);
    idx.sort((a, b) => dist.get(a)! - dist.get(b)! || a - b);
    for (let m = 0; m < n; m++) out[m] = idx[m];
    return n;
  }

  #search(lo: number, hi: number): void {
    if (hi <= lo) return;
    const mid = (lo + hi) >> 1;
    const j = this.#order[mid];
    const p = this.#p;
    if (j !== this.#self) {
      const dx = p[3 * j] - this.#qx, dy = p[3 * j + 1] - this.#qy, dz = p[3 * j + 2] - this.#qz;
      this.#offer(dx * dx + dy * dy + dz * dz, j);
    }
    if (hi - lo === 1) return;
    const a = this.#axis[mid];
    const diff = (a === 0 ? this.#qx : a === 1 ? this.#qy : this.#qz) - p[3 * j + a];
    const [nearLo, nearHi, farLo, farHi] = diff < 0 ? [lo, mid, mid + 1, hi] : [mid + 1, hi, lo, mid];
    this.#search(nearLo, nearHi);
    // The far side can hold a nearer point only if the splitting plane is nearer than the worst
    // kept one. Strictly nearer: many points at one spot would otherwise visit every subtree.
    if (this.#size < this.#k || diff * diff < this.#heapD[0]) this.#search(farLo, farHi);
  }

  /** Keeps (d, i) if it is among the k best so far: max-heap on (d, i). */
  #offer(d: number, i: number): void {
    const D = this.#heapD, I = this.#heapI;
    const worse = (a: number, b: number) => D[a] > D[b] || (D[a] === D[b] && I[a] > I[b]);
    if (this.#size < this.#k) {
      let c = this.#size++;
      D[c] = d;
      I[c] = i;
      while (c > 0) {
        const parent = (c - 1) >> 1;
        if (!worse(c, parent)) break;
        [D[c], D[parent]] = [D[parent], D[c]];
        [I[c], I[parent]] = [I[parent], I[c]];
        c = parent;
      }
      return;
    }
    if (d > D[0] || (d === D[0] && i > I[0])) return;
    D[0] = d;
    I[0] = i;
    for (let c = 0; ;) {
      const l = 2 * c + 1, r = l + 1;
      let m = c;
      if (l < this.#size && worse(l, m)) m = l;
      if (r < this.#size && worse(r, m)) m = r;
      if (m === c) break;
      [D[c], D[m]] = [D[m], D[c]];
      [I[c], I[m]] = [I[m], I[c]];
      c = m;
    }
  }
}
