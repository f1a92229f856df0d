import { checkInstance } from '../args.ts';
import { BrickBoxes } from './brickBoxes.ts';
import type { SparseComponents } from './components.ts';
import { editSparseWorld, type SparseEdit, type SparseEditResult } from './edit.ts';
import { compact3 } from './morton.ts';
import { SparseSpace } from './SparseSpace.ts';
import { EMPTY, MIXED } from './SparseWorld.ts';

/** What editSparseSpace did: the edited space and the work it took (counts, not time). */
export interface SparseSpaceEditResult extends SparseEditResult {
  /** The search space of the edited world (`space` itself when no voxel changed). */
  space: SparseSpace;
  /** Bricks whose free voxels were split into boxes again (the others' boxes were copied). */
  splitBricks: number;
  /** Cells the component update visited: the components touching the edited bricks (0 without components). */
  relabelled: number;
}

/**
 * Blocks or clears voxels of a SparseSpace's world locally (editSparseWorld) and gives the
 * search space of the edited world: only the changed bricks are split into boxes again, and
 * only the components that touch the changed bricks (their cells, or a cell one voxel beside
 * them) are labelled again, by a flood over them; every other component keeps its label. The
 * space's answers are a fresh build's (the same cells; the same partition into components,
 * under other numbers). `space` is left as it was. Throws a NavlabError 'usage' as
 * editSparseWorld does.
 */
export function editSparseSpace(space: SparseSpace, edits: readonly SparseEdit[]): SparseSpaceEditResult {
  checkInstance('editSparseSpace: space', space, SparseSpace);
  const r = editSparseWorld(space.world, edits);
  if (r.bricks === 0) return { ...r, space, splitBricks: 0, relabelled: 0 };
  const boxes = new BrickBoxes(r.world, { boxes: space.boxes, oldOf: r.oldOf, changed: r.changed });
  let relabelled = 0;
  const old = space.components;
  const next = new SparseSpace(
    r.world,
    { components: old !== null },
    {
      boxes,
      components: (s) => {
        const out = relabel(space, old!, s, r);
        relabelled = out.visited;
        return out.comp;
      },
    },
  );
  return { ...r, space: next, splitBricks: boxes.split, relabelled };
}

/** The old label of old cell c. */
function oldLabel(space: SparseSpace, comp: SparseComponents, c: number): number {
  if (c >= space.voxelBase) return comp.nodeComp[c - space.voxelBase];
  const b = comp.brickComp[c >> 6];
  return b >= -1 ? b : comp.voxelComp[64 * (-b - 2) + (c & 63)];
}

/** The components of `s` (the edited space) from those of `prev`: a flood from around the changed bricks, old labels elsewhere. */
function relabel(
  prev: SparseSpace,
  comp: SparseComponents,
  s: SparseSpace,
  r: SparseEditResult,
): { comp: SparseComponents; visited: number } {
  const w = s.world;
  const oldOf = r.oldOf;
  // Fresh labels above every old one.
  let label = 0;
  for (const a of [comp.nodeComp, comp.brickComp, comp.voxelComp]) for (let i = 0; i < a.length; i++) if (a[i] > label) label = a[i];
  label++;
  const lab = new Map<number, number>();
  const stack: number[] = [];
  const flood = (seed: number): void => {
    if (seed < 0 || lab.has(seed)) return;
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
  };
  // Seeds: the cells of the changed bricks' voxels and of the voxels one step beside them.
  for (const code of r.changedCodes) {
    const x0 = compact3(code) << 2,
      y0 = compact3(code >>> 1) << 2,
      z0 = compact3(code >>> 2) << 2;
    for (let z = z0 - 1; z <= z0 + 4; z++)
      for (let y = y0 - 1; y <= y0 + 4; y++) for (let x = x0 - 1; x <= x0 + 4; x++) flood(s.cellOf(x, y, z));
  }
  // Old node (or the old childless node around a new one) -> old label.
  const oldNode = (g: number): number => {
    const o = oldOf === null ? g : oldOf[g];
    return o >= 0 ? o : -o - 2;
  };
  const nodeComp = new Int32Array(w.nodeCount).fill(-1);
  for (let g = 0; g < w.nodeCount; g++) {
    if (w.kind[g] !== EMPTY) continue;
    nodeComp[g] = lab.get(s.voxelBase + g) ?? comp.nodeComp[oldNode(g)];
  }
  const flooded = new Set<number>();
  for (const c of lab.keys()) if (c < s.voxelBase) flooded.add(c >> 6);
  const bricks = w.brickCount;
  const brickComp = new Int32Array(bricks).fill(-1);
  const extra: number[] = [];
  const per = new Int32Array(64);
  for (let k = 0; k < bricks; k++) {
    if (w.kind[k] !== MIXED) continue;
    const o = oldNode(k);
    if (!flooded.has(k)) {
      // Untouched: the old brick's labels (an unchanged MIXED brick was a MIXED brick before).
      const b = comp.brickComp[o];
      if (b >= -1) brickComp[k] = b;
      else {
        brickComp[k] = -(extra.length / 64) - 2;
        for (let bit = 0; bit < 64; bit++) extra.push(comp.voxelComp[64 * (-b - 2) + bit]);
      }
      continue;
    }
    let one = -1,
      many = false;
    for (let bit = 0; bit < 64; bit++) {
      const c = s.voxelCell(k, bit);
      per[bit] = c < 0 ? -1 : (lab.get(c) ?? oldLabel(prev, comp, prev.voxelCell(o, bit)));
      if (per[bit] < 0) continue;
      if (one < 0) one = per[bit];
      else if (per[bit] !== one) many = true;
    }
    if (!many) brickComp[k] = one;
    else {
      brickComp[k] = -(extra.length / 64) - 2;
      for (let bit = 0; bit < 64; bit++) extra.push(per[bit]);
    }
  }
  return { comp: { nodeComp, brickComp, voxelComp: Int32Array.from(extra) }, visited: lab.size };
}
