import { quote } from '../../core/text.ts';
import { Signal } from '../signal.ts';
import type { SceneDocument } from '../../scene/schema.ts';
import type { PatchBase, SaveJob } from '../workers/SceneSaver.ts';
import { applyPatch, encodePatch, PATCH_MARK } from './lineDiff.ts';
import { damagedRecords, NO_STORAGE, parseRecord, readRecord, setAsideKey, siteStorage, type BaseRef, type SavedScene, type StorageLike } from './savedRecords.ts';
import { DocRef, type Timeline } from './timeline.ts';

export { DAMAGED_KEY_PREFIX, type SavedScene, type StorageLike } from './savedRecords.ts';

/** localStorage key prefix of a scene's saved edits; the picker name follows. */
export const SCENE_KEY_PREFIX = 'navlab.scene.v2:';
/** localStorage key prefix of the base texts that patches refer to: the base id, ':' and the chunk number follow. */
export const BASE_KEY_PREFIX = 'navlab.sceneBase.v2:';
/** localStorage key of the picker name of the scene shown last (opened again on reload). */
export const LAST_SCENE_KEY = 'navlab.lastScene.v2';
/** The single autosave slot of earlier versions: read once and moved to its scene's key. */
export const LEGACY_AUTOSAVE_KEY = 'navlab.autosave.v1';
/** Edits are written at most this long (ms) after they happen. */
export const AUTOSAVE_DELAY_MS = 300;
/** Undo (and redo) steps kept across reloads, per scene. */
export const MAX_SAVED_STEPS = 50;
/** Characters of saved documents kept per scene: older undo steps go first beyond that. */
export const MAX_SAVED_CHARS = 2_000_000;
/** A scene whose saved text has at least this many characters is stored as patches against a base text. */
export const PATCH_MIN_CHARS = 100_000;
/** Characters of a base text per storage key (each written in a task of its own). */
export const BASE_CHUNK_CHARS = 100_000;

/** A base text this tab stored. */
interface Base extends PatchBase, BaseRef {}

/** A document's patch against the base `base`. */
interface Patched {
  base: string;
  patch: string;
}

/**
 * Each scene's edits and undo history in localStorage, one key per picker name, so scene
 * switches and reloads lose nothing. Writes happen shortly after each edit (`changed`) and at
 * once when the page is hidden. With a `job` (the app's save worker), the documents an edit
 * made are formatted as saved text there, not on the page. A big scene (PATCH_MIN_CHARS) is
 * saved as a base text, stored once in chunks written in separate tasks, and each document
 * of its timeline as the patch of lines from it (made in the worker too): an edit writes a
 * few lines, not the scene. When the page is hidden, what is pending or still being made is
 * written at once, on the page (the last edit is never lost to a worker that is not done). Two tabs editing one scene never overwrite each other
 * silently: every write bumps the key's revision, and a tab whose last known revision is not
 * the stored one stops saving that scene and reports a conflict (also at once, from the
 * storage event) until the user chooses a version. A write that fails (storage full or
 * disabled) is reported; the edits then stay in this page (a reload of the scene in this tab
 * finds them). A stored record that cannot be read back is never overwritten: it is set aside
 * under a key of its own first (savedRecords.ts), or, when there is no room for that, left in
 * place while this tab keeps the scene's edits.
 */
export class SavedScenes {
  /** This tab's id in the records it writes. */
  readonly tab = Math.random().toString(36).slice(2, 10);
  /** A write failed (message) or succeeded again (null). */
  readonly saveFailed = new Signal<[string | null]>();
  /** Another tab saved the scene `name` since this tab last read or wrote it. */
  readonly conflict = new Signal<[name: string, theirs: SavedScene]>();
  private readonly known = new Map<string, number>();
  private readonly inPage = new Map<string, SavedScene>();
  private readonly blocked = new Set<string>();
  private readonly pending = new Map<string, () => Timeline>();
  /** Timelines taken from `pending` whose documents the job is formatting. */
  private readonly inFlight = new Map<string, Timeline>();
  /** Timelines whose save failed (storage full): this tab holds them until a write succeeds. */
  private readonly kept = new Map<string, Timeline>();
  /** Names whose damaged record could not be set aside: never written while it is there. */
  private readonly held = new Set<string>();
  /** Per picker name, the base text this tab's patches of it refer to. */
  private readonly bases = new Map<string, Base>();
  /** Bases this tab stored, per picker name: removed once a newer one is in use. */
  private readonly ownBases = new Map<string, BaseRef[]>();
  private readonly patches = new WeakMap<DocRef, Patched>();
  /** The lines of base texts read lately, by id. */
  private readonly baseLines = new Map<string, string[]>();
  private readonly patchMinChars: number;
  private readonly chunkChars: number;
  /** Counts flushes: a formatting that ends after a flush wrote its timeline writes nothing. */
  private epoch = 0;
  private running = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failing = false;

  /**
   * @param job formats documents and makes patches away from the page (null: saveScene here, no patches)
   * @param sizes the patch threshold and base chunk size (PATCH_MIN_CHARS, BASE_CHUNK_CHARS)
   */
  constructor(
    private readonly storage: StorageLike | null = siteStorage(),
    private readonly job: SaveJob | null = null,
    sizes: { patchMinChars?: number; chunkChars?: number } = {},
  ) {
    this.patchMinChars = sizes.patchMinChars ?? PATCH_MIN_CHARS;
    this.chunkChars = sizes.chunkChars ?? BASE_CHUNK_CHARS;
  }

  /** Writes pending edits when the page is hidden or closed; listens for other tabs' writes. */
  install(): void {
    const flush = () => this.flush();
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush();
    });
    window.addEventListener('pagehide', flush);
    window.addEventListener('storage', (e) => {
      if (e.key === null || !e.key.startsWith(SCENE_KEY_PREFIX)) return;
      const name = e.key.slice(SCENE_KEY_PREFIX.length);
      if (!this.known.has(name)) return;
      const theirs = parseRecord(e.newValue);
      if (theirs !== null && theirs.tab !== this.tab && theirs.revision !== this.known.get(name)) this.reportConflict(name, theirs);
    });
  }

  /** The saved edits of a scene (this page's unsaved ones first), or null. */
  get(name: string): SavedScene | null {
    return this.inPage.get(name) ?? this.stored(name);
  }

  /** The timeline of `name` changed but not written yet (pending or being prepared), or null. */
  unsaved(name: string): Timeline | null {
    return this.pending.get(name)?.() ?? this.inFlight.get(name) ?? this.kept.get(name) ?? null;
  }

  /** Whether this tab holds edits of `name` that are not stored (a failed or refused write). */
  inTab(name: string): boolean {
    return this.inPage.has(name) || this.kept.has(name);
  }

  /** The stored records that cannot be read back (not JSON, not a record, a base text gone), with what is wrong. */
  damaged(): { name: string; problem: string }[] {
    return this.storage === null ? [] : damagedRecords(this.storage, SCENE_KEY_PREFIX, (r) => this.text(r, r.index));
  }

  /**
   * Moves the stored record of `name` to a key of its own (DAMAGED_KEY_PREFIX), text unchanged,
   * and returns that key; this tab's saves of `name` then start afresh. Null when the storage
   * has no room for the copy: the record stays in place, and this tab never writes over it
   * (its edits of `name` stay in the tab, reported as a failed save).
   */
  setAside(name: string): string | null {
    const s = this.storage;
    let key: string | null = null;
    try {
      key = s === null ? null : setAsideKey(s, SCENE_KEY_PREFIX + name, name);
    } catch {
      key = null;
    }
    if (key === null) {
      this.held.add(name);
      return null;
    }
    this.held.delete(name);
    this.known.set(name, 0);
    this.bases.delete(name);
    return key;
  }

  /** The picker names with saved edits (stored or kept in this page). */
  names(): string[] {
    const out = new Set(this.inPage.keys());
    const s = this.storage;
    if (s !== null) {
      for (let i = 0; i < s.length; i++) {
        const k = s.key(i);
        if (k !== null && k.startsWith(SCENE_KEY_PREFIX)) out.add(k.slice(SCENE_KEY_PREFIX.length));
      }
    }
    return [...out];
  }

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

  /** The tab now shows `name` as saved at `revision` (0: nothing saved): later writes continue it. */
  adopt(name: string, revision: number): void {
    this.known.set(name, revision);
    this.blocked.delete(name);
    // Later patches continue the base of the saved record, when it has one.
    const b = this.get(name)?.base;
    this.bases.delete(name);
    if (b === undefined) return;
    try {
      this.bases.set(name, { ...b, text: this.linesOf(b).join('\n') });
    } catch {
      // A damaged base: the next save stores a new one.
    }
  }

  /** The edits of `name` changed: its timeline is written within AUTOSAVE_DELAY_MS. */
  changed(name: string, timeline: () => Timeline): void {
    this.pending.set(name, timeline);
    if (this.timer === null) this.timer = setTimeout(() => void this.saveSoon(), AUTOSAVE_DELAY_MS);
  }

  /** Resolves when no write is pending or being prepared (for tests and benchmarks). */
  async settled(): Promise<void> {
    while (this.timer !== null || this.running || this.pending.size > 0) await new Promise((r) => setTimeout(r, 20));
  }

  /** Writes pending edits now, also those being formatted elsewhere (formatted here). */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const work = new Map<string, () => Timeline>();
    for (const [name, t] of this.kept) work.set(name, () => t);
    for (const [name, t] of this.inFlight) work.set(name, () => t);
    for (const [name, timeline] of this.pending) work.set(name, timeline);
    this.inFlight.clear();
    this.pending.clear();
    this.epoch++;
    for (const [name, timeline] of work) this.write(name, timeline());
  }

  /**
   * The delayed write: the documents of each pending timeline that have no saved text yet are
   * formatted by `serialize`, then the record is written. Edits made meanwhile are written
   * after (one save runs at a time, in order).
   */
  private async saveSoon(): Promise<void> {
    this.timer = null;
    const job = this.job;
    if (job === null) return this.flush();
    if (this.running) return;
    this.running = true;
    try {
      while (this.pending.size > 0) {
        const work = [...this.pending].map(([name, f]) => [name, f()] as const);
        this.pending.clear();
        const epoch = this.epoch;
        for (const [name, t] of work) this.inFlight.set(name, t);
        for (const [name, t] of work) {
          let problem: string | null = null;
          try {
            await this.prepare(name, t, job);
          } catch (e) {
            problem = storageProblem(e as Error) ?? `the scene could not be saved (${(e as Error).message.slice(0, 200)})`;
          }
          // A flush (the page was hidden) wrote this timeline, or a newer one, meanwhile.
          if (this.epoch !== epoch) break;
          // The user dropped this tab's edits of the scene (or forgot them) meanwhile.
          if (this.inFlight.get(name) !== t) continue;
          this.inFlight.delete(name);
          if (problem !== null) {
            // Not lost: a reload of the scene in this tab finds the edits (unsaved), a flush tries again.
            this.kept.set(name, t);
            this.failed(problem);
          } else this.write(name, t, false, true);
        }
      }
    } finally {
      this.running = false;
    }
  }

  /**
   * Makes what a write of `t` needs, in the job (the worker): the saved texts of new
   * documents, and for a big scene a stored base text and the patches of the documents. A
   * document sent as itself (no text known) gets its text back only when it has no patch:
   * a big scene's text is not carried to the page per edit. The current document's patch is
   * of use while it is at most a quarter of the base; a longer one makes a new base.
   */
  private async prepare(name: string, t: Timeline, job: SaveJob): Promise<void> {
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

  /**
   * Writes a scene's timeline. Not when another tab saved the scene since this tab last saw
   * it (then `conflict` is emitted), unless `force` (the user chose to keep this tab's version).
   * `prepared`: the job made the texts and patches (prepare): no document is formatted here.
   */
  write(name: string, t: Timeline, force = false, prepared = false): void {
    const stored = this.stored(name);
    const known = this.known.get(name) ?? 0;
    const storedRevision = stored?.revision ?? 0;
    const conflict = !force && (this.blocked.has(name) || storedRevision !== known);
    // A base another tab removed (it replaced the record that used it) is not used again.
    if (this.bases.has(name) && this.storage?.getItem(`${BASE_KEY_PREFIX}${this.bases.get(name)!.id}:0`) == null) this.bases.delete(name);
    const base = this.bases.get(name) ?? null;
    const encode = (d: DocRef): string | null => {
      const p = this.patches.get(d);
      if (base !== null && p?.base === base.id) return p.patch;
      return prepared && base !== null ? null : d.serialized();
    };
    let next: SavedScene;
    try {
      next = record(name, t, conflict ? known : Math.max(known, storedRevision) + 1, this.tab, encode, base);
    } catch (e) {
      // A document that is not a valid scene (saveScene refused it): nothing is written.
      this.failed(`the scene could not be saved (${(e as Error).message.slice(0, 200)})`);
      return;
    }
    if (conflict) {
      this.pending.delete(name);
      this.inPage.set(name, next);
      if (stored !== null) this.reportConflict(name, stored);
      return;
    }
    this.inPage.set(name, next);
    this.blocked.delete(name);
    // A record under the key that cannot be read back is set aside first, never written over.
    if (stored === null && this.damagedRaw(name) && this.setAside(name) === null) {
      this.failed(`the damaged autosave of ${quote(name)} could not be set aside (no room), so it is kept and this scene's edits stay in this tab`);
      return;
    }
    try {
      if (this.storage === null) throw new Error(NO_STORAGE);
      this.storage.setItem(SCENE_KEY_PREFIX + name, JSON.stringify(next));
      // Only a stored write moves the known revision: after a failed one the next try continues.
      this.known.set(name, next.revision);
      this.inPage.delete(name);
      this.kept.delete(name);
      this.dropOldBases(name, next.base?.id);
      // The record replaced was the only one using its base (one record per scene).
      if (stored?.base !== undefined && stored.base.id !== next.base?.id) removeBase(this.storage, stored.base);
      if (this.failing) {
        this.failing = false;
        this.saveFailed.emit(null);
      }
    } catch (e) {
      // Storage full or disabled: the work stays in this page (inPage) and the user is told.
      this.failed(storageProblem(e as Error) ?? `storage refused the write (${(e as Error).message.slice(0, 120)})`);
    }
  }

  /** Whether the key of `name` holds text that is not a readable record. */
  private damagedRaw(name: string): boolean {
    try {
      const raw = this.storage?.getItem(SCENE_KEY_PREFIX + name) ?? null;
      return raw !== null && typeof readRecord(raw) === 'string';
    } catch {
      return false;
    }
  }

  /** Removes the bases this tab stored for `name` other than `keep`. */
  private dropOldBases(name: string, keep: string | undefined): void {
    const own = this.ownBases.get(name) ?? [];
    for (const b of own) if (b.id !== keep && this.storage !== null) removeBase(this.storage, b);
    this.ownBases.set(name, own.filter((b) => b.id === keep));
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

  private failed(message: string): void {
    this.failing = true;
    this.saveFailed.emit(message);
  }

  /** Drops this page's unsaved copy of `name` (the user chose the stored version). */
  dropInPage(name: string): void {
    this.pending.delete(name);
    this.inFlight.delete(name);
    this.kept.delete(name);
    this.inPage.delete(name);
    this.blocked.delete(name);
  }

  /** Forgets the saved edits of `name`. */
  discard(name: string): void {
    const base = this.stored(name)?.base;
    this.pending.delete(name);
    this.inFlight.delete(name);
    this.kept.delete(name);
    this.inPage.delete(name);
    this.known.set(name, 0);
    this.bases.delete(name);
    this.dropOldBases(name, undefined);
    try {
      if (base !== undefined && this.storage !== null) removeBase(this.storage, base);
      this.storage?.removeItem(SCENE_KEY_PREFIX + name);
    } catch {
      // Nothing saved then.
    }
  }

  /** The picker name of the scene shown last, or null. */
  get lastScene(): string | null {
    try {
      return this.storage?.getItem(LAST_SCENE_KEY) ?? null;
    } catch {
      return null;
    }
  }

  set lastScene(name: string | null) {
    try {
      if (name === null) this.storage?.removeItem(LAST_SCENE_KEY);
      else this.storage?.setItem(LAST_SCENE_KEY, name);
    } catch {
      // Without storage, a reload opens the default scene.
    }
  }

  /**
   * Moves the single autosave slot of earlier versions to the key of `name(doc name)`: the
   * picker name it belongs to. Returns that name, or null when there was nothing to move.
   */
  migrateLegacy(pickerName: (docName: string) => string): string | null {
    try {
      const raw = this.storage?.getItem(LEGACY_AUTOSAVE_KEY);
      if (!raw) return null;
      let old: { text?: unknown; name?: unknown } | null = null;
      try {
        old = JSON.parse(raw) as { text?: unknown; name?: unknown };
      } catch {
        // Damaged: set aside below.
      }
      if (old === null || typeof old !== 'object' || typeof old.text !== 'string' || typeof old.name !== 'string') {
        setAsideKey(this.storage!, LEGACY_AUTOSAVE_KEY, 'autosave.v1');
        return null;
      }
      this.storage!.removeItem(LEGACY_AUTOSAVE_KEY);
      const name = pickerName(old.name);
      if (this.stored(name) !== null) return null;
      this.write(name, { docs: [DocRef.fromText(old.text)], labels: [], index: 0 });
      return name;
    } catch {
      return null;
    }
  }

  private stored(name: string): SavedScene | null {
    try {
      return parseRecord(this.storage?.getItem(SCENE_KEY_PREFIX + name) ?? null);
    } catch {
      return null;
    }
  }

  private reportConflict(name: string, theirs: SavedScene): void {
    if (this.blocked.has(name)) return;
    this.blocked.add(name);
    this.conflict.emit(name, theirs);
  }
}

/** The documents of a timeline that a record may keep (MAX_SAVED_STEPS either side of the current one). */
function savedWindow(t: Timeline): DocRef[] {
  return t.docs.slice(Math.max(0, t.index - MAX_SAVED_STEPS), t.index + MAX_SAVED_STEPS + 1);
}

/**
 * A record of a timeline, trimmed to MAX_SAVED_STEPS and MAX_SAVED_CHARS (older undo steps
 * first, then far redo steps), and to the steps around the current one that `encode` can
 * give (a patch or a text; null: none).
 */
function record(name: string, t: Timeline, revision: number, tab: string, encode: (d: DocRef) => string | null, base: BaseRef | null): SavedScene {
  const texts = new Map<number, string | null>();
  const text = (i: number) => (texts.has(i) ? texts.get(i)! : texts.set(i, encode(t.docs[i])).get(i)!);
  if (text(t.index) === null) throw new Error('the current document has no saved form');
  let lo = t.index;
  let hi = t.index;
  while (lo > Math.max(0, t.index - MAX_SAVED_STEPS) && text(lo - 1) !== null) lo--;
  while (hi < Math.min(t.docs.length - 1, t.index + MAX_SAVED_STEPS) && text(hi + 1) !== null) hi++;
  let size = 0;
  for (let i = lo; i <= hi; i++) size += text(i)!.length;
  while (size > MAX_SAVED_CHARS && (lo < t.index || hi > t.index)) {
    if (lo < t.index) size -= text(lo++)!.length;
    else size -= text(hi--)!.length;
  }
  const docs: string[] = [];
  for (let i = lo; i <= hi; i++) docs.push(text(i)!);
  const r: SavedScene = { format: 2, name, savedAt: Date.now(), revision, tab, docs, labels: t.labels.slice(lo, hi), index: t.index - lo };
  if (base !== null && docs.some((d) => d.startsWith(PATCH_MARK))) r.base = { id: base.id, chunks: base.chunks, length: base.length };
  return r;
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

/** The user's words for a full (or absent) storage, or null for another error. */
function storageProblem(e: Error): string | null {
  if (e.message === NO_STORAGE) return NO_STORAGE;
  return e.name === 'QuotaExceededError' || /quota/i.test(e.message) ? 'the browser\'s storage for this page is full' : null;
}
