import { PATCH_MARK } from './lineDiff.ts';
import type { DocRef, Timeline } from './timeline.ts';

/** The part of the Storage interface (localStorage) the saved edits use. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/**
 * The records of saved edits as stored (one key per scene): made from a timeline (`record`,
 * trimmed to the steps and characters kept), read back strictly: a record that is not JSON or
 * not of this shape is damaged. Damaged records are never overwritten
 * or removed: they are set aside under a key of their own (DAMAGED_KEY_PREFIX), text
 * unchanged, where a person (or a later version) can still read them.
 */

/**
 * The page's localStorage, or null when the browser offers none or refuses it (site data
 * blocked: reading `localStorage` throws SecurityError). The app then works without saving.
 */
export function siteStorage(): StorageLike | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The words for a write without storage. */
export const NO_STORAGE = 'the browser gives this page no storage (site data blocked or unavailable)';

/** Undo (and redo) steps kept across reloads, per scene. */
export const MAX_SAVED_STEPS = 50;
/** Characters of saved documents kept per scene: older undo steps go first beyond that. */
export const MAX_SAVED_CHARS = 2_000_000;

/** The user's words for a full (or absent) storage, or null for another error. */
export function storageProblem(e: Error): string | null {
  if (e.message === NO_STORAGE) return NO_STORAGE;
  return e.name === 'QuotaExceededError' || /quota/i.test(e.message) ? "the browser's storage for this page is full" : null;
}

/** localStorage key prefix of damaged records set aside: the time (base 36), ':' and the picker name follow. */
export const DAMAGED_KEY_PREFIX = 'navlab.sceneDamaged.v2:';

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
  /**
   * The documents as saveScene writes them, or as patches (starting with PATCH_MARK) against
   * the base text; `docs[index]` is the current one. Read them with SavedScenes.text.
   */
  docs: string[];
  labels: string[];
  index: number;
  /** The base text of the patches: stored in `chunks` keys BASE_KEY_PREFIX + id + ':' + k, `length` characters in all. */
  base?: BaseRef;
}

/** Where a record's base text is stored. */
export interface BaseRef {
  id: string;
  chunks: number;
  length: number;
}

/** A stored record, or what is wrong with it (a phrase: "it is not JSON"). */
export function readRecord(raw: string): SavedScene | string {
  let r: SavedScene;
  try {
    r = JSON.parse(raw) as SavedScene;
  } catch {
    return `it is not JSON (${raw.length} characters, cut off or overwritten)`;
  }
  const ok =
    r !== null &&
    typeof r === 'object' &&
    r.format === 2 &&
    typeof r.name === 'string' &&
    Number.isSafeInteger(r.revision) &&
    typeof r.savedAt === 'number' &&
    typeof r.tab === 'string' &&
    Array.isArray(r.docs) &&
    r.docs.length > 0 &&
    r.docs.every((d) => typeof d === 'string') &&
    Array.isArray(r.labels) &&
    r.labels.length === r.docs.length - 1 &&
    r.labels.every((l) => typeof l === 'string') &&
    Number.isSafeInteger(r.index) &&
    r.index >= 0 &&
    r.index < r.docs.length &&
    (r.base === undefined ? !r.docs.some((d) => d.startsWith(PATCH_MARK)) : validBase(r.base));
  return ok ? r : 'it is not a record of saved edits (a field is missing or of the wrong type)';
}

/** A stored record, or null when absent or damaged (it is then ignored). */
export function parseRecord(raw: string | null): SavedScene | null {
  if (!raw) return null;
  const r = readRecord(raw);
  return typeof r === 'string' ? null : r;
}

/**
 * The records under keys starting with `prefix` that cannot be read back, by picker name,
 * with what is wrong: not JSON, not a record, or `read` (making the current document's text)
 * throws.
 */
export function damagedRecords(storage: StorageLike, prefix: string, read: (r: SavedScene) => void): { name: string; problem: string }[] {
  const out: { name: string; problem: string }[] = [];
  try {
    for (let i = 0; i < storage.length; i++) {
      const k = storage.key(i);
      if (k === null || !k.startsWith(prefix)) continue;
      const r = readRecord(storage.getItem(k) ?? '');
      let problem = typeof r === 'string' ? r : null;
      if (typeof r !== 'string') {
        try {
          read(r);
        } catch (e) {
          problem = (e as Error).message;
        }
      }
      if (problem !== null) out.push({ name: k.slice(prefix.length), problem });
    }
  } catch {
    // Storage that cannot be listed: nothing to set aside.
  }
  return out;
}

/** A well-formed base reference: a short id, 1..10,000 chunks, a length that fits them. */
function validBase(b: unknown): boolean {
  const r = b as BaseRef;
  return (
    r !== null &&
    typeof r === 'object' &&
    typeof r.id === 'string' &&
    /^[a-z0-9]{1,32}$/.test(r.id) &&
    Number.isSafeInteger(r.chunks) &&
    r.chunks >= 1 &&
    r.chunks <= 10_000 &&
    Number.isSafeInteger(r.length) &&
    r.length >= 0
  );
}

/**
 * Copies the text under `key` to a key of its own (DAMAGED_KEY_PREFIX, the time, the picker
 * name), then removes `key`. Returns the new key, or null when the storage refused the copy
 * (full): the text then stays under `key`, untouched.
 */
export function setAsideKey(storage: StorageLike, key: string, name: string): string | null {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  let aside = `${DAMAGED_KEY_PREFIX}${Date.now().toString(36)}:${name}`;
  for (let k = 2; storage.getItem(aside) !== null; k++) aside = `${DAMAGED_KEY_PREFIX}${Date.now().toString(36)}-${k}:${name}`;
  try {
    storage.setItem(aside, raw);
  } catch {
    return null;
  }
  storage.removeItem(key);
  return aside;
}

/** The documents of a timeline that a record may keep (MAX_SAVED_STEPS either side of the current one). */
export function savedWindow(t: Timeline): DocRef[] {
  return t.docs.slice(Math.max(0, t.index - MAX_SAVED_STEPS), t.index + MAX_SAVED_STEPS + 1);
}

/**
 * A record of a timeline, trimmed to MAX_SAVED_STEPS and MAX_SAVED_CHARS (older undo steps
 * first, then far redo steps), and to the steps around the current one that `encode` can
 * give (a patch or a text; null: none).
 */
export function record(
  name: string,
  t: Timeline,
  revision: number,
  tab: string,
  encode: (d: DocRef) => string | null,
  base: BaseRef | null,
): SavedScene {
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
