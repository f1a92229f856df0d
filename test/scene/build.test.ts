import { describe, expect, it } from 'vitest';
import { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';
import { parse3dMap } from '../../src/core/io/movingai.ts';
import { vec3 } from '../../src/core/math/vec3.ts';
import {
  buildVoxelGrid,
  movingObstaclePosition,
  parseScene,
  resolvePoint,
  saveScene,
  sceneFromMovingAi,
  solidBoxes,
  waypointIndex,
  waypointPositions,
  type MovingObstacle,
  type VoxelBox,
} from '../../src/scene/index.ts';
import { mulberry32 } from './geometry.ts';
import { firstDifference, movingAiText } from './helpers.ts';

/** Occupancy written voxel by voxel, to compare the box filling against. */
function naiveOccupancy(dims: [number, number, number], boxes: VoxelBox[]): Uint8Array {
  const [X, Y] = dims;
  const occ = new Uint8Array(dims[0] * dims[1] * dims[2]);
  for (const [x0, y0, z0, x1, y1, z1] of boxes)
    for (let z = z0; z <= z1; z++) for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) occ[x + X * (y + Y * z)] = 1;
  return occ;
}

describe('buildVoxelGrid', () => {
  it('returns null without a voxel layer', () => {
    expect(buildVoxelGrid(parseScene({ version: 1 }))).toBeNull();
  });

  it('fills solid boxes exactly, with origin and cell size', () => {
    const solid: VoxelBox[] = [
      [0, 0, 0, 2, 1, 0],
      [4, 3, 2, 4, 3, 2],
      [1, 2, 1, 5, 3, 3],
    ];
    const doc = parseScene({ version: 1, voxels: { origin: [-1, 2, 3], cellSize: 0.5, dims: [6, 4, 5], solid } });
    const grid = buildVoxelGrid(doc)!;
    expect([grid.X, grid.Y, grid.Z, grid.cellSize]).toEqual([6, 4, 5, 0.5]);
    expect(grid.origin).toEqual({ x: -1, y: 2, z: 3 });
    expect(grid.occupancy).toEqual(naiveOccupancy([6, 4, 5], solid));
    expect(grid.terrain).toBeNull();
  });

  it('applies terrain regions in order, later ones winning, and allocates terrain only when needed', () => {
    const doc = parseScene({
      version: 1,
      voxels: {
        dims: [4, 1, 4],
        terrain: [
          { kind: 'water', cost: 8, boxes: [[0, 0, 1, 3, 0, 2]] },
          { kind: 'bridge', cost: 1, boxes: [[1, 0, 1, 1, 0, 2]] },
          { kind: 'mud', cost: 2.5, boxes: [[3, 0, 3, 3, 0, 3]] },
        ],
      },
    });
    const grid = buildVoxelGrid(doc)!;
    const cost = (x: number, z: number) => grid.costAt(grid.index(x, 0, z));
    expect([cost(0, 1), cost(1, 1), cost(2, 2), cost(1, 2), cost(3, 3), cost(0, 0)]).toEqual([8, 1, 8, 1, 2.5, 1]);
    const plain = parseScene({
      version: 1,
      voxels: { dims: [2, 2, 2], terrain: [{ kind: 'road', cost: 1, boxes: [[0, 0, 0, 1, 1, 1]] }] },
    });
    expect(buildVoxelGrid(plain)!.terrain).toBeNull();
  });
});

describe('solidBoxes (greedy box merging)', () => {
  const cases: [string, [number, number, number], number][] = [
    ['sparse', [13, 7, 9], 0.1],
    ['half full', [8, 8, 8], 0.5],
    ['dense', [10, 5, 12], 0.9],
    ['a line', [1, 17, 1], 0.6],
    ['a sheet', [20, 1, 11], 0.4],
  ];
  it.each(cases)('is lossless and disjoint on a random %s grid', (_name, dims, density) => {
    for (let seed = 1; seed <= 5; seed++) {
      const rnd = mulberry32(seed);
      const grid = new VoxelGrid({ dims });
      for (let i = 0; i < grid.size; i++) grid.occupancy[i] = rnd() < density ? 1 : 0;
      const boxes = solidBoxes(grid);
      const cover = new Uint8Array(grid.size);
      let volume = 0;
      for (const [x0, y0, z0, x1, y1, z1] of boxes) {
        expect(x0 <= x1 && y0 <= y1 && z0 <= z1 && x1 < dims[0] && y1 < dims[1] && z1 < dims[2]).toBe(true);
        volume += (x1 - x0 + 1) * (y1 - y0 + 1) * (z1 - z0 + 1);
        for (let z = z0; z <= z1; z++) for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) cover[grid.index(x, y, z)]++;
      }
      expect(cover).toEqual(grid.occupancy); // every blocked voxel exactly once, no free voxel
      expect(volume).toBe(grid.occupancy.reduce((n, b) => n + b, 0));
    }
  });

  it('gives the boxes of a voxel-by-voxel scan in index order (the same list, in order), with runs of zero words skipped', () => {
    // The reference: every voxel visited in index order, each one still uncovered starting a box.
    const reference = (grid: VoxelGrid): number[][] => {
      const { X, Y, Z } = grid;
      const left = grid.occupancy.slice();
      const full = (y: number, z: number, x0: number, x1: number) => {
        for (let x = x0; x <= x1; x++) if (left[grid.index(x, y, z)] === 0) return false;
        return true;
      };
      const out: number[][] = [];
      for (let z = 0; z < Z; z++)
        for (let y = 0; y < Y; y++)
          for (let x = 0; x < X; x++) {
            if (left[grid.index(x, y, z)] === 0) continue;
            let x1 = x;
            while (x1 + 1 < X && left[grid.index(x1 + 1, y, z)] !== 0) x1++;
            let y1 = y;
            while (y1 + 1 < Y && full(y1 + 1, z, x, x1)) y1++;
            let z1 = z;
            grow: while (z1 + 1 < Z) {
              for (let yy = y; yy <= y1; yy++) if (!full(yy, z1 + 1, x, x1)) break grow;
              z1++;
            }
            for (let zz = z; zz <= z1; zz++)
              for (let yy = y; yy <= y1; yy++) for (let xx = x; xx <= x1; xx++) left[grid.index(xx, yy, zz)] = 0;
            out.push([x, y, z, x1, y1, z1]);
          }
      return out;
    };
    const rnd = mulberry32(11);
    for (let k = 0; k < 60; k++) {
      const dims: [number, number, number] = [1 + Math.floor(rnd() * 9), 1 + Math.floor(rnd() * 9), 1 + Math.floor(rnd() * 9)];
      const grid = new VoxelGrid({ dims });
      // Sparse clusters: long zero stretches between blocked voxels, some at the very end.
      const density = rnd() < 0.5 ? 0.03 : 0.4;
      for (let i = 0; i < grid.size; i++) grid.occupancy[i] = rnd() < density || (k % 3 === 0 && i === grid.size - 1) ? 1 : 0;
      expect(solidBoxes(grid)).toEqual(reference(grid));
    }
  });

  it('merges a full grid into one box and an empty one into none', () => {
    const grid = new VoxelGrid({ dims: [5, 6, 7] });
    expect(solidBoxes(grid)).toEqual([]);
    grid.occupancy.fill(1);
    expect(solidBoxes(grid)).toEqual([[0, 0, 0, 4, 5, 6]]);
  });
});

describe('waypoints and points', () => {
  const doc = parseScene({
    version: 1,
    waypoints: [
      { id: 'a', position: [1, 2, 3] },
      { id: 'b', position: [-4, 5.5, 6] },
    ],
    movingObstacles: [{ id: 'moon', radius: 1, orbit: { center: [10, 0, 0], radius: 5, period: 8 } }],
  });

  it('waypointPositions is a flat xyz array in document order', () => {
    expect(Array.from(waypointPositions(doc))).toEqual([1, 2, 3, -4, 5.5, 6]);
  });

  it('waypointIndex maps ids to document order', () => {
    expect([...waypointIndex(doc)]).toEqual([
      ['a', 0],
      ['b', 1],
    ]);
  });

  it('resolvePoint handles positions, waypoint ids and moving obstacles at time t', () => {
    expect(resolvePoint(doc, [7, 8, 9])).toEqual({ x: 7, y: 8, z: 9 });
    expect(resolvePoint(doc, 'b')).toEqual({ x: -4, y: 5.5, z: 6 });
    const p = resolvePoint(doc, 'moon', 2);
    expect([p.x, p.y, p.z].map((v) => Math.round(v * 1e9) / 1e9)).toEqual([10, 0, -5]);
    const out = vec3();
    expect(resolvePoint(doc, 'a', 0, out)).toBe(out);
    expect(() => resolvePoint(doc, 'nowhere')).toThrow(
      expect.objectContaining({ code: 'usage', message: expect.stringContaining("'nowhere'") }),
    );
    expect(() => resolvePoint(doc, 'nowhere')).toThrow(/'nowhere'/);
  });
});

describe('movingObstaclePosition', () => {
  const orbit = (o: Partial<MovingObstacle['orbit']>): MovingObstacle => ({
    id: 'p',
    radius: 1,
    orbit: { center: [1, 2, 3], radius: 4, period: 10, phase: 0, axis: [0, 1, 0], ...o },
  });
  const at = (mo: MovingObstacle, t: number) => {
    const p = movingObstaclePosition(mo, t, vec3());
    return [p.x, p.y, p.z];
  };
  const close = (a: number[], b: number[]) => a.forEach((v, i) => expect(v).toBeCloseTo(b[i], 9));

  it('starts at +x and turns right-handed about +y by default (towards -z)', () => {
    close(at(orbit({}), 0), [5, 2, 3]);
    close(at(orbit({}), 2.5), [1, 2, -1]);
    close(at(orbit({}), 5), [-3, 2, 3]);
    close(at(orbit({ phase: Math.PI / 2 }), 0), [1, 2, -1]);
  });

  it('is periodic, stays on the circle in the plane normal to the axis, and ignores the axis length', () => {
    for (const axis of [
      [0, 1, 0],
      [1, 0, 0],
      [0.3, -2, 0.7],
      [1, 0.05, 0],
      [0, 0, -1],
    ] as [number, number, number][]) {
      const n = Math.hypot(...axis);
      for (const t of [0, 0.7, 3.3, 9.1, 123.4]) {
        const p = at(orbit({ axis }), t);
        const d = [p[0] - 1, p[1] - 2, p[2] - 3];
        expect(Math.hypot(...d)).toBeCloseTo(4, 9);
        expect((d[0] * axis[0] + d[1] * axis[1] + d[2] * axis[2]) / n).toBeCloseTo(0, 9);
        close(at(orbit({ axis }), t + 10), p);
        close(at(orbit({ axis: [axis[0] * 3, axis[1] * 3, axis[2] * 3] }), t), p);
      }
    }
  });

  it('turns right-handed about any axis', () => {
    // The angular momentum (p - c) x velocity points along the axis.
    for (const axis of [
      [0, 0, 1],
      [1, 0, 0],
      [0.2, 0.5, -1],
    ] as [number, number, number][]) {
      const a = at(orbit({ axis }), 1).map((v, i) => v - [1, 2, 3][i]);
      const b = at(orbit({ axis }), 1.001).map((v, i) => v - [1, 2, 3][i]);
      const cross = [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
      expect(cross[0] * axis[0] + cross[1] * axis[1] + cross[2] * axis[2]).toBeGreaterThan(0);
    }
  });
});

describe('sceneFromMovingAi', () => {
  it('converts a small map losslessly', () => {
    const text = 'voxel 4 3 2\n0 0 0\n1 0 0\n3 2 1\n1 1 0\n0 0 1\n';
    const doc = sceneFromMovingAi(text, 'maps/tiny.3dmap');
    expect(doc.name).toBe('tiny');
    expect(doc.bounds).toEqual({ min: [0, 0, 0], max: [4, 3, 2] });
    expect(doc.waypoints).toEqual([]);
    expect(buildVoxelGrid(parseScene(saveScene(doc)))!.occupancy).toEqual(parse3dMap(text).occupancy);
  });

  for (const name of ['Simple.3dmap', 'Complex.3dmap']) {
    const text = movingAiText(name);
    it.skipIf(text === null)(`round-trips ${name}: buildVoxelGrid(sceneFromMovingAi(t)) has exactly parse3dMap(t)'s occupancy`, () => {
      const expected = parse3dMap(text!);
      const doc = parseScene(saveScene(sceneFromMovingAi(text!, name, 'x')));
      const grid = buildVoxelGrid(doc)!;
      expect([grid.X, grid.Y, grid.Z]).toEqual([expected.X, expected.Y, expected.Z]);
      expect(firstDifference(grid.occupancy, expected.occupancy)).toBe(-1);
      const blocked = expected.occupancy.reduce((n, b) => n + b, 0);
      expect(doc.voxels!.solid.length).toBeLessThan(blocked / 4); // merging pays off on real maps
    });
  }
});
