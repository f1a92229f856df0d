/**
 * Independent reference searches for the tests: plain Dijkstra with a linear scan for the
 * minimum (no heap, no shared code with src/core/search), and move rules written out from
 * docs/architecture.md directly.
 */
import { expect } from 'vitest';
import type { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';

export interface RefGrid {
  X: number;
  Y: number;
  Z: number;
  blocked: (x: number, y: number, z: number) => boolean; // out of bounds counts as blocked
  cost: (x: number, y: number, z: number) => number; // terrain multiplier of a voxel
}

/** Every legal move from (x, y, z) with its cost, by the written rules. */
export function refMoves(
  grid: RefGrid,
  x: number,
  y: number,
  z: number,
  neighborhood: 6 | 18 | 26,
  cornerCutting: 'forbid' | 'allow',
): [number, number, number, number][] {
  const out: [number, number, number, number][] = [];
  for (let dx = -1; dx <= 1; dx++)
    for (let dy = -1; dy <= 1; dy++)
      for (let dz = -1; dz <= 1; dz++) {
        const changed = Math.abs(dx) + Math.abs(dy) + Math.abs(dz);
        if (changed === 0 || (neighborhood === 6 && changed > 1) || (neighborhood === 18 && changed > 2)) continue;
        const tx = x + dx,
          ty = y + dy,
          tz = z + dz;
        if (grid.blocked(tx, ty, tz)) continue;
        let ok = true;
        if (cornerCutting === 'forbid') {
          // Every voxel of the box spanned by source and target must be free.
          for (let bx = Math.min(x, tx); bx <= Math.max(x, tx); bx++)
            for (let by = Math.min(y, ty); by <= Math.max(y, ty); by++)
              for (let bz = Math.min(z, tz); bz <= Math.max(z, tz); bz++) if (grid.blocked(bx, by, bz)) ok = false;
        }
        if (ok) out.push([tx, ty, tz, Math.sqrt(changed) * grid.cost(tx, ty, tz)]);
      }
  return out;
}

/** Dijkstra from `start` over all voxels: cost to every voxel (Infinity when unreachable). */
export function refDijkstra(
  grid: RefGrid,
  start: [number, number, number],
  neighborhood: 6 | 18 | 26,
  cornerCutting: 'forbid' | 'allow',
): Float64Array {
  const n = grid.X * grid.Y * grid.Z;
  const idx = (x: number, y: number, z: number) => x + grid.X * (y + grid.Y * z);
  const dist = new Float64Array(n).fill(Infinity);
  const done = new Uint8Array(n);
  dist[idx(...start)] = 0;
  for (;;) {
    let u = -1;
    for (let i = 0; i < n; i++) if (!done[i] && dist[i] < Infinity && (u < 0 || dist[i] < dist[u])) u = i;
    if (u < 0) break;
    done[u] = 1;
    const x = u % grid.X,
      y = Math.floor(u / grid.X) % grid.Y,
      z = Math.floor(u / (grid.X * grid.Y));
    for (const [tx, ty, tz, c] of refMoves(grid, x, y, z, neighborhood, cornerCutting)) {
      const v = idx(tx, ty, tz);
      if (dist[u] + c < dist[v]) dist[v] = dist[u] + c;
    }
  }
  return dist;
}

/** Dijkstra on an adjacency list: costs from `start`. */
export function refGraphDijkstra(n: number, edges: [number, number, number][], start: number): Float64Array {
  const dist = new Float64Array(n).fill(Infinity);
  const done = new Uint8Array(n);
  dist[start] = 0;
  for (;;) {
    let u = -1;
    for (let i = 0; i < n; i++) if (!done[i] && dist[i] < Infinity && (u < 0 || dist[i] < dist[u])) u = i;
    if (u < 0) break;
    done[u] = 1;
    for (const [a, b, c] of edges) {
      if (a === u && dist[u] + c < dist[b]) dist[b] = dist[u] + c;
      if (b === u && dist[u] + c < dist[a]) dist[a] = dist[u] + c;
    }
  }
  return dist;
}

/** Expects `r.path` to be a chain of legal moves from `start` (by the written rules) whose step costs add up to `r.cost`. */
export function expectLegalPath(
  w: { grid: VoxelGrid; ref: RefGrid },
  r: { path: readonly number[]; cost: number },
  start: number,
  neighborhood: 6 | 18 | 26,
  cornerCutting: 'forbid' | 'allow',
): void {
  const xyz = (i: number): [number, number, number] => {
    const p = w.grid.coords(i, { x: 0, y: 0, z: 0 });
    return [p.x, p.y, p.z];
  };
  expect(r.path[0]).toBe(start);
  let sum = 0;
  for (let k = 1; k < r.path.length; k++) {
    const [x, y, z] = xyz(r.path[k - 1]);
    const [tx, ty, tz] = xyz(r.path[k]);
    const move = refMoves(w.ref, x, y, z, neighborhood, cornerCutting).find(([a, b, c]) => a === tx && b === ty && c === tz);
    expect(move, `illegal step ${[x, y, z]} -> ${[tx, ty, tz]}`).toBeDefined();
    sum += move![3];
  }
  expect(r.cost).toBeCloseTo(sum, 9);
}
