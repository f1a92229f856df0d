/** The app workers' mesh work: re-voxelizing a scene's placed meshes, placing waypoints, preprocessing with meshes. */
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importForApp, placeForApp, voxelizeForApp } from '../../src/app/features/meshes/meshWork.ts';
import { IMPORT_STAGES } from '../../src/import/importScene.ts';
import { preprocessForApp } from '../../src/app/shell/workers/preprocessForApp.ts';
import { soupMeshes } from '../../src/app/shell/workers/meshSoups.ts';
import { readMeshFile, readSceneMeshes } from '../../src/cli/meshFiles.ts';
import { buildVoxelGrid, parseScene, SCENE_VERSION } from '../../src/scene/index.ts';
import { ROOT } from '../support/cli.ts';

const tetra = () => readMeshFile(join(ROOT, 'test/data/meshes/tetra.obj'));

describe('voxelizeForApp', () => {
  it('voxelizes the meshes where their transforms place them, covering them with a free margin', async () => {
    const mesh = await tetra();
    // tetra.obj spans [0, 2]^3; placed at x + 10, scaled 2: [10, 14] x [0, 4] x [0, 4].
    const doc = parseScene({
      version: SCENE_VERSION,
      name: 't',
      bounds: { min: [0, 0, 0], max: [1, 1, 1] },
      meshes: [{ id: 't', src: 't.obj', position: [10, 0, 0], rotation: [0, 0, 0], scale: [2, 2, 2] }],
    });
    const r = voxelizeForApp({ type: 'voxelize', doc, meshes: [{ id: 't', soup: mesh.soup }], cellSize: 0.5, fill: 'solid', dilation: 0 });
    const [X, Y, Z] = r.voxels.dims;
    expect(r.voxels.origin[0]).toBeLessThan(10);
    expect(r.voxels.origin[0] + X * 0.5).toBeGreaterThan(14);
    expect(r.voxels.origin[1] + Y * 0.5).toBeGreaterThan(4);
    expect(r.voxels.origin[2] + Z * 0.5).toBeGreaterThan(4);
    // The bounds grow to hold the layer and keep what they held.
    expect(r.bounds.min).toEqual([0, 0, 0].map((v, k) => Math.min(v, r.voxels.origin[k])));
    expect(r.bounds.max[0]).toBeGreaterThanOrEqual(r.voxels.origin[0] + X * 0.5);
    // Solid: the tetrahedron's inside is blocked; the border is free.
    const grid = buildVoxelGrid(parseScene({ ...doc, voxels: r.voxels, bounds: r.bounds }))!;
    const v = grid.worldToVoxel({ x: 10.6, y: 0.6, z: 0.6 }, { x: 0, y: 0, z: 0 });
    expect(grid.isBlocked(v.x, v.y, v.z)).toBe(true);
    expect(grid.isBlocked(0, 0, 0)).toBe(false);
    // Dilation blocks more.
    const dilated = voxelizeForApp({
      type: 'voxelize',
      doc,
      meshes: [{ id: 't', soup: mesh.soup }],
      cellSize: 0.5,
      fill: 'solid',
      dilation: 0.5,
    });
    expect(dilated.blocked).toBeGreaterThan(r.blocked);
  });

  it('refuses a scene without meshes', () => {
    const doc = parseScene({ version: SCENE_VERSION, name: 'e', bounds: { min: [0, 0, 0], max: [1, 1, 1] } });
    expect(() => voxelizeForApp({ type: 'voxelize', doc, meshes: [], cellSize: 0.5, fill: 'surface', dilation: 0 })).toThrow(/no meshes/);
  });
});

describe('a scene with meshes in the workers', () => {
  const path = join(ROOT, 'scenes/space-station.json');
  const doc = parseScene(readFileSync(path, 'utf8'));

  it('preprocesses with the mesh triangles (and names a mesh that was not sent)', async () => {
    const meshes = await readSceneMeshes(doc, path);
    const soups = soupMeshes([...meshes].map(([id, m]) => ({ id, soup: m.soup })));
    const { value } = preprocessForApp({ kind: 'value', value: doc }, soups);
    expect(value.triangles).toBeGreaterThanOrEqual(meshes.get('space-station')!.triangles);
    expect(value.scene.pairs.length / 2).toBeGreaterThan(doc.waypoints.length);
    expect(() => preprocessForApp({ kind: 'value', value: doc })).toThrow(/mesh 'space-station'.*not loaded/);
  });

  it('places waypoints clear of the meshes', async () => {
    const meshes = await readSceneMeshes(doc, path);
    const r = placeForApp({ type: 'waypoints', doc, meshes: [...meshes].map(([id, m]) => ({ id, soup: m.soup })) });
    expect(r.waypoints.length).toBeGreaterThan(10);
    expect(r.waypoints[0].id).toBe('auto-1');
  });
});

describe('importForApp (the import work of the Meshes feature)', () => {
  it('tells each stage as it starts, in order, and resolves auto to the fill it used', async () => {
    const mesh = await tetra();
    const stages: string[] = [];
    const r = await importForApp(
      {
        type: 'import-meshes',
        files: [{ src: 'data:model/obj;base64,', name: 'tetra.obj', soup: mesh.soup }],
        // A coarse grid (tetra.obj spans [0, 2]^3): placement stays quick.
        options: { cellSize: 0.125, fill: 'auto', waypoints: true, agents: 2, name: 'tetra' },
      },
      (s) => stages.push(s),
    );
    expect(stages).toEqual([...IMPORT_STAGES]);
    // tetra.obj is closed: solid; two agents of the level's radius.
    expect(r.fill).toBe('solid');
    expect(r.document.agents).toHaveLength(2);
    expect(r.document.agents.every((a) => a.radius === r.document.agentRadius)).toBe(true);
    expect(r.document.agentRadius).toBeGreaterThan(0);
  });

  it('voxelizeForApp: auto is solid for a closed mesh and says so', async () => {
    const mesh = await tetra();
    const doc = parseScene({
      version: SCENE_VERSION,
      name: 't',
      bounds: { min: [0, 0, 0], max: [2, 2, 2] },
      meshes: [{ id: 't', src: 't.obj', position: [0, 0, 0], rotation: [0, 0, 0], scale: [1, 1, 1] }],
    });
    const auto = voxelizeForApp({
      type: 'voxelize',
      doc,
      meshes: [{ id: 't', soup: mesh.soup }],
      cellSize: 0.25,
      fill: 'auto',
      dilation: 0,
    });
    const solid = voxelizeForApp({
      type: 'voxelize',
      doc,
      meshes: [{ id: 't', soup: mesh.soup }],
      cellSize: 0.25,
      fill: 'solid',
      dilation: 0,
    });
    expect(auto.fill).toBe('solid');
    expect(auto.voxels).toEqual(solid.voxels);
  });
});
