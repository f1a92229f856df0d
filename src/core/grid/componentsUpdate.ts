import type { VoxelGrid } from './VoxelGrid.ts';

/** The parts of FreeComponents a local update rewrites (see FreeComponents for the layout). */
export interface ComponentRuns {
  readonly grid: VoxelGrid;
  readonly connectivity: 6 | 18 | 26;
  count: number;
  rowStart: Int32Array;
  runX0: Int32Array;
  runX1: Int32Array;
  runLabel: Int32Array;
}

/**
 * Brings `c` up to date after edits inside the inclusive voxel box `box`, when those edits only
 * freed voxels (or changed nothing): the runs of the rows the box crosses are read again from
 * the occupancy, each new run joins the components of the old runs it contains and of the runs
 * it touches in the neighbouring rows, and components that met merge. Nothing splits when no
 * voxel was blocked, so the rest of the grid keeps its labels. Returns false (and leaves `c`
 * as it was) when a voxel that was free is blocked now: the caller rebuilds.
 * Work: the rows of the box (each read along x) plus one pass over the run arrays.
 */
export function mergeFreed(c: ComponentRuns, box: readonly number[]): boolean {
  const { grid, rowStart, runX0, runX1, runLabel } = c;
  const { X, Y } = grid;
  const occ = grid.occupancy;
  const [, y0, z0, , y1, z1] = box;
  // New runs of the box's rows, in row order; rowFirst[r'] indexes them per box row.
  const boxRows = (y1 - y0 + 1) * (z1 - z0 + 1);
  const rowFirst = new Int32Array(boxRows + 1);
  const nx0: number[] = [];
  const nx1: number[] = [];
  for (let z = z0, q = 0; z <= z1; z++) {
    for (let y = y0; y <= y1; y++, q++) {
      const r = y + Y * z;
      const base = X * r;
      for (let x = 0; x < X; ) {
        if (occ[base + x] !== 0) {
          x++;
          continue;
        }
        const a = x;
        while (x < X && occ[base + x] === 0) x++;
        nx0.push(a);
        nx1.push(x - 1);
      }
      rowFirst[q + 1] = nx0.length;
      // Only freed voxels: every old run lies inside one new run.
      for (let k = rowStart[r], j = rowFirst[q]; k < rowStart[r + 1]; k++) {
        while (j < rowFirst[q + 1] && nx1[j] < runX0[k]) j++;
        if (j === rowFirst[q + 1] || nx0[j] > runX0[k] || nx1[j] < runX1[k]) return false;
      }
    }
  }
  // Union-find over the old labels (0 .. count-1) and the new runs (count + j).
  const count = c.count;
  const parent = new Int32Array(count + nx0.length);
  for (let i = 0; i < parent.length; i++) parent[i] = i;
  const find = (k: number): number => {
    while (parent[k] !== k) {
      parent[k] = parent[parent[k]];
      k = parent[k];
    }
    return k;
  };
  const join = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  const inBox = (y: number, z: number) => y >= y0 && y <= y1 && z >= z0 && z <= z1;
  /** The runs of row (y, z): new ones inside the box, old ones outside; node ids for the union. */
  const runsOf = (y: number, z: number, out: { from: number; to: number; fresh: boolean }) => {
    if (inBox(y, z)) {
      const q = y - y0 + (y1 - y0 + 1) * (z - z0);
      out.from = rowFirst[q];
      out.to = rowFirst[q + 1];
      out.fresh = true;
    } else {
      const r = y + Y * z;
      out.from = rowStart[r];
      out.to = rowStart[r + 1];
      out.fresh = false;
    }
    return out;
  };
  const a = { from: 0, to: 0, fresh: true };
  const b = { from: 0, to: 0, fresh: true };
  const edge = c.connectivity === 6 ? 0 : 1;
  const corner = c.connectivity === 26 ? 1 : 0;
  for (let z = z0; z <= z1; z++) {
    for (let y = y0; y <= y1; y++) {
      runsOf(y, z, a);
      // The old runs of this row, inside the new ones.
      const r = y + Y * z;
      for (let k = rowStart[r], j = a.from; k < rowStart[r + 1]; k++) {
        while (nx1[j] < runX0[k]) j++;
        join(count + j, runLabel[k]);
      }
      for (let dz = -1; dz <= 1; dz++) {
        for (let dy = -1; dy <= 1; dy++) {
          if ((dy === 0 && dz === 0) || y + dy < 0 || y + dy >= Y || z + dz < 0 || z + dz >= grid.Z) continue;
          if (dy !== 0 && dz !== 0 && c.connectivity === 6) continue;
          const grow = dy !== 0 && dz !== 0 ? corner : edge;
          runsOf(y + dy, z + dz, b);
          for (let i = a.from, j = b.from; i < a.to && j < b.to; ) {
            const bx0 = b.fresh ? nx0[j] : runX0[j];
            const bx1 = b.fresh ? nx1[j] : runX1[j];
            if (nx0[i] - grow <= bx1 && bx0 <= nx1[i] + grow) join(count + i, b.fresh ? count + j : runLabel[j]);
            if (nx1[i] < bx1) i++;
            else j++;
          }
        }
      }
    }
  }
  // New arrays: the old runs outside the box rows, the new ones inside; labels compacted.
  const id = new Int32Array(parent.length).fill(-1);
  let labels = 0;
  const labelOf = (node: number) => {
    const root = find(node);
    if (id[root] < 0) id[root] = labels++;
    return id[root];
  };
  for (let l = 0; l < count; l++) labelOf(l);
  const rows = Y * grid.Z;
  const runs = rowStart[rows] + nx0.length - rowStartSpan(rowStart, Y, y0, z0, y1, z1);
  const start = new Int32Array(rows + 1);
  const x0 = new Int32Array(runs);
  const x1 = new Int32Array(runs);
  const label = new Int32Array(runs);
  let n = 0;
  for (let z = 0; z < grid.Z; z++) {
    for (let y = 0; y < Y; y++) {
      runsOf(y, z, a);
      for (let k = a.from; k < a.to; k++, n++) {
        x0[n] = a.fresh ? nx0[k] : runX0[k];
        x1[n] = a.fresh ? nx1[k] : runX1[k];
        label[n] = labelOf(a.fresh ? count + k : runLabel[k]);
      }
      start[y + Y * z + 1] = n;
    }
  }
  c.count = labels;
  c.rowStart = start;
  c.runX0 = x0;
  c.runX1 = x1;
  c.runLabel = label;
  return true;
}

/** How many old runs the rows of the box hold. */
function rowStartSpan(rowStart: Int32Array, Y: number, y0: number, z0: number, y1: number, z1: number): number {
  let n = 0;
  for (let z = z0; z <= z1; z++) n += rowStart[y1 + Y * z + 1] - rowStart[y0 + Y * z];
  return n;
}
