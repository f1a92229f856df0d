import type { SceneDocument, VoxelBox } from '../../scene/schema.ts';
import { saveScene } from '../../scene/validate.ts';
import { diffLines, encodePatch } from '../editor/lineDiff.ts';

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
  text?: string;
  base?: { id: string; text?: string };
}

/** The saved text (only for `doc` requests) and the patch (null: no base, or too different). */
export type SaveResponse = { id: number; text?: string; patch: string | null } | { id: number; error: string };

/** The save worker's work, without the worker (save.worker.ts runs it; tests call it directly). */
export class SaveWork {
  private base: { id: string; lines: string[] } | null = null;

  handle(r: SaveRequest): SaveResponse {
    try {
      const text = r.doc !== undefined ? saveScene(withSolid(JSON.parse(r.doc), r.solid)) : r.text;
      if (text === undefined) throw new Error('nothing to save');
      let patch: string | null = null;
      if (r.base !== undefined) {
        if (r.base.text !== undefined) this.base = { id: r.base.id, lines: r.base.text.split('\n') };
        if (this.base?.id !== r.base.id) throw new Error(`the save worker does not hold base ${r.base.id}`);
        const hunks = diffLines(this.base.lines, text.split('\n'), MAX_PATCH_LINES);
        patch = hunks === null ? null : encodePatch(hunks);
      }
      return r.doc !== undefined ? { id: r.id, text, patch } : { id: r.id, patch };
    } catch (e) {
      return { id: r.id, error: (e as Error).message };
    }
  }
}

/** The boxes packed by `packSolid` back into the document (as the lists the schema expects). */
function withSolid(doc: SceneDocument, solid: Float64Array | undefined): SceneDocument {
  if (solid === undefined || doc.voxels === undefined) return doc;
  const boxes = new Array<VoxelBox>(solid.length / 6);
  for (let i = 0; i < boxes.length; i++) boxes[i] = Array.from(solid.subarray(6 * i, 6 * i + 6)) as VoxelBox;
  doc.voxels.solid = boxes;
  return doc;
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
