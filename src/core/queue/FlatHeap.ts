/**
 * Binary min-heap of (key, id) entries in one Float64Array (after mourner's flatqueue): no
 * object per push, and `clear()` keeps the capacity. Entry i lives at data[2i] (key) and
 * data[2i+1] (id), so a sift step reads one cache line, and the child comparison is a single
 * `<` that the JIT can turn into a conditional move instead of a hard-to-predict branch.
 *
 * There is no decrease-key: A* pushes a node again when its cost improves and skips the stale
 * entry when it pops a node it has already closed, so no position index has to be kept.
 */
export class FlatHeap {
  data: Float64Array;
  size = 0;

  constructor(capacity = 1024) {
    this.data = new Float64Array(2 * capacity);
  }

  clear(): void {
    this.size = 0;
  }

  /** Key of the smallest entry (heap must not be empty). */
  peekKey(): number {
    return this.data[0];
  }

  /** Id of the smallest entry (heap must not be empty). */
  peek(): number {
    return this.data[1];
  }

  push(id: number, key: number): void {
    if (2 * this.size === this.data.length) this.grow();
    const d = this.data;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const kp = d[2 * p];
      if (kp <= key) break;
      d[2 * i] = kp;
      d[2 * i + 1] = d[2 * p + 1];
      i = p;
    }
    d[2 * i] = key;
    d[2 * i + 1] = id;
  }

  /** Removes and returns the id with the smallest key; the heap must not be empty. */
  pop(): number {
    const d = this.data;
    const top = d[1];
    const n = --this.size;
    if (n > 0) {
      const key = d[2 * n];
      const id = d[2 * n + 1];
      let i = 0;
      for (;;) {
        let c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n) c += +(d[2 * c + 2] < d[2 * c]);
        const kc = d[2 * c];
        if (kc >= key) break;
        d[2 * i] = kc;
        d[2 * i + 1] = d[2 * c + 1];
        i = c;
      }
      d[2 * i] = key;
      d[2 * i + 1] = id;
    }
    return top;
  }

  private grow(): void {
    const d = new Float64Array(this.data.length * 2);
    d.set(this.data);
    this.data = d;
  }
}
