import { describe, expect, it } from 'vitest';
import { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';
import type { BoxObstacle } from '../../src/scene/index.ts';
import { ObstacleWorld } from '../../src/three/ObstacleWorld.ts';
import { VOXEL_EPSILON, voxelize, voxelizeRegion } from '../../src/three/voxelize.ts';
import { randomBoxes, rng } from './analytic.ts';

const SPEC = { dims: [23, 17, 19] as [number, number, number], origin: { x: -1.3, y: -0.6, z: -2.1 }, cellSize: 0.7 };

/**
 * Analytic coverage of axis-aligned boxes grown by `r`: a cell is solid when, on every axis,
 * the box reaches more than 1e-6 into it: bmax - cmin >= eps and cmax - bmin >= eps.
 * Returns per cell 1 solid, 0 free, -1 within 1e-8 of that threshold (not compared).
 */
function coverage(boxes: BoxObstacle[], r: number): Int8Array {
  const [X, Y, Z] = SPEC.dims;
  const out = new Int8Array(X * Y * Z);
  const o = [SPEC.origin.x, SPEC.origin.y, SPEC.origin.z];
  for (let z = 0; z < Z; z++)
    for (let y = 0; y < Y; y++)
      for (let x = 0; x < X; x++) {
        const c = [x, y, z];
        let state = 0;
        for (const b of boxes) {
          let inside = true,
            graze = false;
          for (let a = 0; a < 3; a++) {
            const cmin = o[a] + c[a] * SPEC.cellSize,
              cmax = cmin + SPEC.cellSize;
            const bmin = b.position[a] - b.size[a] / 2 - r,
              bmax = b.position[a] + b.size[a] / 2 + r;
            const m = Math.min(bmax - cmin, cmax - bmin) - VOXEL_EPSILON;
            if (Math.abs(m) < 1e-8) graze = true;
            if (m < 0) inside = false;
          }
          if (inside && !graze) {
            state = 1;
            break;
          }
          if (graze) state = -1;
        }
        out[x + X * (y + Y * z)] = state;
      }
  return out;
}

function expectCoverage(grid: VoxelGrid, expected: Int8Array): void {
  let solid = 0,
    compared = 0;
  for (let i = 0; i < expected.length; i++) {
    if (expected[i] < 0) continue;
    compared++;
    solid += expected[i];
    if (grid.occupancy[i] !== expected[i]) {
      const v = grid.coords(i, { x: 0, y: 0, z: 0 });
      expect.fail(`voxel (${v.x}, ${v.y}, ${v.z}): got ${grid.occupancy[i]}, analytic coverage says ${expected[i]}`);
    }
  }
  expect(compared).toBeGreaterThan(0.99 * expected.length);
  expect(solid).toBeGreaterThan(0.05 * compared);
  expect(solid).toBeLessThan(0.95 * compared);
}

describe('voxelize', () => {
  for (const seed of [5, 6]) {
    it(`boxes give their analytic cell coverage (seed ${seed})`, () => {
      const boxes = randomBoxes(rng(seed), 25, 13, 0.3, 4);
      expectCoverage(voxelize(new ObstacleWorld(boxes), SPEC), coverage(boxes, 0));
    });
  }

  it('dilation by the agent radius grows the boxes', () => {
    const boxes = randomBoxes(rng(7), 12, 13, 0.3, 3);
    expectCoverage(voxelize(new ObstacleWorld(boxes), SPEC, { dilation: 0.45 }), coverage(boxes, 0.45));
  });

  it('keeps thin walls and small obstacles, ignores faces that only touch a cell', () => {
    const world = new ObstacleWorld([
      { id: 'wall', shape: 'box', position: [2.5, 2, 2], size: [0.01, 4, 4] },
      { id: 'speck', shape: 'box', position: [0.5, 0.5, 0.5], size: [0.05, 0.05, 0.05] },
      // Exactly cells x = 4..5: its faces lie on cell boundaries, so x = 3 and 6 stay free.
      { id: 'flush', shape: 'box', position: [5, 0.5, 0.5], size: [2, 1, 1] },
    ]);
    const grid = voxelize(world, { dims: [8, 4, 4], cellSize: 1 });
    expect(grid.isBlocked(2, 1, 1)).toBe(true);
    expect(grid.isBlocked(1, 1, 1)).toBe(false);
    expect(grid.isBlocked(3, 1, 1)).toBe(false);
    expect(grid.isBlocked(0, 0, 0)).toBe(true);
    expect([3, 4, 5, 6].map((x) => grid.isBlocked(x, 0, 0))).toEqual([false, true, true, false]);
    expect(grid.isBlocked(4, 1, 0)).toBe(false);
  });

  it('fills the inside of large obstacles and round shapes by their centres', () => {
    const world = new ObstacleWorld([
      { id: 'big', shape: 'box', position: [8, 8, 8], size: [12, 12, 12] },
      { id: 'ball', shape: 'sphere', position: [22, 8, 8], radius: 4 },
      { id: 'can', shape: 'cylinder', position: [8, 8, 22], radius: 3, height: 6 },
    ]);
    const grid = voxelize(world, { dims: [30, 16, 30], cellSize: 1 });
    const at = (x: number, y: number, z: number) => grid.isBlocked(x, y, z);
    expect(at(8, 8, 8)).toBe(true);
    expect(at(22, 8, 8)).toBe(true);
    expect(at(8, 8, 22)).toBe(true);
    // Cells whose centre is in the sphere are solid; cells well outside its mesh are free.
    for (let z = 0; z < 30; z++)
      for (let x = 16; x < 30; x++)
        for (let y = 0; y < 16; y++) {
          const d = Math.hypot(x + 0.5 - 22, y + 0.5 - 8, z + 0.5 - 8);
          if (d <= 4) expect(at(x, y, z)).toBe(true);
          if (d > 4 * 1.02 + Math.sqrt(3) / 2 && z < 15) expect(at(x, y, z)).toBe(false);
        }
  });

  it('reproduces the voxel layer of the world and adds the primitives', () => {
    const layer = new VoxelGrid({ dims: [10, 6, 8], cellSize: 0.5, origin: { x: 1, y: 0, z: -1 } });
    const random = rng(9);
    for (let i = 0; i < layer.size; i++) layer.occupancy[i] = random() < 0.3 ? 1 : 0;
    const world = new ObstacleWorld([{ id: 'p', shape: 'box', position: [10, 1, 0], size: [1, 1, 1] }], layer);
    const grid = voxelize(world, { dims: [10, 6, 8], cellSize: 0.5, origin: { x: 1, y: 0, z: -1 } });
    expect(Array.from(grid.occupancy)).toEqual(Array.from(layer.occupancy));
    const wider = voxelize(world, { dims: [22, 6, 8], cellSize: 0.5, origin: { x: 1, y: 0, z: -1 } });
    expect(wider.isBlocked(18, 2, 2)).toBe(true);
    expect(wider.isBlocked(16, 2, 2)).toBe(false);
    expect(() => voxelizeRegion(world, layer, { min: { x: 0, y: 0, z: 0 }, max: { x: 1, y: 1, z: 1 } })).toThrow(/own voxel layer/);
  });

  it('re-voxelizing the region of an edit equals a full voxelization', () => {
    const random = rng(10);
    const boxes = randomBoxes(random, 20, 13, 0.3, 3);
    const world = new ObstacleWorld(boxes);
    const grid = voxelize(world, SPEC, { dilation: 0.2 });
    for (let step = 0; step < 12; step++) {
      const target = boxes[Math.floor(random() * boxes.length)];
      let changed: ReturnType<typeof world.setObstacle>;
      if (step % 3 === 2) {
        changed = world.removeObstacle(target.id)!;
        boxes.splice(boxes.indexOf(target), 1);
      } else {
        target.position = [random() * 13, random() * 13, random() * 13];
        changed = world.setObstacle(target);
      }
      voxelizeRegion(world, grid, changed, { dilation: 0.2 });
      expect(Array.from(grid.occupancy)).toEqual(Array.from(voxelize(new ObstacleWorld(boxes), SPEC, { dilation: 0.2 }).occupancy));
    }
  });
});
