import { UnionFind } from '../math/unionFind.ts';
import type { VoxelGrid } from './VoxelGrid.ts';

/**
 * Local updates of free components (FreeComponents) after edits inside one inclusive voxel box
 * (the grid's `editedSince`): the runs of the rows the box crosses are read again from the
 * occupancy and the rest of the run arrays is copied. Edits that only free voxels merge
 * components (`mergeFreed`); edits that only block voxels keep the labels when each component
 * that lost voxels stays connected within the box grown by WINDOW voxels (`splitFree`). Either
 * returns false, leaving the components as they were, when it cannot tell: the caller rebuilds.
 */

/** The parts of FreeComponents a local update rewrites (see FreeComponents for the layout). */
export interface ComponentRuns {
  readonly grid: VoxelGrid;
  readonly connectivity: 6 | 18 | 26;
  count: number;
  rowStart: Int32Array;
  runX0: Int32Array;
  runX1: Int32Array;
  runLabel: Int32Array;
  runAt(x: number, y: number, z: number): number;
}

/** Voxels around an edited box searched for a way around what was blocked. */
const WINDOW = 2;

/** The free runs of the box's rows read from the occupancy; box row q = (y - y0) + (y1 - y0 + 1)(z - z0). */
interface BoxRuns {
  first: Int32Array;
  x0: number[];
  x1: number[];
}

function readBoxRuns(grid: VoxelGrid, box: readonly number[]): BoxRuns {
  const { X, Y } = grid;
  const occ = grid.occupancy;
  const [, y0, z0, , y1, z1] = box;
  const first = new Int32Array((y1 - y0 + 1) * (z1 - z0 + 1) + 1);
  const x0: number[] = [];
  const x1: number[] = [];
  for (let z = z0, q = 0; z <= z1; z++) {
    for (let y = y0; y <= y1; y++, q++) {
      const base = X * (y + Y * z);
      for (let x = 0; x < X; ) {
        if (occ[base + x] !== 0) {
          x++;
          continue;
        }
        const a = x;
        while (x < X && occ[base + x] === 0) x++;
        x0.push(a);
        x1.push(x - 1);
      }
      first[q + 1] = x0.length;
    }
  }
  return { first, x0, x1 };
}

/** True when every run of `inner` (from, to) lies inside a run of `outer`, row by row of the box. */
function contained(
  ix0: ArrayLike<number>,
  ix1: ArrayLike<number>,
  ia: number,
  ib: number,
  ox0: ArrayLike<number>,
  ox1: ArrayLike<number>,
  oa: number,
  ob: number,
): boolean {
  for (let k = ia, j = oa; k < ib; k++) {
    while (j < ob && ox1[j] < ix0[k]) j++;
    if (j === ob || ox0[j] > ix0[k] || ox1[j] < ix1[k]) return false;
  }
  return true;
}

/** Whether each box row's old runs lie inside its new runs (`freed`) or the other way round. */
function onlyOneWay(c: ComponentRuns, box: readonly number[], fresh: BoxRuns, freed: boolean): boolean {
  const Y = c.grid.Y;
  const [, y0, z0, , y1, z1] = box;
  for (let z = z0, q = 0; z <= z1; z++) {
    for (let y = y0; y <= y1; y++, q++) {
      const r = y + Y * z;
      const [a, b, na, nb] = [c.rowStart[r], c.rowStart[r + 1], fresh.first[q], fresh.first[q + 1]];
      const ok = freed
        ? contained(c.runX0, c.runX1, a, b, fresh.x0, fresh.x1, na, nb)
        : contained(fresh.x0, fresh.x1, na, nb, c.runX0, c.runX1, a, b);
      if (!ok) return false;
    }
  }
  return true;
}

/**
 * Writes the new run arrays into `c`: old runs outside the box rows, `fresh` inside; labels
 * `oldLabel(k)` / `freshLabel(j)`, renumbered 0 .. count-1 in order of first use.
 */
function writeRuns(
  c: ComponentRuns,
  box: readonly number[],
  fresh: BoxRuns,
  oldLabel: (k: number) => number,
  freshLabel: (j: number) => number,
  labels: number,
): void {
  const { grid, rowStart, runX0, runX1 } = c;
  const { Y, Z } = grid;
  const [, y0, z0, , y1, z1] = box;
  let dropped = 0;
  for (let z = z0; z <= z1; z++) dropped += rowStart[y1 + Y * z + 1] - rowStart[y0 + Y * z];
  const runs = rowStart[Y * Z] - dropped + fresh.x0.length;
  const start = new Int32Array(Y * Z + 1);
  const x0 = new Int32Array(runs);
  const x1 = new Int32Array(runs);
  const label = new Int32Array(runs);
  const id = new Int32Array(labels).fill(-1);
  let count = 0;
  let n = 0;
  for (let z = 0; z < Z; z++) {
    for (let y = 0; y < Y; y++) {
      const r = y + Y * z;
      const inBox = y >= y0 && y <= y1 && z >= z0 && z <= z1;
      const q = y - y0 + (y1 - y0 + 1) * (z - z0);
      const [from, to] = inBox ? [fresh.first[q], fresh.first[q + 1]] : [rowStart[r], rowStart[r + 1]];
      for (let k = from; k < to; k++, n++) {
        x0[n] = inBox ? fresh.x0[k] : runX0[k];
        x1[n] = inBox ? fresh.x1[k] : runX1[k];
        const l = inBox ? freshLabel(k) : oldLabel(k);
        if (id[l] < 0) id[l] = count++;
        label[n] = id[l];
      }
      start[r + 1] = n;
    }
  }
  c.count = count;
  c.rowStart = start;
  c.runX0 = x0;
  c.runX1 = x1;
  c.runLabel = label;
}

/**
 * After edits in `box` that only freed voxels: each new run joins the components of the old
 * runs it contains and of the runs it touches in the neighbouring rows; components that meet
 * merge (union-find over the old labels and the new runs). False when a voxel was blocked.
 */
export function mergeFreed(c: ComponentRuns, box: readonly number[]): boolean {
  const { grid, rowStart, runX0, runX1, runLabel } = c;
  const { Y, Z } = grid;
  const [, y0, z0, , y1, z1] = box;
  const fresh = readBoxRuns(grid, box);
  if (!onlyOneWay(c, box, fresh, true)) return false;
  const { first, x0: nx0, x1: nx1 } = fresh;
  const count = c.count;
  const sets = new UnionFind(count + nx0.length);
  const edge = c.connectivity === 6 ? 0 : 1;
  const corner = c.connectivity === 26 ? 1 : 0;
  for (let z = z0; z <= z1; z++) {
    for (let y = y0; y <= y1; y++) {
      const q = y - y0 + (y1 - y0 + 1) * (z - z0);
      const [a, b] = [first[q], first[q + 1]];
      // The old runs of this row lie inside the new ones.
      const r = y + Y * z;
      for (let k = rowStart[r], j = a; k < rowStart[r + 1]; k++) {
        while (nx1[j] < runX0[k]) j++;
        sets.join(count + j, runLabel[k]);
      }
      for (let dz = -1; dz <= 1; dz++) {
        for (let dy = -1; dy <= 1; dy++) {
          const ny = y + dy;
          const nz = z + dz;
          if ((dy === 0 && dz === 0) || ny < 0 || ny >= Y || nz < 0 || nz >= Z) continue;
          if (dy !== 0 && dz !== 0 && c.connectivity === 6) continue;
          const grow = dy !== 0 && dz !== 0 ? corner : edge;
          const boxed = ny >= y0 && ny <= y1 && nz >= z0 && nz <= z1;
          const nq = ny - y0 + (y1 - y0 + 1) * (nz - z0);
          const [ba, bb] = boxed ? [first[nq], first[nq + 1]] : [rowStart[ny + Y * nz], rowStart[ny + Y * nz + 1]];
          const bx0 = boxed ? nx0 : runX0;
          const bx1 = boxed ? nx1 : runX1;
          for (let i = a, j = ba; i < b && j < bb; ) {
            if (nx0[i] - grow <= bx1[j] && bx0[j] <= nx1[i] + grow) sets.join(count + i, boxed ? count + j : runLabel[j]);
            if (nx1[i] < bx1[j]) i++;
            else j++;
          }
        }
      }
    }
  }
  writeRuns(
    c,
    box,
    fresh,
    (k) => sets.find(runLabel[k]),
    (j) => sets.find(count + j),
    sets.parent.length,
  );
  return true;
}

/**
 * After edits in `box` that only blocked voxels: a component that lost voxels keeps its label
 * when what is left of it in the box grown by WINDOW voxels is connected within that window
 * (any path of the component through the box then has a way around it: its voxels outside the
 * box did not change). Each new run keeps the label of the old run containing it. False when a
 * voxel was freed, or when a component may have split (the caller rebuilds).
 */
export function splitFree(c: ComponentRuns, box: readonly number[]): boolean {
  const grid = c.grid;
  const { X, Y, Z } = grid;
  const fresh = readBoxRuns(grid, box);
  if (!onlyOneWay(c, box, fresh, false)) return false;
  const lo = [Math.max(0, box[0] - WINDOW), Math.max(0, box[1] - WINDOW), Math.max(0, box[2] - WINDOW)];
  const hi = [Math.min(X - 1, box[3] + WINDOW), Math.min(Y - 1, box[4] + WINDOW), Math.min(Z - 1, box[5] + WINDOW)];
  const [wx, wy, wz] = [hi[0] - lo[0] + 1, hi[1] - lo[1] + 1, hi[2] - lo[2] + 1];
  // A window of a good part of the grid costs about what a rebuild does.
  if (wx * wy * wz > grid.size / 4) return false;
  // Old label of each window voxel free now (-1: blocked); then a flood per label within the window.
  const old = new Int32Array(wx * wy * wz);
  const seen = new Uint8Array(old.length);
  const occ = grid.occupancy;
  for (let z = 0; z < wz; z++)
    for (let y = 0; y < wy; y++)
      for (let x = 0; x < wx; x++) {
        const [gx, gy, gz] = [lo[0] + x, lo[1] + y, lo[2] + z];
        const k = occ[gx + X * (gy + Y * gz)] === 0 ? c.runAt(gx, gy, gz) : -1;
        old[x + wx * (y + wy * z)] = k < 0 ? -1 : c.runLabel[k];
      }
  // The components that lost voxels: only they may have split.
  const lost = new Set<number>();
  for (let z = box[2]; z <= box[5]; z++)
    for (let y = box[1]; y <= box[4]; y++)
      for (let x = box[0]; x <= box[3]; x++) {
        const k = occ[x + X * (y + Y * z)] !== 0 ? c.runAt(x, y, z) : -1;
        if (k >= 0) lost.add(c.runLabel[k]);
      }
  const reach = c.connectivity;
  const done = new Set<number>();
  const stack: number[] = [];
  for (let i = 0; i < old.length; i++) {
    const l = old[i];
    if (l < 0 || seen[i] !== 0 || !lost.has(l)) continue;
    if (done.has(l)) return false; // a second piece of the same component in the window
    done.add(l);
    seen[i] = 1;
    stack.push(i);
    while (stack.length > 0) {
      const u = stack.pop()!;
      const ux = u % wx;
      const uy = Math.floor(u / wx) % wy;
      const uz = Math.floor(u / (wx * wy));
      for (let dz = -1; dz <= 1; dz++)
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const axes = (dx !== 0 ? 1 : 0) + (dy !== 0 ? 1 : 0) + (dz !== 0 ? 1 : 0);
            if (axes === 0 || (axes === 3 && reach !== 26) || (axes > 1 && reach === 6)) continue;
            const [vx, vy, vz] = [ux + dx, uy + dy, uz + dz];
            if (vx < 0 || vy < 0 || vz < 0 || vx >= wx || vy >= wy || vz >= wz) continue;
            const v = vx + wx * (vy + wy * vz);
            if (old[v] < 0 || seen[v] !== 0) continue;
            seen[v] = 1;
            stack.push(v);
          }
    }
  }
  // Each new run keeps the label of the old run of its row that contains it.
  const { rowStart, runX1, runLabel } = c;
  const freshLabel = new Int32Array(fresh.x0.length);
  for (let z = box[2], q = 0; z <= box[5]; z++)
    for (let y = box[1]; y <= box[4]; y++, q++) {
      let k = rowStart[y + Y * z];
      for (let j = fresh.first[q]; j < fresh.first[q + 1]; j++) {
        while (runX1[k] < fresh.x0[j]) k++;
        freshLabel[j] = runLabel[k];
      }
    }
  writeRuns(
    c,
    box,
    fresh,
    (k) => runLabel[k],
    (j) => freshLabel[j],
    c.count,
  );
  return true;
}
