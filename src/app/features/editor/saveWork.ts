import type { SceneDocument, VoxelBox } from '../../../scene/schema.ts';
import { saveScene } from '../../../scene/validate.ts';
import { diffLines, encodePatch } from './lineDiff.ts';

/** Lines that may differ from the base before a patch is refused (the base is then renewed). */
export const MAX_PATCH_LINES = 2000;

/**
 * A job of the save worker: a document (as JSON text: cheaper to send than the object) to
 * format as saved text, or a saved text; with a base, also the patch from the base to it.
 * `base.text` is sent only when the worker does not hold that base yet.
 */
export interface SaveRequest {
  id: number;
  doc?: string;
  /**
   * The document's solid voxel boxes, 6 numbers each, when `doc` was sent with an empty
   * `voxels.solid` (a big layer travels as one transferred array, not as JSON).
   */
  solid?: Float64Array;
  /**
   * Instead of `solid`: the boxes as an edit of the solid list of the worker's previous
   * document (see `solidEdit`), when `doc` was sent with an empty `voxels.solid`.
   */
  solidEdit?: SolidEdit;
  text?: string;
  base?: { id: string; text?: string };
  /**
   * A patch longer than this (characters) is of no use to the page: the saved text is
   * answered instead. Absent: any patch is.
   */
  patchLimit?: number;
}

/**
 * The answer: the patch (null: no base, too different, or longer than the request's
 * `patchLimit`); the saved text of a `doc` request only when there is no patch (a page that
 * has the patch does not need the text: a big scene's text is not sent back per edit).
 */
export type SaveResponse = { id: number; text?: string; patch: string | null } | { id: number; error: string };

/**
 * A solid list as an edit of an earlier one: `runs` holds pairs (start, count): start >= 0
 * takes boxes start .. start + count - 1 of the earlier list, start = -1 the next `count`
 * boxes of `fresh` (6 numbers each), in order.
 */
export interface SolidEdit {
  runs: Int32Array;
  fresh: Float64Array;
}

/** The save worker's work, without the worker (save.worker.ts runs it; tests call it directly). */
export class SaveWork {
  private base: { id: string; lines: string[] } | null = null;
  /** The solid boxes of the last document (what the next request's `solidEdit` edits). */
  private solid: VoxelBox[] | null = null;

  handle(r: SaveRequest): SaveResponse {
    try {
      let text = r.text;
      if (r.doc !== undefined) {
        const doc = this.withSolid(JSON.parse(r.doc), r);
        text = saveScene(doc);
      }
      if (text === undefined) throw new Error('nothing to save');
      let patch: string | null = null;
      if (r.base !== undefined) {
        if (r.base.text !== undefined) this.base = { id: r.base.id, lines: r.base.text.split('\n') };
        if (this.base?.id !== r.base.id) throw new Error(`the save worker does not hold base ${r.base.id}`);
        const hunks = diffLines(this.base.lines, text.split('\n'), MAX_PATCH_LINES);
        patch = hunks === null ? null : encodePatch(hunks);
        if (patch !== null && r.patchLimit !== undefined && patch.length > r.patchLimit) patch = null;
      }
      return r.doc !== undefined && patch === null ? { id: r.id, text, patch } : { id: r.id, patch };
    } catch (e) {
      // What the page takes the worker to hold may be wrong now: it sends a whole list next.
      this.solid = null;
      return { id: r.id, error: (e as Error).message };
    }
  }

  /** The request's boxes (packed or an edit) put back into the document, which is then held. */
  private withSolid(doc: SceneDocument, r: SaveRequest): SceneDocument {
    const v = doc.voxels;
    if (v !== undefined && r.solid !== undefined) v.solid = unpackSolid(r.solid);
    if (v !== undefined && r.solidEdit !== undefined) {
      if (this.solid === null) throw new Error('the save worker holds no earlier solid list to edit');
      v.solid = applySolidEdit(this.solid, r.solidEdit);
    }
    this.solid = Array.isArray(v?.solid) ? v.solid : null;
    return doc;
  }
}

/** The boxes packed by `packSolid` as the lists the schema expects. */
function unpackSolid(solid: Float64Array, from = 0, count = solid.length / 6, out: VoxelBox[] = []): VoxelBox[] {
  for (let i = from; i < from + count; i++) out.push(Array.from(solid.subarray(6 * i, 6 * i + 6)) as VoxelBox);
  return out;
}

/** The list `edit` makes of `held` (see SolidEdit). Throws on runs outside either list. */
export function applySolidEdit(held: readonly VoxelBox[], edit: SolidEdit): VoxelBox[] {
  const out: VoxelBox[] = [];
  const { runs, fresh } = edit;
  let f = 0;
  for (let k = 0; k + 1 < runs.length; k += 2) {
    const start = runs[k],
      count = runs[k + 1];
    if (count < 0 || (start >= 0 ? start + count > held.length : start !== -1 || 6 * (f + count) > fresh.length)) {
      throw new Error('the solid list edit does not fit the list it edits');
    }
    if (start >= 0) for (let i = start; i < start + count; i++) out.push(held[i]);
    else {
      unpackSolid(fresh, f, count, out);
      f += count;
    }
  }
  return out;
}

/** Whether b is a list of 6 numbers (a box the packed forms can carry). */
const isBox = (b: unknown): b is VoxelBox => Array.isArray(b) && b.length === 6 && b.every((c) => typeof c === 'number');

/** Most runs `solidEdit` makes before it gives up (the whole list is sent then). */
const MAX_RUNS = 512;
/** Boxes `solidEdit` looks ahead for a box that is not the next one, before it indexes the list. */
const LOOKAHEAD = 16;

/** Boxes in a row not found ahead before `solidEdit` indexes the earlier list. */
const MISSES = 8;

/**
 * `next` as an edit of `prev` (SolidEdit), matching boxes by identity: an edit of a document
 * keeps the boxes it does not touch (edits.ts), so a paint of a 20,000-box layer is a few runs
 * and the boxes it made. One walk in order; a box that is not the next one of `prev` is looked
 * for a few boxes ahead; after MISSES such boxes in a row (many boxes removed, or another
 * list), in an index of `prev`, built then. A box not found is sent as a new one (matching
 * saves bytes, never changes the list). Null when the edit would take more than MAX_RUNS runs
 * or a new box is not 6 numbers (then the list travels whole, and the worker's validation
 * names a bad box).
 */
export function solidEdit(prev: readonly unknown[], next: readonly unknown[]): SolidEdit | null {
  const runs: number[] = [];
  const fresh: number[] = [];
  let index: Map<unknown, number> | null = null;
  let misses = 0;
  let p = 0;
  const take = (start: number) => {
    const n = runs.length;
    if (n > 0 && (start === -1 ? runs[n - 2] === -1 : runs[n - 2] >= 0 && runs[n - 2] + runs[n - 1] === start)) runs[n - 1]++;
    else runs.push(start, 1);
  };
  for (const x of next) {
    let at = -1;
    if (p < prev.length && prev[p] === x) at = p;
    else {
      for (let d = 1; d <= LOOKAHEAD && p + d < prev.length; d++) {
        if (prev[p + d] === x) {
          at = p + d;
          break;
        }
      }
      if (at < 0 && (index !== null || ++misses >= MISSES)) {
        index ??= new Map(prev.map((b, i) => [b, i]));
        at = index.get(x) ?? -1;
      }
    }
    if (at >= 0) {
      take(at);
      p = at + 1;
      misses = 0;
    } else {
      if (!isBox(x)) return null;
      take(-1);
      fresh.push(...x);
    }
    if (runs.length > 2 * MAX_RUNS) return null;
  }
  return { runs: Int32Array.from(runs), fresh: Float64Array.from(fresh) };
}

/**
 * A document's solid boxes as one array of 6 numbers per box, or null when they are few or not
 * all lists of 6 numbers (then the document travels as JSON as it is, and the worker's
 * validation names what is wrong).
 */
export function packSolid(solid: readonly unknown[] | undefined, atLeast = 256): Float64Array | null {
  if (solid === undefined || solid.length < atLeast) return null;
  const out = new Float64Array(solid.length * 6);
  for (let i = 0; i < solid.length; i++) {
    const b = solid[i];
    if (!Array.isArray(b) || b.length !== 6) return null;
    for (let k = 0; k < 6; k++) {
      if (typeof b[k] !== 'number') return null;
      out[6 * i + k] = b[k];
    }
  }
  return out;
}
