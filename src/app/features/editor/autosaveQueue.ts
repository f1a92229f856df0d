import { storageProblem } from './savedRecords.ts';
import type { Timeline } from './timeline.ts';

/** Edits are written at most this long (ms) after they happen. */
export const AUTOSAVE_DELAY_MS = 300;

/** How the queue writes: SavedScenes does the writing, this decides when. */
export interface AutosaveWriter {
  /** Writes a timeline; `prepared`: `prepare` made its texts and patches (nothing is formatted on the page). */
  write(name: string, t: Timeline, prepared: boolean): void;
  /** Makes what a write of `t` needs away from the page (the save worker), or null: writes format on the page. */
  prepare: ((name: string, t: Timeline) => Promise<void>) | null;
  /** A write could not be prepared (storage full...): `problem` in the user's words. */
  failed(problem: string): void;
}

/**
 * When saved edits are written: within AUTOSAVE_DELAY_MS of an edit (`changed`), the edits
 * of that moment prepared away from the page and written in order, one save at a time; at
 * once when the page is hidden (`flush`: what is pending or still being prepared is written
 * on the page, so the last edit is never lost to a worker that is not done). A timeline
 * whose save failed is kept here until a write succeeds (`saved`), and a reload of its scene
 * in this tab finds it (`unsaved`).
 */
export class AutosaveQueue {
  private readonly pending = new Map<string, () => Timeline>();
  /** Timelines taken from `pending` whose documents the job is formatting. */
  private readonly inFlight = new Map<string, Timeline>();
  /** Timelines whose save failed (storage full): this tab holds them until a write succeeds. */
  private readonly kept = new Map<string, Timeline>();
  /** Counts flushes: a formatting that ends after a flush wrote its timeline writes nothing. */
  private epoch = 0;
  private running = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly writer: AutosaveWriter) {}

  /** The edits of `name` changed: its timeline is written within AUTOSAVE_DELAY_MS. */
  changed(name: string, timeline: () => Timeline): void {
    this.pending.set(name, timeline);
    if (this.timer === null) this.timer = setTimeout(() => void this.saveSoon(), AUTOSAVE_DELAY_MS);
  }

  /** The timeline of `name` changed but not written yet (pending or being prepared), or null. */
  unsaved(name: string): Timeline | null {
    return this.pending.get(name)?.() ?? this.inFlight.get(name) ?? this.kept.get(name) ?? null;
  }

  /** Whether a failed save of `name` is held here. */
  holds(name: string): boolean {
    return this.kept.has(name);
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
    for (const [name, timeline] of work) this.writer.write(name, timeline(), false);
  }

  /** A write of `name` was stored: a failed save held for it is done with. */
  saved(name: string): void {
    this.kept.delete(name);
  }

  /** A write of `name` was refused (a conflict): its pending edits are not written. */
  cancel(name: string): void {
    this.pending.delete(name);
  }

  /** Drops whatever of `name` is pending, being prepared or held. */
  forget(name: string): void {
    this.pending.delete(name);
    this.inFlight.delete(name);
    this.kept.delete(name);
  }

  /**
   * The delayed write: the documents of each pending timeline that have no saved text yet are
   * formatted by `prepare`, then the record is written. Edits made meanwhile are written
   * after (one save runs at a time, in order).
   */
  private async saveSoon(): Promise<void> {
    this.timer = null;
    const prepare = this.writer.prepare;
    if (prepare === null) return this.flush();
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
            await prepare(name, t);
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
            this.writer.failed(problem);
          } else this.writer.write(name, t, true);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
