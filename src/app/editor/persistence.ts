import { Signal } from '../signal.ts';
import { DocRef, type Timeline } from './timeline.ts';

/** localStorage key prefix of a scene's saved edits; the picker name follows. */
export const SCENE_KEY_PREFIX = 'navlab.scene.v2:';
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

/** What a scene's key holds: its edits as a timeline of saved documents (see Timeline). */
export interface SavedScene {
  format: 2;
  /** The picker name. */
  name: string;
  /** Date.now() of the save. */
  savedAt: number;
  /** Counts the writes to this key, by any tab: a tab that did not see the last one is in conflict. */
  revision: number;
  /** The tab that wrote it. */
  tab: string;
  /** The documents as saveScene writes them; `docs[index]` is the current one. */
  docs: string[];
  labels: string[];
  index: number;
}

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/**
 * Each scene's edits and undo history in localStorage, one key per picker name, so scene
 * switches and reloads lose nothing. Writes happen shortly after each edit (`changed`) and at
 * once when the page is hidden. Two tabs editing one scene never overwrite each other
 * silently: every write bumps the key's revision, and a tab whose last known revision is not
 * the stored one stops saving that scene and reports a conflict (also at once, from the
 * storage event) until the user chooses a version. A write that fails (storage full or
 * disabled) is reported; the edits then stay in this page.
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
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failing = false;

  constructor(private readonly storage: StorageLike | null = globalThis.localStorage ?? null) {}

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
      const theirs = parse(e.newValue);
      if (theirs !== null && theirs.tab !== this.tab && theirs.revision !== this.known.get(name)) this.reportConflict(name, theirs);
    });
  }

  /** The saved edits of a scene (this page's unsaved ones first), or null. */
  get(name: string): SavedScene | null {
    return this.inPage.get(name) ?? this.stored(name);
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

  /** The tab now shows `name` as saved at `revision` (0: nothing saved): later writes continue it. */
  adopt(name: string, revision: number): void {
    this.known.set(name, revision);
    this.blocked.delete(name);
  }

  /** The edits of `name` changed: its timeline is written within AUTOSAVE_DELAY_MS. */
  changed(name: string, timeline: () => Timeline): void {
    this.pending.set(name, timeline);
    if (this.timer === null) this.timer = setTimeout(() => this.flush(), AUTOSAVE_DELAY_MS);
  }

  /** Writes pending edits now. */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const work = [...this.pending];
    this.pending.clear();
    for (const [name, timeline] of work) this.write(name, timeline());
  }

  /**
   * Writes a scene's timeline. Not when another tab saved the scene since this tab last saw
   * it (then `conflict` is emitted), unless `force` (the user chose to keep this tab's version).
   */
  write(name: string, t: Timeline, force = false): void {
    const stored = this.stored(name);
    const known = this.known.get(name) ?? 0;
    const storedRevision = stored?.revision ?? 0;
    if (!force && (this.blocked.has(name) || storedRevision !== known)) {
      this.pending.delete(name);
      this.inPage.set(name, record(name, t, known, this.tab));
      if (stored !== null) this.reportConflict(name, stored);
      return;
    }
    const next = record(name, t, Math.max(known, storedRevision) + 1, this.tab);
    this.inPage.set(name, next);
    this.blocked.delete(name);
    try {
      if (this.storage === null) throw new Error('this browser offers no localStorage');
      this.storage.setItem(SCENE_KEY_PREFIX + name, JSON.stringify(next));
      // Only a stored write moves the known revision: after a failed one the next try continues.
      this.known.set(name, next.revision);
      this.inPage.delete(name);
      if (this.failing) {
        this.failing = false;
        this.saveFailed.emit(null);
      }
    } catch (e) {
      // Storage full or disabled: the work stays in this page (inPage) and the user is told.
      this.failing = true;
      const err = e as Error;
      const full = err.name === 'QuotaExceededError' || /quota/i.test(err.message);
      this.saveFailed.emit(full ? 'the browser\'s storage for this page is full' : `storage refused the write (${err.message.slice(0, 120)})`);
    }
  }

  /** Drops this page's unsaved copy of `name` (the user chose the stored version). */
  dropInPage(name: string): void {
    this.pending.delete(name);
    this.inPage.delete(name);
    this.blocked.delete(name);
  }

  /** Forgets the saved edits of `name`. */
  discard(name: string): void {
    this.pending.delete(name);
    this.inPage.delete(name);
    this.known.set(name, 0);
    try {
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
      const old = JSON.parse(raw) as { text?: unknown; name?: unknown };
      this.storage!.removeItem(LEGACY_AUTOSAVE_KEY);
      if (typeof old.text !== 'string' || typeof old.name !== 'string') return null;
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
      return parse(this.storage?.getItem(SCENE_KEY_PREFIX + name) ?? null);
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

/** A record of a timeline, trimmed to MAX_SAVED_STEPS and MAX_SAVED_CHARS (older undo steps first, then far redo steps). */
function record(name: string, t: Timeline, revision: number, tab: string): SavedScene {
  let lo = Math.max(0, t.index - MAX_SAVED_STEPS);
  let hi = Math.min(t.docs.length - 1, t.index + MAX_SAVED_STEPS);
  const texts = new Map<number, string>();
  const text = (i: number) => texts.get(i) ?? texts.set(i, t.docs[i].serialized()).get(i)!;
  let size = 0;
  for (let i = lo; i <= hi; i++) size += text(i).length;
  while (size > MAX_SAVED_CHARS && (lo < t.index || hi > t.index)) {
    if (lo < t.index) size -= text(lo++).length;
    else size -= text(hi--).length;
  }
  const docs: string[] = [];
  for (let i = lo; i <= hi; i++) docs.push(text(i));
  return { format: 2, name, savedAt: Date.now(), revision, tab, docs, labels: t.labels.slice(lo, hi), index: t.index - lo };
}

/** A stored record, or null when absent or not a well-formed record (it is then ignored). */
function parse(raw: string | null): SavedScene | null {
  if (!raw) return null;
  try {
    const r = JSON.parse(raw) as SavedScene;
    const ok = r !== null && typeof r === 'object' && r.format === 2 && typeof r.name === 'string' && Number.isSafeInteger(r.revision)
      && typeof r.savedAt === 'number' && typeof r.tab === 'string' && Array.isArray(r.docs) && r.docs.length > 0 && r.docs.every((d) => typeof d === 'string')
      && Array.isArray(r.labels) && r.labels.length === r.docs.length - 1 && r.labels.every((l) => typeof l === 'string')
      && Number.isSafeInteger(r.index) && r.index >= 0 && r.index < r.docs.length;
    return ok ? r : null;
  } catch {
    return null;
  }
}
