import { describe, expect, it } from 'vitest';
import { FlatHeap } from '../../../src/core/queue/FlatHeap.ts';
import { mulberry32 } from '../../helpers/random.ts';

describe('FlatHeap', () => {
  it('pops ids in key order under random interleaved pushes and pops, growing past its capacity', () => {
    const rand = mulberry32(7);
    const heap = new FlatHeap(4);
    const model: [number, number][] = [];
    for (let step = 0; step < 20000; step++) {
      if (model.length === 0 || rand() < 0.6) {
        const key = Math.floor(rand() * 1000) + (rand() < 0.3 ? 0.25 : 0);
        heap.push(step, key);
        model.push([key, step]);
      } else {
        const key = heap.peekKey();
        const id = heap.pop();
        const min = Math.min(...model.map((m) => m[0]));
        expect(key).toBe(min);
        const at = model.findIndex((m) => m[1] === id);
        expect(model[at][0]).toBe(min);
        model.splice(at, 1);
      }
      expect(heap.size).toBe(model.length);
    }
    heap.clear();
    expect(heap.size).toBe(0);
  });
});
