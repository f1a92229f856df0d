import type { ClearSpace } from '../grid/clearance.ts';

/** Where two floods of `VoxelPaths.meetings` meet: the voxels on either side and the path length through them. */
export interface Meeting {
  /** Voxel reached from source `a`'s flood. */
  i: number;
  /** Its face neighbour reached from source `b`'s flood. */
  j: number;
  /** The sources' labels (a < b). */
  a: number;
  b: number;
  /** Voxel steps of the path source a .. i, j .. source b. */
  length: number;
}

/**
 * Shortest face-connected paths over the clear voxels of one `ClearSpace` (breadth-first),
 * reusing its buffers from call to call: a visit stamp per voxel instead of clearing them.
 */
export class VoxelPaths {
  readonly space: ClearSpace;
  readonly #parent: Int32Array;
  readonly #stamp: Int32Array;
  readonly #owner: Int32Array;
  readonly #depth: Int32Array;
  readonly #queue: Int32Array;
  #round = 0;

  constructor(space: ClearSpace) {
    this.space = space;
    const size = space.dilated.size;
    this.#parent = new Int32Array(size);
    this.#stamp = new Int32Array(size);
    this.#owner = new Int32Array(size);
    this.#depth = new Int32Array(size);
    this.#queue = new Int32Array(space.clearVoxels.length);
  }

  /**
   * One breadth-first flood from every source voxel at once (`sources[k]` labelled
   * `labels[k]`; a voxel given twice keeps its first label): each clear voxel joins the flood
   * of its nearest source. Returns, for every pair of labels whose floods touch, the meeting
   * of least path length (ties: the first met), sorted by length. Work: one visit per clear
   * voxel reached. Read the paths with `pathOf` before the next flood.
   */
  meetings(sources: readonly number[], labels: readonly number[]): Meeting[] {
    const grid = this.space.dilated;
    const { X, Y, Z } = grid;
    const XY = X * Y;
    const occ = grid.occupancy;
    const parent = this.#parent,
      stamp = this.#stamp,
      owner = this.#owner,
      depth = this.#depth,
      queue = this.#queue;
    const round = ++this.#round;
    let head = 0,
      tail = 0;
    sources.forEach((s, k) => {
      if (stamp[s] === round) return;
      stamp[s] = round;
      parent[s] = -1;
      owner[s] = labels[k];
      depth[s] = 0;
      queue[tail++] = s;
    });
    const best = new Map<number, Meeting>();
    let span = 1;
    for (const l of labels) span = Math.max(span, l + 1);
    const visit = (i: number, j: number): void => {
      if (occ[j] !== 0) return;
      if (stamp[j] !== round) {
        stamp[j] = round;
        parent[j] = i;
        owner[j] = owner[i];
        depth[j] = depth[i] + 1;
        queue[tail++] = j;
        return;
      }
      const oi = owner[i],
        oj = owner[j];
      if (oi === oj) return;
      const a = Math.min(oi, oj),
        b = Math.max(oi, oj);
      const length = depth[i] + depth[j] + 1;
      const key = a * span + b;
      const m = best.get(key);
      if (m === undefined || length < m.length) best.set(key, oi === a ? { i, j, a, b, length } : { i: j, j: i, a, b, length });
    };
    while (head < tail) {
      const i = queue[head++];
      const z = (i / XY) | 0;
      const r = i - z * XY;
      const y = (r / X) | 0;
      const x = r - y * X;
      if (x > 0) visit(i, i - 1);
      if (x < X - 1) visit(i, i + 1);
      if (y > 0) visit(i, i - X);
      if (y < Y - 1) visit(i, i + X);
      if (z > 0) visit(i, i - XY);
      if (z < Z - 1) visit(i, i + XY);
    }
    return [...best.values()].sort((p, q) => p.length - q.length || p.a - q.a || p.b - q.b);
  }

  /** The voxels of a meeting's path, from source `a` through i and j to source `b` (valid until the next flood). */
  pathOf(m: Meeting): number[] {
    const path: number[] = [];
    for (let v = m.i; v !== -1; v = this.#parent[v]) path.push(v);
    path.reverse();
    for (let v = m.j; v !== -1; v = this.#parent[v]) path.push(v);
    return path;
  }
}
