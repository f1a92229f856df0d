// Issue 27: the editor's drag redrew the whole waypoint drawing on every pointer move. The
// drawing now changes in place (WaypointView.moveWaypoint, LinkSegments): after any sequence of
// moves its segments must be exactly the graph's links, each once, ending at the waypoints.
import { BufferAttribute, BufferGeometry, LineBasicMaterial, LineSegments } from 'three';
import { describe, expect, it } from 'vitest';
import { VisibilityGraph, type LineOfSight } from '../../src/core/graph/visibility.ts';
import { mulberry32 } from '../../src/core/math/random.ts';
import { LinkSegments } from '../../src/app/shell/views/LinkSegments.ts';
import { WaypointView } from '../../src/app/shell/views/WaypointView.ts';

/** Blocked when the segment passes within r of a sphere centre. */
function spheresLos(spheres: number[][]): LineOfSight {
  return (ax, ay, az, bx, by, bz) => {
    const dx = bx - ax,
      dy = by - ay,
      dz = bz - az;
    const len2 = dx * dx + dy * dy + dz * dz;
    for (const [x, y, z, r] of spheres) {
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy + (z - az) * dz) / len2));
      if ((ax + t * dx - x) ** 2 + (ay + t * dy - y) ** 2 + (az + t * dz - z) ** 2 < r * r) return false;
    }
    return true;
  };
}

/** The drawn segments as sorted "i-j" pairs, found from their ends' float32 positions. */
function drawnPairs(lines: LineSegments, positions: Float64Array): string[] {
  const key = (p: ArrayLike<number>, o: number) => [p[o], p[o + 1], p[o + 2]].map((c) => Math.fround(c)).join();
  const index = new Map<string, number>();
  for (let i = 0; i < positions.length / 3; i++) index.set(key(positions, 3 * i), i);
  const g = lines.geometry;
  const a = (g.getAttribute('position') as BufferAttribute).array;
  const n = Math.min(g.drawRange.count, a.length / 3) / 2;
  const out: string[] = [];
  for (let k = 0; k < n; k++) {
    const i = index.get(key(a, 6 * k)),
      j = index.get(key(a, 6 * k + 3));
    if (i === undefined || j === undefined) throw new Error(`segment ${k} does not end at waypoints`);
    out.push(`${Math.min(i, j)}-${Math.max(i, j)}`);
  }
  return out.sort();
}

const pairsOf = (v: VisibilityGraph) =>
  v
    .graph()
    .pairs()
    .map(([i, j]) => `${i}-${j}`)
    .sort();

describe('the waypoint drawing changed in place (issue 27)', () => {
  for (const [mode, n] of [
    ['all pairs', 300],
    ['nearest visible', 2300],
  ] as const) {
    it(`equals the graph after random moves (${mode}), without drawing anew`, () => {
      const random = mulberry32(n);
      const spheres = Array.from({ length: 12 }, () => [random() * 40, random() * 40, random() * 40, 2 + 3 * random()]);
      const v = new VisibilityGraph(spheresLos(spheres), { maxLinkDistance: mode === 'all pairs' ? 15 : Infinity });
      v.setAll(Array.from({ length: 3 * n }, () => random() * 40));
      const view = new WaypointView(v.graph(), 0.2);
      const geometries = new Set<BufferGeometry>();
      v.takeLinkChanges();
      for (let k = 0; k < 30; k++) {
        const i = Math.floor(random() * n);
        const p = [random() * 40, random() * 40, random() * 40];
        v.move(i, p[0], p[1], p[2]);
        const changed = v.takeLinkChanges()!;
        expect(view.moveWaypoint(i, p[0], p[1], p[2], changed, (w) => v.linksOf(w))).toBe(true);
        geometries.add(view.links.geometry);
        const drawn = drawnPairs(view.links, v.positions());
        expect(drawn.length, 'each link once').toBe(new Set(drawn).size);
        expect(drawn).toEqual(pairsOf(v));
        const m = view.spheres.instanceMatrix.array;
        expect([m[16 * i + 12], m[16 * i + 13], m[16 * i + 14]]).toEqual(p.map(Math.fround));
        expect(view.spheres.boundingSphere!.containsPoint(view.spheres.boundingSphere!.center.clone().set(p[0], p[1], p[2]))).toBe(true);
      }
      // One editable geometry for the whole drag; work per move far below the link count.
      expect(geometries.size).toBe(1);
      expect(view.linkWrites / 30).toBeLessThan(v.linkCount / 20);
      view.dispose();
    });
  }

  it('grows its buffer past the spare room, and refuses past maxLinks', () => {
    // Clear only with an end beyond x = 100: none at first, then the moved waypoint sees all.
    const los: LineOfSight = (ax, _ay, _az, bx) => ax > 100 || bx > 100;
    const n = 1100;
    const v = new VisibilityGraph(los);
    v.setAll(Array.from({ length: n }, (_, i) => [i % 50, Math.floor(i / 50), 0]).flat());
    const lines = new LineSegments(new BufferGeometry(), new LineBasicMaterial());
    lines.geometry.setAttribute('position', new BufferAttribute(new Float32Array(0), 3));
    const pool = new LinkSegments(lines, v.graph(), 2000);
    v.takeLinkChanges();
    v.move(0, 150, 0, 0);
    expect(pool.update(0, 150, 0, 0, v.takeLinkChanges()!, (w) => v.linksOf(w))).toBe(true);
    expect(v.linkCount).toBe(n - 1);
    expect(drawnPairs(lines, v.positions())).toEqual(pairsOf(v));
    v.move(1, 150, 1, 0);
    expect(
      pool.update(1, 150, 1, 0, v.takeLinkChanges()!, (w) => v.linksOf(w)),
      'past maxLinks',
    ).toBe(false);
  });
});
