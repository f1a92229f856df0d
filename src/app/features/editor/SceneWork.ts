import { quote } from '../../../core/text.ts';
import type { SceneDocument } from '../../../scene/schema.ts';
import { parseScene, saveScene } from '../../../scene/validate.ts';
import type { Shell } from '../../shell/Shell.ts';
import type { LoadedScene } from '../../shell/scene/LoadedScene.ts';
import { clip, oneLine } from '../../shell/dom/clip.ts';
import { hideNotice, showNotice } from '../../shell/dom/notices.ts';
import { SceneSaver } from './SceneSaver.ts';
import { SavedScenes, type SavedScene } from './persistence.ts';
import { stacksOf, timelineOf, type DocCommand, type DocRef, type Timeline } from './timeline.ts';

/**
 * Each scene's own edits and undo history, kept across scene switches and reloads: the
 * picker (and `navlab.loadScene(name)`) brings an edited scene back with its edits and its
 * undo steps; its name stays the same. `revertToShipped` is the explicit way back to the
 * shipped file (itself an edit, so it can be undone). Failed saves and other tabs' saves of
 * the scene shown are told to the user in notices.
 */
export class SceneWork {
  readonly saved: SavedScenes;
  /** Picker name of the scene shown. */
  private name: string | null = null;
  private restoring = false;
  /** A timeline not written yet, whose current document a load of its scene shows (editedSource). */
  private unwritten: { name: string; timeline: Timeline } | null = null;
  /** The picker name whose stored edits the last load used (editedSource), or null. */
  private fromStorage: string | null = null;
  /** The lines of the notice of damaged saves set aside in this session. */
  private readonly damagedNotes: string[] = [];

  /**
   * @param step the undoable command of an edit from `before` to `after`
   * @param commit applies an edit as the editor does (undoable, validated)
   */
  constructor(
    private readonly app: Shell,
    private readonly step: (label: string, before: DocRef, after: DocRef) => DocCommand,
    private readonly commit: (label: string, edit: (doc: SceneDocument) => SceneDocument) => boolean,
    saved = new SavedScenes(undefined, new SceneSaver().run),
  ) {
    this.saved = saved;
    app.loader.editedSource = (entry) => {
      // Edits not written yet (the save is still being prepared, or failed) are the newest.
      const t = this.saved.unsaved(entry.name);
      this.unwritten = t === null ? null : { name: entry.name, timeline: t };
      this.fromStorage = null;
      if (t !== null) return { kind: 'value', value: t.docs[t.index].get() };
      const r = this.saved.get(entry.name);
      if (r === null) return null;
      try {
        const text = this.saved.text(r, r.index);
        if (!this.saved.inTab(entry.name)) this.fromStorage = entry.name;
        return { kind: 'json', text };
      } catch (e) {
        // Damaged saved edits: set aside, and the scene's own version.
        if (!this.saved.inTab(entry.name)) this.setAside(entry.name, (e as Error).message);
        return null;
      }
    };
    // Stored edits that do not load (a broken document, a mesh that fails) are set aside, so
    // the scene's own version opens next time; this tab's own edits are never set aside.
    app.loader.editedFailed = (entry, message) => {
      if (this.fromStorage === entry.name) this.setAside(entry.name, message);
    };
    app.history.changed.add(() => this.historyChanged());
    app.sceneShown.add((scene) => this.sceneShown(scene));
    this.saved.saveFailed.add((message) => {
      if (message === null) hideNotice('save-failed');
      else
        showNotice(
          'save-failed',
          `Autosave failed: ${message}. Your edits are kept in this tab only; export the scene (Ctrl+S) to keep them.`,
        ).classList.add('warn');
    });
    this.saved.conflict.add((name, theirs) => this.conflict(name, theirs));
    this.saved.install();
    app.saveNow = () => this.saved.flush();
  }

  /**
   * Moves an earlier version's single autosave to its scene, and lists the saved scenes that
   * are not shipped ones (loaded files and documents) in the picker. Returns the picker name
   * to open on startup: the scene shown last, when it has saved edits; else null.
   */
  startupScene(): string | null {
    const catalog = this.app.catalog;
    for (const { name, problem } of this.saved.damaged()) this.setAside(name, problem);
    const legacy = this.saved.migrateLegacy((docName) => catalog.find(docName)?.name ?? docName);
    for (const name of this.saved.names()) {
      const r = this.saved.get(name);
      if (r === null || catalog.find(name) !== undefined) continue;
      try {
        catalog.addLoaded(name, { kind: 'json', text: this.saved.text(r, r.index) });
      } catch {
        // Damaged saved edits of a loaded scene: not offered.
      }
    }
    const name = legacy ?? this.saved.lastScene;
    return name !== null && this.saved.get(name) !== null && catalog.find(name) !== undefined ? name : null;
  }

  /**
   * Sets the stored edits of `name` aside (they could not be read back or loaded: `problem`)
   * and says so in a notice of one line naming each and where it was kept.
   */
  private setAside(name: string, problem: string): void {
    const key = this.saved.setAside(name);
    const where =
      key === null ? 'kept in place (no room to set it aside; this tab does not save over it)' : `set aside as ${quote(key, 80)}`;
    this.damagedNotes.push(`“${clip(name, 60)}” (${clip(oneLine(problem), 160)}) ${where}`);
    showNotice('save-damaged', `Autosaved edits that could not be opened were not used: ${this.damagedNotes.join('; ')}.`).classList.add(
      'warn',
    );
  }

  /** Makes the shipped file of the scene shown its document again (an undoable edit). */
  async revertToShipped(): Promise<void> {
    const entry = this.app.currentEntry;
    if (entry === null || entry.file === null) {
      this.app.overlay.setError('This scene has no shipped version: it was loaded from a file or a document.');
      return;
    }
    try {
      const source = await this.app.catalog.source({ ...entry, source: null });
      if (source.kind !== 'json') throw new Error('unexpected source');
      const shipped = parseScene(source.text);
      if (this.app.currentEntry !== entry) return;
      this.commit('Back to the shipped version', () => shipped);
    } catch (e) {
      this.app.overlay.setError(`Back to the shipped version: ${(e as Error).message}`);
    }
  }

  /** A scene was loaded: its saved history comes back when the document is its saved one. */
  private sceneShown(scene: LoadedScene): void {
    const name = this.app.currentEntry?.name ?? null;
    this.name = name;
    hideNotice('save-conflict');
    if (name === null) return;
    this.saved.lastScene = name;
    const unwritten = this.unwritten?.name === name ? this.unwritten.timeline : null;
    this.unwritten = null;
    const r = this.saved.get(name);
    if (unwritten !== null) {
      this.restoreStacks(unwritten);
    } else if (r !== null && this.savedText(r) === saveScene(scene.doc)) {
      this.restoreStacks({ docs: this.saved.refs(r, scene.doc), labels: r.labels, index: r.index });
    }
    // A different document under a saved name (loaded explicitly) continues that name's saves.
    this.saved.adopt(name, r?.revision ?? 0);
  }

  /** Makes a timeline the undo history (not a change to save). */
  private restoreStacks(t: Timeline): void {
    const [done, undone] = stacksOf(t, this.step);
    this.restoring = true;
    try {
      this.app.history.replace(done, undone);
    } finally {
      this.restoring = false;
    }
  }

  /** The current document's text of saved edits, or null when they are damaged. */
  private savedText(r: SavedScene): string | null {
    try {
      return this.saved.text(r, r.index);
    } catch {
      return null;
    }
  }

  private historyChanged(): void {
    const name = this.name;
    if (this.restoring || name === null) return;
    const { done, undone } = this.app.history.stacks;
    const t = timelineOf(done as DocCommand[], undone as DocCommand[]);
    if (t !== null) this.saved.changed(name, () => t);
  }

  private conflict(name: string, theirs: SavedScene): void {
    if (name !== this.name) return;
    const time = new Date(theirs.savedAt).toLocaleTimeString();
    showNotice(
      'save-conflict',
      `“${clip(name, 60)}” was changed in another tab (saved ${time}). This tab stopped autosaving it, so neither version is lost.`,
      [
        {
          label: 'Load the other tab’s version',
          run: () => {
            this.saved.dropInPage(name);
            this.app.loadScene(name).catch(() => {});
          },
        },
        {
          label: 'Keep this tab’s version',
          run: () => {
            const { done, undone } = this.app.history.stacks;
            const t = timelineOf(done as DocCommand[], undone as DocCommand[]);
            if (t !== null) this.saved.write(name, t, true);
          },
        },
      ],
    ).classList.add('warn');
  }
}
