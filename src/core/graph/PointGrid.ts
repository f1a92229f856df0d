/** Cells per axis on each side of 0 that a key can hold (17 bits per axis, 51 in all). */
const HALF_RANGE = 1 << 16;
const RANGE = 2 * HALF_RANGE;
/** Occupied cells hold about this many points after `PointGrid.fit`. */
const TARGET_OCCUPANCY = 8;
/**
 * Cells are assigned as floor((v - origin) / cellSize): rounding can put a point a hair outside
 * its cell's exact box. Cell boxes are grown, and the distance to unvisited rings shrunk, by
 * this fraction of a cell, so every bound errs on the safe side (a cell or ring more visited).
 */
const SLACK = 1e-6;

interface Cell {
  cx: number;
  cy: number;
  cz: number;
  items: number[];
  /** The largest reach (squared) of the items in the cell: see `setReach`. */
  reachSq: number;
}

/**
 * Integer items at points, in cubic cells, for a set that changes one point at a time (the
 * waypoints of a nearest-visible graph, see nearestLinks.ts). Two queries:
 *  - `nearest`: the exact k nearest of a point, ordered by (distance, rank): the same answer
 *    however the set reached its state, so an edited graph equals a fresh build;
 *  - `forEachReaching`: every item whose reach (a radius the caller sets per item) may touch a
 *    box: the waypoints whose candidate lists can see an edit there.
 *
 * Layout: `cells` maps a key packing the three cell coordinates exactly (as SpatialHash) to the
 * cell's items and the largest reach among them; items whose cell lies outside the key range
 * are kept apart in `far` and visited by every query. `reachSq[item]`: the item's reach, squared.
 * The caller owns positions (xyz triples indexed by item) and ranks, passed to each query.
 */
export class PointGrid {
  declare readonly cellSize: number;
  readonly #inv: number;
  readonly #ox: number;
  readonly #oy: number;
  readonly #oz: number;
  readonly #cells = new Map<number, Cell>();
  readonly #far: number[] = [];
  #reachSq = new Float64Array(64);
  // Occupied cell coordinates lie in [lo, hi] (grown only; reset by a new grid).
  #lo = [Infinity, Infinity, Infinity];
  #hi = [-Infinity, -Infinity, -Infinity];
  // `nearest` scratch: the best so far, ascending by (distance squared, rank).
  #bestD = new Float64Array(0);
  #bestR = new Int32Array(0);
  #bestI = new Int32Array(0);
  #count = 0;
  #k = 0;
  // The query of `nearest` (q in world coordinates).
  #qx = 0;
  #qy = 0;
  #qz = 0;
  // ... and in grid coordinates.
  #gx = 0;
  #gy = 0;
  #gz = 0;
  #self = -1;
  #maxDistSq = 0;
  #xyz: ArrayLike<number> = [];
  #rank: ArrayLike<number> = [];

  /** Cell (cx, cy, cz) spans origin + [c, c + 1) * cellSize on each axis. */
  constructor(cellSize: number, ox = 0, oy = 0, oz = 0) {
    this.cellSize = cellSize;
    this.#inv = 1 / cellSize;
    this.#ox = ox;
    this.#oy = oy;
    this.#oz = oz;
  }

  /**
   * An empty grid for the points `items` of `xyz`: its origin at their bounding box, its cell
   * size giving about TARGET_OCCUPANCY points per occupied cell (in any dimension: points on a
   * plane or a line too), refined from the bounding box by counting occupied cells.
   */
  static fit(xyz: ArrayLike<number>, items: ArrayLike<number>): PointGrid {
    const n = items.length;
    const lo = [Infinity, Infinity, Infinity],
      hi = [-Infinity, -Infinity, -Infinity];
    for (let k = 0; k < n; k++) {
      for (let a = 0; a < 3; a++) {
        const v = xyz[3 * items[k] + a];
        if (v < lo[a]) lo[a] = v;
        if (v > hi[a]) hi[a] = v;
      }
    }
    const longest = Math.max(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
    if (!(longest > 0)) return new PointGrid(1, n > 0 ? lo[0] : 0, n > 0 ? lo[1] : 0, n > 0 ? lo[2] : 0);
    let volume = 1;
    for (let a = 0; a < 3; a++) volume *= Math.max(hi[a] - lo[a], longest * 1e-3);
    // Never more than HALF_RANGE cells across the box, so every point gets an exact key.
    const floor = longest / (HALF_RANGE / 2);
    let size = Math.max(floor, Math.cbrt((volume * TARGET_OCCUPANCY) / Math.max(1, n)));
    const keys = new Set<number>();
    for (let round = 0; round < 8; round++) {
      keys.clear();
      const inv = 1 / size;
      for (let k = 0; k < n; k++) {
        const i = items[k];
        keys.add(
          key(
            Math.floor((xyz[3 * i] - lo[0]) * inv),
            Math.floor((xyz[3 * i + 1] - lo[1]) * inv),
            Math.floor((xyz[3 * i + 2] - lo[2]) * inv),
          ),
        );
      }
      const occupancy = n / keys.size;
      if (occupancy >= TARGET_OCCUPANCY / 2 && occupancy <= TARGET_OCCUPANCY * 2) break;
      // Occupancy grows with size^dimension; the cube root is the cautious (3D) step.
      const next = Math.max(floor, size * Math.cbrt(TARGET_OCCUPANCY / occupancy));
      if (next === size) break;
      size = next;
    }
    return new PointGrid(size, lo[0], lo[1], lo[2]);
  }

  #cellAt(x: number, y: number, z: number, create: boolean): Cell | null {
    const inv = this.#inv;
    const cx = Math.floor((x - this.#ox) * inv),
      cy = Math.floor((y - this.#oy) * inv),
      cz = Math.floor((z - this.#oz) * inv);
    if (!inRange(cx) || !inRange(cy) || !inRange(cz)) return null;
    const k = key(cx, cy, cz);
    let cell = this.#cells.get(k);
    if (cell === undefined && create) {
      cell = { cx, cy, cz, items: [], reachSq: 0 };
      this.#cells.set(k, cell);
      const c = [cx, cy, cz];
      for (let a = 0; a < 3; a++) {
        if (c[a] < this.#lo[a]) this.#lo[a] = c[a];
        if (c[a] > this.#hi[a]) this.#hi[a] = c[a];
      }
    }
    return cell ?? null;
  }

  /** Adds `item` at (x, y, z) with its current reach (0 for a new item). */
  insert(item: number, x: number, y: number, z: number): void {
    if (item >= this.#reachSq.length) {
      const grown = new Float64Array(Math.max(2 * this.#reachSq.length, item + 1));
      grown.set(this.#reachSq);
      this.#reachSq = grown;
    }
    const cell = this.#cellAt(x, y, z, true);
    if (cell === null) this.#far.push(item);
    else {
      cell.items.push(item);
      if (this.#reachSq[item] > cell.reachSq) cell.reachSq = this.#reachSq[item];
    }
  }

  /** Removes `item`, which must have been inserted at (x, y, z). */
  remove(item: number, x: number, y: number, z: number): void {
    const cell = this.#cellAt(x, y, z, false);
    const list = cell === null ? this.#far : cell.items;
    const i = list.indexOf(item);
    if (i < 0) return;
    list[i] = list[list.length - 1];
    list.pop();
    if (cell === null) return;
    if (list.length === 0) this.#cells.delete(key(cell.cx, cell.cy, cell.cz));
    else this.#boundReach(cell);
  }

  /** Sets the reach of `item` (at x, y, z): `forEachReaching` finds it within that distance. */
  setReach(item: number, x: number, y: number, z: number, reachSq: number): void {
    this.#reachSq[item] = reachSq;
    const cell = this.#cellAt(x, y, z, false);
    if (cell !== null) this.#boundReach(cell);
  }

  reachSq(item: number): number {
    return this.#reachSq[item];
  }

  #boundReach(cell: Cell): void {
    let r = 0;
    for (const i of cell.items) if (this.#reachSq[i] > r) r = this.#reachSq[i];
    cell.reachSq = r;
  }

  /**
   * Calls `visit(item)` for every item in a cell whose largest reach touches the box [min, max]
   * (a superset of the items within their own reach of it: callers test exactly).
   */
  forEachReaching(minX: number, minY: number, minZ: number, maxX: number, maxY: number, maxZ: number, visit: (item: number) => void): void {
    const s = this.cellSize,
      slack = SLACK * s;
    // In grid coordinates (origin at 0): cell c spans [c, c + 1) * s.
    minX -= this.#ox;
    maxX -= this.#ox;
    minY -= this.#oy;
    maxY -= this.#oy;
    minZ -= this.#oz;
    maxZ -= this.#oz;
    for (const cell of this.#cells.values()) {
      const dx = gap(minX, maxX, cell.cx * s - slack, (cell.cx + 1) * s + slack);
      const dy = gap(minY, maxY, cell.cy * s - slack, (cell.cy + 1) * s + slack);
      const dz = gap(minZ, maxZ, cell.cz * s - slack, (cell.cz + 1) * s + slack);
      if (dx * dx + dy * dy + dz * dz > cell.reachSq) continue;
      const items = cell.items;
      for (let k = 0; k < items.length; k++) visit(items[k]);
    }
    for (let k = 0; k < this.#far.length; k++) visit(this.#far[k]);
  }

  /**
   * The (up to) `k` items nearest (qx, qy, qz), other than `self`, no farther than
   * sqrt(maxDistSq), ordered by (distance, rank[item]) and written into `out`; returns how
   * many. Exact: cells are visited in rings of growing Chebyshev radius until every unvisited
   * cell lies strictly farther than the k-th best.
   */
  nearest(
    qx: number,
    qy: number,
    qz: number,
    self: number,
    k: number,
    maxDistSq: number,
    xyz: ArrayLike<number>,
    rank: ArrayLike<number>,
    out: Int32Array,
  ): number {
    if (this.#bestD.length < k) {
      this.#bestD = new Float64Array(k);
      this.#bestR = new Int32Array(k);
      this.#bestI = new Int32Array(k);
    }
    this.#k = k;
    this.#count = 0;
    if (k <= 0) return 0;
    this.#qx = qx;
    this.#qy = qy;
    this.#qz = qz;
    this.#self = self;
    this.#maxDistSq = maxDistSq;
    this.#xyz = xyz;
    this.#rank = rank;
    this.#offerAll(this.#far);
    // q in grid coordinates, and its cell.
    const q = [qx - this.#ox, qy - this.#oy, qz - this.#oz];
    const c = q.map((v) => clampCell(Math.floor(v * this.#inv)));
    this.#gx = q[0];
    this.#gy = q[1];
    this.#gz = q[2];
    const lo = this.#lo,
      hi = this.#hi;
    const s = this.cellSize;
    for (let r = 0; ; r++) {
      const x0 = c[0] - r,
        x1 = c[0] + r,
        y0 = c[1] - r,
        y1 = c[1] + r,
        z0 = c[2] - r,
        z1 = c[2] + r;
      const ringCells = r === 0 ? 1 : (2 * r + 1) ** 3 - (2 * r - 1) ** 3;
      if (ringCells > this.#cells.size) {
        // A ring larger than the occupied cells: visit the unvisited occupied cells and stop.
        for (const cell of this.#cells.values()) {
          if (Math.max(Math.abs(cell.cx - c[0]), Math.abs(cell.cy - c[1]), Math.abs(cell.cz - c[2])) >= r) this.#offerAll(cell.items);
        }
        break;
      }
      for (let cz = Math.max(z0, lo[2]); cz <= Math.min(z1, hi[2]); cz++) {
        for (let cy = Math.max(y0, lo[1]); cy <= Math.min(y1, hi[1]); cy++) {
          if (cz === z0 || cz === z1 || cy === y0 || cy === y1) {
            for (let cx = Math.max(x0, lo[0]); cx <= Math.min(x1, hi[0]); cx++) this.#visitCell(cx, cy, cz);
          } else {
            // Inside the ring's z and y ranges only its two x faces are new.
            if (x0 >= lo[0]) this.#visitCell(x0, cy, cz);
            if (x1 <= hi[0]) this.#visitCell(x1, cy, cz);
          }
        }
      }
      if (x0 <= lo[0] && y0 <= lo[1] && z0 <= lo[2] && x1 >= hi[0] && y1 >= hi[1] && z1 >= hi[2]) break;
      // Every unvisited point is at least `bound` away from q.
      let bound = Infinity;
      for (let a = 0; a < 3; a++) bound = Math.min(bound, q[a] - (c[a] - r) * s, (c[a] + r + 1) * s - q[a]);
      bound -= SLACK * s;
      if (bound > 0 && (bound * bound > maxDistSq || (this.#count === k && bound * bound > this.#bestD[k - 1]))) break;
    }
    for (let m = 0; m < this.#count; m++) out[m] = this.#bestI[m];
    this.#xyz = this.#rank = [];
    return this.#count;
  }

  #offerAll(items: number[]): void {
    const xyz = this.#xyz,
      qx = this.#qx,
      qy = this.#qy,
      qz = this.#qz;
    for (let m = 0; m < items.length; m++) {
      const j = items[m];
      if (j === this.#self) continue;
      const dx = xyz[3 * j] - qx,
        dy = xyz[3 * j + 1] - qy,
        dz = xyz[3 * j + 2] - qz;
      const d = dx * dx + dy * dy + dz * dz;
      if (d <= this.#maxDistSq) this.#offer(d, this.#rank[j], j);
    }
  }

  /** Offers the items of cell (cx, cy, cz) unless the whole cell is farther than the k-th best. */
  #visitCell(cx: number, cy: number, cz: number): void {
    if (this.#count === this.#k) {
      const s = this.cellSize,
        slack = SLACK * s;
      const dx = gap(this.#gx, this.#gx, cx * s - slack, (cx + 1) * s + slack);
      const dy = gap(this.#gy, this.#gy, cy * s - slack, (cy + 1) * s + slack);
      const dz = gap(this.#gz, this.#gz, cz * s - slack, (cz + 1) * s + slack);
      if (dx * dx + dy * dy + dz * dz > this.#bestD[this.#k - 1]) return;
    }
    const cell = this.#cells.get(key(cx, cy, cz));
    if (cell !== undefined) this.#offerAll(cell.items);
  }

  /** Keeps (d, r, i) if it is among the k best so far (sorted insertion: k is small). */
  #offer(d: number, r: number, i: number): void {
    const D = this.#bestD,
      R = this.#bestR,
      I = this.#bestI;
    let m = this.#count;
    if (m === this.#k) {
      if (d > D[m - 1] || (d === D[m - 1] && r > R[m - 1])) return;
      m--;
    } else this.#count++;
    while (m > 0 && (D[m - 1] > d || (D[m - 1] === d && R[m - 1] > r))) {
      D[m] = D[m - 1];
      R[m] = R[m - 1];
      I[m] = I[m - 1];
      m--;
    }
    D[m] = d;
    R[m] = r;
    I[m] = i;
  }
}

function key(cx: number, cy: number, cz: number): number {
  return ((cx + HALF_RANGE) * RANGE + (cy + HALF_RANGE)) * RANGE + (cz + HALF_RANGE);
}

function inRange(c: number): boolean {
  return c >= -HALF_RANGE && c < HALF_RANGE;
}

function clampCell(c: number): number {
  return c < -HALF_RANGE ? -HALF_RANGE : c >= HALF_RANGE ? HALF_RANGE - 1 : c;
}

/** Distance between the intervals [a0, a1] and [b0, b1] (0 when they overlap). */
function gap(a0: number, a1: number, b0: number, b1: number): number {
  return a1 < b0 ? b0 - a1 : b1 < a0 ? a0 - b1 : 0;
}
