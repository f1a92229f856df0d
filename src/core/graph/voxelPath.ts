import type { ClearSpace } from '../grid/clearance.ts';

/**
 * Shortest-path bridges between regions, all in one breadth-first pass: a face-connected
 * flood over clear voxels from every voxel of `sources` at once, each source carrying its
 * region label (`labels[i]` for `sources[i]`). Where two floods of different regions meet,
 * the meeting joins their sources by a voxel path through it; the first meeting of each pair
 * of regions is kept (the flood reaches meetings in order of distance, so it is about the
 * shortest), and of those, in that order, the ones that join regions not yet joined
 * (Kruskal's rule over the regions: a spanning forest). Returns those paths, each as voxel
 * indices from a source to a source. Deterministic. Memory: two Int32Arrays of the grid.
 */
export function regionBridges(space: ClearSpace, sources: readonly number[], labels: readonly number[]): number[][] {
  const grid = space.dilated;
  const { X, Y, Z } = grid;
  const XY = X * Y;
  const occ = grid.occupancy;
  const parent = new Int32Array(grid.size).fill(-2);
  const region = new Int32Array(grid.size).fill(-1);
  const queue = new Int32Array(space.clearVoxels.length);
  let head = 0,
    tail = 0;
  let regions = 0;
  sources.forEach((s, k) => {
    regions = Math.max(regions, labels[k] + 1);
    if (parent[s] !== -2) return;
    parent[s] = -1;
    region[s] = labels[k];
    queue[tail++] = s;
  });
  // Meetings in the order found: voxel pairs (i, j) of different regions.
  const meetings: number[] = [];
  const met = new Set<number>();
  while (head < tail) {
    const i = queue[head++];
    const a = region[i];
    const z = (i / XY) | 0;
    const r = i - z * XY;
    const y = (r / X) | 0;
    const x = r - y * X;
    for (let m = 0; m < 6; m++) {
      let j: number;
      if (m === 0) j = x > 0 ? i - 1 : -1;
      else if (m === 1) j = x < X - 1 ? i + 1 : -1;
      else if (m === 2) j = y > 0 ? i - X : -1;
      else if (m === 3) j = y < Y - 1 ? i + X : -1;
      else if (m === 4) j = z > 0 ? i - XY : -1;
      else j = z < Z - 1 ? i + XY : -1;
      if (j < 0 || occ[j] !== 0) continue;
      if (parent[j] === -2) {
        parent[j] = i;
        region[j] = a;
        queue[tail++] = j;
        continue;
      }
      const b = region[j];
      if (b === a) continue;
      const key = a < b ? a * regions + b : b * regions + a;
      if (met.has(key)) continue;
      met.add(key);
      meetings.push(i, j);
    }
  }
  // Kruskal over the regions, in meeting order.
  const root = Int32Array.from({ length: regions }, (_, k) => k);
  const find = (k: number): number => {
    while (root[k] !== k) {
      root[k] = root[root[k]];
      k = root[k];
    }
    return k;
  };
  const bridges: number[][] = [];
  for (let m = 0; m < meetings.length; m += 2) {
    const i = meetings[m],
      j = meetings[m + 1];
    const ra = find(region[i]),
      rb = find(region[j]);
    if (ra === rb) continue;
    root[ra] = rb;
    const path: number[] = [];
    for (let v = i; v !== -1; v = parent[v]) path.push(v);
    path.reverse();
    for (let v = j; v !== -1; v = parent[v]) path.push(v);
    bridges.push(path);
  }
  return bridges;
}
