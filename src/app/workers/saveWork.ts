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
      const text = r.doc !== undefined ? saveScene(JSON.parse(r.doc)) : r.text;
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
