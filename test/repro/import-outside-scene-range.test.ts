// Importing a mesh that a scene cannot hold ended in parseScene's multi-line "Invalid scene"
// report (found by the mesh fuzz test: a Draco GLB whose one vertex lay at z = 8.4e6), and a
// mesh under 0.128 units across got a default cell size below the least a scene holds.
// importScene now checks the layer against the scene's ranges first, and the default cell
// size never goes under SCENE_RANGES.cellSize[0].
import { describe, expect, it } from 'vitest';
import { NavlabError } from '../../src/core/errors.ts';
import { SCENE_RANGES } from '../../src/scene/index.ts';
import { ImportError, importScene } from '../../src/import/importScene.ts';
import type { ImportedMesh } from '../../src/import/meshImport.ts';
import { Group } from 'three';

const mesh = (soup: number[]): ImportedMesh => ({ object: new Group(), soup: Float32Array.from(soup), triangles: soup.length / 9 });

describe('importScene stays within what a scene holds', () => {
  it('refuses a mesh beyond the scene coordinate range with one line', async () => {
    const error = await importScene([{ src: 'far.glb', mesh: mesh([0, 0, 5, 1, 0, 5, 0, 1, 8388613]) }]).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImportError);
    expect((error as Error).message).toBe(
      `the meshes reach z = 8388613; a scene's voxel layer must lie within ±${SCENE_RANGES.coord} (with its margin of free voxels)`,
    );
  });

  it('imports a mesh 5 cm across at the least cell size', async () => {
    const r = await importScene([{ src: 'tiny.stl', mesh: mesh([0, 0, 0, 0.05, 0, 0, 0, 0.05, 0.05]) }]);
    expect(r.document.voxels!.cellSize).toBe(SCENE_RANGES.cellSize[0]);
    expect(r.blocked).toBeGreaterThan(0);
  });

  it.each([1e-4, 2e6, NaN])('names a cell size out of range (%s)', async (cellSize) => {
    const error = await importScene([{ src: 'a.stl', mesh: mesh([0, 0, 0, 1, 0, 0, 0, 1, 1]) }], { cellSize }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NavlabError);
    expect((error as NavlabError).code).toBe('usage');
    expect((error as Error).message).toMatch(/^cellSize: expected a number in \[0\.001, 1000000\]/);
  });
});
