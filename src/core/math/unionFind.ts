/**
 * Disjoint sets over the integers 0..n-1 (union-find with path halving). `join` keeps the
 * smaller root, so a set's root is its least member once every join is done, and labels given
 * in index order are stable.
 */
export class UnionFind {
  /** Per element: its parent (itself for a root). */
  declare readonly parent: Int32Array;

  /** n singletons. */
  constructor(n: number) {
    this.parent = new Int32Array(n);
    for (let i = 0; i < n; i++) this.parent[i] = i;
  }

  /** The root of k's set. */
  find(k: number): number {
    const parent = this.parent;
    while (parent[k] !== k) {
      parent[k] = parent[parent[k]];
      k = parent[k];
    }
    return k;
  }

  /** Merges the sets of a and b (the larger root goes under the smaller). */
  join(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}
