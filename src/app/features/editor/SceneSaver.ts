import type { SceneDocument } from '../../../scene/schema.ts';
import { packSolid, solidEdit, type SaveRequest, type SaveResponse, type SaveWork } from './saveWork.ts';

/** A base text patches are made against. */
export interface PatchBase {
  id: string;
  text: string;
}

/**
 * Formats a document as saved text (saveScene), or takes a saved text, and with a base makes
 * the patch from it (null: too different, or longer than `patchLimit` characters); possibly
 * elsewhere than on the page. The text of a document comes back only when there is no patch
 * (null otherwise); the text of a text job is that text.
 */
export type SaveJob = (
  what: { doc: SceneDocument } | { text: string },
  base: PatchBase | null,
  patchLimit?: number,
) => Promise<{ text: string | null; patch: string | null }>;

/**
 * The save worker (save.worker.ts), started on first use: autosave formats documents and
 * makes patches there, so an edit of a big scene never waits for it. Documents are sent as
 * JSON text (a structured clone of a big document costs the page far more); a big voxel
 * layer's boxes travel apart: as an edit of the list the worker holds from the previous
 * document (a paint sends the boxes it made, not the layer), else packed in one transferred
 * array. A base text is sent once, and a big scene's text does not come back once there is
 * a patch. A worker that fails rejects what it held and is started again on the next job.
 */
export class SceneSaver {
  private worker: Worker | null = null;
  private workerBase: string | null = null;
  private readonly requests = new SaveRequests();
  private readonly pending = new Map<number, { resolve: (r: SaveResponse) => void; reject: (e: Error) => void }>();

  constructor(private readonly create: () => Worker = () => new Worker(new URL('./save.worker.ts', import.meta.url), { type: 'module' })) {}

  readonly run: SaveJob = async (what, base, patchLimit) => {
    const request = this.requests.make(what, patchLimit);
    if (base !== null) request.base = this.workerBase === base.id ? { id: base.id } : { id: base.id, text: base.text };
    const answer = await new Promise<SaveResponse>((resolve, reject) => {
      this.pending.set(request.id, { resolve, reject });
      try {
        this.start().postMessage(request, request.solid !== undefined ? [request.solid.buffer] : []);
        if (base !== null) this.workerBase = base.id;
      } catch (e) {
        this.pending.delete(request.id);
        this.requests.forget();
        reject(e as Error);
      }
    });
    return this.requests.answer(what, answer);
  };

  private start(): Worker {
    if (this.worker !== null) return this.worker;
    const w = this.create();
    w.onmessage = (e: MessageEvent<SaveResponse>) => {
      const p = this.pending.get(e.data.id);
      this.pending.delete(e.data.id);
      p?.resolve(e.data);
    };
    w.onerror = (e) => {
      e.preventDefault();
      const err = new Error(`the save worker failed (${e.message || 'it did not start'})`);
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
      w.terminate();
      this.worker = null;
      this.workerBase = null;
      this.requests.forget();
    };
    this.worker = w;
    return w;
  }
}

/**
 * Makes the requests of one SaveWork (in order: it holds the solid list of the last document
 * it got, and the next request may send an edit of it) and reads its answers.
 */
class SaveRequests {
  private nextId = 1;
  /** The solid list the worker holds (by identity: documents share the boxes an edit kept), or null. */
  private held: readonly unknown[] | null = null;

  /** The request for a document or a text: a big voxel layer's boxes apart from the JSON. */
  make(what: { doc: SceneDocument } | { text: string }, patchLimit: number | undefined): SaveRequest {
    const id = this.nextId++;
    const r: SaveRequest = 'doc' in what ? this.docRequest(id, what.doc) : { id, text: what.text };
    if (patchLimit !== undefined) r.patchLimit = patchLimit;
    return r;
  }

  private docRequest(id: number, doc: SceneDocument): SaveRequest {
    const v = doc.voxels;
    const held = this.held;
    this.held = Array.isArray(v?.solid) ? v.solid : null;
    if (v === undefined || !Array.isArray(v.solid)) return { id, doc: JSON.stringify(doc) };
    const light = () => JSON.stringify({ ...doc, voxels: { ...v, solid: [] } });
    const edit = held !== null && v.solid.length >= 256 ? solidEdit(held, v.solid) : null;
    if (edit !== null) return { id, doc: light(), solidEdit: edit };
    const solid = packSolid(v.solid);
    return solid === null ? { id, doc: JSON.stringify(doc) } : { id, doc: light(), solid };
  }

  /** The worker may not hold what this side takes it to (a failure): the next list goes whole. */
  forget(): void {
    this.held = null;
  }

  answer(what: { doc: SceneDocument } | { text: string }, a: SaveResponse): { text: string | null; patch: string | null } {
    if ('error' in a) {
      this.forget();
      throw new Error(a.error);
    }
    return { text: a.text ?? ('text' in what ? what.text : null), patch: a.patch };
  }
}

/** A SaveJob that runs SaveWork in this thread (tests, and where no worker is wanted). */
export function inThreadSaveJob(work: SaveWork): SaveJob {
  const requests = new SaveRequests();
  return async (what, base, patchLimit) => {
    await Promise.resolve();
    const r = requests.make(what, patchLimit);
    if (base !== null) r.base = { id: base.id, text: base.text };
    return requests.answer(what, work.handle(r));
  };
}
