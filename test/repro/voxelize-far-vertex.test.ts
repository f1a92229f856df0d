// One vertex near 1e38 hung voxelization: the grid size came from a loop
// (`while (o + (n - 1) * cellSize <= hi) n++`) that never ended once `cellSize` vanished in the
// rounding of such coordinates, and the voxel limit was only checked after it. Sizes are now
// computed arithmetically with every limit (coordinates, voxel indices, voxel count) checked
// first. A regression shows as a test that times out.
import { BoxGeometry, Group, Mesh } from 'three';
import { describe, expect, it } from 'vitest';
import { NavlabError } from '../../src/core/errors.ts';
import { LIMITS } from '../../src/core/limits.ts';
import { NavWorld } from '../../src/three/NavWorld.ts';
import { meshGridSpec, voxelizeTriangles } from '../../src/core/geometry/voxelizeMesh.ts';

const unitTriangle = [0, 0, 0, 1, 0, 0, 0, 1, 0];
const usageError = (f: () => unknown, message: RegExp) => {
  let error: unknown = null;
  try {
    f();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(NavlabError);
  expect((error as NavlabError).code).toBe('usage');
  expect((error as Error).message).toMatch(message);
};

describe('voxelization sizes are computed, not counted', () => {
  it('refuses a vertex near 1e38 or a triangle spanning 1e30 at once', () => {
    usageError(
      () => voxelizeTriangles([...unitTriangle, 0, 0, 0, 1e38, 0, 0, 0, 1, 0], { cellSize: 0.1 }),
      /x = 1e\+38 is beyond the coordinate limit of ±1000000000/,
    );
    usageError(() => voxelizeTriangles([-1e30, 0, 0, 1e30, 0, 0, 0, 1, 0], { cellSize: 1 }), /x = -1e\+30 is beyond the coordinate limit/);
  });

  it('refuses a mesh scaled by 1e38 in NavWorld.fromObject3D', () => {
    const root = new Group();
    const mesh = new Mesh(new BoxGeometry(1, 1, 1));
    mesh.scale.setScalar(1e38);
    root.add(mesh);
    usageError(() => NavWorld.fromObject3D(root, { cellSize: 1, waypoints: 'none' }), /beyond the coordinate limit/);
  });

  it('names the voxel count of a cell size that would give 1e12 voxels or more, before allocating', () => {
    const slanted = [0, 0, 0, 1, 0, 0, 0, 1, 1];
    usageError(
      () => voxelizeTriangles(slanted, { cellSize: 1e-4 }),
      /10004x10004x10004 = 1001200480064 voxels, over the limit of 268435456/,
    );
    usageError(() => voxelizeTriangles(slanted, { cellSize: 1e-9 }), /1000000004x1000000004x1000000004 = 1\.0+1\d*e\+27 voxels/);
    // Just over the limit once the margins are counted: the exact count is named.
    usageError(() => voxelizeTriangles(unitTriangle, { cellSize: 1e-4 }), /10004x10004x4 = 400320064 voxels, over the limit of 268435456/);
  });

  it.each([0, -1, NaN, Infinity])('refuses cell size %s', (cellSize) => {
    usageError(() => voxelizeTriangles(unitTriangle, { cellSize }), /cellSize: expected a finite number > 0/);
  });

  it('refuses a cell size too small to tell voxels apart at the coordinates (indices beyond 2^40)', () => {
    const far = [1e9 - 1, 0, 0, 1e9, 0, 0, 1e9, 1e-6, 0];
    usageError(() => meshGridSpec({ x: 1e9 - 1, y: 0, z: 0 }, { x: 1e9, y: 1e-6, z: 0 }, 1e-7), /voxel indices beyond 1099511627776/);
    usageError(() => voxelizeTriangles(far, { cellSize: 1e-7 }), /voxel indices beyond/);
  });

  it('still covers a triangle at the coordinate limit with a free margin', () => {
    const c = LIMITS.worldCoord;
    const { grid } = voxelizeTriangles([c - 2, 0, 0, c, 0, 0, c, 2, 0], { cellSize: 0.5 });
    expect(grid.origin.x + grid.cellSize).toBeLessThan(c - 2);
    expect(grid.origin.x + (grid.X - 1) * grid.cellSize).toBeGreaterThan(c);
  });
});
