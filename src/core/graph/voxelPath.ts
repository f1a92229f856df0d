import type { ClearSpace } from '../grid/clearance.ts';

/**
 * Shortest face-connected paths over the clear voxels of one `ClearSpace` (breadth-first),
 * reusing its buffers from call to call: a visit stamp per voxel instead of clearing them.
 */
export class VoxelPaths {
  readonly space: ClearSpace;
  readonly #parent: Int32Array;
  readonly #stamp: Int32Array;
  readonly #target: Uint8Array;
  readonly #queue: Int32Array;
  #round = 0;

  constructor(space: ClearSpace) {
    this.space = space;
    const size = space.dilated.size;
    this.#parent = new Int32Array(size);
    this.#stamp = new Int32Array(size);
    this.#target = new Uint8Array(size);
    this.#queue = new Int32Array(space.clearVoxels.length);
  }

  /** From any voxel of `sources` to any of `targets`, as voxel indices from source to target; empty when none. */
  find(sources: readonly number[], targets: readonly number[]): number[] {
    const grid = this.space.dilated;
    const { X, Y, Z } = grid;
    const XY = X * Y;
    const occ = grid.occupancy;
    const parent = this.#parent,
      stamp = this.#stamp,
      target = this.#target,
      queue = this.#queue;
    const round = ++this.#round;
    for (const t of targets) target[t] = 1;
    let head = 0,
      tail = 0;
    for (const s of sources) {
      if (stamp[s] === round) continue;
      stamp[s] = round;
      parent[s] = -1;
      queue[tail++] = s;
    }
    let found = -1;
    const visit = (i: number, j: number): boolean => {
      if (occ[j] !== 0 || stamp[j] === round) return false;
      stamp[j] = round;
      parent[j] = i;
      if (target[j] !== 0) {
        found = j;
        return true;
      }
      queue[tail++] = j;
      return false;
    };
    while (head < tail) {
      const i = queue[head++];
      const z = (i / XY) | 0;
      const r = i - z * XY;
      const y = (r / X) | 0;
      const x = r - y * X;
      if (
        (x > 0 && visit(i, i - 1)) ||
        (x < X - 1 && visit(i, i + 1)) ||
        (y > 0 && visit(i, i - X)) ||
        (y < Y - 1 && visit(i, i + X)) ||
        (z > 0 && visit(i, i - XY)) ||
        (z < Z - 1 && visit(i, i + XY))
      )
        break;
    }
    for (const t of targets) target[t] = 0;
    if (found === -1) return [];
    const path: number[] = [];
    for (let v = found; v !== -1; v = parent[v]) path.push(v);
    return path.reverse();
  }
}
