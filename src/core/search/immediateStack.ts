import type { FlatHeap } from '../queue/FlatHeap.ts';
import { CLOSED as CLOSED_STATE } from './SearchContext.ts';
import { grown } from '../math/grown.ts';

const CLOSED = CLOSED_STATE;

/**
 * "Immediate expansion" beside a run's heap: a successor whose key equals the key being
 * expanded (same f, deeper) is the next node A* would pick under the low-h tie-break, so it
 * goes on this LIFO instead of the heap and is expanded first, with no heap push or pop.
 * Every entry has the minimum key, so expansion stays in f order and results stay optimal.
 * A slot may sit on both the stack and the heap; whichever copy comes second finds it closed
 * and is dropped.
 *
 * Its array is the context's (`owner.stackItems`, grown there): a run is made per query, and a
 * typed array per run cost 7% of a trivial sparse query. Runs on one context never overlap (a
 * run whose context began another search refuses to step), so they can share it.
 */
export class ImmediateStack {
  readonly #owner: { stackItems: Int32Array };
  #items: Int32Array;
  #size = 0;

  /** An empty stack on `owner`'s array (a SearchContext's `stackItems`). */
  constructor(owner: { stackItems: Int32Array }) {
    this.#owner = owner;
    this.#items = owner.stackItems;
  }

  clear(): void {
    this.#size = 0;
  }

  push(s: number): void {
    if (this.#size === this.#items.length) {
      this.#items = this.#owner.stackItems = grown(this.#items, this.#items.length * 2);
    }
    this.#items[this.#size++] = s;
  }

  /** The slot to expand next (the stack's top, else the heap's), closed leftovers dropped; -1 when both are empty. */
  next(state: Uint8Array, heap: FlatHeap): number {
    while (this.#size > 0 && state[this.#items[this.#size - 1]] === CLOSED) this.#size--;
    if (this.#size > 0) return this.#items[this.#size - 1];
    while (heap.size > 0 && state[heap.peek()] === CLOSED) heap.pop();
    return heap.size > 0 ? heap.peek() : -1;
  }

  /** Removes the slot `next` returned; returns the integer part of its key (`key` when it came from the stack). */
  take(heap: FlatHeap, key: number): number {
    if (this.#size > 0) {
      this.#size--;
      return key;
    }
    const k = Math.floor(heap.peekKey());
    heap.pop();
    return k;
  }
}
