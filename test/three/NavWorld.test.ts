import { Box3, BoxGeometry, Group, type Mesh, Object3D, Vector3 } from 'three';
import { describe, expect, it, vi } from 'vitest';
import { box } from '../support/boxMesh.ts';
import { NavlabError } from '../../src/core/errors.ts';
import { startQuery } from '../../src/core/query/query.ts';
import { createSimulation } from '../../src/three/NavSimulation.ts';
import { NavWorld } from '../../src/three/NavWorld.ts';
import { autoWaypoints, waypointList } from '../../src/three/waypointSources.ts';

/** A wall across x = 0 (1 thick, 6 x 6) in a 12 x 8 x 8 space. */
function wallLevel(): { root: Group; wall: Mesh; bounds: Box3 } {
  const root = new Group();
  const wall = box([1, 6, 6], [0, 0, 0], 'wall');
  root.add(wall);
  return { root, wall, bounds: new Box3(new Vector3(-6, -4, -4), new Vector3(6, 4, 4)) };
}

/** Least distance from point p to the axis-aligned box [lo, hi]. */
function distanceToBox(p: Vector3, lo: Vector3, hi: Vector3): number {
  const d = (v: number, a: number, b: number) => Math.max(a - v, 0, v - b);
  return Math.hypot(d(p.x, lo.x, hi.x), d(p.y, lo.y, hi.y), d(p.z, lo.z, hi.z));
}

/** Least distance of a polyline to a box, sampled every 0.01 along each segment. */
function clearance(points: Vector3[], b: Box3): number {
  let least = Infinity;
  const p = new Vector3();
  for (let i = 1; i < points.length; i++) {
    const n = Math.ceil(points[i - 1].distanceTo(points[i]) / 0.01);
    for (let k = 0; k <= n; k++) least = Math.min(least, distanceToBox(p.lerpVectors(points[i - 1], points[i], k / n), b.min, b.max));
  }
  return least;
}

const from = new Vector3(-4, 0.25, 0.25);
const to = new Vector3(4, 0.25, 0.25);

/** The NavlabError code `f` throws ('no error' if none). */
const code = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(NavlabError);
    return (e as NavlabError).code;
  }
  return 'no error';
};

describe('NavWorld', () => {
  it('finds world-space paths around an obstacle on the grid, with every algorithm', () => {
    const { root, wall, bounds } = wallLevel();
    const nav = NavWorld.fromObject3D(root, { cellSize: 0.5, agentRadius: 0.3, waypoints: 'none', bounds });
    const wallBox = new Box3().setFromObject(wall);
    for (const algorithm of ['astar', 'jps', 'lazy-theta'] as const) {
      const r = nav.findPath(from, to, { algorithm });
      expect(r.status, algorithm).toBe('found');
      expect(r.points[0].equals(from)).toBe(true);
      expect(r.points.at(-1)!.equals(to)).toBe(true);
      // Around the wall: longer than straight through, and clear of it by the agent radius.
      expect(r.length).toBeGreaterThan(8.5);
      expect(clearance(r.points, wallBox)).toBeGreaterThanOrEqual(0.3 - 1e-6);
      expect(r.expanded).toBeGreaterThan(0);
    }
  });

  it('finds paths on automatic waypoints that avoid the obstacle', () => {
    const { root, wall, bounds } = wallLevel();
    const nav = NavWorld.fromObject3D(root, { cellSize: 0.5, agentRadius: 0.3, waypoints: autoWaypoints, bounds });
    expect(nav.waypoints!.positions().length / 3).toBeGreaterThan(1);
    const r = nav.findPath(from, to, { graph: 'waypoints' });
    expect(r.status).toBe('found');
    expect(r.points.length).toBeGreaterThan(2);
    expect(clearance(r.points, new Box3().setFromObject(wall))).toBeGreaterThanOrEqual(0.3 - 1e-6);
  });

  it('uses given waypoints', () => {
    const { root, bounds } = wallLevel();
    const nav = NavWorld.fromObject3D(root, { cellSize: 0.5, agentRadius: 0, waypoints: waypointList([new Vector3(0, 3.6, 0)]), bounds });
    const r = nav.findPath(from, to, { graph: 'waypoints' });
    expect(r.status).toBe('found');
    expect(r.points.map((p) => p.toArray())).toEqual([from.toArray(), [0, 3.6, 0], to.toArray()]);
  });

  it('update() after moving an obstacle changes the grid, the links and the path', () => {
    const { root, wall, bounds } = wallLevel();
    const nav = NavWorld.fromObject3D(root, { cellSize: 0.5, agentRadius: 0.3, waypoints: waypointList([new Vector3(0, 4.2, 0)]), bounds });
    const before = nav.findPath(from, to);
    expect(before.length).toBeGreaterThan(8.5);
    expect(nav.findPath(from, to, { graph: 'waypoints' }).points).toHaveLength(3);
    const heard: unknown[] = [];
    const stop = nav.onUpdate((change) => heard.push(change));
    wall.position.set(0, 0, 12); // out of the way
    const u = nav.update(wall);
    expect(heard).toEqual([u]);
    expect(u.voxels).toBeGreaterThan(0);
    expect(u.box).not.toBeNull();
    const after = nav.findPath(from, to);
    expect(after.status).toBe('found');
    expect(after.points).toHaveLength(2); // straight, string-pulled
    expect(after.length).toBeCloseTo(8, 9);
    expect(nav.findPath(from, to, { graph: 'waypoints' }).points).toHaveLength(2);
    // And back: the path goes around again.
    wall.position.set(0, 0, 0);
    stop();
    nav.update(wall);
    expect(heard).toHaveLength(1); // stopped
    expect(nav.findPath(from, to).length).toBeCloseTo(before.length, 9);
    // An object that is not an obstacle changes nothing.
    expect(nav.update(new Object3D())).toEqual({ box: null, voxels: 0, links: 0 });
  });

  it('reports a goal sealed inside a box as unreachable, with a path to the nearest point', () => {
    const root = new Group();
    // A hollow 4 x 4 x 4 cell around (10, 0, 0), walls 0.5 thick.
    for (const [size, at] of [
      [
        [0.5, 4, 4],
        [8, 0, 0],
      ],
      [
        [0.5, 4, 4],
        [12, 0, 0],
      ],
      [
        [4, 0.5, 4],
        [10, 2, 0],
      ],
      [
        [4, 0.5, 4],
        [10, -2, 0],
      ],
      [
        [4, 4, 0.5],
        [10, 0, 2],
      ],
      [
        [4, 4, 0.5],
        [10, 0, -2],
      ],
    ] as [[number, number, number], [number, number, number]][])
      root.add(box(size, at));
    // Six closed boxes: fill 'auto' would block the hollow (solid); 'surface' keeps it as air.
    const nav = NavWorld.fromObject3D(root, {
      cellSize: 0.5,
      waypoints: 'none',
      fill: 'surface',
      bounds: new Box3(new Vector3(0, -4, -4), new Vector3(14, 4, 4)),
    });
    const r = nav.findPath(new Vector3(2, 0.25, 0.25), new Vector3(10.25, 0.25, 0.25));
    expect(r.status).toBe('unreachable');
    // It ends outside the sealed box, at the reachable point nearest the goal (over its top).
    const end = r.points.at(-1)!;
    expect(new Box3(new Vector3(7.75, -2.25, -2.25), new Vector3(12.25, 2.25, 2.25)).containsPoint(end)).toBe(false);
    expect(end.distanceTo(new Vector3(10.25, 0.25, 0.25))).toBeLessThan(3);
    expect(Number.isFinite(r.cost)).toBe(true);
  });

  it('rejects bad input with NavlabError code usage (or query, for a point off the grid)', () => {
    const { root, bounds } = wallLevel();
    expect(code(() => NavWorld.fromObject3D(root, { cellSize: -1 }))).toBe('usage');
    expect(code(() => NavWorld.fromObject3D(root, { cellSize: Number.NaN }))).toBe('usage');
    expect(code(() => NavWorld.fromObject3D(root, { cellSize: 0.5, agentRadius: -0.1 }))).toBe('usage');
    expect(code(() => NavWorld.fromObject3D(root, { cellSize: 0.5, waypoints: 'many' as never }))).toBe('usage');
    expect(() => NavWorld.fromObject3D(root, { cellSize: 0.5, waypoints: 'auto' as never })).toThrow(
      /^waypoints: expected 'none' or a waypoint source \(autoWaypoints, waypointList\(points\): exports of navlab\/three\), got 'auto'$/,
    );
    expect(code(() => NavWorld.fromObject3D(new Group(), { cellSize: 0.5 }))).toBe('usage');
    expect(code(() => NavWorld.fromObject3D(root, { cellSize: 1e-4, waypoints: 'none' }))).toBe('usage');
    expect(code(() => NavWorld.fromObject3D(root, { cellSize: 0.03, waypoints: autoWaypoints, bounds }))).toBe('usage'); // 2^24 voxels for placement
    expect(() => waypointList([new Vector3(Number.NaN, 0, 0)])).toThrow(
      /^waypointList: points\[0\]: expected a point \{x, y, z\} with finite coordinates, got a Vector3$/,
    );
    expect(() => NavWorld.fromObject3D(root, { cellSize: 0.5, waypoints: [new Vector3(0, 3.6, 0)] as never })).toThrow(
      /^waypoints: expected 'none' or a waypoint source .*, got an array$/,
    );
    expect(() => NavWorld.fromObject3D(root, { cellSize: 0.5, waypoints: () => ({}) as never, bounds })).toThrow(
      /^waypoints: the source returned: expected a VisibilityGraph/,
    );
    const broken = box([1, 1, 1], [0, 0, 0]);
    broken.geometry.getAttribute('position').setX(0, Number.POSITIVE_INFINITY);
    expect(code(() => NavWorld.fromObject3D(broken, { cellSize: 0.5 }))).toBe('input');
    const nav = NavWorld.fromObject3D(root, { cellSize: 0.5, waypoints: 'none', bounds });
    expect(code(() => nav.findPath(new Vector3(Number.NaN, 0, 0), to))).toBe('usage');
    expect(code(() => nav.findPath(from, to, { algorithm: 'dijkstra' as never }))).toBe('query'); // a QueryError, as in nav.query
    expect(() => nav.findPath(from, to, { graph: 'mesh' as never })).toThrow(`graph: expected 'grid' or 'waypoints', got "mesh"`);
    expect(code(() => nav.findPath(from, to, { graph: 'waypoints' }))).toBe('usage');
    expect(code(() => nav.findPath(from, new Vector3(100, 0, 0)))).toBe('query');
    expect(code(() => nav.findPath(from, to, { algorithm: 'jps', cornerCutting: 'allow' }))).toBe('unsupported');
    const wall = root.children[0] as Mesh;
    wall.geometry = new BoxGeometry(1, 6, 6, 2, 1, 1);
    expect(code(() => nav.update(wall))).toBe('usage');
  });

  it('drives three objects as steering agents to their goals', () => {
    const { root, wall, bounds } = wallLevel();
    const nav = NavWorld.fromObject3D(root, { cellSize: 0.5, agentRadius: 0.3, waypoints: 'none', bounds });
    const sim = createSimulation(nav);
    const scene = new Group();
    const agent = new Object3D();
    agent.position.copy(from);
    scene.add(agent);
    sim.addAgent(agent, { goal: to, speed: 4 });
    const wallBox = new Box3().setFromObject(wall);
    let least = Infinity;
    for (let frame = 0; frame < 600 && !sim.arrived(agent); frame++) {
      sim.update(1 / 30);
      least = Math.min(least, distanceToBox(agent.position, wallBox.min, wallBox.max));
    }
    expect(sim.arrived(agent)).toBe(true);
    expect(agent.position.distanceTo(to)).toBeLessThan(0.5);
    expect(least).toBeGreaterThan(0.3 - 1e-3);
    expect(() => sim.addAgent(new Object3D(), { goal: to, speed: -1 })).toThrow(NavlabError);
    // The simulation follows its world: a moved wall makes the agents re-test their paths.
    const retests = vi.spyOn(sim.simulation, 'staticGeometryChanged');
    wall.position.x += 1;
    nav.update(wall);
    expect(retests).toHaveBeenCalledTimes(1);
  });

  it('fromScene shares a grid and a graph: queries by voxel or id, resumable searches, world points without smoothing', () => {
    const { root, bounds } = wallLevel();
    const built = NavWorld.fromObject3D(root, {
      cellSize: 0.5,
      agentRadius: 0.3,
      waypoints: waypointList([new Vector3(0, 3.9, 0), new Vector3(-4, 0.25, 0.25), new Vector3(4, 0.25, 0.25)]),
      bounds,
    });
    const graph = built.waypoints!.graph();
    const nav = NavWorld.fromScene({ grid: built.grid, graph, ids: ['top', 'west', 'east'] });
    expect(nav.grid).toBe(built.grid);
    expect(nav.graph).toBe(graph);
    expect(nav.world).toBeNull();
    const route = nav.query('west', 'east');
    expect(route.ids).toEqual(['west', 'top', 'east']);
    const a = nav.voxelAt(from)!;
    const b = nav.voxelAt(to)!;
    const report = nav.query(a, b, { algorithm: 'jps' });
    expect(report.status).toBe('found');
    // The same query as a resumable run (startQuery on the world), in slices of 5 expansions,
    // ends with the same result and reports the same.
    const search = startQuery(nav, undefined, a, b, { algorithm: 'jps' });
    expect(search.run.algorithm).toBe('jps');
    let r = search.run.step(5);
    let slices = 1;
    for (; r.status === 'running'; slices++) r = search.run.step(5);
    expect(slices).toBeGreaterThan(1);
    expect([r.status, r.cost, r.expanded]).toEqual([report.status, report.cost, report.expanded]);
    expect({ ...search.report(), ms: 0 }).toEqual({ ...report, ms: 0 });
    // World points: the grid path, not string-pulled (there is no line of sight without a world).
    const path = nav.findPath(from, to);
    expect(path.status).toBe('found');
    expect(path.points.length).toBeGreaterThan(3);
    expect(path.cost).toBeCloseTo(built.findPath(from, to).cost, 9);
    expect(nav.update(root)).toEqual({ box: null, voxels: 0, links: 0 });
  });

  it('fromScene refuses what needs the missing parts, naming them', () => {
    const { root, bounds } = wallLevel();
    const built = NavWorld.fromObject3D(root, { cellSize: 0.5, waypoints: waypointList([new Vector3(0, 3.9, 0)]), bounds });
    const nav = NavWorld.fromScene({ grid: built.grid, graph: built.waypoints!.graph() });
    expect(nav.ids).toEqual(['0']);
    expect(code(() => NavWorld.fromScene({ grid: null, graph: built.waypoints!.graph(), ids: ['a', 'b'] }))).toBe('usage');
    const two = NavWorld.fromObject3D(root, {
      cellSize: 0.5,
      waypoints: waypointList([new Vector3(0, 3.9, 0), new Vector3(0, -3.9, 0)]),
      bounds,
    });
    expect(code(() => NavWorld.fromScene({ grid: null, graph: two.waypoints!.graph(), ids: ['a', 'a'] }))).toBe('usage');
    expect(code(() => NavWorld.fromScene({ grid: null, agentRadius: -1 }))).toBe('usage');
    expect(code(() => nav.findPath(from, to, { smooth: true }))).toBe('usage');
    expect(code(() => nav.findPath(from, to, { graph: 'waypoints' }))).toBe('usage');
    expect(code(() => createSimulation(nav))).toBe('usage');
    const waypointsOnly = NavWorld.fromScene({ grid: null, graph: built.waypoints!.graph() });
    expect(code(() => waypointsOnly.findPath(from, to))).toBe('query');
    expect(() => waypointsOnly.findPath(from, to)).toThrow("graph 'grid': this scene has no voxel layer; use graph 'waypoints'");
    expect(() => waypointsOnly.query([0, 0, 0], [1, 0, 0])).toThrow('no voxel layer');
    expect(waypointsOnly.nearestFreeVoxel(from)).toBeNull();
    // With the world given, world-space waypoint paths work as on the NavWorld that built it.
    const withWorld = NavWorld.fromScene({ grid: built.grid, graph: built.waypoints!.graph(), world: built.world });
    expect(withWorld.findPath(from, to, { graph: 'waypoints' }).points.map((p) => p.toArray())).toEqual(
      built.findPath(from, to, { graph: 'waypoints' }).points.map((p) => p.toArray()),
    );
  });
});
