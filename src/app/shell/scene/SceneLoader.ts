import { parseScene } from '../../../scene/validate.ts';
import type { SceneDocument } from '../../../scene/schema.ts';
import type { ImportedMesh } from '../../../import/meshImport.ts';
import type { SceneCatalog, SceneEntry } from './catalog.ts';
import { LoadedScene } from './LoadedScene.ts';
import { loadAppMeshes, meshSoups, type MeshBase } from './sceneMeshFiles.ts';
import { clip, oneLine } from '../dom/clip.ts';
import type { PreprocessReply, PreprocessRequest, SceneSource } from '../workers/protocol.ts';
import type { WorkerPool } from '../workers/WorkerPool.ts';

/** Where loading shows its progress and its errors (the shell's overlay). */
export interface LoadingView {
  /** The loading box (null hides it); `onCancel` is what its Cancel button does. */
  setLoading(text: string | null, onCancel?: () => void): void;
  /** The error line; null clears it. */
  setError(message: string | null): void;
}

/** Errors whose messages name the document's or file's problem themselves. */
const OWN_ERRORS = new Set(['SceneError', 'ParseError', 'MeshError', 'FileError']);

/** Whether a load failed on what it read (a bad document or file), not on the app's own machinery. */
export const namesItsProblem = (err: Error): boolean => OWN_ERRORS.has(err.name);

/** Longest error message quoted from a failed load (whole documents can be echoed otherwise). */
const MESSAGE_CHARS = 400;

/** A scene loaded and preprocessed, with its picker entry. */
export interface Loaded {
  scene: LoadedScene;
  entry: SceneEntry;
}

/**
 * Loading scenes: a picker name, file name or stem, JSON text or a document object becomes a
 * preprocessed LoadedScene (parsed, voxel surface and links built in a worker). One load at a
 * time: a new load cancels the one under way (its worker is restarted, its promise rejects
 * with an AbortError), and so does the Cancel button of the progress box.
 */
export class SceneLoader {
  /**
   * The source to load for a picker entry instead of its own: the user's edited version of
   * it (see SavedScenes), or null for the entry's source.
   */
  editedSource: (entry: SceneEntry) => SceneSource | null = () => null;
  /** A load of an entry's edited source failed on its document (`message`): see SavedScenes.setAside. */
  editedFailed: (entry: SceneEntry, message: string) => void = () => {};
  private active: AbortController | null = null;

  constructor(
    private readonly pool: WorkerPool,
    private readonly catalog: SceneCatalog,
    private readonly overlay: LoadingView,
    /** Resolves when the app can show a scene (shaders compiled). */
    private readonly ready: () => Promise<void>,
    private readonly nextRevision: () => number,
  ) {}

  /** Whether a load is under way. */
  get busy(): boolean {
    return this.active !== null;
  }

  /** Cancels the load under way, if any. */
  cancel(reason = 'cancelled'): void {
    this.active?.abort(reason);
  }

  /**
   * Loads a scene and passes it to `show` (synchronously, unless the load was cancelled in
   * the meantime). Rejects with a readable Error when the name is unknown or the document is
   * invalid (the error box shows it too), and with an AbortError when cancelled. The meshes a
   * document lists are read here (relative paths per `base`, or against a shipped scene's file).
   */
  async load(
    nameOrDocument: string | object,
    sourceOverride: SceneSource | undefined,
    show: (loaded: Loaded) => void,
    base: MeshBase = {},
  ): Promise<void> {
    this.cancel('cancelled by a newer load');
    const control = new AbortController();
    this.active = control;
    const signal = control.signal;
    let label = 'document';
    const progress = new Progress(this.overlay, () => this.cancel('cancelled'));
    let entry: SceneEntry | null = null;
    let edited = false;
    try {
      let source: SceneSource;
      if (sourceOverride !== undefined) {
        source = sourceOverride;
        label = String(nameOrDocument);
      } else if (typeof nameOrDocument === 'string' && !nameOrDocument.trimStart().startsWith('{')) {
        label = nameOrDocument;
        entry = this.catalog.find(nameOrDocument) ?? null;
        if (entry === null)
          throw new Error(`loadScene: unknown scene '${clip(nameOrDocument)}' (available: ${this.catalog.names.join(', ')})`);
        label = entry.name;
        if (entry.file !== null) base = { ...base, path: `scenes/${entry.file}` };
        if (entry.files !== undefined) base = { ...base, files: entry.files };
        const editedSource = this.editedSource(entry);
        edited = editedSource !== null;
        if (editedSource !== null) source = editedSource;
        else {
          progress.phase(label, 'fetching');
          source = await this.catalog.source(entry, signal);
        }
      } else if (typeof nameOrDocument === 'string') {
        source = { kind: 'json', text: nameOrDocument };
      } else if (nameOrDocument !== null && typeof nameOrDocument === 'object') {
        source = { kind: 'value', value: nameOrDocument };
        const name = (nameOrDocument as { name?: unknown }).name;
        if (typeof name === 'string') label = name;
      } else {
        throw new Error('loadScene: expected a scene name or a scene document');
      }
      const withMeshes = meshDocument(source);
      let meshes: Map<string, ImportedMesh> = new Map();
      if (withMeshes !== null) {
        progress.phase(label, 'reading meshes');
        source = { kind: 'value', value: withMeshes };
        meshes = await loadAppMeshes(withMeshes, base);
        if (signal.aborted) throw abortError(label, signal);
      }
      progress.phase(label, 'preprocessing in a worker');
      const revision = this.nextRevision();
      const t0 = performance.now();
      const request: PreprocessRequest = { type: 'preprocess', revision, source, meshes: meshSoups(meshes) };
      const reply = await this.pool.run<PreprocessReply>(request, { signal });
      progress.phase(label, 'compiling shaders');
      await this.ready();
      if (signal.aborted) throw abortError(label, signal);
      const scene = new LoadedScene(revision, reply, performance.now() - t0, meshes);
      if (entry === null) entry = this.catalog.addLoaded(scene.doc.name, source, base.files);
      progress.phase(label, 'drawing');
      show({ scene, entry });
      this.overlay.setError(null);
    } catch (e) {
      const err = e as Error;
      if (signal.aborted || err.name === 'AbortError') throw abortError(label, signal);
      // Scene and parse errors name the document's problem; others get the scene's name first.
      const own = namesItsProblem(err) || err.message.startsWith('loadScene:');
      const message = clip(own ? err.message : `${clip(label)}: ${err.message}`, MESSAGE_CHARS);
      // The error line is one line; the rejected Error keeps the message's lines.
      this.overlay.setError(oneLine(`Could not load ${clip(label)}: ${message}`));
      if (edited && entry !== null && namesItsProblem(err)) this.editedFailed(entry, oneLine(message));
      const out = new Error(message);
      out.name = err.name;
      throw out;
    } finally {
      progress.done();
      if (this.active === control) this.active = null;
    }
  }
}

/**
 * The validated document of a source that lists meshes (they are read on the main thread,
 * before preprocessing), else null. Throws SceneError on an invalid document.
 */
function meshDocument(source: SceneSource): SceneDocument | null {
  if (source.kind === '3dmap') return null;
  if (source.kind === 'json' && !source.text.includes('"meshes"')) return null;
  let value: unknown = source.kind === 'value' ? source.value : undefined;
  if (source.kind === 'json') {
    try {
      value = JSON.parse(source.text);
    } catch {
      return null; // The worker reports the syntax error.
    }
  }
  const meshes = (value as { meshes?: unknown } | null)?.meshes;
  return Array.isArray(meshes) && meshes.length > 0 ? parseScene(value) : null;
}

function abortError(label: string, signal: AbortSignal): Error {
  const e = new Error(`loadScene: loading ${clip(label)} was ${typeof signal.reason === 'string' ? signal.reason : 'cancelled'}`);
  e.name = 'AbortError';
  return e;
}

/** The loading box: what is loading, the current step, the time so far, and Cancel. */
class Progress {
  private readonly t0 = performance.now();
  private text = '';
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly overlay: LoadingView,
    private readonly cancel: () => void,
  ) {
    this.timer = setInterval(() => this.show(), 250);
  }

  phase(label: string, step: string): void {
    this.text = `Loading ${clip(label, 60)} · ${step}`;
    this.show();
  }

  done(): void {
    clearInterval(this.timer);
    this.overlay.setLoading(null);
  }

  private show(): void {
    if (this.text === '') return;
    const s = (performance.now() - this.t0) / 1000;
    this.overlay.setLoading(s < 0.5 ? `${this.text}…` : `${this.text}… ${s.toFixed(1)} s`, this.cancel);
  }
}
