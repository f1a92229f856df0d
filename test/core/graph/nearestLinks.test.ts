// Issue 27: above the all-pairs limit an edit rebuilt every link (a move among 3,000
// waypoints went from 4 ms to 500 ms). Edits now refill only the choices they can change; the
// graph must stay identical to a fresh build, and an edit's work (segment tests) bounded.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NEAREST_CANDIDATES, NEAREST_LINKS, VisibilityGraph, type LineOfSight } from '../../../src/core/graph/visibility.ts';
import { mulberry32 } from '../../support/random.ts';
import { sphereLos, sphereBox, type Sphere } from '../../support/sphereLos.ts';

/**
 * The links by the documented rule, by brute force (shares no code with the graph): up to
 * `limit` waypoints every clear pair within maxDist; above it, each waypoint walks its
 * NEAREST_CANDIDATES nearest within maxDist by (distance, index) and chooses the clear ones
 * until it has NEAREST_LINKS; a pair is linked when either end chooses the other.
 */
function reference(p: Float64Array, los: LineOfSight, maxDist: number, limit: number): [number, number][] {
  const n = p.length / 3;
  const d2 = (i: number, j: number) => (p[3 * j] - p[3 * i]) ** 2 + (p[3 * j + 1] - p[3 * i + 1]) ** 2 + (p[3 * j + 2] - p[3 * i + 2]) ** 2;
  const clear = (i: number, j: number) => {
    // Tested from the lexicographically smaller end, as the graph does.
    const a = [p[3 * i], p[3 * i + 1], p[3 * i + 2]],
      b = [p[3 * j], p[3 * j + 1], p[3 * j + 2]];
    const [u, v] = a[0] < b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[2] <= b[2]))) ? [a, b] : [b, a];
    return los(u[0], u[1], u[2], v[0], v[1], v[2]);
  };
  const linked = new Set<number>();
  for (let i = 0; i < n; i++) {
    const others = Array.from({ length: n }, (_, j) => j).filter((j) => j !== i && d2(i, j) <= maxDist * maxDist);
    if (n <= limit) {
      for (const j of others) if (j > i && clear(i, j)) linked.add(i * n + j);
      continue;
    }
    others.sort((a, b) => d2(i, a) - d2(i, b) || a - b);
    let chosen = 0;
    for (const j of others.slice(0, NEAREST_CANDIDATES)) {
      if (chosen === NEAREST_LINKS) break;
      if (clear(i, j)) {
        chosen++;
        linked.add(Math.min(i, j) * n + Math.max(i, j));
      }
    }
  }
  return [...linked].sort((a, b) => a - b).map((k) => [Math.floor(k / n), k % n]);
}

type Edit =
  | { kind: 'move'; at: number; to: [number, number, number] }
  | { kind: 'add'; to: [number, number, number] }
  | { kind: 'remove'; at: number }
  | { kind: 'sphere'; at: number; sphere: Sphere };

describe('nearest-visible links under edits (issue 27)', () => {
  // A lowered limit puts both modes, and edits across the limit, within small sets.
  const LIMIT = 80;
  // Lattice coordinates: many equal distances, so ties must break the same way every time.
  const coord = fc.integer({ min: 0, max: 12 });
  const pos = fc.tuple(coord, coord, coord);
  const sphere = fc.record({ x: coord, y: coord, z: coord, r: fc.constantFrom<number>(0.7, 1.5, 2.5) });
  const edit: fc.Arbitrary<Edit> = fc.oneof(
    { arbitrary: fc.record({ kind: fc.constant('move' as const), at: fc.nat(), to: pos }), weight: 4 },
    { arbitrary: fc.record({ kind: fc.constant('add' as const), to: pos }), weight: 2 },
    { arbitrary: fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }), weight: 2 },
    { arbitrary: fc.record({ kind: fc.constant('sphere' as const), at: fc.nat(), sphere }), weight: 1 },
  );

  it('any edit sequence ends identical to a fresh setAll (links and lengths), on both sides of the limit', () => {
    fc.assert(
      fc.property(
        fc.array(pos, { minLength: LIMIT - 4, maxLength: LIMIT + 40 }),
        fc.array(sphere, { maxLength: 4 }),
        fc.constantFrom(Infinity, 4.5),
        fc.array(edit, { minLength: 1, maxLength: 20 }),
        (start, initialSpheres, maxLinkDistance, edits) => {
          const spheres: Sphere[] = initialSpheres.slice();
          const los = sphereLos(spheres);
          const options = { maxLinkDistance, allPairsLimit: LIMIT };
          const v = new VisibilityGraph(los, options);
          v.setAll(start.flat());
          for (const e of edits) {
            if (e.kind === 'move' && v.count > 0) v.move(e.at % v.count, ...e.to);
            else if (e.kind === 'add') v.add(...e.to);
            else if (e.kind === 'remove' && v.count > 0) v.remove(e.at % v.count);
            else if (e.kind === 'sphere') {
              // Toggle an obstacle: remove one when the index hits the list, else add one.
              const k = e.at % (spheres.length + 1);
              const changed = k < spheres.length ? spheres.splice(k, 1)[0] : (spheres.push(e.sphere), e.sphere);
              v.retestRegion(sphereBox(changed));
            }
            const fresh = new VisibilityGraph(los, options);
            fresh.setAll(v.positions());
            expect(v.graph().pairs()).toEqual(fresh.graph().pairs());
            expect(Array.from(v.graph().costs)).toEqual(Array.from(fresh.graph().costs));
          }
          expect(v.graph().pairs()).toEqual(reference(v.positions(), los, maxLinkDistance, LIMIT));
        },
      ),
      { seed: 27, numRuns: 30 },
    );
  });

  it('an edit among 3,000 waypoints costs a bounded number of segment tests, not a rebuild', () => {
    const random = mulberry32(27);
    const n = 3000,
      size = 100;
    const spheres: Sphere[] = Array.from({ length: 60 }, () => ({
      x: random() * size,
      y: random() * size,
      z: random() * size,
      r: 2 + 6 * random(),
    }));
    const los = sphereLos(spheres);
    const point = (): [number, number, number] => [random() * size, random() * size, random() * size];
    for (const maxLinkDistance of [Infinity, 20]) {
      const v = new VisibilityGraph(los, { maxLinkDistance });
      v.setAll(Array.from({ length: n }, point).flat());
      const build = v.segmentTests;
      const worst = { move: 0, add: 0, remove: 0, obstacle: 0 };
      const cost = (kind: keyof typeof worst, edit: () => void) => {
        const before = v.segmentTests;
        edit();
        worst[kind] = Math.max(worst[kind], v.segmentTests - before);
      };
      for (let k = 0; k < 40; k++) {
        cost('move', () => v.move(Math.floor(random() * v.count), ...point()));
        if (k % 2 === 0) cost('add', () => v.add(...point()));
        if (k % 2 === 1) cost('remove', () => v.remove(Math.floor(random() * v.count)));
        if (k % 4 === 0) {
          const s = { x: random() * size, y: random() * size, z: random() * size, r: 3 };
          spheres.push(s);
          cost('obstacle', () => v.retestRegion(sphereBox(s)));
        }
      }
      // The edited waypoint's own walk (at most NEAREST_CANDIDATES tests), plus a test or two
      // for each waypoint whose choices it changes; a rebuild would run `build` tests.
      expect(worst.move).toBeLessThanOrEqual(2 * NEAREST_CANDIDATES);
      expect(worst.add).toBeLessThanOrEqual(2 * NEAREST_CANDIDATES);
      expect(worst.remove).toBeLessThanOrEqual(NEAREST_CANDIDATES);
      // An obstacle re-tests the walked pairs through it: a few hundred, not the whole graph.
      expect(worst.obstacle).toBeLessThanOrEqual(build / 100);
      expect(build).toBeGreaterThan((n * NEAREST_LINKS) / 2);
      const fresh = new VisibilityGraph(los, { maxLinkDistance });
      fresh.setAll(v.positions());
      expect(v.graph().pairs()).toEqual(fresh.graph().pairs());
    }
  });
});
