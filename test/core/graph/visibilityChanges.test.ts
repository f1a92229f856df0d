// Issue 27: the editor's drag redrew every link on every pointer move. VisibilityGraph now
// says which waypoints' links an edit changed (takeLinkChanges) and what they are (linksOf),
// so a drawing can redraw those alone; the record must never miss a change.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VisibilityGraph } from '../../../src/core/graph/visibility.ts';
import { NavlabError } from '../../../src/core/errors.ts';
import { sphereLos } from '../../support/sphereLos.ts';

/** Each waypoint's linked waypoints, from the graph's CSR arrays (shares no code with linksOf). */
function neighbours(v: VisibilityGraph): number[][] {
  const g = v.graph();
  return Array.from({ length: g.count }, (_, i) => Array.from(g.targets.subarray(g.offsets[i], g.offsets[i + 1])).sort((a, b) => a - b));
}

describe('VisibilityGraph link changes (issue 27)', () => {
  const LIMIT = 60;
  const coord = fc.integer({ min: 0, max: 12 });
  const pos = fc.tuple(coord, coord, coord);
  const sphere = fc.record({ x: coord, y: coord, z: coord, r: fc.constantFrom<number>(0.7, 1.5, 2.5) });
  const edit = fc.oneof(
    { arbitrary: fc.record({ kind: fc.constant('move' as const), at: fc.nat(), to: pos }), weight: 5 },
    { arbitrary: fc.record({ kind: fc.constant('add' as const), at: fc.nat(), to: pos }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant('sphere' as const), at: fc.nat(), to: pos }), weight: 1 },
  );

  it('names every waypoint whose links an edit changed, on both sides of the all-pairs limit', () => {
    fc.assert(
      fc.property(
        fc.array(pos, { minLength: LIMIT - 10, maxLength: LIMIT + 30 }),
        fc.array(sphere, { maxLength: 3 }),
        fc.constantFrom(Infinity, 4.5),
        fc.array(edit, { minLength: 1, maxLength: 15 }),
        (start, spheres, maxLinkDistance, edits) => {
          const v = new VisibilityGraph(sphereLos(spheres), { maxLinkDistance, allPairsLimit: LIMIT });
          v.setAll(start.flat());
          expect(v.takeLinkChanges(), 'first call: everything').toBeNull();
          let before = neighbours(v);
          for (const e of edits) {
            if (e.kind === 'move') v.move(e.at % v.count, ...e.to);
            else if (e.kind === 'add') v.add(...e.to);
            else {
              const s = { x: e.to[0], y: e.to[1], z: e.to[2], r: 1.5 };
              spheres.push(s);
              v.retestRegion({ min: { x: s.x - s.r, y: s.y - s.r, z: s.z - s.r }, max: { x: s.x + s.r, y: s.y + s.r, z: s.z + s.r } });
            }
            const after = neighbours(v);
            const changed = v.takeLinkChanges();
            // An add across the limit rebuilds everything: null says so.
            if (changed === null) {
              expect(e.kind).toBe('add');
            } else {
              expect(changed).toEqual([...changed].sort((a, b) => a - b));
              const named = new Set(changed);
              for (let i = 0; i < after.length; i++) {
                if (!named.has(i)) expect(after[i], `waypoint ${i} changed unnamed after ${e.kind}`).toEqual(before[i] ?? []);
                expect(v.linksOf(i)).toEqual(after[i]);
              }
            }
            before = after;
          }
        },
      ),
      { seed: 27, numRuns: 40 },
    );
  });

  it('names few waypoints for a move among 3,000, and none for an edit that changes nothing', () => {
    const n = 3000;
    const p = Array.from({ length: 3 * n }, (_, k) => ((k * 7919) % 1000) / 10 + (k % 3));
    const v = new VisibilityGraph(sphereLos([{ x: 50, y: 50, z: 50, r: 10 }]));
    v.setAll(p);
    v.takeLinkChanges();
    v.move(5, 20, 30, 40);
    const changed = v.takeLinkChanges()!;
    expect(changed).toContain(5);
    expect(changed.length).toBeLessThan(200);
    v.retestRegion({ min: { x: 1000, y: 1000, z: 1000 }, max: { x: 1001, y: 1001, z: 1001 } });
    expect(v.takeLinkChanges()).toEqual([]);
  });

  it('starts over after a removal (indices renumbered) and checks its argument', () => {
    const v = new VisibilityGraph(() => true);
    v.setAll([0, 0, 0, 1, 0, 0, 2, 0, 0]);
    v.takeLinkChanges();
    v.remove(0);
    expect(v.takeLinkChanges()).toBeNull();
    expect(v.linksOf(0)).toEqual([1]);
    expect(() => v.linksOf(2)).toThrow(NavlabError);
  });
});
