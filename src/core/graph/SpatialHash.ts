import { checkNumber } from '../args.ts';
/** Cells per axis on each side of 0 that a key can hold (17 bits per axis, 51 in all). */
const HALF_RANGE = 1 << 16;
const RANGE = 2 * HALF_RANGE;

/**
 * Integer items at points, bucketed in cubic cells of a fixed edge, for "everything within
 * distance d" queries (waypoint pairs no farther apart than maxLinkDistance).
 *
 * Keys pack the three cell coordinates exactly into one safe integer, so buckets never mix
 * cells. Coordinates farther than 65,536 cells from the origin are clamped into the edge
 * cells: still correct, only those buckets get crowded.
 */
export class SpatialHash {
  declare readonly cellSize: number;
  readonly #inv: number;
  readonly #cells = new Map<number, number[]>();

  constructor(cellSize: number) {
    this.cellSize = checkNumber('SpatialHash cellSize', cellSize, 0, true);
    this.#inv = 1 / cellSize;
  }

  /** Cell coordinate of a world coordinate (clamped to the key range). */
  cell(v: number): number {
    const c = Math.floor(v * this.#inv);
    return c < -HALF_RANGE ? -HALF_RANGE : c >= HALF_RANGE ? HALF_RANGE - 1 : c;
  }

  static #key(cx: number, cy: number, cz: number): number {
    return ((cx + HALF_RANGE) * RANGE + (cy + HALF_RANGE)) * RANGE + (cz + HALF_RANGE);
  }

  insert(item: number, x: number, y: number, z: number): void {
    const k = SpatialHash.#key(this.cell(x), this.cell(y), this.cell(z));
    const bucket = this.#cells.get(k);
    if (bucket) bucket.push(item);
    else this.#cells.set(k, [item]);
  }

  /** Removes `item`, which must have been inserted at (x, y, z). */
  remove(item: number, x: number, y: number, z: number): void {
    const k = SpatialHash.#key(this.cell(x), this.cell(y), this.cell(z));
    const bucket = this.#cells.get(k);
    if (!bucket) return;
    const i = bucket.indexOf(item);
    if (i < 0) return;
    bucket[i] = bucket[bucket.length - 1];
    bucket.pop();
    if (bucket.length === 0) this.#cells.delete(k);
  }

  clear(): void {
    this.#cells.clear();
  }

  /**
   * Calls `visit(item)` for every item in the cells that overlap the box [min, max]: a
   * superset of the items inside it (callers test the exact distance).
   */
  query(minX: number, minY: number, minZ: number, maxX: number, maxY: number, maxZ: number, visit: (item: number) => void): void {
    const x0 = this.cell(minX),
      x1 = this.cell(maxX);
    const y0 = this.cell(minY),
      y1 = this.cell(maxY);
    const z0 = this.cell(minZ),
      z1 = this.cell(maxZ);
    if ((x1 - x0 + 1) * (y1 - y0 + 1) * (z1 - z0 + 1) > this.#cells.size) {
      // A box covering more cells than are occupied: walk the occupied ones instead.
      for (const [k, bucket] of this.#cells) {
        const cz = (k % RANGE) - HALF_RANGE;
        const cy = (Math.floor(k / RANGE) % RANGE) - HALF_RANGE;
        const cx = Math.floor(k / (RANGE * RANGE)) - HALF_RANGE;
        if (cx < x0 || cx > x1 || cy < y0 || cy > y1 || cz < z0 || cz > z1) continue;
        for (let i = 0; i < bucket.length; i++) visit(bucket[i]);
      }
      return;
    }
    for (let cz = z0; cz <= z1; cz++) {
      for (let cy = y0; cy <= y1; cy++) {
        for (let cx = x0; cx <= x1; cx++) {
          const bucket = this.#cells.get(SpatialHash.#key(cx, cy, cz));
          if (bucket) for (let i = 0; i < bucket.length; i++) visit(bucket[i]);
        }
      }
    }
  }
}
