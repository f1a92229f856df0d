import { describe, expect, it } from 'vitest';
import { placeWaypoints } from '../../../src/core/graph/autoWaypoints.ts';
import { buildVisibility, segmentClearOf, type LineOfSight } from '../../../src/core/graph/visibility.ts';
import { measureWaypoints, pairSampler } from '../../../src/core/graph/waypointMetrics.ts';
import { WaypointRouter } from '../../../src/core/graph/waypointRoute.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { mulberry32 } from '../../support/random.ts';
import { refDijkstra, refGraphDijkstra, type RefGrid } from '../../support/reference.ts';
import { refBox, segmentBoxDistance, segmentMeetsBox, type RefBox, type V3 } from '../../three/analytic.ts';

/**
 * Small voxel worlds with an analytic capsule test against the blocked voxels' boxes (the
 * geometry), and oracles for every figure written here from the definitions.
 */
interface World {
  grid: VoxelGrid;
  boxes: RefBox[];
  radius: number;
  los: LineOfSight;
}

function world(seed: number, dims: [number, number, number], density: number, radius: number): World {
  const random = mulberry32(seed);
  const grid = new VoxelGrid({ dims, cellSize: 1 });
  const boxes: RefBox[] = [];
  for (let z = 0; z < dims[2]; z++)
    for (let y = 0; y < dims[1]; y++)
      for (let x = 0; x < dims[0]; x++) {
        if (random() >= density) continue;
        grid.setBlocked(x, y, z, true);
        boxes.push(refBox({ id: 'b', shape: 'box', position: [x + 0.5, y + 0.5, z + 0.5], size: [1, 1, 1] }));
      }
  const los: LineOfSight = (ax, ay, az, bx, by, bz) => {
    const p: V3 = [ax, ay, az],
      q: V3 = [bx, by, bz];
    // Exact distance only for boxes the segment's R-neighbourhood can reach.
    return boxes.every((b) => !segmentMeetsBox(b, p, q, radius) || segmentBoxDistance(b, p, q) >= radius - 1e-6);
  };
  return { grid, boxes, radius, los };
}

const centre = (grid: VoxelGrid, i: number): V3 => {
  const c = grid.coords(i, { x: 0, y: 0, z: 0 });
  return [c.x + 0.5, c.y + 0.5, c.z + 0.5];
};

/** Oracle clear set: free voxels whose centre is >= R from every blocked box (brute force). */
function oracleClear(w: World): boolean[] {
  const out: boolean[] = [];
  for (let i = 0; i < w.grid.size; i++) {
    const p = centre(w.grid, i);
    out.push(w.grid.occupancy[i] === 0 && w.boxes.every((b) => segmentBoxDistance(b, p, p) >= w.radius - 1e-9));
  }
  return out;
}

/** Oracle components of the clear voxels by the written movement rules (reference Dijkstra). */
function oracleComponents(w: World, clear: boolean[]): { label: Int32Array; count: number; ref: RefGrid } {
  const g = w.grid;
  const ref: RefGrid = { X: g.X, Y: g.Y, Z: g.Z, blocked: (x, y, z) => !g.inBounds(x, y, z) || !clear[g.index(x, y, z)], cost: () => 1 };
  const label = new Int32Array(g.size).fill(-1);
  let count = 0;
  for (let i = 0; i < g.size; i++) {
    if (!clear[i] || label[i] !== -1) continue;
    const c = g.coords(i, { x: 0, y: 0, z: 0 });
    const d = refDijkstra(ref, [c.x, c.y, c.z], 26, 'forbid');
    for (let j = 0; j < g.size; j++) if (d[j] < Infinity) label[j] = count;
    count++;
  }
  return { label, count, ref };
}

function unionCount(n: number, linked: (i: number, j: number) => boolean): number {
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (linked(i, j)) parent[find(i)] = find(j);
  return new Set(parent.map(find)).size;
}

const CASES: [string, number, [number, number, number], number, number][] = [
  ['sparse, thin agent', 11, [8, 4, 8], 0.12, 0.3],
  ['dense, thin agent', 12, [8, 4, 8], 0.3, 0.3],
  ['sparse, fat agent', 13, [8, 5, 8], 0.06, 0.7],
];

describe('placeWaypoints on small voxel worlds (analytic capsule test)', () => {
  for (const [name, seed, dims, density, radius] of CASES) {
    it(`${name}: clearance, full coverage, one graph component per free component`, () => {
      const w = world(seed, dims, density, radius);
      const placed = placeWaypoints(w.grid, w.los, { agentRadius: radius, maxBatches: 2 });
      const clear = oracleClear(w);
      const { label, count } = oracleComponents(w, clear);
      const p = placed.positions;
      const n = p.length / 3;
      expect(n).toBeGreaterThan(0);
      // Every waypoint: a clear voxel centre, at distance >= R from every box.
      for (let k = 0; k < n; k++) {
        const q: V3 = [p[3 * k], p[3 * k + 1], p[3 * k + 2]];
        expect(w.boxes.every((b) => segmentBoxDistance(b, q, q) >= radius - 1e-9)).toBe(true);
        expect(clear[w.grid.index(Math.floor(q[0]), Math.floor(q[1]), Math.floor(q[2]))]).toBe(true);
      }
      // Every clear voxel sees a waypoint.
      for (let i = 0; i < w.grid.size; i++) {
        if (!clear[i]) continue;
        const c = centre(w.grid, i);
        let sees = false;
        for (let k = 0; k < n && !sees; k++)
          sees =
            w.los(c[0], c[1], c[2], p[3 * k], p[3 * k + 1], p[3 * k + 2]) || w.los(p[3 * k], p[3 * k + 1], p[3 * k + 2], c[0], c[1], c[2]);
        expect(sees, `voxel ${i}`).toBe(true);
      }
      // The graph is the visibility graph; one component per free component.
      const pairs = new Set(placed.graph.pairs().map(([i, j]) => `${i},${j}`));
      for (let i = 0; i < n; i++)
        for (let j = i + 1; j < n; j++) {
          const a: V3 = [p[3 * i], p[3 * i + 1], p[3 * i + 2]],
            b: V3 = [p[3 * j], p[3 * j + 1], p[3 * j + 2]];
          const clearOracle = w.boxes.every((box) => !segmentMeetsBox(box, a, b, radius) || segmentBoxDistance(box, a, b) >= radius - 1e-6);
          expect(pairs.has(`${i},${j}`), `link ${i}-${j}`).toBe(clearOracle);
        }
      // A capsule can pass between voxel centres where no centre has clearance R, so its
      // graph may join grid components (never split one). With R <= half a cell, as here
      // for the thin agents, the counts are equal.
      const graphComponents = unionCount(n, (i, j) => pairs.has(`${i},${j}`));
      if (radius <= 0.5) expect(graphComponents).toBe(count);
      else expect(graphComponents).toBeLessThanOrEqual(count);
      // Each free component holds a waypoint.
      const held = new Set<number>();
      for (let k = 0; k < n; k++) held.add(label[w.grid.index(Math.floor(p[3 * k]), Math.floor(p[3 * k + 1]), Math.floor(p[3 * k + 2]))]);
      expect(held.size).toBe(count);
      expect(placed.space.componentCount).toBe(count);
    });
  }

  it('honours maxWaypoints (coverage may then fall short) and is deterministic', () => {
    const w = world(11, [8, 4, 8], 0.12, 0.3);
    const full = placeWaypoints(w.grid, w.los, { agentRadius: 0.3, maxBatches: 2 });
    const again = placeWaypoints(w.grid, w.los, { agentRadius: 0.3, maxBatches: 2 });
    expect(Array.from(again.positions)).toEqual(Array.from(full.positions));
    const capped = placeWaypoints(w.grid, w.los, { agentRadius: 0.3, maxWaypoints: 3 });
    expect(capped.graph.count).toBeLessThanOrEqual(3);
    expect(measureWaypoints(capped.space, capped.graph, w.los, { pairs: 50 }).coverage).toBeLessThan(1);
  });

  it('a router asked again from the same ends (other end-link counts) routes as a fresh router does', () => {
    // The router keeps each end's nearest-first order and sight answers while the end stays put.
    const w = world(12, [12, 4, 12], 0.3, 0.3);
    const placed = placeWaypoints(w.grid, w.los, { agentRadius: 0.3, batchPairs: 0 });
    const pairs = pairSampler(placed.space)(12, 3);
    const kept = new WaypointRouter(placed.graph, w.los);
    let differ = 0;
    for (let k = 0; k < 12; k++) {
      const S = centre(w.grid, pairs[2 * k]),
        G = centre(w.grid, pairs[2 * k + 1]);
      for (const links of [Infinity, 1, 3, 1]) {
        const fresh = new WaypointRouter(placed.graph, w.los).route(S, G, links);
        expect(kept.route(S, G, links)).toEqual(fresh);
      }
      if (kept.route(S, G, 1).length !== kept.route(S, G, Infinity).length) differ++;
    }
    // The end-link count mattered for some pair (else the test could not tell a stale order).
    expect(differ).toBeGreaterThan(0);
  });

  it('rejects bad options with a message naming them', () => {
    const w = world(11, [4, 4, 4], 0.1, 0.3);
    expect(() => placeWaypoints(w.grid, w.los, { agentRadius: -1 })).toThrow(/radius/);
    expect(() => placeWaypoints(w.grid, w.los, { maxWaypoints: 1.5 })).toThrow(/maxWaypoints/);
    expect(() => placeWaypoints(w.grid, w.los, { targetRatio: 0.5 })).toThrow(/targetRatio/);
    expect(() => placeWaypoints(w.grid, w.los, { batchPairs: -1 })).toThrow(/batchPairs/);
  });
});

describe('measureWaypoints against oracles', () => {
  for (const [name, seed, dims, density, radius] of CASES) {
    it(`${name}: coverage, components, pairs and ratios`, () => {
      const w = world(seed, dims, density, radius);
      const placed = placeWaypoints(w.grid, w.los, { agentRadius: radius, batchPairs: 0 });
      // Drop every other waypoint so that coverage and routes are imperfect and the figures tell.
      const all = placed.positions;
      const kept = Float64Array.from(all.filter((_, i) => Math.floor(i / 3) % 2 === 0));
      const graph = buildVisibility(kept, segmentClearOf(kept, w.los));
      const PAIRS = 60;
      const m = measureWaypoints(placed.space, graph, w.los, { pairs: PAIRS, seed: 9 });
      const clear = oracleClear(w);
      const { label, count, ref } = oracleComponents(w, clear);
      const n = kept.length / 3;
      const wp = (k: number): V3 => [kept[3 * k], kept[3 * k + 1], kept[3 * k + 2]];
      const sees = (a: V3, b: V3) => w.los(...a, ...b) && w.los(...b, ...a);
      // Coverage.
      let clearCount = 0,
        seen = 0;
      for (let i = 0; i < w.grid.size; i++) {
        if (!clear[i]) continue;
        clearCount++;
        const c = centre(w.grid, i);
        for (let k = 0; k < n; k++)
          if (sees(c, wp(k))) {
            seen++;
            break;
          }
      }
      expect(m.coverage).toBeCloseTo(seen / clearCount, 12);
      // Components.
      expect(m.components.free).toBe(count);
      expect(m.components.graph).toBe(unionCount(n, (i, j) => sees(wp(i), wp(j))));
      // Pairs: clear, distinct, same component, from components of >= 2 voxels.
      const pairs = pairSampler(placed.space)(PAIRS, 9);
      expect(pairs.length).toBe(2 * PAIRS);
      const ratios: number[] = [];
      const router = new WaypointRouter(graph, w.los);
      for (let k = 0; k < PAIRS; k++) {
        const s = pairs[2 * k],
          g = pairs[2 * k + 1];
        expect(clear[s] && clear[g] && s !== g && label[s] === label[g]).toBe(true);
        const sc = w.grid.coords(s, { x: 0, y: 0, z: 0 });
        const optimum = refDijkstra(ref, [sc.x, sc.y, sc.z], 26, 'forbid')[g];
        // Oracle route: Dijkstra over start (n), goal (n + 1) and the waypoints.
        const S = centre(w.grid, s),
          G = centre(w.grid, g);
        const pts = [...Array.from({ length: n }, (_, i) => wp(i)), S, G];
        const edges: [number, number, number][] = [];
        for (let i = 0; i < n + 2; i++)
          for (let j = i + 1; j < n + 2; j++) {
            if (i >= n && j >= n && !sees(S, G)) continue;
            if (sees(pts[i], pts[j])) edges.push([i, j, Math.hypot(pts[i][0] - pts[j][0], pts[i][1] - pts[j][1], pts[i][2] - pts[j][2])]);
          }
        const best = refGraphDijkstra(n + 2, edges, n)[n + 1];
        const r = router.route(S, G);
        expect(r.unpulled).toBeCloseTo(best, 9);
        if (best < Infinity) {
          // The pulled route: from start to goal, every leg clear, no longer than before pulling.
          expect(r.points.slice(0, 3)).toEqual(S);
          expect(r.points.slice(-3)).toEqual(G);
          let len = 0;
          for (let i = 3; i < r.points.length; i += 3) {
            const a = r.points.slice(i - 3, i) as V3,
              b = r.points.slice(i, i + 3) as V3;
            expect(sees(a, b)).toBe(true);
            len += Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
          }
          expect(r.length).toBeCloseTo(len, 9);
          expect(r.length).toBeLessThanOrEqual(best + 1e-9);
        } else {
          expect(r.length).toBe(Infinity);
        }
        ratios.push(r.length / optimum);
      }
      for (let k = 0; k < PAIRS; k++) expect(m.ratios[k]).toBeCloseTo(ratios[k], 9);
      const sorted = [...ratios].sort((a, b) => a - b);
      const rank = (p: number) => sorted[Math.ceil(p * PAIRS) - 1];
      const orNull = (v: number) => (Number.isFinite(v) ? v : null);
      expect(m.medianRatio).toBe(orNull(rank(0.5)));
      expect(m.p95Ratio).toBe(orNull(rank(0.95)));
    });
  }
});
