import { growRegions, type Regions } from './regions.ts';
import type { SparseCells } from './sparseCells.ts';
import { EMPTY, MIXED } from './SparseWorld.ts';

/** What editRegions did: the regions of the edited space and the work it took (counts, not time). */
export interface RegionEdit {
  regions: Regions;
  /** Regions kept from the old space (every cell of theirs unchanged). */
  kept: number;
  /** Regions grown again from the cells the others left. */
  grown: number;
  /** Regions whose neighbour lists were listed again (the grown ones and the kept ones beside them). */
  relisted: number;
}

/**
 * The regions of an edited space (editSparseSpace) from the old space's: a region whose cells
 * are all still there, unchanged (`cells` vs `oldCells`: the same EMPTY node, or the same box of
 * a brick that did not change), is kept as it was; the cells of the other regions and the new
 * cells are grown into regions again (growRegions); the neighbour lists are listed again for the
 * grown regions and the kept ones beside them, and copied for the rest. The regions differ from a
 * fresh build's (the greedy growth saw other seeds first) but hold to the same rules: boxes of
 * free voxels, each the union of whole cells. `oldOf` and `changed` are editSparseWorld's.
 */
export function editRegions(
  old: Regions,
  oldCells: SparseCells,
  cells: SparseCells,
  oldOf: Int32Array | null,
  changed: Int32Array,
): RegionEdit {
  const w = cells.world,
    w0 = oldCells.world;
  const bc = cells.boxes.count,
    bc0 = oldCells.boxes.count;
  const fresh = new Uint8Array(w.brickCount);
  for (const k of changed) fresh[k] = 1;
  const { start: s1, list: l1 } = cells.boxes;
  const s0 = oldCells.boxes.start;
  // Pass 1: per new cell index, its old cell index when the cell is unchanged (-1: new), held in `of` for now.
  const of = new Int32Array(bc + w.nodeCount).fill(-1);
  for (let n = 0; n < w.brickCount; n++) {
    if (w.kind[n] !== MIXED || fresh[n] === 1) continue;
    const o = oldOf === null ? n : oldOf[n];
    if (o < 0 || o >= w0.brickCount || w0.kind[o] !== MIXED || w0.maskLo[o] !== w.maskLo[n] || w0.maskHi[o] !== w.maskHi[n]) continue;
    const count = s1[n + 1] - s1[n];
    if (count !== s0[o + 1] - s0[o]) continue;
    for (let j = 0; j < count; j++) of[s1[n] + j] = s0[o] + j;
  }
  for (let k = 0; k < w.nodeCount; k++) {
    if (w.kind[k] !== EMPTY) continue;
    const o = oldOf === null ? k : oldOf[k];
    if (o >= 0 && w0.kind[o] === EMPTY && w0.level[o] === w.level[k] && w0.code[o] === w.code[k]) of[bc + k] = bc0 + o;
  }
  // Old regions whose cells are all kept.
  const of0 = old.of;
  const members = new Int32Array(old.count);
  for (let i = 0; i < of0.length; i++) if (of0[i] >= 0) members[of0[i]]++;
  const still = new Int32Array(old.count);
  for (let i = 0; i < of.length; i++) if (of[i] >= 0 && of0[of[i]] >= 0) still[of0[of[i]]]++;
  const keptId = new Int32Array(old.count).fill(-1);
  let kept = 0;
  for (let r = 0; r < old.count; r++) if (still[r] === members[r]) keptId[r] = kept++;
  const keptOld = new Int32Array(kept);
  let rep: Int32Array = new Int32Array(Math.max(1024, kept + 64));
  let box: Int32Array = new Int32Array(6 * rep.length);
  const repIndex = new Int32Array(kept);
  for (let r = 0; r < old.count; r++) {
    const k = keptId[r];
    if (k < 0) continue;
    keptOld[k] = r;
    repIndex[k] = oldCells.indexOf(old.rep[r]);
    box.set(old.box.subarray(6 * r, 6 * r + 6), 6 * k);
  }
  // Pass 2: old index -> kept region (or -1); the naming cell keeps naming its region, under its new id.
  for (let i = 0; i < of.length; i++) {
    const oi = of[i];
    if (oi < 0) continue;
    const k = of0[oi] >= 0 ? keptId[of0[oi]] : -1;
    of[i] = k;
    if (k >= 0 && repIndex[k] === oi) rep[k] = i >= bc ? cells.voxelBase + i - bc : -2 - i;
  }
  // Naming brick boxes: their cell ids from their bricks.
  for (let n = 0; n < w.brickCount; n++)
    for (let i = s1[n]; i < s1[n + 1]; i++) {
      const k = of[i];
      if (k >= 0 && rep[k] === -2 - i) rep[k] = 64 * n + (l1[i] & 63);
    }
  const grown = growRegions(cells, of, rep, box, kept);
  rep = grown.rep;
  box = grown.box;
  const count = grown.count;
  // Lists to make: the grown regions, the kept ones beside a region that is gone, and those a grown region lists.
  const relist = new Uint8Array(count);
  for (let r = kept; r < count; r++) relist[r] = 1;
  for (let r = 0; r < old.count; r++)
    if (keptId[r] < 0)
      for (let j = old.start[r]; j < old.start[r + 1]; j++) {
        const q = keptId[old.adj[j]];
        if (q >= 0) relist[q] = 1;
      }
  const lists = new Map<number, number[]>();
  const seen = new Int32Array(count).fill(-1);
  const listOf = (r: number): number[] => {
    const out: number[] = [];
    seen[r] = r;
    forBoundaryCells(cells, box, r, (c) => {
      const m = cells.neighbours(c);
      const buf = cells.buffer;
      for (let j = 0; j < m; j++) {
        const q = of[cells.indexOf(buf[j])];
        if (seen[q] === r) continue;
        seen[q] = r;
        out.push(q);
      }
    });
    return out;
  };
  for (let r = kept; r < count; r++) {
    const l = listOf(r);
    lists.set(r, l);
    for (const q of l) if (q < kept) relist[q] = 1;
  }
  for (let r = 0; r < kept; r++) if (relist[r] === 1) lists.set(r, listOf(r));
  // CSR: the lists made, the others copied (their neighbours are all kept regions).
  const start = new Int32Array(count + 1);
  for (let r = 0; r < count; r++) {
    const l = lists.get(r);
    start[r + 1] = start[r] + (l !== undefined ? l.length : old.start[keptOld[r] + 1] - old.start[keptOld[r]]);
  }
  const adj = new Int32Array(start[count]);
  for (let r = 0; r < count; r++) {
    const l = lists.get(r);
    if (l !== undefined) adj.set(l, start[r]);
    else for (let j = old.start[keptOld[r]], at = start[r]; j < old.start[keptOld[r] + 1]; j++) adj[at++] = keptId[old.adj[j]];
  }
  return {
    regions: { count, of, rep: rep.slice(0, count), box: box.slice(0, 6 * count), start, adj },
    kept,
    grown: count - kept,
    relisted: lists.size,
  };
}

/** Calls fn(cell id) for every cell of `cells` in region r's box (box[6r..]) that lies on one of the box's faces. */
function forBoundaryCells(cells: SparseCells, box: Int32Array, r: number, fn: (c: number) => void): void {
  const o = 6 * r;
  const lo = [box[o], box[o + 1], box[o + 2]];
  const hi = [lo[0] + box[o + 3], lo[1] + box[o + 4], lo[2] + box[o + 5]];
  const done = new Set<number>();
  const visit = (c: number): void => {
    if (done.has(c)) return;
    done.add(c);
    fn(c);
  };
  for (let d = 0; d < 6; d++) {
    const a = d >> 1;
    const l = [...lo],
      h = [...hi];
    if ((d & 1) === 0) l[a] = hi[a] - 1;
    else h[a] = lo[a] + 1;
    forCellsIn(cells, l, h, visit);
  }
}

/** Calls fn(cell id) for every cell of `cells` meeting the free voxel box [lo, hi) (an octree descent). */
function forCellsIn(cells: SparseCells, lo: readonly number[], hi: readonly number[], fn: (c: number) => void): void {
  const w = cells.world;
  const { start, list } = cells.boxes;
  const nb = [0, 0, 0, 0];
  const stack = [w.root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    w.nodeBox(n, nb);
    const side = nb[3];
    if (nb[0] >= hi[0] || nb[1] >= hi[1] || nb[2] >= hi[2] || nb[0] + side <= lo[0] || nb[1] + side <= lo[1] || nb[2] + side <= lo[2])
      continue;
    const k = w.kind[n];
    if (k === EMPTY) fn(cells.voxelBase + n);
    else if (k === MIXED && w.level[n] > 0) for (let j = 0; j < 8; j++) stack.push(w.firstChild[n] + j);
    else if (k === MIXED)
      for (let i = start[n]; i < start[n + 1]; i++) {
        const q = list[i];
        const b = q & 63;
        const x = nb[0] + (b & 3),
          y = nb[1] + ((b >> 2) & 3),
          z = nb[2] + (b >> 4);
        if (x >= hi[0] || y >= hi[1] || z >= hi[2]) continue;
        if (x + ((q >> 6) & 3) + 1 <= lo[0] || y + ((q >> 8) & 3) + 1 <= lo[1] || z + ((q >> 10) & 3) + 1 <= lo[2]) continue;
        fn(64 * n + b);
      }
  }
}
