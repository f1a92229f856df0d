import type { ClearSpace } from '../grid/clearance.ts';

/**
 * Shortest face-connected path over clear voxels from any voxel of `sources` to any of
 * `targets` (breadth-first), as voxel indices from source to target; empty when none.
 */
export function voxelPath(space: ClearSpace, sources: number[], targets: number[]): number[] {
  const grid = space.dilated;
  const { X, Y, Z } = grid;
  const XY = X * Y;
  const occ = grid.occupancy;
  const parent = new Int32Array(grid.size).fill(-2);
  const isTarget = new Set(targets);
  const queue = new Int32Array(space.clearVoxels.length);
  let head = 0,
    tail = 0;
  for (const s of sources) {
    if (parent[s] !== -2) continue;
    parent[s] = -1;
    queue[tail++] = s;
  }
  let found = -1;
  while (head < tail && found === -1) {
    const i = queue[head++];
    const z = (i / XY) | 0;
    const r = i - z * XY;
    const y = (r / X) | 0;
    const x = r - y * X;
    const steps = [x > 0 ? -1 : 0, x < X - 1 ? 1 : 0, y > 0 ? -X : 0, y < Y - 1 ? X : 0, z > 0 ? -XY : 0, z < Z - 1 ? XY : 0];
    for (const d of steps) {
      if (d === 0) continue;
      const j = i + d;
      if (occ[j] !== 0 || parent[j] !== -2) continue;
      parent[j] = i;
      if (isTarget.has(j)) {
        found = j;
        break;
      }
      queue[tail++] = j;
    }
  }
  if (found === -1) return [];
  const path: number[] = [];
  for (let v = found; v !== -1; v = parent[v]) path.push(v);
  return path.reverse();
}
