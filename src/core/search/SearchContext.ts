import { checkFunction, checkInteger } from '../args.ts';
import { VOXEL_LIMIT } from '../limits.ts';
import { FlatHeap } from '../queue/FlatHeap.ts';
import { grown } from '../math/grown.ts';

/** Node state in a SearchContext slot. */
export const FRESH = 0;
export const OPEN = 1;
export const CLOSED = 2;

/** log2 of the page size; 16..256 measured alike on the Moving AI maps. */
export const PAGE_BITS = 6;
const PAGE_SIZE = 1 << PAGE_BITS;
const PAGE_MASK = PAGE_SIZE - 1;

/**
 * Reusable search state (g, parent, open/closed) kept apart from the grid or graph.
 *
 * Memory grows with the nodes a query touches, not with the size of the space: node ids are
 * grouped in pages of 64 consecutive ids, and a page gets 64 slots in the pool the first time
 * a query touches one of its ids. Clearing is by generation stamp: a page whose stamp is not
 * the current generation is unallocated, so a new query costs nothing to start.
 *
 * Layout:
 *   pageGen[p], pageBase[p]   : per page of node ids (p = node >> PAGE_BITS): stamp, first slot;
 *                               `begin` also resets the previous query's pageBase to -1, so
 *                               pageBase[p] >= 0 alone says the page is allocated (one read)
 *   allocPage[k]              : page of the k-th allocated block (slot >> PAGE_BITS = k)
 *   g[s], parent[s], state[s] : per slot: cost so far, parent slot, FRESH/OPEN/CLOSED
 *   via[s]                    : grid only: 1 + move index that reached the node (0 = start)
 *   heap                      : open list of slots keyed by f, with decrease-key
 */
export class SearchContext {
  /** Generation stamp of the current query (pages stamped otherwise are unallocated). Internal state, read by the runs. */
  gen = 0;
  /** Per page of node ids: the generation that allocated it. Internal state. */
  pageGen = new Uint32Array(0);
  /** Per page of node ids: its first slot, -1 when not allocated in this query. Internal state. */
  pageBase = new Int32Array(0);
  /** Per allocated block k: the page of node ids it holds. Internal state. */
  allocPage = new Int32Array(16);
  /** Per slot: cost from the start so far (world units). */
  g = new Float64Array(PAGE_SIZE * 16);
  /** Per slot: the parent's slot (-1 for the start). */
  parent = new Int32Array(PAGE_SIZE * 16);
  /** Per slot: FRESH, OPEN or CLOSED. */
  state = new Uint8Array(PAGE_SIZE * 16);
  /** `state` as 8-byte words over the same memory, to clear a page quickly. */
  #stateWords = new Float64Array(this.state.buffer);
  /** Grid searches: 1 + the move that reached the slot's node (0 for the start). */
  via = new Uint8Array(PAGE_SIZE * 16);
  /** Slots in use (a multiple of the page size). */
  used = 0;
  /** The open list: slots keyed by f, with decrease-key. */
  readonly heap = new FlatHeap(1024, PAGE_SIZE * 16);
  /** The array of the runs' ImmediateStack (one run at a time steps on a context). Internal state. */
  stackItems = new Int32Array(64);

  /** Starts a new query over a space of `nodeCount` nodes; earlier state becomes invisible. */
  begin(nodeCount: number): void {
    checkInteger('SearchContext.begin: nodeCount', nodeCount, 0, VOXEL_LIMIT);
    const pages = (nodeCount + PAGE_MASK) >>> PAGE_BITS;
    if (this.pageGen.length < pages) {
      this.pageGen = new Uint32Array(pages);
      this.pageBase = new Int32Array(pages).fill(-1);
      this.gen = 0;
    } else {
      // Unmap the pages of the previous query (as many as it allocated, off the timed search).
      for (let k = 0; k < this.used >> PAGE_BITS; k++) this.pageBase[this.allocPage[k]] = -1;
    }
    this.gen++;
    if (this.gen === 0xffffffff) {
      this.pageGen.fill(0);
      this.gen = 1;
    }
    this.used = 0;
    this.heap.clear();
  }

  /** Slot of `node`, allocating its page on first touch. */
  slot(node: number): number {
    const base = this.pageBase[node >> PAGE_BITS];
    return (base >= 0 ? base : this.#allocate(node >> PAGE_BITS)) + (node & PAGE_MASK);
  }

  /** Slot of `node` if this query touched it, else -1. Never allocates. */
  find(node: number): number {
    const p = node >> PAGE_BITS;
    if (p >= this.pageBase.length || this.pageBase[p] < 0) return -1;
    const s = this.pageBase[p] + (node & PAGE_MASK);
    return this.state[s] === FRESH ? -1 : s;
  }

  /** Node id held in slot `s`. */
  nodeOf(s: number): number {
    return (this.allocPage[s >> PAGE_BITS] << PAGE_BITS) | (s & PAGE_MASK);
  }

  /** Number of slots reserved so far; slots in [0, slotCount) may be FRESH, OPEN or CLOSED. */
  get slotCount(): number {
    return this.used;
  }

  /**
   * Visits every node this query reached, without copying: `visit(node, g, closed)`.
   * Open nodes have closed = false. Used by the search views.
   */
  forEachVisited(visit: (node: number, g: number, closed: boolean) => void): void {
    checkFunction('SearchContext.forEachVisited: visit', visit);
    const { state, g } = this;
    for (let s = 0; s < this.used; s++) {
      const st = state[s];
      if (st !== FRESH) visit(this.nodeOf(s), g[s], st === CLOSED);
    }
  }

  /**
   * Ensures `n` slots exist, so the typed arrays do not move while up to n - used more slots
   * are allocated (a grid expansion touches at most 27 pages).
   */
  reserve(n: number): void {
    // Checked only when growing: the engine calls this on every grid expansion.
    if (n > this.g.length) this.#grow(checkInteger('SearchContext.reserve: n', n, 0, VOXEL_LIMIT));
  }

  #allocate(p: number): number {
    const base = this.used;
    const end = base + PAGE_SIZE;
    if (end > this.g.length) this.#grow(end);
    const k = base >> PAGE_BITS;
    if (k >= this.allocPage.length) {
      this.allocPage = grown(this.allocPage, this.allocPage.length * 2);
    }
    this.allocPage[k] = p;
    this.pageGen[p] = this.gen;
    this.pageBase[p] = base;
    // FRESH is 0: clear the page's state bytes as zero 8-byte words (PAGE_SIZE is a multiple
    // of 8), cheaper than a fill call on the short searches.
    const words = this.#stateWords;
    for (let w = base >> 3; w < end >> 3; w++) words[w] = 0;
    this.used = end;
    return base;
  }

  #grow(min: number): void {
    let cap = this.g.length * 2;
    while (cap < min) cap *= 2;
    this.g = grown(this.g, cap);
    this.parent = grown(this.parent, cap);
    this.state = grown(this.state, cap);
    this.#stateWords = new Float64Array(this.state.buffer);
    this.via = grown(this.via, cap);
    this.heap.reserveIds(cap);
  }
}
