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
 */
export class ImmediateStack {
  #items = new Int32Array(64);
  #size = 0;

  clear(): void {
    this.#size = 0;
  }

  push(s: number): void {
    if (this.#size === this.#items.length) {
      this.#items = grown(this.#items, this.#items.length * 2);
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
