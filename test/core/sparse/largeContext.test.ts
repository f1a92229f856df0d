import { describe, expect, it } from 'vitest';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { CLOSED, SearchContext } from '../../../src/core/search/SearchContext.ts';
import { sparseFromGrid } from '../../../src/core/sparse/build.ts';
import { KEEP_SLOTS, LargeSearchContext } from '../../../src/core/sparse/largeContext.ts';
import { findPathSparse } from '../../../src/core/sparse/SparseRun.ts';
import { SparseSpace } from '../../../src/core/sparse/SparseSpace.ts';
import { mulberry32, randInt } from '../../support/random.ts';

describe('LargeSearchContext', () => {
  it('hands out one slot per touched id, finds only what this query touched, and forgets it at begin', () => {
    const ctx = new LargeSearchContext();
    const rnd = mulberry32(4);
    const ids = [...new Set(Array.from({ length: 5000 }, () => randInt(rnd, 2 ** 31)))];
    ctx.begin(2 ** 31);
    const slots = ids.map((id) => ctx.slot(id));
    for (const s of slots) ctx.state[s] = CLOSED;
    // Distinct slots 0..n-1 (through the table's rehashes), each naming its id; the same slot again on a second touch.
    expect([...new Set(slots)].length).toBe(ids.length);
    expect(Math.max(...slots)).toBe(ids.length - 1);
    expect(ids.every((id, i) => ctx.nodeOf(slots[i]) === id && ctx.slot(id) === slots[i] && ctx.find(id) === slots[i])).toBe(true);
    expect(ctx.find(ids[0] === 1 ? 2 : 1)).toBe(-1);
    ctx.begin(2 ** 31);
    expect(ids.some((id) => ctx.find(id) >= 0)).toBe(false);
    expect(ctx.slot(ids[3])).toBe(0);
    expect(() => ctx.begin(-1)).toThrow(/LargeSearchContext.begin: nodeCount/);
  });

  it('claimed slots (no table entry yet) are found, kept and forgotten like hashed ones', () => {
    const ctx = new LargeSearchContext();
    const rnd = mulberry32(9);
    const ids = [...new Set(Array.from({ length: 3000 }, () => randInt(rnd, 2 ** 31)))];
    for (let round = 0; round < 2; round++) {
      ctx.begin(2 ** 31);
      // Every third id hashed at once (slot), the others and the last ten claimed (entered into the table at the next lookup).
      const slots = ids.map((id, i) => (i % 3 === 0 && i < ids.length - 10 ? ctx.slot(id) : ctx.claim(id)));
      expect(slots).toEqual(ids.map((_, i) => i));
      for (const s of slots) ctx.state[s] = CLOSED;
      // A claimed id looked up first (find enters the claimed slots itself).
      expect(ctx.find(ids[ids.length - 1])).toBe(ids.length - 1);
      expect(ids.every((id, i) => ctx.find(id) === slots[i] && ctx.slot(id) === slots[i] && ctx.nodeOf(i) === id)).toBe(true);
      expect(ctx.slotCount).toBe(ids.length);
    }
    ctx.begin(2 ** 31);
    expect(ids.some((id) => ctx.find(id) >= 0)).toBe(false);
    expect([ctx.claim(ids[5]), ctx.slot(ids[6]), ctx.slot(ids[5])]).toEqual([0, 1, 0]);
  });

  it('keeps its arrays after a small query and releases them after a flood (more than keepSlots slots)', () => {
    expect(new LargeSearchContext().keepSlots).toBe(KEEP_SLOTS);
    expect(() => new LargeSearchContext(100)).toThrow(/LargeSearchContext: keepSlots/);
    const ctx = new LargeSearchContext(8192);
    ctx.begin(2 ** 31);
    for (let id = 0; id < 5000; id++) ctx.slot(7 * id);
    const small = ctx.g.length;
    ctx.begin(2 ** 31);
    expect(ctx.g.length).toBe(small);
    for (let id = 0; id <= 8192; id++) ctx.slot(3 * id);
    expect(ctx.g.length).toBeGreaterThan(8192);
    ctx.begin(2 ** 31);
    expect([ctx.g.length, ctx.parent.length, ctx.heap.pos.length]).toEqual([1024, 1024, 1024]);
    expect([ctx.find(3), ctx.slot(3), ctx.slot(6), ctx.find(3)]).toEqual([-1, 0, 1, -1]);
  });

  it('a sparse search on a released context answers as on a fresh one', () => {
    const g = new VoxelGrid({ dims: [24, 10, 24], cellSize: 1 });
    for (let z = 0; z < 20; z++) for (let y = 0; y < 10; y++) g.occupancy[g.index(12, y, z)] = 1;
    const space = new SparseSpace(sparseFromGrid(g));
    const ctx = new LargeSearchContext(1024);
    ctx.begin(2 ** 31);
    for (let id = 0; id <= 1024; id++) ctx.slot(id);
    const a = findPathSparse(space, [2, 3, 2], [22, 5, 3], { weight: 1 }, ctx);
    const b = findPathSparse(space, [2, 3, 2], [22, 5, 3], { weight: 1 }, new LargeSearchContext());
    expect(a.status).toBe('found');
    expect([a.path, a.cost, a.expanded]).toEqual([b.path, b.cost, b.expanded]);
  });

  it('a sparse search finding its slots by region answers as one on a paged SearchContext (ids hashed, never by region)', () => {
    const g = new VoxelGrid({ dims: [32, 12, 32], cellSize: 1 });
    const rnd = mulberry32(5);
    for (let k = 0; k < 900; k++) g.occupancy[g.index(randInt(rnd, 32), randInt(rnd, 12), randInt(rnd, 32))] = 1;
    const space = new SparseSpace(sparseFromGrid(g));
    const large = new LargeSearchContext();
    let found = 0;
    for (let k = 0; k < 40; k++) {
      const a = [randInt(rnd, 32), randInt(rnd, 12), randInt(rnd, 32)];
      const b = [randInt(rnd, 32), randInt(rnd, 12), randInt(rnd, 32)];
      if (g.occupancy[g.index(a[0], a[1], a[2])] || g.occupancy[g.index(b[0], b[1], b[2])]) continue;
      const r = findPathSparse(space, a, b, { weight: 1 }, large);
      const p = findPathSparse(space, a, b, { weight: 1 }, new SearchContext());
      expect([r.status, r.path, r.cost, r.expanded, r.generated]).toEqual([p.status, p.path, p.cost, p.expanded, p.generated]);
      // Every cell the run reached is found through the table too (claimed slots entered at the lookup).
      large.forEachVisited((cell) => expect(large.nodeOf(large.find(cell))).toBe(cell));
      found += r.status === 'found' ? 1 : 0;
    }
    expect(found).toBeGreaterThan(15);
  });
});
