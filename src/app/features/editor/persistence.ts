import { quote } from '../../../core/text.ts';
import { Signal } from '../../shell/base/signal.ts';
import type { SceneDocument } from '../../../scene/schema.ts';
import type { SaveJob } from './SceneSaver.ts';
import { AutosaveQueue } from './autosaveQueue.ts';
import { BASE_CHUNK_CHARS, PATCH_MIN_CHARS, PatchStore } from './patchStore.ts';
import {
  damagedRecords,
  NO_STORAGE,
  parseRecord,
  readRecord,
  record,
  setAsideKey,
  siteStorage,
  storageProblem,
  type SavedScene,
  type StorageLike,
} from './savedRecords.ts';
import { DocRef, type Timeline } from './timeline.ts';

export { AUTOSAVE_DELAY_MS } from './autosaveQueue.ts';
export { BASE_CHUNK_CHARS, BASE_KEY_PREFIX, PATCH_MIN_CHARS } from './patchStore.ts';
export { DAMAGED_KEY_PREFIX, MAX_SAVED_CHARS, MAX_SAVED_STEPS, type SavedScene, type StorageLike } from './savedRecords.ts';

/** localStorage key prefix of a scene's saved edits; the picker name follows. */
export const SCENE_KEY_PREFIX = 'navlab.scene.v2:';
/** localStorage key of the picker name of the scene shown last (opened again on reload). */
export const LAST_SCENE_KEY = 'navlab.lastScene.v2';
/** The single autosave slot of earlier versions: read once and moved to its scene's key. */
export const LEGACY_AUTOSAVE_KEY = 'navlab.autosave.v1';

/**
 * Each scene's edits and undo history in localStorage, one key per picker name, so scene
 * switches and reloads lose nothing. When they are written is AutosaveQueue's part (shortly
 * after each edit, at once when the page is hidden); with a `job` (the app's save worker), the
 * documents an edit made are formatted as saved text there, not on the page, and a big scene
 * is saved as patches against a base text (PatchStore); what a record holds is savedRecords.ts.
 * This class reads and writes the keys. Two tabs editing one scene never overwrite each other
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
  /** Names whose damaged record could not be set aside: never written while it is there. */
  private readonly held = new Set<string>();
  private readonly patches: PatchStore;
  private readonly queue: AutosaveQueue;
  private failing = false;

  /**
   * @param job formats documents and makes patches away from the page (null: saveScene here, no patches)
   * @param sizes the patch threshold and base chunk size (PATCH_MIN_CHARS, BASE_CHUNK_CHARS)
   */
  constructor(
    private readonly storage: StorageLike | null = siteStorage(),
    job: SaveJob | null = null,
    sizes: { patchMinChars?: number; chunkChars?: number } = {},
  ) {
    const patches = new PatchStore(storage, sizes.patchMinChars ?? PATCH_MIN_CHARS, sizes.chunkChars ?? BASE_CHUNK_CHARS);
    this.patches = patches;
    this.queue = new AutosaveQueue({
      write: (name, t, prepared) => this.write(name, t, false, prepared),
      prepare: job === null ? null : (name, t) => patches.prepare(name, t, job),
      failed: (problem) => this.failed(problem),
    });
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
    return this.queue.unsaved(name);
  }

  /** Whether this tab holds edits of `name` that are not stored (a failed or refused write). */
  inTab(name: string): boolean {
    return this.inPage.has(name) || this.queue.holds(name);
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
    this.patches.forget(name);
    return key;
  }

  /** The picker names with saved edits (stored or kept in this page). */
  names(): string[] {
    const out = new Set(this.inPage.keys());
    const s = this.storage;
    if (s !== null) {
      for (let i = 0; i < s.length; i++) {
        const k = s.key(i);
        if (k?.startsWith(SCENE_KEY_PREFIX)) out.add(k.slice(SCENE_KEY_PREFIX.length));
      }
    }
    return [...out];
  }

  /** The text of document `i` of a saved record (a patch is applied). Throws when it is damaged. */
  text(r: SavedScene, i: number): string {
    return this.patches.text(r, i);
  }

  /**
   * The documents of a saved record for the undo timeline, made from their patches when first
   * needed; the current one is `current` (the document shown, whose text is the saved one).
   */
  refs(r: SavedScene, current: SceneDocument): DocRef[] {
    return this.patches.refs(r, current);
  }

  /** The tab now shows `name` as saved at `revision` (0: nothing saved): later writes continue it. */
  adopt(name: string, revision: number): void {
    this.known.set(name, revision);
    this.blocked.delete(name);
    // Later patches continue the base of the saved record, when it has one.
    this.patches.adopt(name, this.get(name)?.base);
  }

  /** The edits of `name` changed: its timeline is written within AUTOSAVE_DELAY_MS. */
  changed(name: string, timeline: () => Timeline): void {
    this.queue.changed(name, timeline);
  }

  /** Resolves when no write is pending or being prepared (for tests and benchmarks). */
  settled(): Promise<void> {
    return this.queue.settled();
  }

  /** Writes pending edits now, also those being formatted elsewhere (formatted here). */
  flush(): void {
    this.queue.flush();
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
    const base = this.patches.usable(name);
    const encode = (d: DocRef): string | null => {
      const patch = base === null ? null : this.patches.patchOf(d, base.id);
      if (patch !== null) return patch;
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
      this.queue.cancel(name);
      this.inPage.set(name, next);
      if (stored !== null) this.reportConflict(name, stored);
      return;
    }
    this.inPage.set(name, next);
    this.blocked.delete(name);
    // A record under the key that cannot be read back is set aside first, never written over.
    if (stored === null && this.damagedRaw(name) && this.setAside(name) === null) {
      this.failed(
        `the damaged autosave of ${quote(name)} could not be set aside (no room), so it is kept and this scene's edits stay in this tab`,
      );
      return;
    }
    try {
      if (this.storage === null) throw new Error(NO_STORAGE);
      this.storage.setItem(SCENE_KEY_PREFIX + name, JSON.stringify(next));
      // Only a stored write moves the known revision: after a failed one the next try continues.
      this.known.set(name, next.revision);
      this.inPage.delete(name);
      this.queue.saved(name);
      this.patches.dropOld(name, next.base?.id);
      // The record replaced was the only one using its base (one record per scene).
      if (stored?.base !== undefined && stored.base.id !== next.base?.id) this.patches.remove(stored.base);
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

  private failed(message: string): void {
    this.failing = true;
    this.saveFailed.emit(message);
  }

  /** Drops this page's unsaved copy of `name` (the user chose the stored version). */
  dropInPage(name: string): void {
    this.queue.forget(name);
    this.inPage.delete(name);
    this.blocked.delete(name);
  }

  /** Forgets the saved edits of `name`. */
  discard(name: string): void {
    const base = this.stored(name)?.base;
    this.queue.forget(name);
    this.inPage.delete(name);
    this.known.set(name, 0);
    this.patches.forget(name);
    this.patches.dropOld(name, undefined);
    try {
      if (base !== undefined) this.patches.remove(base);
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
