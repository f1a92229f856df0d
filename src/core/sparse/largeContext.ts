import { usageError } from '../args.ts';
import { grown } from '../math/grown.ts';
import { FRESH, SearchContext } from '../search/SearchContext.ts';

/** Golden-ratio multiplier of the id hash (Fibonacci hashing). */
const HASH = 0x9e3779b1;

/** Initial slots and table entries. */
const INITIAL = 1024;

/** Slots a LargeSearchContext keeps from one query to the next by default (~100 MB with a sparse run's points); after a query that used more, its arrays are released at the next `begin`. */
export const KEEP_SLOTS = 2 ** 20;

/**
 * A SearchContext whose slots are handed out one per node a query touches, found through a hash
 * table from node id to slot: the state of a query grows with the cells it reaches, whatever the
 * ids are. A sparse world's cell ids are brick x 64 + bit (the 4,096^3 city: up to 912M) and a
 * brick holds only a few free boxes, so the base class's pages of 64 consecutive ids would reserve
 * ~20x the slots a query uses. `begin` accepts up to 2^31 ids (Int32). Kept apart so programs on
 * the dense grid do not carry it.
 *
 * Memory stays bounded across queries: after a query that used more than `keepSlots` slots (a
 * flood), the next `begin` releases the arrays and starts again from a small size, so one flood
 * does not keep hundreds of MB for every query after it. (The capacity also follows `reserve`,
 * which a sparse run calls with room for 64 slots per neighbour: that alone releases nothing.)
 */
export class LargeSearchContext extends SearchContext {
  /** Hash table: node id per entry (-1 empty), and its slot. Capacity a power of 2, at most half full. */
  private keys = new Int32Array(INITIAL).fill(-1);
  private vals = new Int32Array(INITIAL);
  private shift = 32 - Math.log2(INITIAL);
  /** Node id per slot, and its entry in the table. */
  private nodes = new Int32Array(INITIAL);
  private at = new Int32Array(INITIAL);
  /** Slots [0, hashed) are in the table; the later ones were claimed and are entered at the next lookup. */
  private hashed = 0;
  /** Slots kept from one query to the next (more are released at the next `begin`). */
  readonly keepSlots: number;

  /** @param keepSlots slots kept from one query to the next (default KEEP_SLOTS): an integer >= 1024. */
  constructor(keepSlots = KEEP_SLOTS) {
    super();
    if (!Number.isInteger(keepSlots) || keepSlots < INITIAL)
      throw usageError('LargeSearchContext: keepSlots', 'an integer >= 1024', keepSlots);
    this.keepSlots = keepSlots;
  }

  override begin(nodeCount: number): void {
    if (!Number.isInteger(nodeCount) || nodeCount < 0 || nodeCount > 2 ** 31)
      throw usageError('LargeSearchContext.begin: nodeCount', 'an integer in [0, 2^31]', nodeCount);
    // Empty the previous query's entries (as many as it used, off the timed search).
    const { keys, at } = this;
    if (this.used > this.keepSlots) this.release();
    else if (4 * this.hashed > keys.length) keys.fill(-1);
    else for (let s = 0; s < this.hashed; s++) keys[at[s]] = -1;
    this.used = this.hashed = 0;
    super.begin(0);
  }

  /** Drops every array for fresh small ones (after a flood). */
  private release(): void {
    this.heap.size = 0;
    this.keys = new Int32Array(INITIAL).fill(-1);
    this.vals = new Int32Array(INITIAL);
    this.shift = 32 - Math.log2(INITIAL);
    this.nodes = new Int32Array(INITIAL);
    this.at = new Int32Array(INITIAL);
    this.g = new Float64Array(INITIAL);
    this.parent = new Int32Array(INITIAL);
    this.state = new Uint8Array(INITIAL);
    this.via = new Uint8Array(INITIAL);
    this.heap.data = new Float64Array(2 * INITIAL);
    this.heap.pos = new Int32Array(INITIAL).fill(-1);
  }

  /** Slot of `node`, allocating one on first touch. */
  override slot(node: number): number {
    if (this.hashed < this.used) this.enter();
    const keys = this.keys;
    const mask = keys.length - 1;
    let i = Math.imul(node, HASH) >>> this.shift;
    for (let k = keys[i]; k !== -1; k = keys[i]) {
      if (k === node) return this.vals[i];
      i = (i + 1) & mask;
    }
    const s = this.claim(node);
    this.at[s] = i;
    keys[i] = node;
    this.vals[i] = s;
    if (2 * ++this.hashed > keys.length) this.rehash();
    return s;
  }

  /**
   * A new slot for `node`, which this query has not touched (the caller knows it: SparseRun finds
   * its cells' slots by region), without a table entry: the table takes it when a lookup (`slot`,
   * `find`) next needs it, so a run that finds its slots itself never hashes them.
   */
  claim(node: number): number {
    const s = this.used++;
    if (s >= this.g.length) this.reserve(s + 1);
    if (s >= this.nodes.length) {
      this.nodes = grown(this.nodes, 2 * s);
      this.at = grown(this.at, 2 * s);
    }
    this.nodes[s] = node;
    this.state[s] = FRESH;
    return s;
  }

  /** Enters the claimed slots into the table. */
  private enter(): void {
    while (2 * this.used > this.keys.length) this.rehash();
    const keys = this.keys;
    const mask = keys.length - 1;
    for (let s = this.hashed; s < this.used; s++) {
      const n = this.nodes[s];
      let i = Math.imul(n, HASH) >>> this.shift;
      while (keys[i] !== -1) i = (i + 1) & mask;
      keys[i] = n;
      this.vals[i] = s;
      this.at[s] = i;
    }
    this.hashed = this.used;
  }

  /** Slot of `node` if this query touched it, else -1. Never allocates. */
  override find(node: number): number {
    if (this.hashed < this.used) this.enter();
    const keys = this.keys;
    const mask = keys.length - 1;
    for (let i = Math.imul(node, HASH) >>> this.shift; keys[i] !== -1; i = (i + 1) & mask)
      if (keys[i] === node) {
        const s = this.vals[i];
        return this.state[s] === FRESH ? -1 : s;
      }
    return -1;
  }

  /** Node id held in slot `s`. */
  override nodeOf(s: number): number {
    return this.nodes[s];
  }

  /** Doubles the table and re-enters the slots in use. */
  private rehash(): void {
    const cap = 2 * this.keys.length;
    this.shift--;
    const keys = new Int32Array(cap).fill(-1);
    const vals = new Int32Array(cap);
    for (let s = 0; s < this.hashed; s++) {
      const n = this.nodes[s];
      let i = Math.imul(n, HASH) >>> this.shift;
      while (keys[i] !== -1) i = (i + 1) & (cap - 1);
      keys[i] = n;
      vals[i] = s;
      this.at[s] = i;
    }
    this.keys = keys;
    this.vals = vals;
  }
}
