import { UnionFind } from '../math/unionFind.ts';
import { checkInstance, checkInteger, checkOneOf } from '../args.ts';
import { mergeFreed, splitFree } from './componentsUpdate.ts';
import { type CornerCutting, VoxelGrid } from './VoxelGrid.ts';

/**
 * Which voxels a move rule joins: 6 = through faces, 18 = also through edges, 26 = also
 * through corners. Under `forbid` a diagonal move needs its whole box free, and a free box
 * always holds a face path between its ends, so every forbid rule joins exactly what the
 * 6-neighbourhood joins; only `allow` with 18 or 26 neighbours joins more.
 */
export type Connectivity = 6 | 18 | 26;

/** The connectivity of a move rule (see Connectivity). */
export function connectivityOf(neighborhood: 6 | 18 | 26, cornerCutting: CornerCutting): Connectivity {
  checkOneOf('connectivityOf: neighborhood', neighborhood, [6, 18, 26]);
  return checkOneOf('connectivityOf: cornerCutting', cornerCutting, ['forbid', 'allow']) === 'forbid' ? 6 : neighborhood;
}

/**
 * The connected components of a grid's free space under one connectivity, so a query can tell
 * "unreachable" before any search. Built over runs: the free voxels of each row (y, z) as
 * maximal x-spans, joined to the runs of the neighbouring rows with a union-find. Memory
 * follows the number of runs, not of voxels.
 *
 * Layout (CSR by row r = y + Y * z):
 *   rowStart[r] .. rowStart[r + 1]  the runs of row r, in x order
 *   runX0[k], runX1[k]              inclusive x-span of run k
 *   runLabel[k]                     component of run k, 0 .. count - 1
 * These arrays (and `count`) are replaced when `freeComponents` updates the components in place
 * after an edit that only freed voxels; read them, never write them.
 */
export class FreeComponents {
  /** The grid whose free space is split (kept by reference; rebuild after edits, see `version`). */
  declare readonly grid: VoxelGrid;
  /** Which voxels touch: 6 (faces), 18 (+ edges) or 26 (+ corners), as `connectivityOf` derives it from the move rules. */
  declare readonly connectivity: Connectivity;
  /**
   * The grid's `version` these components describe (`freeComponents` advances it without a
   * rebuild past edits that changed no voxel's occupancy, such as terrain costs).
   */
  declare version: number;
  /** Number of connected components of free voxels (labels 0 .. count - 1). */
  declare count: number;
  /** Per row r = y + Y * z: its runs are rowStart[r] .. rowStart[r + 1] - 1 (Y * Z + 1 entries). */
  declare rowStart: Int32Array;
  /** First x of each run (inclusive). */
  declare runX0: Int32Array;
  /** Last x of each run (inclusive). */
  declare runX1: Int32Array;
  /** Component label of each run, 0 .. count - 1. */
  declare runLabel: Int32Array;

  /**
   * Splits the free voxels of `grid` into components under `connectivity` (6, 18 or 26); other values throw a NavlabError
   * (usage).
   */
  constructor(grid: VoxelGrid, connectivity: Connectivity) {
    this.grid = checkInstance('FreeComponents: grid', grid, VoxelGrid);
    this.connectivity = checkOneOf('FreeComponents: connectivity', connectivity, [6, 18, 26]);
    this.version = grid.version;
    const { Y, Z } = grid;
    // The grid's bit rows (blockedRows: row (y, z) at (y + 1 + (Y + 2) * (z + 1)) * W, voxel x at
    // bit x + 1, padding set) give the runs 32 voxels a word: one pass counts, one fills.
    const bits = grid.blockedRows();
    const W = grid.rowWords;
    const rows = Y * Z;
    const rowStart = new Int32Array(rows + 1);
    const eachRun = (visit: (k: number, a: number, b: number) => void) => {
      let k = 0;
      for (let z = 0; z < Z; z++) {
        for (let y = 0; y < Y; y++) {
          const base = (y + 1 + (Y + 2) * (z + 1)) * W;
          for (let from = 1; ; ) {
            const a = nextBit(bits, base, W, from, false);
            if (a >= 32 * W) break;
            from = nextBit(bits, base, W, a, true);
            visit(k++, a - 1, from - 2);
          }
          rowStart[y + Y * z + 1] = k;
        }
      }
      return k;
    };
    const runs = eachRun(() => {});
    const x0 = new Int32Array(runs);
    const x1 = new Int32Array(runs);
    eachRun((k, a, b) => {
      x0[k] = a;
      x1[k] = b;
    });
    const sets = new UnionFind(runs);
    const parent = sets.parent;
    // Each row joins the rows before it in (y, z) order: (y-1, z), (y-1..y+1, z-1); an x-span
    // grown by one each way reaches the diagonal neighbours along x.
    const edge = connectivity === 6 ? 0 : 1;
    const wide = connectivity === 26 ? 1 : 0;
    for (let z = 0; z < Z; z++) {
      for (let y = 0; y < Y; y++) {
        const r = y + Y * z;
        if (y > 0) linkRows(r, r - 1, edge);
        if (z > 0) {
          linkRows(r, r - Y, edge);
          if (connectivity !== 6) {
            if (y > 0) linkRows(r, r - Y - 1, wide);
            if (y < Y - 1) linkRows(r, r - Y + 1, wide);
          }
        }
      }
    }
    function linkRows(ra: number, rb: number, grow: number): void {
      let i = rowStart[ra];
      let j = rowStart[rb];
      const iEnd = rowStart[ra + 1];
      const jEnd = rowStart[rb + 1];
      while (i < iEnd && j < jEnd) {
        if (x0[i] - grow <= x1[j] && x0[j] <= x1[i] + grow) sets.join(i, j);
        if (x1[i] < x1[j]) i++;
        else j++;
      }
    }
    const label = new Int32Array(runs);
    let count = 0;
    for (let k = 0; k < runs; k++) label[k] = parent[k] === k ? count++ : label[sets.find(k)];
    this.count = count;
    this.rowStart = rowStart;
    this.runX0 = x0;
    this.runX1 = x1;
    this.runLabel = label;
  }

  /** The run holding voxel (x, y, z), or -1 when it is blocked or outside the grid. */
  runAt(x: number, y: number, z: number): number {
    if (!(Number.isInteger(x) && Number.isInteger(y) && Number.isInteger(z) && this.grid.inBounds(x, y, z))) return -1;
    const r = y + this.grid.Y * z;
    let lo = this.rowStart[r];
    let hi = this.rowStart[r + 1] - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (this.runX1[mid] < x) lo = mid + 1;
      else if (this.runX0[mid] > x) hi = mid - 1;
      else return mid;
    }
    return -1;
  }

  /** The component of voxel index `i`, or -1 when the voxel is blocked. */
  componentOf(i: number): number {
    const { X, Y } = this.grid;
    checkInteger('FreeComponents.componentOf: i', i, 0, this.grid.size - 1);
    const z = Math.floor(i / (X * Y));
    const r = i - z * X * Y;
    const y = Math.floor(r / X);
    const k = this.runAt(r - y * X, y, z);
    return k < 0 ? -1 : this.runLabel[k];
  }

  /**
   * The voxels of component `label` nearest (straight line) to voxel (gx, gy, gz), as voxel
   * indices: all of them when several are equally near; empty for a label that does not exist.
   * Rows are visited in square rings around (gy, gz); ring d holds no voxel nearer than d, so
   * the scan stops at the first ring that cannot do better.
   */
  nearestOf(label: number, gx: number, gy: number, gz: number): number[] {
    const { X, Y, Z } = this.grid;
    checkInteger('FreeComponents.nearestOf: label', label, -1, 2 ** 31);
    checkInteger('FreeComponents.nearestOf: gx', gx, 0, X - 1);
    checkInteger('FreeComponents.nearestOf: gy', gy, 0, Y - 1);
    checkInteger('FreeComponents.nearestOf: gz', gz, 0, Z - 1);
    let best = Infinity;
    const found: number[] = [];
    const visitRow = (y: number, z: number) => {
      if (y < 0 || z < 0 || y >= Y || z >= Z) return;
      const r = y + Y * z;
      const dyz = (y - gy) ** 2 + (z - gz) ** 2;
      if (dyz > best) return;
      for (let k = this.rowStart[r]; k < this.rowStart[r + 1]; k++) {
        if (this.runLabel[k] !== label) continue;
        const x = Math.min(Math.max(gx, this.runX0[k]), this.runX1[k]);
        const d = (x - gx) ** 2 + dyz;
        if (d < best) {
          best = d;
          found.length = 0;
        }
        if (d === best) found.push(x + X * r);
      }
    };
    const rings = Math.max(gy, Y - 1 - gy, gz, Z - 1 - gz);
    for (let d = 0; d <= rings && d * d <= best; d++) {
      if (d === 0) {
        visitRow(gy, gz);
        continue;
      }
      for (let t = -d; t <= d; t++) {
        visitRow(gy + t, gz - d);
        visitRow(gy + t, gz + d);
      }
      for (let t = -d + 1; t <= d - 1; t++) {
        visitRow(gy - d, gz + t);
        visitRow(gy + d, gz + t);
      }
    }
    return found.sort((a, b) => a - b);
  }
}

/**
 * The first bit at or after `from` in the row of `words` 32-bit words at `base` that is set
 * (`set`) or clear; 32 * words when there is none.
 */
function nextBit(bits: Uint32Array, base: number, words: number, from: number, set: boolean): number {
  let w = from >>> 5;
  if (w >= words) return 32 * words;
  let word = (set ? bits[base + w] : ~bits[base + w]) & (-1 << (from & 31));
  while (word === 0) {
    if (++w >= words) return 32 * words;
    word = set ? bits[base + w] : ~bits[base + w];
  }
  return (w << 5) + 31 - Math.clz32(word & -word);
}

const cache = new WeakMap<VoxelGrid, Map<Connectivity, FreeComponents>>();
const editBox = [0, 0, 0, 0, 0, 0];

/**
 * The components of `grid` under `connectivity`, cached per grid and connectivity (every run on
 * a grid space made with `componentCheck` asks for them first), brought up to date on the first call after an edit: kept
 * when the grid's edit log (`editedSince`) shows no occupancy change (terrain edits); updated in
 * the edited rows when the edits only freed voxels (components merge: `mergeFreed`) or only
 * blocked voxels and every component that lost some stays connected around the edit
 * (`splitFree`); rebuilt otherwise (a component may have split, edits both freed and blocked,
 * or the log cannot tell).
 */
export function freeComponents(grid: VoxelGrid, connectivity: Connectivity): FreeComponents {
  checkInstance('freeComponents: grid', grid, VoxelGrid);
  checkOneOf('freeComponents: connectivity', connectivity, [6, 18, 26]);
  let byRule = cache.get(grid);
  if (byRule === undefined) cache.set(grid, (byRule = new Map()));
  let c = byRule.get(connectivity);
  if (c !== undefined && c.version !== grid.version) {
    const box = grid.editedSince(c.version, editBox);
    if (box !== null && (box[0] > box[3] || mergeFreed(c, box) || splitFree(c, box))) c.version = grid.version;
    else c = undefined;
  }
  if (c === undefined) byRule.set(connectivity, (c = new FreeComponents(grid, connectivity)));
  return c;
}
