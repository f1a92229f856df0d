import type { ClearSpace } from '../grid/clearance.ts';
import type { GridSpace } from '../grid/GridSpace.ts';
import { FlatHeap } from '../queue/FlatHeap.ts';

/**
 * Grid distances between clear voxels, bounded cheaply: lower bounds from landmarks (the
 * "ALT" bound of Goldberg and Harrelson, "Computing the shortest path: A* search meets graph
 * theory", SODA 2005) and a capped A* search that uses them. With d the shortest-path distance
 * of `gridSpace` and L any voxel of the component of s and g, the triangle inequality gives
 * |d(L, s) - d(L, g)| <= d(s, g). A few landmarks far apart (each next one the voxel farthest
 * from those chosen) bound well the distances that obstacles lengthen, where the obstacle-free
 * distance is a poor bound.
 *
 * Landmarks are chosen per component of clear voxels, on demand: `build`, or by
 * `distanceBelow` once its searches in a component have expanded twice as many voxels as the
 * landmarks would cost (each one Dijkstra search over the component), so a component whose
 * queries stay cheap never pays for them. Table j holds, for every clear voxel of a component
 * that has landmarks, its distance from that component's j-th landmark (components are
 * disjoint, so they share the tables). Steps cost their length (terrain ignored: with
 * multipliers >= 1 these distances are never longer than the grid's, so the bounds stay lower
 * bounds). Memory, allocated at the first search: 4 bytes per voxel of the grid (the voxel ->
 * clear-voxel map) and 16 bytes per clear voxel (search state), then 4 bytes per clear voxel
 * and landmark at the first `build`.
 */
export class GridLandmarks {
  readonly space: ClearSpace;
  readonly gridSpace: GridSpace;
  /** Landmarks per component. */
  readonly count: number;
  /** Voxels expanded by all searches so far (landmark tables and `distanceBelow`). */
  expansions = 0;
  readonly #built: Uint8Array;
  /** Voxels expanded by `distanceBelow` per component. */
  readonly #work: Float64Array;
  readonly #tables: Float32Array[] = [];
  /** Voxel index -> position in space.clearVoxels (-1 when not clear). */
  #position: Int32Array | null = null;
  /** Search state by position: cost so far (Infinity when untouched), the touched positions. */
  #dist: Float64Array | null = null;
  #touched: Int32Array | null = null;
  #heap: FlatHeap | null = null;

  /** @param gridSpace the moves whose distances are bounded, over `space.dilated`. */
  constructor(space: ClearSpace, gridSpace: GridSpace, count = 2) {
    this.space = space;
    this.gridSpace = gridSpace;
    this.count = count;
    this.#built = new Uint8Array(space.componentCount);
    this.#work = new Float64Array(space.componentCount);
  }

  /** Whether component `c` has its landmarks. */
  has(c: number): boolean {
    return this.#built[c] !== 0;
  }

  /**
   * A lower bound of d(s, g) for clear voxels s and g of one component (voxel indices): the
   * best landmark bound, less a margin for the tables' float32 rounding; 0 when their
   * component has no landmarks.
   */
  lowerBound(s: number, g: number): number {
    if (!this.has(this.space.component[s])) return 0;
    const pos = this.#position!;
    return this.#altBound(pos[s], pos[g]);
  }

  /** The landmark bound between positions p and q (their component has landmarks). */
  #altBound(p: number, q: number): number {
    let best = 0;
    for (const t of this.#tables) {
      const a = t[p],
        b = t[q];
      const d = Math.abs(a - b) - 1e-6 * (a + b);
      if (d > best) best = d;
    }
    return best;
  }

  /**
   * d(s, g) for clear voxels s and g of one component when it is below `cap`, else Infinity
   * (then d(s, g) >= cap). A* guided by the larger of the obstacle-free grid distance and the
   * landmark bound, stopped when the least open estimate reaches `cap`.
   */
  distanceBelow(s: number, g: number, cap: number): number {
    this.#prepare();
    const before = this.expansions;
    const d = this.#search(this.#position![s], this.#position![g], cap);
    const c = this.space.component[s];
    this.#work[c] += this.expansions - before;
    if (this.#work[c] > 2 * this.count * this.space.componentSize[c]) this.build(c);
    return d;
  }

  /** Chooses the landmarks of component `c` and fills their tables (no-op when done). */
  build(c: number): void {
    if (this.has(c)) return;
    this.#prepare();
    const n = this.space.clearVoxels.length;
    while (this.#tables.length < this.count) this.#tables.push(new Float32Array(n).fill(Infinity));
    const voxels = this.space.clearVoxels;
    const component = this.space.component;
    // The first landmark: the voxel of c farthest (straight line) from c's first voxel; each
    // next one: the voxel of c farthest (grid distance) from the landmarks chosen so far.
    const grid = this.space.grid;
    const a = { x: 0, y: 0, z: 0 },
      b = { x: 0, y: 0, z: 0 };
    let first = -1,
      landmark = -1,
      far = -1;
    for (let p = 0; p < n; p++) {
      if (component[voxels[p]] !== c) continue;
      if (first === -1) {
        first = p;
        grid.coords(voxels[p], a);
      }
      grid.coords(voxels[p], b);
      const d = (b.x - a.x) ** 2 + (b.y - a.y) ** 2 + (b.z - a.z) ** 2;
      if (d > far) {
        far = d;
        landmark = p;
      }
    }
    for (let j = 0; j < this.count; j++) {
      this.#search(landmark, -1, Infinity, this.#tables[j]);
      far = -1;
      for (let p = first; p < n; p++) {
        if (component[voxels[p]] !== c) continue;
        let near = Infinity;
        for (let i = 0; i <= j; i++) near = Math.min(near, this.#tables[i][p]);
        if (near > far) {
          far = near;
          landmark = p;
        }
      }
    }
    this.#built[c] = 1;
  }

  #prepare(): void {
    if (this.#position !== null) return;
    const voxels = this.space.clearVoxels;
    const n = voxels.length;
    const position = new Int32Array(this.space.grid.size).fill(-1);
    for (let p = 0; p < n; p++) position[voxels[p]] = p;
    this.#position = position;
    this.#dist = new Float64Array(n).fill(Infinity);
    this.#touched = new Int32Array(n);
    this.#heap = new FlatHeap(1024, n);
  }

  /**
   * Best-first search from position `from` over the moves of the grid space (26 neighbours
   * or fewer, as the space says). With a goal (a position): A* with the bounds above as
   * estimate, reopening a voxel whose cost improves (so a slightly inconsistent estimate
   * costs time, never correctness); returns d(from, goal), or Infinity once the least open
   * estimate is >= cap. Without (goal -1): Dijkstra over the whole component, its distances
   * into `table`.
   */
  #search(from: number, goal: number, cap: number, table?: Float32Array): number {
    const pos = this.#position!,
      dist = this.#dist!,
      touched = this.#touched!,
      heap = this.#heap!;
    const voxels = this.space.clearVoxels;
    const gs = this.gridSpace;
    const { moveNeed: need, moveOffset: offset, moveCost: cost, moveDelta: delta } = gs;
    const moves = need.length;
    const X = gs.grid.X,
      XY = gs.XY;
    const alt = goal >= 0 && this.has(this.space.component[voxels[goal]]);
    if (goal >= 0) gs.setGoal(voxels[goal], 'exact');
    let count = 0;
    dist[from] = 0;
    touched[count++] = from;
    heap.push(from, 0);
    let result = Infinity;
    while (heap.size > 0) {
      if (heap.peekKey() >= cap) break;
      const p = heap.pop();
      this.expansions++;
      if (p === goal) {
        result = dist[p];
        break;
      }
      const du = dist[p];
      const u = voxels[p];
      const z = (u / XY) | 0;
      const r = u - z * XY;
      const y = (r / X) | 0;
      const x = r - y * X;
      const blocked = gs.blockedMask(x, y, z);
      for (let k = 0; k < moves; k++) {
        if ((blocked & need[k]) !== 0) continue;
        const q = pos[u + offset[k]];
        const d = du + cost[k];
        if (!(d < dist[q])) continue;
        if (dist[q] === Infinity) touched[count++] = q;
        dist[q] = d;
        let h = 0;
        if (goal >= 0) {
          h = gs.estimateAt(x + delta[3 * k], y + delta[3 * k + 1], z + delta[3 * k + 2]);
          if (alt) h = Math.max(h, this.#altBound(q, goal));
        }
        heap.push(q, d + h);
      }
    }
    heap.clear();
    for (let i = 0; i < count; i++) {
      const p = touched[i];
      if (table !== undefined) table[p] = dist[p];
      dist[p] = Infinity;
    }
    return result;
  }
}
