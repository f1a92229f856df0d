import { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';
import { mulberry32, randInt } from '../../src/core/math/random.ts';
import type { RefGrid } from './reference.ts';

/** A random test world: the grid, an independent view of it for the references, its free voxels. */
export interface World {
  grid: VoxelGrid;
  ref: RefGrid;
  free: number[];
}

/** A random seeded world: dims 3..7, 10-40% blocked, optional terrain multipliers in [1, 5]. */
export function makeWorld(seed: number, terrain: boolean): World {
  const rand = mulberry32(seed);
  const X = 3 + randInt(rand, 5),
    Y = 3 + randInt(rand, 5),
    Z = 2 + randInt(rand, 4);
  const grid = new VoxelGrid({ dims: [X, Y, Z], cellSize: 1 });
  const density = 0.1 + rand() * 0.3;
  const blocked = new Uint8Array(X * Y * Z);
  const costs = new Float64Array(X * Y * Z).fill(1);
  for (let i = 0; i < blocked.length; i++) {
    if (rand() < density) blocked[i] = 1;
    else if (terrain && rand() < 0.3) costs[i] = 1 + Math.round(rand() * 16) / 4;
  }
  const free: number[] = [];
  for (let z = 0; z < Z; z++)
    for (let y = 0; y < Y; y++)
      for (let x = 0; x < X; x++) {
        const i = x + X * (y + Y * z);
        if (blocked[i]) grid.setBlocked(x, y, z, true);
        else free.push(i);
        if (costs[i] !== 1) grid.setCost(x, y, z, costs[i]);
      }
  const inside = (x: number, y: number, z: number) => x >= 0 && y >= 0 && z >= 0 && x < X && y < Y && z < Z;
  const ref: RefGrid = {
    X,
    Y,
    Z,
    blocked: (x, y, z) => !inside(x, y, z) || blocked[x + X * (y + Y * z)] === 1,
    cost: (x, y, z) => costs[x + X * (y + Y * z)],
  };
  return { grid, ref, free };
}

/** A grid of `boxes` random blocked boxes (sides 1..maxSide) and `scatter` scattered blocked voxels (seeded). */
export function boxesGrid(seed: number, X: number, Y: number, Z: number, boxes: number, scatter: number, maxSide: number): VoxelGrid {
  const rnd = mulberry32(seed);
  const g = new VoxelGrid({ dims: [X, Y, Z] });
  for (let b = 0; b < boxes; b++) {
    const x0 = randInt(rnd, X),
      y0 = randInt(rnd, Y),
      z0 = randInt(rnd, Z);
    const sx = 1 + randInt(rnd, maxSide),
      sy = 1 + randInt(rnd, maxSide),
      sz = 1 + randInt(rnd, maxSide);
    for (let z = z0; z < Math.min(Z, z0 + sz); z++)
      for (let y = y0; y < Math.min(Y, y0 + sy); y++) for (let x = x0; x < Math.min(X, x0 + sx); x++) g.occupancy[g.index(x, y, z)] = 1;
  }
  for (let i = 0; i < scatter; i++) g.occupancy[randInt(rnd, g.size)] = 1;
  return g;
}
