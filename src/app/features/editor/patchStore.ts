import type { SceneDocument } from '../../../scene/schema.ts';
import type { PatchBase, SaveJob } from './SceneSaver.ts';
import { applyPatch, encodePatch, PATCH_MARK } from './lineDiff.ts';
import { NO_STORAGE, savedWindow, type BaseRef, type SavedScene, type StorageLike } from './savedRecords.ts';
import { DocRef, type Timeline } from './timeline.ts';

/** localStorage key prefix of the base texts that patches refer to: the base id, ':' and the chunk number follow. */
export const BASE_KEY_PREFIX = 'navlab.sceneBase.v2:';
/** A scene whose saved text has at least this many characters is stored as patches against a base text. */
export const PATCH_MIN_CHARS = 100_000;
/** Characters of a base text per storage key (each written in a task of its own). */
export const BASE_CHUNK_CHARS = 100_000;

/** A base text this tab stored. */
export interface Base extends PatchBase, BaseRef {}

/** A document's patch against the base `base`. */
interface Patched {
  base: string;
  patch: string;
}

/**
 * The saved forms of big scenes' documents: a scene of PATCH_MIN_CHARS or more is saved as a
 * base text, stored once in chunks written in separate tasks (BASE_KEY_PREFIX), and each
 * document of its timeline as the patch of lines from it, made in the save job (the app's
 * worker): an edit writes a few lines, not the scene. `prepare` makes in the job what a write
 * of a timeline needs (the texts of new documents, a base, the patches); `text` and `refs` read
 * a stored record's documents back through their base. Per picker name, this tab continues one
 * base (the saved record's, `adopt`) and removes the bases it stored once a newer one is used.
 */
export class PatchStore {
  /** Per picker name, the base text this tab's patches of it refer to. */
  private readonly bases = new Map<string, Base>();
  /** Bases this tab stored, per picker name: removed once a newer one is in use. */
  private readonly ownBases = new Map<string, BaseRef[]>();
  private readonly patches = new WeakMap<DocRef, Patched>();
  /** The lines of base texts read lately, by id. */
  private readonly baseLines = new Map<string, string[]>();

  /**
   * @param patchMinChars the patch threshold (PATCH_MIN_CHARS)
   * @param chunkChars characters per stored chunk of a base (BASE_CHUNK_CHARS)
   */
  constructor(
    private readonly storage: StorageLike | null,
    private readonly patchMinChars: number,
    private readonly chunkChars: number,
  ) {}

  /** The text of document `i` of a saved record (a patch is applied). Throws when it is damaged. */
  text(r: SavedScene, i: number): string {
    const d = r.docs[i];
    if (!d.startsWith(PATCH_MARK)) return d;
    if (r.base === undefined) throw new Error('the saved edits hold a patch without its base text');
    return applyPatch(this.linesOf(r.base), d);
  }

  /**
   * The documents of a saved record for the undo timeline, made from their patches when first
   * needed; the current one is `current` (the document shown, whose text is the saved one).
   */
  refs(r: SavedScene, current: SceneDocument): DocRef[] {
    return r.docs.map((d, i) => {
      const ref = i === r.index ? DocRef.of(current) : d.startsWith(PATCH_MARK) ? DocRef.lazy(() => this.text(r, i)) : DocRef.fromText(d);
      if (i === r.index) ref.setText(this.text(r, i));
      if (d.startsWith(PATCH_MARK) && r.base !== undefined) this.patches.set(ref, { base: r.base.id, patch: d });
      return ref;
    });
  }

  /** Later patches of `name` continue `base` (the saved record's), when it is given and readable. */
  adopt(name: string, base: BaseRef | undefined): void {
    this.bases.delete(name);
    if (base === undefined) return;
    try {
      this.bases.set(name, { ...base, text: this.linesOf(base).join('\n') });
    } catch {
      // A damaged base: the next save stores a new one.
    }
  }

  /** Forgets the base `name` continues (its next save stores a new one). */
  forget(name: string): void {
    this.bases.delete(name);
  }

  /** The base `name` continues, or null; a base another tab removed (it replaced the record that used it) is not used again. */
  usable(name: string): Base | null {
    const b = this.bases.get(name);
    if (b !== undefined && this.storage?.getItem(`${BASE_KEY_PREFIX}${b.id}:0`) == null) this.bases.delete(name);
    return this.bases.get(name) ?? null;
  }

  /** The patch of `d` against the base `baseId`, or null. */
  patchOf(d: DocRef, baseId: string): string | null {
    const p = this.patches.get(d);
    return p?.base === baseId ? p.patch : null;
  }

  /**
   * Makes what a write of `t` needs, in the job (the worker): the saved texts of new
   * documents, and for a big scene a stored base text and the patches of the documents. A
   * document sent as itself (no text known) gets its text back only when it has no patch:
   * a big scene's text is not carried to the page per edit. The current document's patch is
   * of use while it is at most a quarter of the base; a longer one makes a new base.
   */
  async prepare(name: string, t: Timeline, job: SaveJob): Promise<void> {
    const docs = savedWindow(t);
    const cur = t.docs[t.index];
    let base = this.bases.get(name) ?? null;
    const patched = (d: DocRef) => base !== null && this.patches.get(d)?.base === base.id;
    const patch = async (d: DocRef, limit?: number) => {
      const text = d.knownText;
      const r = await job(text !== null ? { text } : { doc: d.get() }, base, limit);
      if (r.text !== null) d.setText(r.text);
      if (base !== null && r.patch !== null) {
        this.patches.set(d, { base: base.id, patch: r.patch });
        // Its text, if ever needed here (a write without this base), from the patch.
        d.setTextSource(patchedText(base, r.patch));
      }
    };
    for (const d of docs) {
      if (patched(d) || (d.knownText !== null && (d !== cur || base === null))) continue;
      await patch(d, d === cur && base !== null ? base.length / 4 : undefined);
    }
    if (base === null && cur.serialized().length < this.patchMinChars) return;
    if (base === null || !patched(cur)) {
      base = await this.storeBase(name, cur.serialized());
      this.patches.set(cur, { base: base.id, patch: encodePatch([]) });
    }
    for (const d of docs) if (!patched(d)) await patch(d);
  }

  /** Removes the bases this tab stored for `name` other than `keep`. */
  dropOld(name: string, keep: string | undefined): void {
    const own = this.ownBases.get(name) ?? [];
    for (const b of own) if (b.id !== keep && this.storage !== null) removeBase(this.storage, b);
    this.ownBases.set(
      name,
      own.filter((b) => b.id === keep),
    );
  }

  /** Removes a base text's chunks from the storage. */
  remove(b: BaseRef): void {
    if (this.storage !== null) removeBase(this.storage, b);
  }

  /** Stores `text` as the new base of `name`, a chunk per task. */
  private async storeBase(name: string, text: string): Promise<Base> {
    const s = this.storage;
    if (s === null) throw new Error(NO_STORAGE);
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const base: Base = { id, text, length: text.length, chunks: Math.max(1, Math.ceil(text.length / this.chunkChars)) };
    try {
      for (let k = 0; k < base.chunks; k++) {
        if (k > 0) await new Promise((r) => setTimeout(r, 0));
        s.setItem(`${BASE_KEY_PREFIX}${id}:${k}`, text.slice(k * this.chunkChars, (k + 1) * this.chunkChars));
      }
    } catch (e) {
      removeBase(s, base);
      throw e;
    }
    this.bases.set(name, base);
    this.ownBases.set(name, [...(this.ownBases.get(name) ?? []), base]);
    return base;
  }

  /** The lines of a stored base text. Throws when a chunk is missing or the length is wrong. */
  private linesOf(b: BaseRef): string[] {
    const cached = this.baseLines.get(b.id);
    if (cached !== undefined) return cached;
    const own = [...this.bases.values()].find((x) => x.id === b.id);
    let text = own?.text;
    if (text === undefined) {
      const parts: string[] = [];
      for (let k = 0; k < b.chunks; k++) {
        const part = this.storage?.getItem(`${BASE_KEY_PREFIX}${b.id}:${k}`) ?? null;
        if (part === null) throw new Error('the base text of the saved edits is missing');
        parts.push(part);
      }
      text = parts.join('');
    }
    if (text.length !== b.length) throw new Error('the base text of the saved edits is damaged');
    const lines = text.split('\n');
    this.baseLines.clear();
    this.baseLines.set(b.id, lines);
    return lines;
  }
}

/** The lines of base texts, split on first need. */
const splitBases = new WeakMap<PatchBase, string[]>();

/** Makes the text of `patch` against `base` (its lines split once per base). */
function patchedText(base: PatchBase, patch: string): () => string {
  return () => {
    let lines = splitBases.get(base);
    if (lines === undefined) splitBases.set(base, (lines = base.text.split('\n')));
    return applyPatch(lines, patch);
  };
}

/** Removes a base text's chunks. */
function removeBase(s: StorageLike, b: BaseRef): void {
  for (let k = 0; k < b.chunks; k++) s.removeItem(`${BASE_KEY_PREFIX}${b.id}:${k}`);
}
