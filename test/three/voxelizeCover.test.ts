import { Box3, BoxGeometry, Euler, Group, Matrix4, Mesh, MeshBasicMaterial, Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { meshGridSpec, soupBounds, voxelizeTriangles } from '../../src/core/geometry/voxelizeMesh.ts';
import { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';
import { CollisionWorld } from '../../src/three/CollisionWorld.ts';
import { MeshWorld, type WorldMesh } from '../../src/three/MeshWorld.ts';
import { NavWorld } from '../../src/three/NavWorld.ts';
import { voxelize, voxelizeRegion } from '../../src/three/voxelize.ts';
import { rng } from './analytic.ts';

/**
 * The voxel cover of meshes: a mesh triangle blocks every voxel whose closed box it touches,
 * so every point of a mesh lies in the closed box of a blocked voxel, also where the mesh
 * lies exactly on voxel faces (grid-aligned boxes), while primitive obstacles keep their
 * flush rule (test/three/voxelize.test.ts).
 */

/** The triangles of an axis-aligned box mesh (BoxGeometry, not indexed), in its own coordinates. */
function boxSoup(size: [number, number, number]): Float32Array {
  return new BoxGeometry(...size).toNonIndexed().getAttribute('position').array as Float32Array;
}

function boxMesh(
  id: string,
  size: [number, number, number],
  at: [number, number, number],
  turn: [number, number, number] = [0, 0, 0],
): WorldMesh {
  const matrix = new Matrix4().compose(new Vector3(...at), new Quaternion().setFromEuler(new Euler(...turn)), new Vector3(1, 1, 1));
  return { id, soup: boxSoup(size), matrix };
}

/**
 * Analytic touching cover of an axis-aligned box shell [lo, hi]: voxel boxes that meet the
 * closed box but do not lie in its open inside. 1 blocked, 0 free.
 */
function shellCover(grid: VoxelGrid, lo: number[], hi: number[], solid: boolean): Uint8Array {
  const out = new Uint8Array(grid.size);
  const o = [grid.origin.x, grid.origin.y, grid.origin.z];
  const s = grid.cellSize;
  for (let z = 0; z < grid.Z; z++)
    for (let y = 0; y < grid.Y; y++)
      for (let x = 0; x < grid.X; x++) {
        const c = [x, y, z];
        let meets = true,
          inside = true;
        for (let a = 0; a < 3; a++) {
          const c0 = o[a] + c[a] * s,
            c1 = c0 + s;
          if (c1 < lo[a] || c0 > hi[a]) meets = false;
          if (!(c0 > lo[a] && c1 < hi[a])) inside = false;
        }
        out[grid.index(x, y, z)] = meets && (solid || !inside) ? 1 : 0;
      }
  return out;
}

/** Blocked voxels of a grid. */
const blocked = (g: VoxelGrid) => g.occupancy.reduce((n, v) => n + v, 0);

/**
 * The first sampled point (each triangle on a barycentric lattice finer than a third of a
 * cell, each point moved by -r, 0, r on every axis) that lies in no blocked voxel's closed box
 * (1e-9 of slack), or null.
 */
function uncovered(grid: VoxelGrid, soup: ArrayLike<number>, r: number): number[] | null {
  const o = [grid.origin.x, grid.origin.y, grid.origin.z];
  const dims = [grid.X, grid.Y, grid.Z];
  const s = grid.cellSize;
  const q = [0, 0, 0];
  const ranges: number[][] = [[], [], []];
  const shifts = r > 0 ? 27 : 1;
  for (let t = 0; t < soup.length; t += 9) {
    const p = (k: number, a: number) => soup[t + 3 * k + a];
    const edge = Math.max(...[0, 1, 2].map((k) => Math.hypot(...[0, 1, 2].map((a) => p(k, a) - p((k + 1) % 3, a)))));
    const n = Math.ceil((3 * edge) / s) + 1;
    for (let i = 0; i <= n; i++)
      for (let j = 0; i + j <= n; j++) {
        const u = i / n,
          v = j / n,
          w = 1 - u - v;
        for (let k = 0; k < shifts; k++) {
          for (let a = 0; a < 3; a++) {
            const off = r > 0 ? (Math.floor(k / 3 ** a) % 3) - 1 : 0;
            q[a] = w * soup[t + a] + u * soup[t + 3 + a] + v * soup[t + 6 + a] + off * r;
            // Voxels whose closed box (1e-9 wider) holds q on this axis.
            const f = (q[a] - o[a]) / s;
            const lo = Math.max(0, Math.ceil(f - 1 - 1e-9 / s)),
              hi = Math.min(dims[a] - 1, Math.floor(f + 1e-9 / s));
            ranges[a].length = 0;
            for (let m = lo; m <= hi; m++) ranges[a].push(m);
          }
          let found = false;
          for (const x of ranges[0]) for (const y of ranges[1]) for (const z of ranges[2]) if (grid.isBlocked(x, y, z)) found = true;
          if (!found) return [...q];
        }
      }
  }
  return null;
}

/** The world soup of a world's meshes (what the voxelizer reads). */
const meshSoup = (world: MeshWorld) => world.bvh.soup.subarray(9 * world.meshSoupStart);

describe('voxel cover of meshes', () => {
  it('a grid-aligned box mesh blocks every voxel its faces touch (1 x 6 x 6 at the origin, cell 0.5)', () => {
    const world = new MeshWorld({ meshes: [boxMesh('wall', [1, 6, 6], [0, 0, 0])] });
    const spec = { dims: [8, 16, 16] as [number, number, number], origin: { x: -2, y: -4, z: -4 }, cellSize: 0.5 };
    const grid = voxelize(world, spec);
    // x: voxels [-1, -0.5] .. [0.5, 1] meet the box (4), y and z: [-3.5, -3] .. [3, 3.5] (14 each).
    expect(blocked(grid)).toBe(4 * 14 * 14);
    expect(Array.from(grid.occupancy)).toEqual(Array.from(shellCover(grid, [-0.5, -3, -3], [0.5, 3, 3], false)));
  });

  it('a voxel box flush with a face: the mesh blocks both sides, a primitive of the same box only its own', () => {
    const mesh = boxMesh('m', [2, 1, 1], [5, 0.5, 0.5]);
    const spec = { dims: [8, 4, 4] as [number, number, number], cellSize: 1 };
    const meshGrid = voxelize(new CollisionWorld([], null, { meshes: [mesh] }), spec);
    expect([2, 3, 4, 5, 6, 7].map((x) => meshGrid.isBlocked(x, 0, 0))).toEqual([false, true, true, true, true, false]);
    expect(meshGrid.isBlocked(4, 1, 0)).toBe(true);
    expect(meshGrid.isBlocked(4, 2, 0)).toBe(false);
    // Both in one world: the primitive (before the mesh in the soup) keeps its flush rule.
    const both = new CollisionWorld([{ id: 'flush', shape: 'box', position: [1.5, 2, 2], size: [1, 2, 2] }], null, { meshes: [mesh] });
    expect(both.meshSoupStart).toBeGreaterThan(0);
    const grid = voxelize(both, spec);
    expect([0, 1, 2].map((x) => grid.isBlocked(x, 2, 2))).toEqual([false, true, false]);
    expect(grid.isBlocked(1, 0, 1)).toBe(false);
    expect([2, 3, 4, 5, 6, 7].map((x) => grid.isBlocked(x, 0, 0))).toEqual([false, true, true, true, true, false]);
  });

  it('NavWorld at agent radius 0 blocks a grid-aligned wall, and paths go around it', () => {
    const root = new Group();
    root.add(new Mesh(new BoxGeometry(1, 6, 6), new MeshBasicMaterial()));
    const bounds = new Box3(new Vector3(-6, -4, -4), new Vector3(6, 4, 4));
    for (const fill of ['surface', 'solid'] as const) {
      const nav = NavWorld.fromObject3D(root, { cellSize: 0.5, agentRadius: 0, waypoints: 'none', bounds, fill });
      expect(blocked(nav.grid), fill).toBe(4 * 14 * 14);
      const r = nav.findPath(new Vector3(-4, 0.25, 0.25), new Vector3(4, 0.25, 0.25));
      expect(r.status).toBe('found');
      expect(r.length).toBeGreaterThan(8.5);
    }
  });

  it('a closed grid-aligned mesh filled solid is solid; its surface leaves only the open inside free', () => {
    const root = new Group();
    root.add(new Mesh(new BoxGeometry(3, 3, 3), new MeshBasicMaterial()));
    const bounds = new Box3(new Vector3(-3, -3, -3), new Vector3(3, 3, 3));
    const solid = NavWorld.fromObject3D(root, { cellSize: 0.5, agentRadius: 0, waypoints: 'none', bounds, fill: 'solid' });
    const surface = NavWorld.fromObject3D(root, { cellSize: 0.5, agentRadius: 0, waypoints: 'none', bounds, fill: 'surface' });
    // Voxels meeting [-1.5, 1.5]^3: 8 per axis; in its open inside: 4 per axis.
    expect(blocked(solid.grid)).toBe(8 ** 3);
    expect(blocked(surface.grid)).toBe(8 ** 3 - 4 ** 3);
    expect(Array.from(solid.grid.occupancy)).toEqual(Array.from(shellCover(solid.grid, [-1.5, -1.5, -1.5], [1.5, 1.5, 1.5], true)));
    // The default ('auto': the box is closed) is solid too.
    expect(blocked(NavWorld.fromObject3D(root, { cellSize: 0.5, agentRadius: 0, waypoints: 'none', bounds }).grid)).toBe(8 ** 3);
  });

  for (const seed of [1, 2, 3]) {
    it(`every point of random axis-aligned and rotated meshes lies in a blocked closed box (seed ${seed})`, () => {
      const random = rng(seed);
      const s = 0.5;
      const meshes: WorldMesh[] = [];
      for (let i = 0; i < 10; i++) {
        // Grid-aligned boxes (sizes and places on the half-cell lattice), then turned ones.
        const size = [0, 0, 0].map(() => s * (1 + Math.floor(random() * 5))) as [number, number, number];
        const at = [0, 0, 0].map(() => 0.5 * s * Math.floor(random() * 20 - 10)) as [number, number, number];
        const turn = (i < 5 ? [0, 0, 0] : [0, 0, 0].map(() => random() * Math.PI)) as [number, number, number];
        meshes.push(boxMesh(`b${i}`, size, at, turn));
      }
      // A voxel layer and a primitive put other triangles before the meshes in the soup.
      const layer = new VoxelGrid({ dims: [4, 4, 4], cellSize: s, origin: { x: 6, y: 6, z: 6 } });
      layer.setBlocked(1, 1, 1, true);
      const worlds = [
        new MeshWorld({ meshes }),
        new CollisionWorld([{ id: 'p', shape: 'box', position: [-6, -6, -6], size: [1, 1, 1] }], layer, { meshes }),
      ];
      expect(worlds[1].meshSoupStart).toBeGreaterThan(0);
      const soup = meshSoup(worlds[0]);
      const { min, max } = soupBounds(soup);
      for (const r of [0, 0.3]) {
        const spec = { ...meshGridSpec({ x: -8, y: -8, z: -8 }, { x: 8, y: 8, z: 8 }, s, r), cellSize: s };
        const full = voxelize(worlds[0], spec, { dilation: r });
        expect(uncovered(full, soup, r), `r ${r}`).toBeNull();
        expect(blocked(full)).toBeGreaterThan(0);
        expect(uncovered(voxelize(worlds[1], spec, { dilation: r }), meshSoup(worlds[1]), r), `collision world r ${r}`).toBeNull();
        // The region voxelizer agrees with the full one.
        const part = voxelize(worlds[0], spec, { dilation: r });
        part.occupancy.fill(0);
        voxelizeRegion(worlds[0], part, { min, max }, { dilation: r });
        expect(Array.from(part.occupancy)).toEqual(Array.from(full.occupancy));
      }
      // voxelizeTriangles (the CLI's and the importer's) blocks the same voxels as voxelize on the same grid.
      const tri = voxelizeTriangles(soup, { cellSize: s });
      const same = voxelize(worlds[0], { dims: [tri.grid.X, tri.grid.Y, tri.grid.Z], origin: tri.grid.origin, cellSize: s });
      expect(Array.from(same.occupancy)).toEqual(Array.from(tri.grid.occupancy));
    });
  }

  it('the cover check finds a point a shrunk voxelization misses', () => {
    // The test's own check: the old rule (touching does not count) leaves a grid-aligned box uncovered.
    const world = new MeshWorld({ meshes: [boxMesh('wall', [1, 6, 6], [0, 0, 0])] });
    const spec = { dims: [8, 16, 16] as [number, number, number], origin: { x: -2, y: -4, z: -4 }, cellSize: 0.5 };
    expect(uncovered(new VoxelGrid(spec), meshSoup(world), 0)).not.toBeNull();
    const grid = voxelize(world, spec);
    expect(uncovered(grid, meshSoup(world), 0)).toBeNull();
    grid.setBlocked(2, 6, 6, false); // voxel [-1, -0.5] x [-1, -0.5]^2 touches the face x = -0.5 alone
    expect(uncovered(grid, meshSoup(world), 0)).toBeNull();
    grid.setBlocked(3, 6, 6, false);
    expect(uncovered(grid, meshSoup(world), 0)).not.toBeNull();
  });
});
