import { describe, expect, it } from 'vitest';
import { FlatHeap } from '../../../src/core/queue/FlatHeap.ts';
import { mulberry32 } from '../../support/random.ts';

describe('FlatHeap', () => {
  it('pops in key order under random pushes, key decreases and pops, growing past its capacity', () => {
    const rand = mulberry32(7);
    const IDS = 3000;
    const heap = new FlatHeap(4, 16);
    heap.reserveIds(IDS);
    const model = new Map<number, number>(); // id -> key
    for (let step = 0; step < 30000; step++) {
      const r = rand();
      if (model.size === 0 || r < 0.45) {
        const id = Math.floor(rand() * IDS);
        const key = Math.floor(rand() * 1000) + (rand() < 0.3 ? 0.25 : 0);
        heap.push(id, key); // insert, or decrease when present (a larger key is ignored)
        model.set(id, Math.min(key, model.get(id) ?? Infinity));
      } else {
        const min = Math.min(...model.values());
        expect(heap.peekKey()).toBe(min);
        const id = heap.pop();
        expect(model.get(id)).toBe(min);
        model.delete(id);
      }
      expect(heap.size).toBe(model.size);
    }
    heap.clear();
    expect(heap.size).toBe(0);
    heap.push(5, 1);
    expect(heap.pop()).toBe(5);
  });
});
