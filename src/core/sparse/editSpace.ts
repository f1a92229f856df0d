import { checkInstance } from '../args.ts';
import { BrickBoxes } from './brickBoxes.ts';
import { BOX_LAST, componentOf, Int32List, type SparseComponents } from './components.ts';
import { editSparseWorld, type SparseEdit, type SparseEditResult } from './edit.ts';
import { compact3, MORTON_AXIS, morton } from './morton.ts';
import { editRegions, type RegionEdit } from './editRegions.ts';
import type { SparseCells } from './sparseCells.ts';
import { SparseSpace } from './SparseSpace.ts';
import { EMPTY, MIXED } from './SparseWorld.ts';

/** What editSparseSpace did: the edited space and the work it took (counts, not time). */
export interface SparseSpaceEditResult extends SparseEditResult {
  /** The search space of the edited world (`space` itself when no voxel changed). */
  space: SparseSpace;
  /** Bricks whose free voxels were split into boxes again (the others' boxes were copied). */
  splitBricks: number;
  /** Cells the component update visited (0 without components). */
  relabelled: number;
  /**
   * Whether the component update flooded whole components: an old component split (a search
   * between its groups around the changed bricks found no way). Otherwise only the cells within
   * a brick of the changed bricks, and those searches, were visited.
   */
  flooded: boolean;
  /** The region update (editRegions; all 0 for a space built with `regions: false`). */
  regions: Omit<RegionEdit, 'regions'>;
}

/**
 * Blocks or clears voxels of a SparseSpace's world locally (editSparseWorld) and gives the
 * search space of the edited world: only the changed bricks are split into boxes again, and
 * components are labelled again around the changed bricks: the cells within a brick of them are
 * grouped (connected there) and keep their old labels (merged groups renamed). When one old
 * component falls into two groups after a voxel became blocked, a search from one group over
 * the whole space looks for the other: found, they stay one component; not found, it split and
 * the components beside the changed bricks are flooded (`flooded`). The space's answers are a
 * fresh build's (the same cells; the same partition into components, under other numbers).
 * `space` is left as it was. Throws a NavlabError 'usage' as editSparseWorld does.
 */
export function editSparseSpace(space: SparseSpace, edits: readonly SparseEdit[]): SparseSpaceEditResult {
  checkInstance('editSparseSpace: space', space, SparseSpace);
  const r = editSparseWorld(space.world, edits);
  if (r.bricks === 0) return { ...r, space, splitBricks: 0, relabelled: 0, flooded: false, regions: { kept: 0, grown: 0, relisted: 0 } };
  const boxes = new BrickBoxes(r.world, { boxes: space.boxes, oldOf: r.oldOf, changed: r.changed });
  let relabelled = 0;
  let flooded = false;
  const old = space.components;
  const oldRegions = space.regions;
  let regions: Omit<RegionEdit, 'regions'> = { kept: 0, grown: 0, relisted: 0 };
  const next = new SparseSpace(
    r.world,
    { components: old !== null, regions: oldRegions !== null },
    {
      boxes,
      components: (s) => {
        const out = relabel(space.cells, old!, s.cells, r);
        relabelled = out.visited;
        flooded = out.flooded;
        return out.comp;
      },
      // Regions kept where their cells are, grown again around the changed bricks.
      regions: (cells) => {
        if (oldRegions === null) return undefined;
        const out = editRegions(oldRegions, space.cells, cells, r.oldOf, r.changed);
        regions = out;
        return out.regions;
      },
    },
  );
  const { kept, grown, relisted } = regions;
  return { ...r, space: next, splitBricks: boxes.split, relabelled, flooded, regions: { kept, grown, relisted } };
}

/** The old label of old cell c. */
function oldLabel(space: SparseCells, comp: SparseComponents, c: number): number {
  return componentOf(comp, space.voxelBase, c);
}

/** The components of `s` (the edited space) from those of `prev`: a flood from around the changed bricks, old labels elsewhere. */
function relabel(
  prev: SparseCells,
  comp: SparseComponents,
  s: SparseCells,
  r: SparseEditResult,
): { comp: SparseComponents; visited: number; flooded: boolean } {
  const w = s.world;
  const oldOf = r.oldOf;
  // Fresh labels above every old one.
  let label = 0;
  for (const a of [comp.nodeComp, comp.brickComp]) for (let i = 0; i < a.length; i++) if (a[i] > label) label = a[i];
  for (let i = 1; i < comp.boxComp.length; i += 2) if (comp.boxComp[i] > label) label = comp.boxComp[i];
  label++;
  // Seeds: the cells of the changed bricks and of the voxels one step beside them (across a face
  // to a brick that did not change).
  const seedSet = new Set<number>();
  const lo = [Infinity, Infinity, Infinity],
    hi = [-Infinity, -Infinity, -Infinity];
  const changedSet = new Set(r.changedCodes);
  const b = [0, 0, 0];
  const v = [0, 0, 0];
  const add = (c: number): void => {
    if (c >= 0) seedSet.add(c);
  };
  for (const code of r.changedCodes) {
    b[0] = compact3(code);
    b[1] = compact3(code >>> 1);
    b[2] = compact3(code >>> 2);
    for (let a = 0; a < 3; a++) {
      lo[a] = Math.min(lo[a], 4 * b[a] - MARGIN);
      hi[a] = Math.max(hi[a], 4 * b[a] + 3 + MARGIN);
    }
    const n = w.nodeAt(4 * b[0], 4 * b[1], 4 * b[2]);
    if (w.level[n] === 0 && w.kind[n] === MIXED) for (const box of s.boxes.boxesOf(n)) seedSet.add(64 * n + (box & 63));
    else add(s.cellOf(4 * b[0], 4 * b[1], 4 * b[2]));
    for (let d = 0; d < 6; d++) {
      const a = d >> 1,
        step = d & 1 ? -1 : 1;
      b[a] += step;
      const skip = b[a] < 0 || b[a] >= MORTON_AXIS || changedSet.has(morton(b[0], b[1], b[2]));
      b[a] -= step;
      if (skip) continue;
      const a1 = (a + 1) % 3,
        a2 = (a + 2) % 3;
      v[a] = step > 0 ? 4 * b[a] + 4 : 4 * b[a] - 1;
      for (let i = 0; i < 4; i++)
        for (let j = 0; j < 4; j++) {
          v[a1] = 4 * b[a1] + i;
          v[a2] = 4 * b[a2] + j;
          add(s.cellOf(v[0], v[1], v[2]));
        }
    }
  }
  const seeds = [...seedSet];
  const searched = { count: 0 };
  const local = localLabels(prev, comp, s, r, seeds, lo, hi, label, searched);
  const rename = local?.rename ?? new Map<number, number>();
  const lab = local?.labels ?? new Map<number, number>();
  let visited = lab.size + searched.count;
  if (local === null) {
    // A component may have split: flood from every seed over the whole space.
    const stack: number[] = [];
    for (const seed of seeds) {
      if (lab.has(seed)) continue;
      const L = label++;
      lab.set(seed, L);
      stack.push(seed);
      while (stack.length > 0) {
        const count = s.neighbours(stack.pop()!);
        const buf = s.buffer;
        for (let i = 0; i < count; i++) {
          const v = buf[i];
          if (lab.has(v)) continue;
          lab.set(v, L);
          stack.push(v);
        }
      }
    }
    visited += lab.size;
  }
  const ren = (l: number): number => rename.get(l) ?? l;
  // Old node (or the old childless node around a new one) -> old label.
  const oldNode = (g: number): number => {
    const o = oldOf === null ? g : oldOf[g];
    return o >= 0 ? o : -o - 2;
  };
  const nodeComp = new Int32Array(w.nodeCount).fill(-1);
  for (let g = 0; g < w.nodeCount; g++) {
    if (w.kind[g] !== EMPTY) continue;
    nodeComp[g] = lab.get(s.voxelBase + g) ?? ren(comp.nodeComp[oldNode(g)]);
  }
  const flooded = new Set<number>();
  for (const c of lab.keys()) if (c < s.voxelBase) flooded.add(c >> 6);
  const bricks = w.brickCount;
  const brickComp = new Int32Array(bricks).fill(-1);
  const extra = new Int32List();
  for (let k = 0; k < bricks; k++) {
    if (w.kind[k] !== MIXED) continue;
    const o = oldNode(k);
    if (!flooded.has(k)) {
      // Untouched: the old brick's labels (an unchanged MIXED brick was a MIXED brick before).
      const b = comp.brickComp[o];
      if (b >= -1) brickComp[k] = b < 0 ? b : ren(b);
      else {
        brickComp[k] = -extra.length - 2;
        for (let i = -b - 2; ; i += 2) {
          extra.push(comp.boxComp[i]);
          extra.push(ren(comp.boxComp[i + 1]));
          if ((comp.boxComp[i] & BOX_LAST) !== 0) break;
        }
      }
      continue;
    }
    // Box by box: a box of a changed brick was flooded; an unchanged brick has its old boxes (same corner bits).
    let one = -1,
      many = false;
    const boxes = s.boxes.boxesOf(k);
    for (const v of boxes) {
      const L = lab.get(64 * k + (v & 63)) ?? ren(oldLabel(prev, comp, 64 * o + (v & 63)));
      if (one < 0) one = L;
      else if (L !== one) many = true;
    }
    if (!many) brickComp[k] = one;
    else {
      brickComp[k] = -extra.length - 2;
      for (let i = 0; i < boxes.length; i++) {
        const v = boxes[i];
        extra.push(v | (i === boxes.length - 1 ? BOX_LAST : 0));
        extra.push(lab.get(64 * k + (v & 63)) ?? ren(oldLabel(prev, comp, 64 * o + (v & 63))));
      }
    }
  }
  return { comp: { nodeComp, brickComp, boxComp: extra.toArray() }, visited, flooded: local === null };
}

/** Voxels around the changed bricks the local pass may use to connect their surroundings (one brick). */
const MARGIN = 4;

/**
 * The local pass: the cells meeting the box [lo, hi] that the seeds reach without leaving it,
 * in groups (connected there). Each group takes the old label of its unchanged cells (several:
 * they merged; none: a fresh label). When an old component's cells fall into two groups, the
 * groups are one component when the edits only cleared voxels; otherwise a search from one
 * (over the whole space, counted in `searched`) looks for the other, and null (the caller
 * floods) when it split. Otherwise every old component outside keeps its label
 * (renamed when it merged): a path through the changed bricks enters and leaves them through
 * cells of the groups, which stay connected.
 */
function localLabels(
  prev: SparseCells,
  comp: SparseComponents,
  s: SparseCells,
  r: SparseEditResult,
  seeds: readonly number[],
  lo: readonly number[],
  hi: readonly number[],
  label: number,
  searched: { count: number },
): { labels: Map<number, number>; rename: Map<number, number> } | null {
  const w = s.world;
  // Per level: the codes of nodes holding a changed brick.
  const touched: Set<number>[] = [];
  for (let k = 0; k <= w.top; k++) touched.push(new Set());
  for (const code of r.changedCodes) for (let k = 0; k <= w.top; k++) touched[k].add(code >>> (3 * k));
  const box = [0, 0, 0, 0, 0, 0];
  const inside = (c: number): boolean => {
    s.cellBox(c, box);
    for (let a = 0; a < 3; a++) if (box[a] > hi[a] || box[a] + box[3 + a] - 1 < lo[a]) return false;
    return true;
  };
  /** Whether cell c lies inside [lo, hi], off its border. */
  const within = (c: number): boolean => {
    s.cellBox(c, box);
    for (let a = 0; a < 3; a++) if (box[a] <= lo[a] || box[a] + box[3 + a] - 1 >= hi[a]) return false;
    return true;
  };
  /** The old label of cell c of s, or -1 when it holds a voxel of a changed brick. */
  const oldLabelOf = (c: number): number => {
    const n = c >= s.voxelBase ? c - s.voxelBase : c >> 6;
    if (touched[w.level[n]].has(w.code[n])) return -1;
    s.cellBox(c, box);
    return oldLabel(prev, comp, prev.cellOf(box[0], box[1], box[2]));
  };
  const group = new Map<number, number>();
  const groupOfOld = new Map<number, number>();
  // Groups joined through a shared old label (edits that only clear), as a union-find.
  const joined: number[] = [];
  const root = (g: number): number => {
    while (joined[g] !== g) g = joined[g] = joined[joined[g]];
    return g;
  };
  /** Records old label `old` in group G; false when that may split a component. */
  const note = (old: number, G: number): boolean => {
    const other = groupOfOld.get(old);
    if (other !== undefined && root(other) !== root(G)) {
      // Two groups of one old component: joined outside the box, unless a blocked voxel split it
      // (then a search between them decides, below).
      if (r.blockedVoxels > 0) {
        conflicts.push(other, G);
        return true;
      }
      joined[root(other)] = root(G);
    }
    groupOfOld.set(old, G);
    return true;
  };
  const conflicts: number[] = [];
  /** The old labels of the old cells under new node g (its old node's subtree, or the old childless node around it). */
  const coveredLabels = (g: number): Set<number> => {
    const out = new Set<number>();
    const o = r.oldOf === null ? g : r.oldOf[g];
    const todo = [o >= 0 ? o : -o - 2];
    const old = prev.world;
    while (todo.length > 0) {
      const n = todo.pop()!;
      if (old.kind[n] === EMPTY) out.add(comp.nodeComp[n]);
      else if (old.kind[n] !== MIXED) continue;
      else if (old.level[n] > 0) for (let j = 0; j < 8; j++) todo.push(old.firstChild[n] + j);
      else {
        const b = comp.brickComp[n];
        if (b >= 0) out.add(b);
        else if (b < -1)
          for (let i = -b - 2; ; i += 2) {
            out.add(comp.boxComp[i + 1]);
            if ((comp.boxComp[i] & BOX_LAST) !== 0) break;
          }
      }
    }
    return out;
  };
  const stack: number[] = [];
  const firstCell: number[] = [];
  let groups = 0;
  for (const seed of seeds) {
    if (group.has(seed)) continue;
    const G = groups++;
    joined.push(G);
    firstCell.push(seed);
    group.set(seed, G);
    stack.push(seed);
    while (stack.length > 0) {
      const c = stack.pop()!;
      const old = oldLabelOf(c);
      if (old >= 0 && !note(old, G)) return null;
      if (old < 0 && !within(c)) {
        // A new (free) node holding a changed brick that reaches the box's border: the old labels
        // of the old cells it covers (every voxel of it is free now).
        if (c < s.voxelBase) return null;
        for (const l of coveredLabels(c - s.voxelBase)) if (!note(l, G)) return null;
      }
      const count = s.neighbours(c);
      const buf = s.buffer;
      for (let i = 0; i < count; i++) {
        const v = buf[i];
        if (group.has(v) || !inside(v)) continue;
        group.set(v, G);
        stack.push(v);
      }
    }
  }
  // Groups of one old component after a blocked voxel: a search from one over the whole space
  // until it meets the other (they are one component), or null when it exhausts (a split: flood).
  for (let i = 0; i < conflicts.length; i += 2) {
    const A = root(conflicts[i]),
      B = root(conflicts[i + 1]);
    if (A === B) continue;
    const seen = new Set<number>([firstCell[A]]);
    stack.length = 0;
    stack.push(firstCell[A]);
    let met = false;
    while (stack.length > 0 && !met) {
      const count = s.neighbours(stack.pop()!);
      const buf = s.buffer;
      for (let k = 0; k < count && !met; k++) {
        const v = buf[k];
        if (seen.has(v)) continue;
        const gv = group.get(v);
        if (gv !== undefined && root(gv) === B) met = true;
        seen.add(v);
        stack.push(v);
      }
    }
    searched.count += seen.size;
    if (!met) return null;
    joined[A] = B;
  }
  // Each joined set of groups: its smallest old label (the others renamed to it), else a fresh one.
  const least = new Map<number, number>();
  for (const [old, G] of groupOfOld) {
    const R = root(G);
    if (!(least.get(R)! <= old)) least.set(R, old);
  }
  const final: number[] = [];
  for (let G = 0; G < groups; G++) {
    const R = root(G);
    if (!least.has(R)) least.set(R, label++);
    final.push(least.get(R)!);
  }
  const rename = new Map<number, number>();
  for (const [old, G] of groupOfOld) if (old !== final[G]) rename.set(old, final[G]);
  const labels = new Map<number, number>();
  for (const [c, G] of group) labels.set(c, final[G]);
  return { labels, rename };
}
