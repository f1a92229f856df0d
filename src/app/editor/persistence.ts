import type { SceneDocument } from '../../scene/schema.ts';
import { saveScene } from '../../scene/validate.ts';

/** localStorage key of the autosaved document. */
export const AUTOSAVE_KEY = 'navlab.autosave.v1';
/** Edits are written at most this long (ms) after they happen. */
export const AUTOSAVE_DELAY_MS = 300;

/** What the autosave slot holds. */
export interface SavedWork {
  /** The scene as saveScene writes it. */
  text: string;
  name: string;
  /** Date.now() of the save. */
  savedAt: number;
}

/**
 * Keeps the last edited document in localStorage: written shortly after each edit
 * (`changed`) and at once when the page is hidden or closed (visibilitychange, pagehide).
 */
export class Autosave {
  private pending: SceneDocument | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null = globalThis.localStorage ?? null) {}

  /** Writes pending edits when the page is hidden or closed. */
  install(): void {
    const flush = () => this.flush();
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush();
    });
    window.addEventListener('pagehide', flush);
  }

  /** An edit happened: `doc` is written within AUTOSAVE_DELAY_MS. */
  changed(doc: SceneDocument): void {
    this.pending = doc;
    if (this.timer === null) this.timer = setTimeout(() => this.flush(), AUTOSAVE_DELAY_MS);
  }

  /** Writes a pending edit now. */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const doc = this.pending;
    this.pending = null;
    if (doc === null || this.storage === null) return;
    try {
      const work: SavedWork = { text: saveScene(doc), name: doc.name, savedAt: Date.now() };
      this.storage.setItem(AUTOSAVE_KEY, JSON.stringify(work));
    } catch (e) {
      // Storage full or disabled: the work stays in the page; say so once in the console.
      console.warn('navlab: autosave failed:', (e as Error).message);
    }
  }

  /** The saved work, or null (none, or unreadable). */
  load(): SavedWork | null {
    try {
      const raw = this.storage?.getItem(AUTOSAVE_KEY);
      if (!raw) return null;
      const w = JSON.parse(raw) as SavedWork;
      return typeof w.text === 'string' && typeof w.savedAt === 'number' ? w : null;
    } catch {
      return null;
    }
  }

  /** Forgets the saved work (going back to the shipped scenes). */
  clear(): void {
    this.pending = null;
    this.storage?.removeItem(AUTOSAVE_KEY);
  }
}
