import { checkNumber } from '../args.ts';
/**
 * Agents bucketed in cubic cells for "who is near me" queries, rebuilt every step from a flat
 * position array without allocating (spatial hashing with a counting sort, as in Müller's
 * "Ten Minute Physics" #11). Cells hash into a table of 2^k buckets; two cells may share a
 * bucket, so a query returns a superset of the agents in the box it covers (callers test the
 * exact distance) but never an agent twice.
 *
 * Layout:
 *   start[b] .. start[b+1]   slots of bucket b (agents grouped by bucket, ascending index)
 *   sorted[k]                agent index of slot k
 *   stamp[i]                 query number that last returned agent i (dedup in `query`)
 */
export class NeighborGrid {
  cellSize = 1;
  #inv = 1;
  #mask = 0;
  #start = new Int32Array(1);
  #sorted = new Int32Array(0);
  #bucketOf = new Int32Array(0);
  #stamp = new Int32Array(0);
  #queryId = 0;
  #scan = false;

  /**
   * Buckets agents 0..count-1 at `positions` (xyz triples) in cells of edge `cellSize`.
   * Choose the cell at least as large as the query radius: a query then spans 3 cells per axis.
   * `scan`: a table for reciprocal avoidance's levels (steer), whose queries span at most 3
   * cells per axis: 4 buckets per agent and the cells hashed by a sum (scanBucket), which puts
   * the 27 cells of any 3 x 3 x 3 block in distinct buckets, so its queries skip the stamps.
   * The default, 2 per agent and the xor hash, keeps the order the swarm rule's traces were
   * recorded with (the xor hash makes cells around the origin share buckets).
   */
  build(positions: ArrayLike<number>, count: number, cellSize: number, scan = false): void {
    this.cellSize = checkNumber('NeighborGrid.build cellSize', cellSize, 0, true);
    const inv = (this.#inv = 1 / cellSize);
    this.#scan = scan;
    let buckets = 64;
    while (buckets < (scan ? 4 : 2) * count) buckets *= 2;
    if (this.#start.length !== buckets + 1) this.#start = new Int32Array(buckets + 1);
    else this.#start.fill(0);
    this.#mask = buckets - 1;
    if (this.#sorted.length < count) {
      const cap = Math.max(count, 2 * this.#sorted.length);
      this.#sorted = new Int32Array(cap);
      this.#bucketOf = new Int32Array(cap);
      this.#stamp = new Int32Array(cap);
      this.#queryId = 0;
    }
    const start = this.#start;
    for (let i = 0; i < count; i++) {
      const b = this.#bucket(cellOf(positions[3 * i], inv), cellOf(positions[3 * i + 1], inv), cellOf(positions[3 * i + 2], inv));
      this.#bucketOf[i] = b;
      start[b]++;
    }
    // Counting sort: start[b] becomes the end of bucket b, then the back-to-front fill moves it
    // to the bucket's beginning and lists each bucket's agents in ascending index order.
    let sum = 0;
    for (let b = 0; b < buckets; b++) {
      sum += start[b];
      start[b] = sum;
    }
    start[buckets] = sum;
    for (let i = count - 1; i >= 0; i--) this.#sorted[--start[this.#bucketOf[i]]] = i;
  }

  /**
   * Writes into `out` the agents whose cells overlap the cube of half-edge `radius` around
   * (x, y, z), each once, and returns how many (at most out.length).
   */
  query(x: number, y: number, z: number, radius: number, out: Int32Array): number {
    if (++this.#queryId === 0x7fffffff) {
      this.#stamp.fill(0);
      this.#queryId = 1;
    }
    const id = this.#queryId;
    const inv = this.#inv;
    const x0 = cellOf(x - radius, inv),
      x1 = cellOf(x + radius, inv);
    const y0 = cellOf(y - radius, inv),
      y1 = cellOf(y + radius, inv);
    const z0 = cellOf(z - radius, inv),
      z1 = cellOf(z + radius, inv);
    const start = this.#start;
    let n = 0;
    for (let cz = z0; cz <= z1; cz++) {
      for (let cy = y0; cy <= y1; cy++) {
        for (let cx = x0; cx <= x1; cx++) {
          const b = this.#bucket(cx, cy, cz);
          for (let k = start[b]; k < start[b + 1]; k++) {
            const i = this.#sorted[k];
            // A scan table puts a block's cells in distinct buckets: nobody is met twice.
            if (!this.#scan) {
              if (this.#stamp[i] === id) continue;
              this.#stamp[i] = id;
            }
            if (n < out.length) out[n++] = i;
          }
        }
      }
    }
    return n;
  }

  #bucket(cx: number, cy: number, cz: number): number {
    // Large primes from Teschner et al., "Optimized Spatial Hashing for Collision Detection of
    // Deformable Objects" (2003).
    return this.#scan
      ? scanBucket(cx, cy, cz, this.#mask)
      : (Math.imul(cx, 73856093) ^ Math.imul(cy, 19349663) ^ Math.imul(cz, 83492791)) & this.#mask;
  }
}

/**
 * Bucket of cell (cx, cy, cz) in a `scan` table of mask + 1 buckets (see NeighborGrid.build),
 * for queries spanning at most 3 cells per axis.
 * Two cells of a 3 x 3 x 3 block differ by (dx, dy, dz) in [-2, 2]^3, and no such nonzero
 * difference sums to a multiple of 2^k for 2^6 <= 2^k <= 2^31 (test/core/steering/neighborGrid):
 * scanning a block's buckets meets every agent at most once.
 */
function scanBucket(cx: number, cy: number, cz: number, mask: number): number {
  return (Math.imul(cx, 73856093) + Math.imul(cy, 19349663) + Math.imul(cz, 83492791)) & mask;
}

/** Cell coordinate of a world coordinate, clamped to a range Math.imul handles exactly. */
function cellOf(v: number, inv: number): number {
  const c = Math.floor(v * inv);
  return c < -1e9 ? -1e9 : Math.min(c, 1e9);
}
