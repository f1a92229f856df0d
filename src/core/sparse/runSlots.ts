import type { SearchContext } from '../search/SearchContext.ts';
import type { SparseSpace } from './SparseSpace.ts';

/** A sparse run's arrays per slot of its search context: point and (portal) entry voxel, 3 each; region index, 1. */
export interface RunSlots {
  /** Per slot: the voxel where the run reached the slot's cell (its g and heuristic are taken there). */
  point: Int32Array;
  /** Per slot: the entry voxel of its portal step (SparseRun's PORTAL). */
  entry: Int32Array;
  /** Per slot: the region index of its cell when known (SparseRun.expandNode), else -1. */
  area: Int32Array;
}

/** The arrays per search context, reused by its next run (a slot's entries are written before they are read). */
const kept = new WeakMap<SearchContext, RunSlots>();

/** The last run's arrays on `ctx`, unless the context released its slots since (after a flood): then empty ones. */
export function keptSlots(ctx: SearchContext): RunSlots {
  const k = kept.get(ctx);
  return k !== undefined && k.area.length <= ctx.g.length
    ? k
    : { point: new Int32Array(0), entry: new Int32Array(0), area: new Int32Array(0) };
}

/** `s` grown (copied) to as many slots as the context's arrays, kept for the context's next run. */
export function grownSlots(ctx: SearchContext, s: RunSlots): RunSlots {
  const n = ctx.g.length;
  const g: RunSlots = { point: new Int32Array(3 * n), entry: new Int32Array(3 * n), area: new Int32Array(n) };
  g.point.set(s.point);
  g.entry.set(s.entry);
  g.area.set(s.area);
  kept.set(ctx, g);
  return g;
}

/** Per search context: the slot of each region's cell (runs on a LargeSearchContext over regions; see regionSlots). */
const byRegion = new WeakMap<SearchContext, Int32Array>();

/**
 * The context's slot per region index (at least `count` entries, kept for its next run): a run
 * finds a region's slot here instead of hashing its cell id. An entry is the region's slot only
 * when that slot is in use and holds the region's cell (`nodeOf`); stale entries fail that test,
 * so the array is never cleared. 4 bytes per region.
 */
export function regionSlots(ctx: SearchContext, count: number): Int32Array {
  let a = byRegion.get(ctx);
  if (a === undefined || a.length < count) byRegion.set(ctx, (a = new Int32Array(count)));
  return a;
}

/**
 * The voxel where the last SparseRun on `ctx` reached `cell`: the point its g and heuristic are
 * taken at. Written into out[0..2]; null when that run did not reach the cell.
 */
export function reachedPoint(ctx: SearchContext, cell: number, out: number[]): number[] | null {
  const s = ctx.find(cell);
  const p = kept.get(ctx)?.point;
  if (s < 0 || p === undefined || 3 * s + 2 >= p.length) return null;
  out[0] = p[3 * s];
  out[1] = p[3 * s + 1];
  out[2] = p[3 * s + 2];
  return out;
}

/**
 * The corners of a run's path (voxels), appended to `corners` and then the whole list reversed:
 * from slot `last` back to slot `start` each slot's point, and after a portal slot (via ===
 * `portal`) its entry voxel and the parent cell's voxel nearest it. Start first on return.
 */
export function slotCorners(
  ctx: SearchContext,
  space: SparseSpace,
  point: Int32Array,
  entry: Int32Array,
  last: number,
  start: number,
  portal: number,
  corners: number[][],
): number[][] {
  for (let s = last; ; s = ctx.parent[s]) {
    corners.push([point[3 * s], point[3 * s + 1], point[3 * s + 2]]);
    if (s === start) break;
    if (ctx.via[s] === portal) {
      const b = [entry[3 * s], entry[3 * s + 1], entry[3 * s + 2]];
      corners.push(b, space.clampTo(ctx.nodeOf(ctx.parent[s]), b, [0, 0, 0]));
    }
  }
  return corners.reverse();
}

/** Where listNeighbours left a cell's neighbours: region indices adj[from..] (null: 0, 1, ... in order), cell ids, boxes (6 each). */
export const listed = {
  adj: null as Int32Array | null,
  from: 0,
  ids: new Int32Array(0) as Int32Array,
  boxes: new Int32Array(0) as Int32Array,
};

/**
 * The neighbours of cell u (region index q when known, else -1) of `space` for a run's expansion, their
 * count, in place (`listed`): from the regions' lists (u's found from q when known), else (no regions)
 * from the space's buffers, listed by `neighbours` unless `count` >= 0 says they already are.
 */
export function listNeighbours(space: SparseSpace, q: number, u: number, count: number): number {
  const r = space.regions;
  if (r === null) {
    if (count < 0) count = space.neighbours(u);
    listed.adj = null;
    listed.from = 0;
    listed.ids = space.buffer;
    listed.boxes = space.boxBuffer;
    return count;
  }
  count = q >= 0 ? r.start[q + 1] - r.start[q] : space.regionNeighbours(u);
  listed.adj = r.adj;
  listed.from = q >= 0 ? r.start[q] : space.adjFrom;
  listed.ids = r.rep;
  listed.boxes = r.box;
  return count;
}

/** Voxel v written into slot s's three entries of `a` (a run's points or entry voxels). */
export function put3(a: Int32Array, s: number, v: readonly number[]): void {
  a[3 * s] = v[0];
  a[3 * s + 1] = v[1];
  a[3 * s + 2] = v[2];
}
