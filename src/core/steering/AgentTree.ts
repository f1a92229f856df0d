/**
 * A k-d tree over the agents' centres, rebuilt every step, for reciprocal avoidance's "the k
 * nearest within a reach" queries (as RVO2-3D's KdTree): the search range shrinks to the k-th
 * nearest distance found so far, so a query costs about the same in a packed crowd as in an
 * empty sky (a uniform grid must either scan many agents per cell in the first or many empty
 * cells in the second).
 *
 * Nodes split their agents at the midpoint of the longest side of their bounding box until at
 * most LEAF_SIZE remain. Everything lives in typed arrays that only grow: a build or a query
 * allocates nothing.
 *
 * Layout (node k; the root is node 0):
 *   order[begin[k] .. end[k])   the agents of node k
 *   left[k], right[k]           children (-1 at a leaf)
 *   box[6k .. 6k + 6)           bounding box: min x, y, z, max x, y, z
 */
const LEAF_SIZE = 8;

export class AgentTree {
  #order = new Int32Array(0);
  #begin = new Int32Array(0);
  #end = new Int32Array(0);
  #left = new Int32Array(0);
  #right = new Int32Array(0);
  #box = new Float64Array(0);
  #nodes = 0;
  #pos: Float64Array<ArrayBufferLike> = new Float64Array(0);
  // The query in progress.
  #x = 0;
  #y = 0;
  #z = 0;
  #self = -1;
  #rangeSq = 0;
  #closeSq = 0;
  #k = 0;
  /** Indices of the nearest agents found by the last `nearest`, by increasing distance. */
  nearIndex = new Int32Array(0);
  /** Their squared centre distances. */
  nearDistSq = new Float64Array(0);
  /** How many `nearIndex` holds. */
  nearCount = 0;
  /** The agents within the close distance of the last `nearest`, in no particular order. */
  close = new Int32Array(0);
  /** How many `close` holds. */
  closeCount = 0;

  /** Builds the tree over agents 0..count-1 at `positions` (xyz triples). */
  build(positions: Float64Array, count: number): void {
    this.#pos = positions;
    if (this.#order.length < count) {
      const cap = Math.max(count, 2 * this.#order.length);
      this.#order = new Int32Array(cap);
      this.close = new Int32Array(cap);
      const nodes = 2 * cap;
      this.#begin = new Int32Array(nodes);
      this.#end = new Int32Array(nodes);
      this.#left = new Int32Array(nodes);
      this.#right = new Int32Array(nodes);
      this.#box = new Float64Array(6 * nodes);
    }
    for (let i = 0; i < count; i++) this.#order[i] = i;
    this.#nodes = 0;
    if (count > 0) this.#buildNode(0, count);
  }

  #buildNode(begin: number, end: number): number {
    const k = this.#nodes++;
    const p = this.#pos,
      order = this.#order,
      b = this.#box;
    let x0 = Infinity,
      y0 = Infinity,
      z0 = Infinity,
      x1 = -Infinity,
      y1 = -Infinity,
      z1 = -Infinity;
    for (let n = begin; n < end; n++) {
      const o = 3 * order[n];
      const x = p[o],
        y = p[o + 1],
        z = p[o + 2];
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      if (z < z0) z0 = z;
      if (z > z1) z1 = z;
    }
    const o6 = 6 * k;
    b[o6] = x0;
    b[o6 + 1] = y0;
    b[o6 + 2] = z0;
    b[o6 + 3] = x1;
    b[o6 + 4] = y1;
    b[o6 + 5] = z1;
    this.#begin[k] = begin;
    this.#end[k] = end;
    if (end - begin <= LEAF_SIZE) {
      this.#left[k] = -1;
      this.#right[k] = -1;
      return k;
    }
    const axis = x1 - x0 >= y1 - y0 && x1 - x0 >= z1 - z0 ? 0 : y1 - y0 >= z1 - z0 ? 1 : 2;
    const split = axis === 0 ? 0.5 * (x0 + x1) : axis === 1 ? 0.5 * (y0 + y1) : 0.5 * (z0 + z1);
    // Partition: agents below the split first.
    let lo = begin,
      hi = end;
    while (lo < hi) {
      while (lo < hi && p[3 * order[lo] + axis] < split) lo++;
      while (hi > lo && p[3 * order[hi - 1] + axis] >= split) hi--;
      if (lo < hi) {
        const t = order[lo];
        order[lo] = order[hi - 1];
        order[hi - 1] = t;
        lo++;
        hi--;
      }
    }
    // All at one coordinate (coincident agents): split by count instead.
    if (lo === begin || lo === end) lo = (begin + end) >> 1;
    this.#left[k] = this.#buildNode(begin, lo);
    this.#right[k] = this.#buildNode(lo, end);
    return k;
  }

  /**
   * Finds the `k` agents nearest (x, y, z) within `reach` (centre distance, excluding agent
   * `self`) into nearIndex / nearDistSq / nearCount, and every agent other than `self` within
   * `closeDist` into close / closeCount. Returns nearCount.
   */
  nearest(x: number, y: number, z: number, self: number, k: number, reach: number, closeDist: number): number {
    if (k === 0) reach = 0;
    if (this.nearIndex.length < k) {
      this.nearIndex = new Int32Array(k);
      this.nearDistSq = new Float64Array(k);
    }
    this.#x = x;
    this.#y = y;
    this.#z = z;
    this.#self = self;
    this.#k = k;
    this.#rangeSq = reach * reach;
    this.#closeSq = closeDist * closeDist;
    this.nearCount = 0;
    this.closeCount = 0;
    if (this.#nodes > 0) this.#query(0);
    return this.nearCount;
  }

  /** Squared distance from (x, y, z) to node k's box. */
  #boxDistSq(k: number, x: number, y: number, z: number): number {
    const b = this.#box,
      o = 6 * k;
    let d = 0,
      t = b[o] - x;
    if (t > 0) d += t * t;
    else if ((t = x - b[o + 3]) > 0) d += t * t;
    if ((t = b[o + 1] - y) > 0) d += t * t;
    else if ((t = y - b[o + 4]) > 0) d += t * t;
    if ((t = b[o + 2] - z) > 0) d += t * t;
    else if ((t = z - b[o + 5]) > 0) d += t * t;
    return d;
  }

  #query(k: number): void {
    const x = this.#x,
      y = this.#y,
      z = this.#z;
    const l = this.#left[k];
    if (l < 0) {
      const p = this.#pos,
        order = this.#order,
        self = this.#self,
        closeSq = this.#closeSq;
      for (let n = this.#begin[k], end = this.#end[k]; n < end; n++) {
        const j = order[n];
        if (j === self) continue;
        const o = 3 * j;
        const dx = p[o] - x,
          dy = p[o + 1] - y,
          dz = p[o + 2] - z;
        const dSq = dx * dx + dy * dy + dz * dz;
        if (dSq < closeSq) this.close[this.closeCount++] = j;
        if (dSq < this.#rangeSq) this.#keep(j, dSq);
        // A tie with the farthest of a full list: the lower index wins, whatever the tree's order.
        else if (dSq === this.#rangeSq && this.nearCount === this.#k && j < this.nearIndex[this.#k - 1]) this.#keep(j, dSq);
      }
      return;
    }
    const r = this.#right[k];
    const dl = this.#boxDistSq(l, x, y, z),
      dr = this.#boxDistSq(r, x, y, z);
    // Nearer child first, so the range shrinks before the farther one is tried.
    if (dl <= dr) {
      if (dl <= this.#rangeSq || dl < this.#closeSq) this.#query(l);
      if (dr <= this.#rangeSq || dr < this.#closeSq) this.#query(r);
    } else {
      if (dr <= this.#rangeSq || dr < this.#closeSq) this.#query(r);
      if (dl <= this.#rangeSq || dl < this.#closeSq) this.#query(l);
    }
  }

  /** Inserts agent j at squared distance dSq into the sorted nearest list; a full list shrinks the range. */
  #keep(j: number, dSq: number): void {
    const idx = this.nearIndex,
      dist = this.nearDistSq;
    let n = this.nearCount;
    if (n < this.#k) this.nearCount++;
    else n--;
    // Ties keep the lower index first, so the result does not depend on the tree's order.
    while (n > 0 && (dist[n - 1] > dSq || (dist[n - 1] === dSq && idx[n - 1] > j))) {
      idx[n] = idx[n - 1];
      dist[n] = dist[n - 1];
      n--;
    }
    idx[n] = j;
    dist[n] = dSq;
    if (this.nearCount === this.#k) this.#rangeSq = dist[this.#k - 1];
  }
}
