import { Box3, Group, type Mesh, Object3D, Vector3 } from 'three';
import { describe, expect, it, vi } from 'vitest';
import { box } from '../support/boxMesh.ts';
import { NavlabError } from '../../src/core/errors.ts';
import { createSimulation } from '../../src/three/NavSimulation.ts';
import { NavWorld } from '../../src/three/NavWorld.ts';
import { SPARSE_AUTO_VOXELS, type SparseNavWorld, sparseNavWorld } from '../../src/three/navWorldSparse.ts';
import { worldDifference } from '../core/sparse/editCases.ts';
import { mulberry32 } from '../support/random.ts';

/** A wall across x = 0 (1 thick, 6 x 6) and two small posts that stretch the world to 12 x 8 x 8. */
function wallLevel(): { root: Group; wall: Mesh } {
  const root = new Group();
  const wall = box([1, 6, 6], [0, 0, 0], 'wall');
  root.add(wall, box([0.2, 0.2, 0.2], [-6, -4, -4]), box([0.2, 0.2, 0.2], [6, 4, 4]));
  return { root, wall };
}

const options = { cellSize: 0.5, agentRadius: 0.3, fill: 'surface' } as const;
const from = new Vector3(-4, 0.25, 0.25);
const to = new Vector3(4, 0.25, 0.25);

/** Least distance from p to box b. */
function distanceToBox(p: Vector3, b: Box3): number {
  const d = (v: number, a: number, c: number) => Math.max(a - v, 0, v - c);
  return Math.hypot(d(p.x, b.min.x, b.max.x), d(p.y, b.min.y, b.max.y), d(p.z, b.min.z, b.max.z));
}

/** Least distance of a polyline to a box, sampled every 0.02 along each segment. */
function clearance(points: Vector3[], b: Box3): number {
  let least = Infinity;
  const p = new Vector3();
  for (let i = 1; i < points.length; i++) {
    const n = Math.ceil(points[i - 1].distanceTo(points[i]) / 0.02);
    for (let k = 0; k <= n; k++) least = Math.min(least, distanceToBox(p.lerpVectors(points[i - 1], points[i], k / n), b));
  }
  return least;
}

/** The NavlabError code and message `f` throws. */
function thrown(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(NavlabError);
    return `${(e as NavlabError).code}: ${(e as Error).message}`;
  }
  return 'no error';
}

describe('NavWorld on a sparse world', () => {
  it('blocks the dense grid’s voxels and finds any-angle world paths around the wall', () => {
    const { root, wall } = wallLevel();
    const dense = NavWorld.fromObject3D(root, options);
    const nav = NavWorld.fromObject3D(root, { ...options, world: 'sparse', sparse: sparseNavWorld }) as unknown as SparseNavWorld;
    expect(nav.grid).toBeNull();
    const w = nav.sparse.world;
    const g = dense.grid;
    expect([w.X, w.Y, w.Z, w.cellSize, w.origin]).toEqual([g.X, g.Y, g.Z, g.cellSize, g.origin]);
    let differ = 0;
    for (let z = 0; z < g.Z; z++)
      for (let y = 0; y < g.Y; y++) for (let x = 0; x < g.X; x++) if (g.isBlocked(x, y, z) !== w.isBlocked(x, y, z)) differ++;
    expect(differ).toBe(0);
    const r = nav.findPath(from, to);
    expect(r.status).toBe('found');
    expect(r.points[0].equals(from) && r.points.at(-1)!.equals(to)).toBe(true);
    expect(clearance(r.points, new Box3().setFromObject(wall))).toBeGreaterThanOrEqual(0.3 - 1e-6);
    // Around the wall (straight through is 8), no longer than the dense A* path string-pulled.
    const d = dense.findPath(from, to, { algorithm: 'astar' });
    expect(r.length).toBeGreaterThan(8.5);
    expect(r.length).toBeLessThanOrEqual(d.length * 1.1);
    // Unsmoothed: the voxel corners of the octree search.
    expect(nav.findPath(from, to, { smooth: false }).points.length).toBeGreaterThan(2);
  });

  it('update edits the octree locally: the same world as a fresh sparse build of the moved meshes', () => {
    const { root, wall } = wallLevel();
    const nav = NavWorld.fromObject3D(root, { ...options, world: 'sparse', sparse: sparseNavWorld }) as unknown as SparseNavWorld;
    const changes: number[] = [];
    nav.onUpdate((c) => changes.push(c.voxels));
    // Within the world's box (fixed at the build, as the dense grid's).
    wall.position.y += 0.9;
    wall.updateMatrixWorld(true);
    const u = nav.update(wall);
    expect(u.voxels).toBeGreaterThan(0);
    expect(changes).toEqual([u.voxels]);
    const fresh = NavWorld.fromObject3D(root, { ...options, world: 'sparse', sparse: sparseNavWorld }) as unknown as SparseNavWorld;
    expect(worldDifference(nav.sparse.world, fresh.sparse.world)).toBeNull();
    // A straight path under the raised wall now.
    const low = nav.findPath(new Vector3(-4, -3.2, 0), new Vector3(4, -3.2, 0));
    expect(low.status).toBe('found');
    expect(low.length).toBeCloseTo(8, 6);
    // Nothing moved: no voxel changes.
    expect(nav.update(wall).voxels).toBe(0);
  });

  it('drives agents on the octree: any-angle plans around the wall, replanned after an update', () => {
    const { root, wall } = wallLevel();
    const nav = NavWorld.fromObject3D(root, { ...options, world: 'sparse', sparse: sparseNavWorld });
    const sim = createSimulation(nav);
    const agent = new Object3D();
    agent.position.copy(from);
    sim.addAgent(agent, { goal: to, speed: 4 });
    const wallBox = new Box3().setFromObject(wall);
    let least = Infinity;
    for (let frame = 0; frame < 600 && !sim.arrived(agent); frame++) {
      sim.update(1 / 30);
      least = Math.min(least, distanceToBox(agent.position, wallBox));
    }
    expect(sim.arrived(agent)).toBe(true);
    expect(agent.position.distanceTo(to)).toBeLessThan(0.5);
    expect(least).toBeGreaterThan(0.3 - 1e-3);
    // The plan went around the wall (straight through is 8 long), not through it.
    expect(sim.simulation.metrics(0).travelled).toBeGreaterThan(8.5);
    // Back the other way after the wall moved down by 0.9: the agent plans on the edited octree.
    const retests = vi.spyOn(sim.simulation, 'staticGeometryChanged');
    wall.position.y -= 0.9;
    wall.updateMatrixWorld(true);
    nav.update(wall);
    expect(retests).toHaveBeenCalledTimes(1);
    sim.setGoal(agent, from);
    for (let frame = 0; frame < 600 && !sim.arrived(agent); frame++) sim.update(1 / 30);
    expect(sim.arrived(agent)).toBe(true);
  });

  it('answers voxel queries and voxel lookups on the octree, as the dense world does on its grid', () => {
    const { root } = wallLevel();
    const dense = NavWorld.fromObject3D(root, options);
    const nav = NavWorld.fromObject3D(root, { ...options, world: 'sparse', sparse: sparseNavWorld }) as unknown as SparseNavWorld;
    const a = dense.voxelAt(from)!;
    const b = dense.voxelAt(to)!;
    expect(nav.voxelAt(from)).toEqual(a);
    expect(nav.voxelAt(new Vector3(0, 0, 0))).toEqual(dense.voxelAt(new Vector3(0, 0, 0)));
    expect(nav.voxelAt(new Vector3(0, 0, 0), true)).toBeNull(); // inside the wall
    expect(nav.voxelAt(new Vector3(100, 0, 0))).toBeNull();
    for (const p of [new Vector3(0, 0, 0), new Vector3(0.6, 0.1, 0.2), from])
      expect(nav.nearestFreeVoxel(p), `${p.toArray()}`).toEqual(dense.nearestFreeVoxel(p));
    expect(nav.nearestFreeVoxel(new Vector3(0, 0, 0), 0)).toBeNull();
    // Points in and beside the wall, some next to the world's sides, at every snap radius: the dense grid's voxel (ties
    // too). (Points in the dense grid's margin, outside the octree's box, are left out: there the octree has none.)
    const rnd = mulberry32(7);
    let moved = 0;
    for (let k = 0; k < 800; k++) {
      const p = new Vector3(3.4 * rnd() - 1.7, 13.6 * rnd() - 6.8, 13.6 * rnd() - 6.8);
      if (nav.voxelAt(p) === null) continue;
      const cells = 1 + (k % 4);
      const want = dense.nearestFreeVoxel(p, cells);
      expect(nav.nearestFreeVoxel(p, cells), `${p.toArray()} within ${cells}`).toEqual(want);
      if (want !== null && want.join() !== dense.voxelAt(p)?.join()) moved++;
    }
    expect(moved).toBeGreaterThan(100);
    expect(nav.positionOf(a)).toEqual(dense.positionOf(a));
    expect(nav.positionOf([500, 0, 0])).toBeNull();
    expect(nav.positionOf('w1')).toBeNull();
    // The same report as `nav path --world sparse`: corner voxels, Euclidean cost, around the wall.
    const r = nav.query(a, b);
    expect(r.status).toBe('found');
    expect(r.path[0]).toEqual(a);
    expect(r.path.at(-1)).toEqual(b);
    const dx = (b[0] - a[0]) * options.cellSize;
    expect(r.cost).toBeGreaterThan(dx);
    expect(r.cost).toBeLessThanOrEqual(dense.query(a, b).cost + 1e-9);
    expect(thrown(() => nav.query(a, dense.voxelAt(new Vector3(0, 0, 0))!))).toMatch(/^query: to: voxel \(\d+, \d+, \d+\) is blocked$/);
    expect(thrown(() => nav.query(a, [999, 0, 0]))).toMatch(/^query: to: voxel \(999, 0, 0\) is outside the \d+x\d+x\d+ grid$/);
    expect(thrown(() => nav.query(a, b, { algorithm: 'jps' }))).toMatch(/^usage: algorithm: 'jps' is not available with world 'sparse'/);
    expect(thrown(() => nav.query('w1', b))).toMatch(/^query: from: /);
  });

  it("update with fill 'solid': a moved closed mesh is solid where it went, and a mesh reaching past the edit keeps its inside", () => {
    const root = new Group();
    const cube = box([3, 3, 3], [-2.5, 0.5, 0], 'cube');
    // A slab longer than any edit box: its inside must stay blocked when the cube moves over it.
    const slab = box([11, 2, 7], [0, -3, 0], 'slab');
    root.add(cube, slab, box([0.2, 0.2, 0.2], [-6, -4.5, -4]), box([0.2, 0.2, 0.2], [6, 4, 4]));
    const solid = { ...options, fill: 'solid', world: 'sparse', sparse: sparseNavWorld } as const;
    const nav = NavWorld.fromObject3D(root, solid) as unknown as SparseNavWorld;
    const inside = (p: Vector3) => nav.voxelAt(p, true) === null;
    expect(inside(new Vector3(-2.5, 0.5, 0)) && inside(new Vector3(3, -3, 0))).toBe(true);
    cube.position.set(2.5, -0.4, 0.5);
    cube.updateMatrixWorld(true);
    expect(nav.update(cube).voxels).toBeGreaterThan(0);
    const fresh = NavWorld.fromObject3D(root, solid) as unknown as SparseNavWorld;
    expect(worldDifference(nav.sparse.world, fresh.sparse.world)).toBeNull();
    expect(inside(new Vector3(2.5, -0.4, 0.5)) && inside(new Vector3(2.5, -3, 0.5))).toBe(true);
    expect(inside(new Vector3(-2.5, 0.5, 0))).toBe(false);
  });

  it("'auto' keeps the dense grid up to SPARSE_AUTO_VOXELS voxels", () => {
    const { root } = wallLevel();
    const nav = NavWorld.fromObject3D(root, { ...options, world: 'auto', sparse: sparseNavWorld });
    expect(nav.grid).not.toBeNull();
    expect(nav.grid!.X * nav.grid!.Y * nav.grid!.Z).toBeLessThanOrEqual(SPARSE_AUTO_VOXELS);
    expect(sparseNavWorld(root, { ...options, world: 'dense' }, [])).toBeNull();
    // Two posts 12.2 x 8.2 x 8.2 apart at 0.035: over 2^24 voxels, so sparse (built from the triangles, no dense grid).
    const posts = new Group().add(box([0.1, 0.1, 0.1], [-6, -4, -4]), box([0.1, 0.1, 0.1], [6, 4, 4]));
    const big = NavWorld.fromObject3D(posts, { cellSize: 0.035, agentRadius: 0, fill: 'surface', world: 'auto', sparse: sparseNavWorld });
    expect(big.grid).toBeNull();
    const w = (big as unknown as SparseNavWorld).sparse.world;
    expect(w.X * w.Y * w.Z).toBeGreaterThan(SPARSE_AUTO_VOXELS);
  });

  it('names what is wrong', () => {
    const { root } = wallLevel();
    expect(thrown(() => NavWorld.fromObject3D(root, { ...options, world: 'sparse' }))).toMatch(/^usage: sparse: expected a function/);
    expect(thrown(() => NavWorld.fromObject3D(root, { ...options, world: 'octree' as never, sparse: sparseNavWorld }))).toMatch(
      /^usage: world: expected 'dense', 'sparse' or 'auto'/,
    );
    const nav = NavWorld.fromObject3D(root, { ...options, world: 'sparse', sparse: sparseNavWorld });
    expect(thrown(() => nav.findPath(from, to, { graph: 'waypoints' }))).toMatch(/^usage: graph: 'waypoints' is not available/);
    expect(thrown(() => nav.findPath(from, to, { algorithm: 'jps' }))).toMatch(/^usage: algorithm: 'jps'/);
    expect(thrown(() => nav.findPath(new Vector3(50, 0, 0), to))).toMatch(/^query: from: \(50, 0, 0\) is outside/);
    expect(thrown(() => nav.findPath(from, to, { neighborhood: 6 }))).toMatch(/^usage: neighborhood/);
  });
});
