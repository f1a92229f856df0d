/**
 * Binary min-heap of integer ids over parallel typed arrays (after mourner's flatqueue):
 * no object per push, and `clear()` keeps the capacity. Ordered by `key`, then by `tie`
 * (lower first).
 *
 * There is no decrease-key: A* pushes a node again when its cost improves and skips the stale
 * entry when it pops a node it has already closed. That keeps every sift step to three stores
 * (no position index to maintain), which measured faster than an indexed heap here.
 *
 * Layout: entry i is (ids[i], keys[i], ties[i]); children of i are 2i+1 and 2i+2.
 */
export class FlatHeap {
  ids: Int32Array;
  keys: Float64Array;
  ties: Float64Array;
  size = 0;

  constructor(capacity = 1024) {
    this.ids = new Int32Array(capacity);
    this.keys = new Float64Array(capacity);
    this.ties = new Float64Array(capacity);
  }

  clear(): void {
    this.size = 0;
  }

  push(id: number, key: number, tie: number): void {
    if (this.size === this.ids.length) this.grow();
    const { ids, keys, ties } = this;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const kp = keys[p];
      if (kp < key || (kp === key && ties[p] <= tie)) break;
      ids[i] = ids[p];
      keys[i] = kp;
      ties[i] = ties[p];
      i = p;
    }
    ids[i] = id;
    keys[i] = key;
    ties[i] = tie;
  }

  /** Removes and returns the id with the smallest (key, tie); the heap must not be empty. */
  pop(): number {
    const { ids, keys, ties } = this;
    const top = ids[0];
    const n = --this.size;
    if (n > 0) {
      const id = ids[n];
      const key = keys[n];
      const tie = ties[n];
      let i = 0;
      for (;;) {
        let c = 2 * i + 1;
        if (c >= n) break;
        const r = c + 1;
        if (r < n && (keys[r] < keys[c] || (keys[r] === keys[c] && ties[r] < ties[c]))) c = r;
        const kc = keys[c];
        if (kc > key || (kc === key && ties[c] >= tie)) break;
        ids[i] = ids[c];
        keys[i] = kc;
        ties[i] = ties[c];
        i = c;
      }
      ids[i] = id;
      keys[i] = key;
      ties[i] = tie;
    }
    return top;
  }

  private grow(): void {
    const cap = this.ids.length * 2;
    const ids = new Int32Array(cap);
    ids.set(this.ids);
    const keys = new Float64Array(cap);
    keys.set(this.keys);
    const ties = new Float64Array(cap);
    ties.set(this.ties);
    this.ids = ids;
    this.keys = keys;
    this.ties = ties;
  }
}
