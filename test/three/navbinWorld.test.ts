/**
 * navWorldFromNavbin: a level baked from meshes answers like the NavWorld it was baked from
 * (grid queries identical, waypoint routes valid on the grid's own line of sight), and bad
 * bytes are refused with the reason.
 */
import { Box3, BoxGeometry, Group, Mesh, MeshBasicMaterial, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import type { NavlabError } from '../../src/core/errors.ts';
import { centreSightVoxelwise } from '../../src/core/grid/centreSight.ts';
import { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';
import { NavbinError, readNavbin, writeNavbin } from '../../src/core/io/navbin.ts';
import { gridLineOfSight, navWorldFromNavbin } from '../../src/three/navbinWorld.ts';
import { NavWorld, type NavPath } from '../../src/three/NavWorld.ts';
import { autoWaypoints } from '../../src/three/waypointSources.ts';
import { mulberry32 } from '../support/random.ts';

const material = new MeshBasicMaterial();

/** Two walls with a gap between them and a pillar, in a 12 x 8 x 8 space. */
function level(): { root: Group; bounds: Box3 } {
  const root = new Group();
  for (const [size, at] of [
    [
      [1, 6, 8],
      [-2, -1, 0],
    ],
    [
      [1, 6, 8],
      [2, 1, 0],
    ],
    [
      [1, 1, 1],
      [0, 0, 2],
    ],
  ] as [[number, number, number], [number, number, number]][]) {
    const m = new Mesh(new BoxGeometry(...size), material);
    m.position.set(...at);
    root.add(m);
  }
  return { root, bounds: new Box3(new Vector3(-6, -4, -4), new Vector3(6, 4, 4)) };
}

function baked(): { nav: NavWorld; bytes: Uint8Array } {
  const { root, bounds } = level();
  const nav = NavWorld.fromObject3D(root, { cellSize: 0.5, agentRadius: 0.3, waypoints: autoWaypoints, bounds });
  const g = nav.graph;
  const bytes = writeNavbin({
    settings: { agentRadius: 0.3, maxLinkDistance: Infinity, neighborhood: 26, cornerCutting: 'forbid' },
    grid: nav.grid,
    graph: { ids: [...nav.ids], positions: g.positions, offsets: g.offsets, targets: g.targets, costs: g.costs },
  });
  return { nav, bytes };
}

/** Whether every point along `points` (sampled every 1/20 cell) lies in a free voxel of `grid`. */
function clearOnGrid(grid: VoxelGrid, points: Vector3[]): boolean {
  const p = new Vector3();
  for (let i = 1; i < points.length; i++) {
    const n = Math.ceil((points[i - 1].distanceTo(points[i]) / grid.cellSize) * 20);
    for (let k = 0; k <= n; k++) {
      p.lerpVectors(points[i - 1], points[i], k / n);
      const v = grid.voxelIndexAt(p.x, p.y, p.z);
      if (v < 0 || grid.occupancy[v] !== 0) return false;
    }
  }
  return true;
}

const withoutTime = <T extends object>(r: T): T => ({ ...r, ms: 0, elapsedMs: 0 });
const pointsOf = (r: NavPath) => r.points.map((p) => p.toArray());

describe('navWorldFromNavbin', () => {
  const { nav, bytes } = baked();
  const back = navWorldFromNavbin(bytes);

  it('holds the baked grid, waypoints and agent radius, without meshes', () => {
    expect(back.root).toBeNull();
    expect(back.world).toBeNull();
    expect(back.lineOfSight).not.toBeNull();
    expect(back.agentRadius).toBe(0.3);
    expect(back.cellSize).toBe(0.5);
    expect(back.grid!.occupancy).toEqual(nav.grid!.occupancy);
    expect(back.ids).toEqual(nav.ids);
    expect(back.graph.count).toBeGreaterThan(1);
    expect(back.graph.targets).toEqual(nav.graph.targets);
    expect(back.graph.positions).toEqual(nav.graph.positions);
    // An ArrayBuffer reads the same.
    expect(navWorldFromNavbin(bytes.slice().buffer).graph.linkCount).toBe(nav.graph.linkCount);
  });

  it('answers grid queries exactly as the NavWorld it was baked from', () => {
    const rand = mulberry32(7);
    const grid = nav.grid!;
    const free: [number, number, number][] = [];
    for (let v = 0; v < grid.size; v++) {
      if (grid.occupancy[v] !== 0) continue;
      const c = grid.coords(v, { x: 0, y: 0, z: 0 });
      free.push([c.x, c.y, c.z]);
    }
    for (let k = 0; k < 12; k++) {
      const a = free[Math.floor(rand() * free.length)];
      const b = free[Math.floor(rand() * free.length)];
      for (const algorithm of ['astar', 'jps', 'lazy-theta'] as const) {
        expect(withoutTime(back.query(a, b, { algorithm })), `${a} -> ${b} ${algorithm}`).toEqual(
          withoutTime(nav.query(a, b, { algorithm })),
        );
      }
    }
    // And by waypoint id, on the same graph.
    const last = nav.ids.at(-1)!;
    expect(withoutTime(back.query(nav.ids[0], last))).toEqual(withoutTime(nav.query(nav.ids[0], last)));
  });

  it('finds world-point paths on the grid, string-pulled on the grid line of sight', () => {
    const from = new Vector3(-4.1, 0.2, 0.3);
    const to = new Vector3(4.2, -0.1, -0.4);
    const raw = back.findPath(from, to, { smooth: false });
    expect(pointsOf(raw)).toEqual(pointsOf(nav.findPath(from, to, { smooth: false })));
    expect(raw.status).toBe('found');
    const pulled = back.findPath(from, to);
    expect(pulled.status).toBe('found');
    expect(pulled.cost).toBe(raw.cost);
    expect(pulled.points.length).toBeLessThan(raw.points.length);
    expect(pulled.length).toBeLessThan(raw.length);
    expect(pulled.points[0].equals(from) && pulled.points.at(-1)!.equals(to)).toBe(true);
    // Around both walls (straight is 8.3 long), every segment on free voxels.
    expect(pulled.length).toBeGreaterThan(9);
    expect(clearOnGrid(back.grid!, pulled.points)).toBe(true);
  });

  it('routes world points over the waypoint graph, entering and leaving at visible waypoints', () => {
    const from = new Vector3(-4.1, 0.2, 0.3);
    const to = new Vector3(4.2, -0.1, -0.4);
    const r = back.findPath(from, to, { graph: 'waypoints' });
    expect(r.status).toBe('found');
    expect(r.points.length).toBeGreaterThan(2);
    expect(r.points[0].equals(from) && r.points.at(-1)!.equals(to)).toBe(true);
    // Inside: waypoints joined by baked links (tested with the agent's capsule when baked).
    const g = back.graph;
    const route = r.points.slice(1, -1).map((p) => g.nearest(p.x, p.y, p.z));
    for (const [k, i] of route.entries()) {
      expect([g.positions[3 * i], g.positions[3 * i + 1], g.positions[3 * i + 2]]).toEqual(r.points[k + 1].toArray());
      if (k > 0) expect(Array.from(g.targets.subarray(g.offsets[i], g.offsets[i + 1]))).toContain(route[k - 1]);
    }
    // Entry and exit: on the grid's line of sight.
    expect(clearOnGrid(back.grid!, r.points.slice(0, 2))).toBe(true);
    expect(clearOnGrid(back.grid!, r.points.slice(-2))).toBe(true);
    expect(r.length).toBeGreaterThan(9);
    // A point outside the grid sees no waypoint: a clear error, as with meshes.
    expect(() => back.findPath(new Vector3(50, 0, 0), to)).toThrow(/outside the navigation grid/);
  });

  it('gives the closed-box answer between voxel centres (Lazy Theta*s rule)', () => {
    const grid = nav.grid!;
    const los = gridLineOfSight(grid);
    const rand = mulberry32(3);
    const c = { x: 0, y: 0, z: 0 };
    const d = { x: 0, y: 0, z: 0 };
    let seen = 0;
    for (let k = 0; k < 2000; k++) {
      const a = [Math.floor(rand() * grid.X), Math.floor(rand() * grid.Y), Math.floor(rand() * grid.Z)];
      const b = [Math.floor(rand() * grid.X), Math.floor(rand() * grid.Y), Math.floor(rand() * grid.Z)];
      grid.voxelCenter(a[0], a[1], a[2], c);
      grid.voxelCenter(b[0], b[1], b[2], d);
      const expected = centreSightVoxelwise(grid, a[0], a[1], a[2], b[0], b[1], b[2]);
      if (expected) seen++;
      expect(los(c.x, c.y, c.z, d.x, d.y, d.z), `${a} -> ${b}`).toBe(expected);
    }
    // Both answers occur.
    expect(seen).toBeGreaterThan(100);
    expect(seen).toBeLessThan(1900);
    // Leaving the grid is blocked; off-centre points walk the voxels they pass.
    const o = grid.origin;
    expect(los(o.x - 0.1, o.y + 1, o.z + 1, o.x + 1, o.y + 1, o.z + 1)).toBe(false);
    expect(los(o.x + 0.3, o.y + 0.3, o.z + 0.3, o.x + 1.1, o.y + 0.4, o.z + 0.2)).toBe(true);
  });

  it('refuses bad bytes with the reason', () => {
    expect(() => navWorldFromNavbin('level.navbin' as never)).toThrow(/navWorldFromNavbin: bytes/);
    try {
      navWorldFromNavbin('level.navbin' as never);
    } catch (e) {
      expect((e as NavlabError).code).toBe('usage');
    }
    expect(() => navWorldFromNavbin(bytes.subarray(0, bytes.length - 8))).toThrow(NavbinError);
    const oneWay = writeNavbin({
      settings: readNavbin(bytes).settings,
      grid: new VoxelGrid({ dims: [2, 2, 2], origin: { x: 0, y: 0, z: 0 }, cellSize: 1 }),
      graph: { ids: ['a', 'b'], positions: [0.5, 0.5, 0.5, 1.5, 0.5, 0.5], offsets: [0, 1, 1], targets: [1], costs: [1] },
    });
    expect(() => navWorldFromNavbin(oneWay)).toThrow(/link 0 \(waypoint 0 -> 1\) is not stored both ways/);
    const twins = writeNavbin({
      settings: readNavbin(bytes).settings,
      grid: null,
      graph: { ids: ['a', 'a'], positions: [0, 0, 0, 1, 0, 0], offsets: [0, 0, 0], targets: [], costs: [] },
    });
    expect(() => navWorldFromNavbin(twins)).toThrow(/waypoints 0 and 1 share the id 'a'/);
    const unordered = writeNavbin({
      settings: readNavbin(bytes).settings,
      grid: null,
      graph: {
        ids: ['a', 'b', 'c'],
        positions: [0, 0, 0, 1, 0, 0, 2, 0, 0],
        offsets: [0, 2, 3, 4],
        targets: [2, 1, 0, 0],
        costs: [2, 1, 1, 2],
      },
    });
    expect(() => navWorldFromNavbin(unordered)).toThrow(/the links of waypoint 0 are not in strictly ascending order \(at link 1\)/);
  });

  it('reads damaged bytes to a NavWorld or a NavbinError, nothing else', () => {
    const rand = mulberry32(99);
    const small = writeNavbin({
      settings: readNavbin(bytes).settings,
      grid: new VoxelGrid({ dims: [3, 2, 2], origin: { x: 0, y: 0, z: 0 }, cellSize: 1 }),
      graph: {
        ids: ['a', 'b', 'c'],
        positions: [0.5, 0.5, 0.5, 2.5, 0.5, 0.5, 2.5, 1.5, 1.5],
        offsets: [0, 1, 3, 4],
        targets: [1, 0, 2, 1],
        costs: [2, 2, 1.4, 1.4],
      },
    });
    const outcomes = new Set<string>();
    for (let k = 0; k < 400; k++) {
      const damaged = small.slice();
      for (let n = 1 + Math.floor(rand() * 3); n > 0; n--) damaged[Math.floor(rand() * damaged.length)] = Math.floor(rand() * 256);
      try {
        const nav = navWorldFromNavbin(damaged);
        expect(nav.graph.count).toBe(nav.ids.length);
        outcomes.add('read');
      } catch (e) {
        expect(e, String(e)).toBeInstanceOf(NavbinError);
        outcomes.add('refused');
      }
    }
    expect([...outcomes].sort()).toEqual(['read', 'refused']);
  });
});
