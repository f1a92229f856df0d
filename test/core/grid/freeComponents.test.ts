import { describe, expect, it } from 'vitest';
import { connectivityOf, FreeComponents, freeComponents } from '../../../src/core/grid/freeComponents.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { mulberry32, randInt } from '../../support/random.ts';
import { type RefGrid, refMoves } from '../../support/reference.ts';

const RULES = [
  [6, 'forbid'],
  [18, 'forbid'],
  [26, 'forbid'],
  [18, 'allow'],
  [26, 'allow'],
] as const;

function randomGrid(seed: number, X: number, Y: number, Z: number, density: number): VoxelGrid {
  const random = mulberry32(seed);
  const grid = new VoxelGrid({ dims: [X, Y, Z] });
  for (let i = 0; i < grid.size; i++) grid.occupancy[i] = random() < density ? 1 : 0;
  grid.version++;
  return grid;
}

const refOf = (grid: VoxelGrid): RefGrid => ({
  X: grid.X,
  Y: grid.Y,
  Z: grid.Z,
  blocked: (x, y, z) => grid.isBlocked(x, y, z),
  cost: () => 1,
});

/** Component of every voxel by breadth-first flood over the written move rules (-1 blocked). */
function refLabels(grid: VoxelGrid, neighborhood: 6 | 18 | 26, cornerCutting: 'forbid' | 'allow'): Int32Array {
  const ref = refOf(grid);
  const label = new Int32Array(grid.size).fill(-1);
  let next = 0;
  for (let s = 0; s < grid.size; s++) {
    if (grid.occupancy[s] !== 0 || label[s] !== -1) continue;
    label[s] = next;
    const queue = [s];
    while (queue.length > 0) {
      const u = queue.pop()!;
      const c = grid.coords(u, { x: 0, y: 0, z: 0 });
      for (const [x, y, z] of refMoves(ref, c.x, c.y, c.z, neighborhood, cornerCutting)) {
        const v = grid.index(x, y, z);
        if (label[v] === -1) {
          label[v] = next;
          queue.push(v);
        }
      }
    }
    next++;
  }
  return label;
}

describe('FreeComponents', () => {
  it('joins exactly the voxels the move rules connect, for every rule', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const grid = randomGrid(seed, 5 + (seed % 4), 4 + (seed % 3), 3 + (seed % 5), 0.35 + 0.03 * (seed % 6));
      for (const [neighborhood, cornerCutting] of RULES) {
        const ref = refLabels(grid, neighborhood, cornerCutting);
        const comps = new FreeComponents(grid, connectivityOf(neighborhood, cornerCutting));
        const seen = new Map<number, number>();
        for (let i = 0; i < grid.size; i++) {
          const c = comps.componentOf(i);
          expect(c === -1, `seed ${seed} voxel ${i}`).toBe(ref[i] === -1);
          if (c === -1) continue;
          // The two labellings are the same partition: a bijection between labels.
          if (!seen.has(c)) seen.set(c, ref[i]);
          expect(seen.get(c), `seed ${seed} ${neighborhood}/${cornerCutting} voxel ${i}`).toBe(ref[i]);
        }
        expect(comps.count).toBe(new Set(ref.filter((l) => l >= 0)).size);
      }
    }
  });

  it('holds one run per maximal free x-span, not one entry per voxel', () => {
    const grid = new VoxelGrid({ dims: [64, 8, 8] });
    grid.setBlocked(10, 0, 0, true);
    const comps = new FreeComponents(grid, 6);
    expect(comps.runX0.length).toBe(8 * 8 + 1);
    expect(comps.count).toBe(1);
  });

  it('finds the voxels of a component nearest a point, ties included, as a brute force does', () => {
    for (let seed = 20; seed < 30; seed++) {
      const grid = randomGrid(seed, 9, 7, 6, 0.55);
      const comps = new FreeComponents(grid, 26);
      const random = mulberry32(seed);
      for (let q = 0; q < 20; q++) {
        const g = [Math.floor(random() * 9), Math.floor(random() * 7), Math.floor(random() * 6)];
        for (let label = 0; label < Math.min(comps.count, 4); label++) {
          let best = Infinity;
          let brute: number[] = [];
          for (let i = 0; i < grid.size; i++) {
            if (comps.componentOf(i) !== label) continue;
            const c = grid.coords(i, { x: 0, y: 0, z: 0 });
            const d = (c.x - g[0]) ** 2 + (c.y - g[1]) ** 2 + (c.z - g[2]) ** 2;
            if (d < best) [best, brute] = [d, [i]];
            else if (d === best) brute.push(i);
          }
          expect(comps.nearestOf(label, g[0], g[1], g[2])).toEqual(brute);
        }
      }
    }
    expect(new FreeComponents(new VoxelGrid({ dims: [2, 2, 2] }), 6).nearestOf(5, 0, 0, 0)).toEqual([]);
  });

  it('is brought up to date after the grid changes, and kept while it does not', () => {
    const grid = new VoxelGrid({ dims: [5, 3, 1] });
    for (let y = 0; y < 3; y++) grid.setBlocked(2, y, 0, true);
    const a = freeComponents(grid, 6);
    expect(a.count).toBe(2);
    expect(freeComponents(grid, 6)).toBe(a);
    grid.setBlocked(2, 1, 0, false);
    const b = freeComponents(grid, 6);
    expect(b).toBe(a); // a freed voxel: merged in place
    expect(b.count).toBe(1);
    expect(b.componentOf(grid.index(0, 0, 0))).toBe(b.componentOf(grid.index(4, 2, 0)));
  });

  it('edits are followed in place (freed voxels merge, blocked ones keep labels when nothing splits), as a fresh build splits the grid', () => {
    /** The same partition of the free voxels (labels may be numbered differently). */
    const samePartition = (a: FreeComponents, b: FreeComponents, grid: VoxelGrid) => {
      expect(a.count).toBe(b.count);
      const map = new Map<number, number>();
      for (let i = 0; i < grid.size; i++) {
        const la = a.componentOf(i);
        const lb = b.componentOf(i);
        expect(la < 0).toBe(lb < 0);
        if (la < 0) continue;
        if (!map.has(la)) map.set(la, lb);
        expect(map.get(la)).toBe(lb);
      }
      expect(new Set(map.values()).size).toBe(map.size);
    };
    let merged = 0;
    let blockedInPlace = 0;
    let rebuilt = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const rand = mulberry32(seed * 31);
      const X = 3 + randInt(rand, 9),
        Y = 3 + randInt(rand, 6),
        Z = 2 + randInt(rand, 6);
      const grid = new VoxelGrid({ dims: [X, Y, Z] });
      for (let i = 0; i < grid.size; i++) if (rand() < 0.55) grid.occupancy[i] = 1;
      grid.version++;
      for (const c of [6, 18, 26] as const) {
        let comps = freeComponents(grid, c);
        for (let edit = 0; edit < 6; edit++) {
          const x0 = randInt(rand, X),
            y0 = randInt(rand, Y),
            z0 = randInt(rand, Z);
          const x1 = Math.min(X - 1, x0 + randInt(rand, 3)),
            y1 = Math.min(Y - 1, y0 + randInt(rand, 2)),
            z1 = Math.min(Z - 1, z0 + randInt(rand, 2));
          // Edits 0-2 free voxels, 3-4 block some, 5 both.
          const mode = edit < 3 ? 'free' : edit < 5 ? 'block' : 'both';
          for (let z = z0; z <= z1; z++)
            for (let y = y0; y <= y1; y++)
              for (let x = x0; x <= x1; x++) {
                if (rand() < 0.4) continue;
                grid.occupancy[grid.index(x, y, z)] = mode === 'free' ? 0 : mode === 'block' ? 1 : rand() < 0.5 ? 1 : 0;
              }
          grid.markEdited(x0, y0, z0, x1, y1, z1);
          const next = freeComponents(grid, c);
          if (mode === 'free') {
            expect(next).toBe(comps); // updated in place
            merged++;
          } else if (next === comps) blockedInPlace++;
          else rebuilt++;
          samePartition(next, new FreeComponents(grid, c), grid);
          comps = next;
        }
      }
    }
    expect(merged).toBe(40 * 3 * 3);
    expect(blockedInPlace).toBeGreaterThan(20);
    expect(rebuilt).toBeGreaterThan(20);
  });

  it('is kept past edits that change no occupancy (terrain), rebuilt after a bare version bump', () => {
    const grid = new VoxelGrid({ dims: [5, 3, 1] });
    for (let y = 0; y < 3; y++) grid.setBlocked(2, y, 0, true);
    const a = freeComponents(grid, 26);
    grid.setCost(0, 0, 0, 4);
    grid.setBlocked(3, 0, 0, false); // already free: nothing freed, nothing blocked
    expect(freeComponents(grid, 26)).toBe(a);
    expect(a.version).toBe(grid.version);
    grid.occupancy[grid.index(2, 1, 0)] = 0;
    grid.version++; // a direct write: the log cannot tell what changed
    const b = freeComponents(grid, 26);
    expect(b).not.toBe(a);
    expect(b.count).toBe(1);
  });

  it('tells forbid rules apart from allow rules only where a corner joins', () => {
    // Two free voxels touching at a corner only: joined under 26/allow, apart under every forbid rule.
    const grid = new VoxelGrid({ dims: [2, 2, 2] });
    grid.occupancy.fill(1);
    grid.occupancy[grid.index(0, 0, 0)] = 0;
    grid.occupancy[grid.index(1, 1, 1)] = 0;
    grid.version++;
    expect(connectivityOf(26, 'forbid')).toBe(6);
    expect(new FreeComponents(grid, 6).count).toBe(2);
    expect(new FreeComponents(grid, 18).count).toBe(2);
    expect(new FreeComponents(grid, 26).count).toBe(1);
  });
});
