import type { SceneDocument } from '../../../scene/schema.ts';
import { parseScene, saveScene } from '../../../scene/validate.ts';
import type { Command } from '../../shell/base/History.ts';

/**
 * A document in the undo timeline, held parsed or as saved text: a timeline restored from
 * storage is parsed one step at a time, when undo or redo reaches it (its text itself may be
 * made from a stored patch only when first needed); a live edit's document is serialized
 * once, however often the timeline is saved.
 */
export class DocRef {
  private constructor(
    private doc: SceneDocument | null,
    private text: string | null,
    private load: (() => string) | null = null,
  ) {}

  static of(doc: SceneDocument): DocRef {
    return new DocRef(doc, null);
  }

  static fromText(text: string): DocRef {
    return new DocRef(null, text);
  }

  /** A saved document whose text `load` makes when it is first needed. */
  static lazy(load: () => string): DocRef {
    return new DocRef(null, null, load);
  }

  get(): SceneDocument {
    return (this.doc ??= parseScene(this.serialized()));
  }

  /** The saved text, made here (saveScene, on this thread) when not yet known. */
  serialized(): string {
    return (this.text ??= this.load !== null ? this.load() : saveScene(this.doc!));
  }

  /** The saved text when it needs no formatting (read from storage or made before), else null. */
  get knownText(): string | null {
    if (this.text === null && this.load !== null) this.text = this.load();
    return this.text;
  }

  /** Gives the saved text made elsewhere (the save worker) of this document. */
  setText(text: string): void {
    this.text ??= text;
  }

  /**
   * Gives a way to make the saved text when it is first needed without formatting the
   * document (e.g. its patch applied to a base text), unless the text is known.
   */
  setTextSource(load: () => string): void {
    if (this.text === null && this.load === null) this.load = load;
  }
}

/** An undoable edit of the whole document: from `before` to `after`. */
export interface DocCommand extends Command {
  readonly before: DocRef;
  readonly after: DocRef;
}

/**
 * The edits of one scene as a line of documents: `docs[index]` is the current one, the
 * documents before it are undo steps, those after it redo steps; `labels[i]` names the edit
 * from `docs[i]` to `docs[i + 1]`.
 */
export interface Timeline {
  docs: DocRef[];
  labels: string[];
  index: number;
}

/** The timeline of the history's stacks (commands applied in order, then the redo branch). */
export function timelineOf(done: readonly DocCommand[], undone: readonly DocCommand[]): Timeline | null {
  const chain = [...done, ...undone.slice().reverse()];
  if (chain.length === 0) return null;
  return { docs: [chain[0].before, ...chain.map((c) => c.after)], labels: chain.map((c) => c.label), index: done.length };
}

/**
 * The history stacks of a timeline: `step(label, before, after)` makes the command of each
 * edit. Returns [done, undone] as History.replace takes them (undone: next redo last).
 */
export function stacksOf(t: Timeline, step: (label: string, before: DocRef, after: DocRef) => DocCommand): [DocCommand[], DocCommand[]] {
  const all = t.labels.map((label, i) => step(label, t.docs[i], t.docs[i + 1]));
  return [all.slice(0, t.index), all.slice(t.index).reverse()];
}
