import type { SceneDocument } from '../../scene/schema.ts';
import { packSolid, type SaveRequest, type SaveResponse, type SaveWork } from './saveWork.ts';

/** A base text patches are made against. */
export interface PatchBase {
  id: string;
  text: string;
}

/**
 * Formats a document as saved text (saveScene), or takes a saved text, and with a base makes
 * the patch from it (null: too different); possibly elsewhere than on the page.
 */
export type SaveJob = (what: { doc: SceneDocument } | { text: string }, base: PatchBase | null) => Promise<{ text: string; patch: string | null }>;

/**
 * The save worker (save.worker.ts), started on first use: autosave formats documents and
 * makes patches there, so an edit of a big scene never waits for it. Documents are sent as
 * JSON text (a structured clone of a big document costs the page far more), with a big voxel
 * layer's boxes in one transferred array; a base text is sent once. A worker that fails rejects what it held and is started again on the next job.
 */
export class SceneSaver {
  private worker: Worker | null = null;
  private workerBase: string | null = null;
  private readonly pending = new Map<number, { resolve: (r: SaveResponse) => void; reject: (e: Error) => void }>();
  private nextId = 1;

  constructor(private readonly create: () => Worker = () => new Worker(new URL('./save.worker.ts', import.meta.url), { type: 'module' })) {}

  readonly run: SaveJob = async (what, base) => {
    const id = this.nextId++;
    const request = saveRequest(id, what);
    if (base !== null) request.base = this.workerBase === base.id ? { id: base.id } : { id: base.id, text: base.text };
    const answer = await new Promise<SaveResponse>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      try {
        this.start().postMessage(request, request.solid !== undefined ? [request.solid.buffer] : []);
        if (base !== null) this.workerBase = base.id;
      } catch (e) {
        this.pending.delete(id);
        reject(e as Error);
      }
    });
    if ('error' in answer) throw new Error(answer.error);
    return { text: answer.text ?? (what as { text: string }).text, patch: answer.patch };
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
    };
    this.worker = w;
    return w;
  }
}

/** The request for a document or a text: a big voxel layer's boxes packed apart from the JSON. */
function saveRequest(id: number, what: { doc: SceneDocument } | { text: string }): SaveRequest {
  if (!('doc' in what)) return { id, text: what.text };
  const v = what.doc.voxels;
  const solid = packSolid(v?.solid);
  if (v === undefined || solid === null) return { id, doc: JSON.stringify(what.doc) };
  return { id, doc: JSON.stringify({ ...what.doc, voxels: { ...v, solid: [] } }), solid };
}

/** A SaveJob that runs SaveWork in this thread (tests, and where no worker is wanted). */
export function inThreadSaveJob(work: SaveWork): SaveJob {
  let n = 0;
  return async (what, base) => {
    await Promise.resolve();
    const r = saveRequest(++n, what);
    if (base !== null) r.base = { id: base.id, text: base.text };
    const answer = work.handle(r);
    if ('error' in answer) throw new Error(answer.error);
    return { text: answer.text ?? (what as { text: string }).text, patch: answer.patch };
  };
}
