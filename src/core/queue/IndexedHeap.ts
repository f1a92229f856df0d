/**
 * Binary min-heap of dense integer ids over parallel typed arrays (after mourner's flatqueue),
 * with decrease-key: every id is in the heap at most once, so the open list never holds
 * stale duplicates. Ordered by `key`, then by `tie` (lower first). No object per push;
 * `clear()` keeps the capacity.
 *
 * Layout: entry i of the heap is (ids[i], keys[i], ties[i]); pos[id] = i, or -1 when absent.
 */
export class IndexedHeap {
  ids: Int32Array;
  keys: Float64Array;
  ties: Float64Array;
  pos: Int32Array;
  size = 0;

  constructor(capacity = 1024, idCapacity = 1024) {
    this.ids = new Int32Array(capacity);
    this.keys = new Float64Array(capacity);
    this.ties = new Float64Array(capacity);
    this.pos = new Int32Array(idCapacity).fill(-1);
  }

  /** Makes room for ids below `n`; new ids start absent. */
  reserveIds(n: number): void {
    if (n <= this.pos.length) return;
    let cap = this.pos.length;
    while (cap < n) cap *= 2;
    const pos = new Int32Array(cap).fill(-1);
    pos.set(this.pos);
    this.pos = pos;
  }

  clear(): void {
    const { ids, pos } = this;
    for (let i = 0; i < this.size; i++) pos[ids[i]] = -1;
    this.size = 0;
  }

  has(id: number): boolean {
    return this.pos[id] >= 0;
  }

  /** Inserts `id`, or moves it up when it is present and the new key is smaller. */
  push(id: number, key: number, tie: number): void {
    let i = this.pos[id];
    if (i < 0) {
      if (this.size === this.ids.length) this.grow();
      i = this.size++;
    }
    this.siftUp(i, id, key, tie);
  }

  peekKey(): number {
    return this.keys[0];
  }

  /** Removes and returns the id with the smallest (key, tie); the heap must not be empty. */
  pop(): number {
    const { ids, keys, ties, pos } = this;
    const top = ids[0];
    pos[top] = -1;
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
        if (keys[c] > key || (keys[c] === key && ties[c] >= tie)) break;
        ids[i] = ids[c];
        keys[i] = keys[c];
        ties[i] = ties[c];
        pos[ids[i]] = i;
        i = c;
      }
      ids[i] = id;
      keys[i] = key;
      ties[i] = tie;
      pos[id] = i;
    }
    return top;
  }

  private siftUp(i: number, id: number, key: number, tie: number): void {
    const { ids, keys, ties, pos } = this;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (keys[p] < key || (keys[p] === key && ties[p] <= tie)) break;
      ids[i] = ids[p];
      keys[i] = keys[p];
      ties[i] = ties[p];
      pos[ids[i]] = i;
      i = p;
    }
    ids[i] = id;
    keys[i] = key;
    ties[i] = tie;
    pos[id] = i;
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
