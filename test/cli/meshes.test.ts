import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readMeshFile } from '../../src/cli/meshFiles.ts';
import { readNavbin } from '../../src/core/io/navbin.ts';
import { buildVoxelGrid, parseScene, saveScene } from '../../src/scene/index.ts';
import { voxelizeTriangles } from '../../src/core/geometry/voxelizeMesh.ts';
import { runNav, ROOT } from '../support/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'navlab-meshes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const mesh = (name: string) => join(ROOT, 'test/data/meshes', name);

/** Occupancy from inclusive boxes, checking that they are disjoint. */
function fromBoxes(dims: number[], boxes: number[][]): Uint8Array {
  const [X, Y] = dims;
  const occ = new Uint8Array(dims[0] * dims[1] * dims[2]);
  for (const [x0, y0, z0, x1, y1, z1] of boxes) {
    for (let z = z0; z <= z1; z++)
      for (let y = y0; y <= y1; y++)
        for (let x = x0; x <= x1; x++) {
          const i = x + X * (y + Y * z);
          if (occ[i]) throw new Error(`boxes overlap at ${x}, ${y}, ${z}`);
          occ[i] = 1;
        }
  }
  return occ;
}

describe('nav voxelize', () => {
  it('prints the contract JSON: grid covering the mesh with a free margin, boxes = the blocked set', async () => {
    const r = runNav(['voxelize', mesh('sample.glb'), '--cell-size', '0.3', '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(Object.keys(j)).toEqual(['triangles', 'origin', 'cellSize', 'dims', 'blocked', 'solid', 'ms']);
    expect(j.triangles).toBe(28);
    expect(j.cellSize).toBe(0.3);
    const occ = fromBoxes(j.dims, j.solid);
    expect(occ.reduce((s: number, v: number) => s + v, 0)).toBe(j.blocked);
    const { soup } = await readMeshFile(mesh('sample.glb'));
    const { grid } = voxelizeTriangles(soup, { cellSize: 0.3 });
    expect(Array.from(occ)).toEqual(Array.from(grid.occupancy));
    for (let a = 0; a < 3; a++) {
      let min = Infinity,
        max = -Infinity;
      for (let i = a; i < soup.length; i += 3) {
        min = Math.min(min, soup[i]);
        max = Math.max(max, soup[i]);
      }
      // One whole free voxel below and above the mesh on every axis.
      expect(j.origin[a] + 0.3).toBeLessThan(min);
      expect(j.origin[a] + (j.dims[a] - 1) * 0.3).toBeGreaterThan(max);
    }
  });

  it('--fill solid fills closed meshes', () => {
    const surface = JSON.parse(runNav(['voxelize', mesh('meshopt.glb'), '--cell-size', '0.1', '--json']).stdout);
    const solid = JSON.parse(runNav(['voxelize', mesh('meshopt.glb'), '--cell-size', '0.1', '--fill', 'solid', '--json']).stdout);
    // A cube: the solid fill is the whole box of voxels its surface touches, hollow before.
    const lo = [0, 1, 2].map((a) => Math.min(...surface.solid.map((b: number[]) => b[a])));
    const hi = [0, 1, 2].map((a) => Math.max(...surface.solid.map((b: number[]) => b[a + 3])));
    const box = (hi[0] - lo[0] + 1) * (hi[1] - lo[1] + 1) * (hi[2] - lo[2] + 1);
    expect(hi[0] - lo[0]).toBeGreaterThanOrEqual(10);
    expect(solid.blocked).toBe(box);
    // Its faces lie on voxel boundaries (a unit cube, cells of 0.1): each blocks the voxels on
    // both sides, so the walls are 2 voxels thick around a hollow of 8^3.
    expect(surface.blocked).toBe(box - 8 ** 3);
  });

  it.each([
    ['broken-magic.glb', 'wrong magic'],
    ['broken-truncated.glb', 'truncated'],
    ['broken-missing-buffer.gltf', "missing buffer 'no-such-file.bin'"],
    ['broken-index.glb', 'out of range'],
    ['broken-nan.glb', 'non-finite position'],
    ['broken-empty.glb', 'no triangles'],
    ['broken-draco.glb', 'Draco decoding failed'],
    ['broken-lines.glb', 'not made of triangles'],
    ['broken-truncated.stl', 'truncated binary STL'],
    ['broken-index.obj', 'out of range'],
  ])('%s: exit 1 naming the file and the problem', (name, problem) => {
    const r = runNav(['voxelize', mesh(name), '--cell-size', '0.5', '--json']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`${mesh(name)}: `);
    expect(r.stderr).toContain(problem);
  });

  it('--world sparse: the same header and blocked voxels from a sparse octree, its own boxes', () => {
    for (const [name, cell, fill] of [
      ['sample.glb', '0.3', 'surface'],
      ['meshopt.glb', '0.1', 'solid'],
      ['draco.glb', '0.05', 'surface'],
    ]) {
      const dense = JSON.parse(runNav(['voxelize', mesh(name), '--cell-size', cell, '--fill', fill, '--json']).stdout);
      const r = runNav(['voxelize', mesh(name), '--cell-size', cell, '--fill', fill, '--world', 'sparse', '--json']);
      expect(r.code, name).toBe(0);
      const sparse = JSON.parse(r.stdout);
      for (const k of ['triangles', 'origin', 'cellSize', 'dims', 'blocked']) expect(sparse[k], `${name} ${k}`).toEqual(dense[k]);
      expect(Array.from(fromBoxes(sparse.dims, sparse.solid)), name).toEqual(Array.from(fromBoxes(dense.dims, dense.solid)));
    }
    expect(runNav(['voxelize', mesh('tetra.obj'), '--cell-size', '1', '--world', 'octree']).code).toBe(2);
  });

  it('usage errors exit 2', () => {
    expect(runNav(['voxelize', mesh('tetra.obj')]).code).toBe(2);
    expect(runNav(['voxelize', mesh('tetra.obj'), '--cell-size', '0']).code).toBe(2);
    expect(runNav(['voxelize', mesh('tetra.obj'), '--cell-size', '1', '--fill', 'hollow']).code).toBe(2);
  });
});

describe('nav import and nav bake', () => {
  it('writes a v2 scene that loads back with the same voxels and links, and bakes it', async () => {
    const out = join(dir, 'level.json');
    const r = runNav([
      'import',
      mesh('sample.glb'),
      mesh('tetra-binary.stl'),
      '--cell-size',
      '0.25',
      '--agent-radius',
      '0.1',
      '--waypoints',
      'none',
      '--out',
      out,
      '--json',
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(Object.keys(j)).toEqual(['scene', 'triangles', 'dims', 'blocked', 'waypoints', 'links', 'ms', 'agents', 'fill']);
    expect(j.triangles).toBe(32);
    expect(j.waypoints).toBe(0);
    // Four agents by default, of the scene's agent radius; both meshes are closed: solid fill.
    expect(j.agents).toBe(4);
    expect(j.fill).toBe('solid');
    const text = readFileSync(out, 'utf8');
    const doc = parseScene(text);
    expect(saveScene(doc)).toBe(text);
    expect(doc.version).toBe(2);
    expect(doc.meshes.map((m) => m.src)).toEqual([
      expect.stringMatching(/^(\.\.\/)+.*test\/data\/meshes\/sample\.glb$/),
      expect.stringMatching(/test\/data\/meshes\/tetra-binary\.stl$/),
    ]);
    expect(doc.agentRadius).toBe(0.1);
    expect(doc.agents.map((a) => a.radius)).toEqual([0.1, 0.1, 0.1, 0.1]);
    // The voxel layer is the voxelization of both meshes together.
    const a = await readMeshFile(mesh('sample.glb')),
      b = await readMeshFile(mesh('tetra-binary.stl'));
    const both = new Float32Array([...a.soup, ...b.soup]);
    const { grid } = voxelizeTriangles(both, { cellSize: 0.25, fill: 'solid' });
    const layer = buildVoxelGrid(doc)!;
    expect([layer.X, layer.Y, layer.Z]).toEqual(j.dims);
    expect(Array.from(layer.occupancy)).toEqual(Array.from(grid.occupancy));
    expect(layer.origin).toEqual(grid.origin);

    const baked = join(dir, 'level.navbin');
    const k = runNav(['bake', out, '--out', baked, '--json']);
    expect(k.code).toBe(0);
    const bytes = new Uint8Array(readFileSync(baked));
    const nav = readNavbin(bytes);
    expect(Array.from(nav.grid!.occupancy)).toEqual(Array.from(grid.occupancy));
    expect(nav.settings.agentRadius).toBe(0.1);
    expect(runNav(['bake', out, '--out', `${baked}2`]).code).toBe(0);
    expect(new Uint8Array(readFileSync(`${baked}2`))).toEqual(bytes);

    // --world sparse: the same voxels as a sparse octree (the SPARSE section), no dense grid.
    const s = runNav(['bake', out, '--out', `${baked}3`, '--world', 'sparse', '--json']);
    expect(s.code).toBe(0);
    expect(JSON.parse(s.stdout).dims).toEqual(j.dims);
    const sparse = readNavbin(new Uint8Array(readFileSync(`${baked}3`)));
    expect(sparse.grid).toBeNull();
    const w = sparse.sparse!;
    let same = true;
    for (let z = 0; z < grid.Z; z++)
      for (let y = 0; y < grid.Y; y++) for (let x = 0; x < grid.X; x++) same &&= w.isBlocked(x, y, z) === grid.isBlocked(x, y, z);
    expect(same).toBe(true);
    expect(w.origin).toEqual(grid.origin);
  });

  it('links in the imported scene are those nav preprocess finds, with the meshes blocking', () => {
    // Waypoints on both sides of the sample's turned cube (x in [-1, 0], y, z in [0, 1]).
    const out = join(dir, 'cube.json');
    expect(runNav(['import', mesh('sample.glb'), '--cell-size', '0.5', '--waypoints', 'none', '--out', out]).code).toBe(0);
    const doc = parseScene(readFileSync(out, 'utf8'));
    const withWaypoints = {
      ...doc,
      voxels: undefined,
      waypoints: [
        { id: 'a', position: [-0.5, 0.5, -3] },
        { id: 'b', position: [-0.5, 0.5, 4] },
        { id: 'c', position: [-0.5, 3, 4] },
      ],
    };
    const file = join(dir, 'cube-waypoints.json');
    writeFileSync(file, saveScene(parseScene(withWaypoints)));
    const r = runNav(['preprocess', file, '--json']);
    expect(r.code).toBe(0);
    // a-b goes through the cube (mesh only: the voxel layer was removed); a-c and b-c are clear.
    expect(JSON.parse(r.stdout).pairs).toEqual([
      [0, 2],
      [1, 2],
    ]);
  });

  it('--waypoints auto (the default) places waypoints that link; bad meshes exit 1; a missing --out exits 2', () => {
    const out = join(dir, 'x.json');
    const auto = runNav(['import', mesh('sample.glb'), '--agent-radius', '0.1', '--out', out, '--json']);
    expect(auto.code).toBe(0);
    const report = JSON.parse(auto.stdout);
    expect(report.waypoints).toBeGreaterThan(1);
    expect(report.links).toBeGreaterThan(0);
    const doc = parseScene(readFileSync(out, 'utf8'));
    expect(doc.waypoints.length).toBe(report.waypoints);
    expect(doc.waypoints.every((w) => w.id.startsWith('auto-'))).toBe(true);
    const bad = runNav(['import', mesh('broken-nan.glb'), '--waypoints', 'none', '--out', out]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('broken-nan.glb: ');
    expect(runNav(['import', mesh('tetra.obj'), '--waypoints', 'none']).code).toBe(2);
  });
});
