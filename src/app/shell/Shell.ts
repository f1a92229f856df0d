import type { PerspectiveCamera, Scene, WebGLRenderer } from 'three';
import type { WaypointGraph } from '../../core/graph/WaypointGraph.ts';
import type { SceneDocument } from '../../scene/schema.ts';
import type { SearchableScene } from '../../core/query/target.ts';
import type { VoxelChunks } from '../../three/VoxelChunks.ts';
import { CameraRig } from './camera/CameraRig.ts';
import { paneNdc } from './camera/framing.ts';
import { History } from './base/History.ts';
import { fileKind, readFile, sizeProblem } from './input/acceptedFiles.ts';
import { navbinSceneText } from './input/navbinFile.ts';
import { chooseFile, installFileDrop } from './input/fileInput.ts';
import { Keymap } from './input/Keymap.ts';
import { PointerInput } from './input/PointerInput.ts';
import { POINTER_HELP, type Shortcut } from './input/shortcuts.ts';
import { ToolBox } from './input/tools.ts';
import { SceneCatalog, type SceneEntry } from './scene/catalog.ts';
import { LoadedScene } from './scene/LoadedScene.ts';
import type { MeshBase } from './scene/sceneMeshFiles.ts';
import { SceneLoader, type Loaded } from './scene/SceneLoader.ts';
import { NO_SEARCH, type SearchPort } from './searchPort.ts';
import { shellShortcuts } from './shellShortcuts.ts';
import { Signal } from './base/signal.ts';
import { createRenderer, Stage } from './stage/Stage.ts';
import { warmupObjects, type WarmupSamples } from './views/warmupScene.ts';
import { clip, oneLine } from './dom/clip.ts';
import { Overlay } from './ui/Overlay.ts';
import { sceneSummary } from './ui/sceneSummary.ts';
import { WaypointHover } from './ui/WaypointHover.ts';
import { SceneViews, type ViewToggles } from './views/SceneViews.ts';
import type { WaypointView } from './views/WaypointView.ts';
import type { SceneData, SceneSource } from './workers/protocol.ts';
import type { WorkerPool } from './workers/WorkerPool.ts';

export { createRenderer };
export type { ViewToggles };

/**
 * The app's shell: the stage (renderer, render loop, lighting), the camera rig, pointer and
 * keyboard input, file drop, the worker pool, the scene loader, the drawn scene, the tools
 * and the undo history, and the scene shown. Features (search, agents, editor, meshes) stand
 * on it and talk to each other only through what it owns: its signals, its scene state and
 * the search port (searchPort.ts). It imports no feature.
 */
export class Shell {
  readonly stage: Stage;
  readonly rig: CameraRig;
  readonly pool: WorkerPool;
  readonly catalog = new SceneCatalog();
  readonly overlay = new Overlay();
  readonly history = new History();
  readonly tools = new ToolBox();
  readonly keymap = new Keymap();
  readonly views = new SceneViews();
  readonly loader: SceneLoader;
  /** The scene shown (null until the first load). */
  current: LoadedScene | null = null;
  currentEntry: SceneEntry | null = null;
  /** Seconds of simulated time (moving obstacles, agents). */
  simTime = 0;
  /**
   * Called while a loaded scene is being shown: after it is drawn, before the layers are
   * chosen and the view framed (the search takes the scene here, the mesh import its defaults).
   */
  readonly sceneShowing = new Signal<[LoadedScene]>();
  /** Emitted after a scene was loaded and shown (the search takes its endpoints, panels refresh, agents restart). */
  readonly sceneShown = new Signal<[LoadedScene]>();
  /** Emitted after an edit was shown (showEdit), with the new and the previous scene. */
  readonly sceneEdited = new Signal<[LoadedScene, LoadedScene]>();
  /** Emitted when what the panels show changed outside them (endpoints, search settings, cut, layers). */
  readonly changed = new Signal();
  /** The search a feature runs (main.ts sets it); until then, none. */
  search: SearchPort = NO_SEARCH;
  /** Imports mesh files dropped or chosen without a scene file (main.ts sets the meshes feature's import). */
  importMeshes: (files: readonly File[]) => Promise<void> = async () => {
    this.overlay.setError('Could not load mesh files: mesh import is not available');
  };
  private readonly pointer: PointerInput;
  private readonly hover: WaypointHover;
  private revision = 0;

  /**
   * @param renderer created beforehand (see createRenderer), so that both costs fall in separate tasks
   * @param pool the nav workers (main.ts names the worker script)
   */
  constructor(container: HTMLElement, renderer: WebGLRenderer, pool: WorkerPool) {
    this.stage = new Stage(container, renderer);
    this.pool = pool;
    this.stage.scene.add(this.views);
    this.rig = new CameraRig(this.camera, renderer.domElement);
    this.rig.connect();
    this.rig.changed.add(() => {
      this.invalidate();
      this.updateHint();
    });
    this.loader = new SceneLoader(
      this.pool,
      this.catalog,
      this.overlay,
      () => this.stage.compiled,
      () => ++this.revision,
    );
    this.tools.changed.add(() => this.updateHint());
    for (const s of shellShortcuts(this)) this.keymap.add(s);
    this.keymap.afterRun = () => this.invalidate();
    this.keymap.connect();
    this.overlay.setHelp([...this.keymap.list, ...POINTER_HELP]);
    this.pointer = new PointerInput(
      renderer.domElement,
      (e) => this.tools.active?.click(e),
      (ndc) => {
        // In a side-by-side comparison both panes show the same camera: map to the pane's own NDC.
        if (this.search.sideBySide()) ndc.x = paneNdc(ndc.x, this.renderer.domElement.clientWidth, this.rig.panes());
      },
    );
    this.hover = new WaypointHover(this.overlay);
    installFileDrop(this.overlay.drop, (files) => void this.loadFiles(files));
    this.stage.onFrame = (ms) => this.overlay.frame(ms);
    this.stage.frameHooks.push((dt) => {
      const moved = this.rig.update(dt);
      return moved || this.rig.moving;
    });
    this.stage.frameHooks.push(() => this.hoverWaypoints());
  }

  get renderer(): WebGLRenderer {
    return this.stage.renderer;
  }

  get scene(): Scene {
    return this.stage.scene;
  }

  get camera(): PerspectiveCamera {
    return this.stage.camera;
  }

  /** Per-frame hooks (the agents controller): return true to keep rendering. */
  get frameHooks(): ((dt: number) => boolean)[] {
    return this.stage.frameHooks;
  }

  get toggles(): ViewToggles {
    return this.views.toggles;
  }

  /** The keyboard shortcuts (listed in the help overlay). */
  get shortcuts(): readonly Shortcut[] {
    return this.keymap.list;
  }

  /**
   * Compiles the shaders every scene needs (see Stage.warmUp), with the features' own drawn
   * objects (`extra`: each builds a few samples). Call once, before the first load.
   */
  warmUp(extra: readonly WarmupSamples[] = []): Promise<void> {
    return this.stage.warmUp(() => warmupObjects([this.views.cutPlane], extra));
  }

  /** Starts the render loop. */
  start(): void {
    this.stage.start();
  }

  /** Asks for a new frame. */
  invalidate(): void {
    this.stage.invalidate();
  }

  /**
   * Loads a scene (picker name, file name or stem, JSON text, or a document object), has it
   * preprocessed in a worker, and shows it. A new load cancels one under way (which rejects
   * with an AbortError). Rejects with a readable Error when the name is unknown or the
   * document is invalid; the current scene then stays as it was. `base`: where a document's
   * relative mesh paths are read (MeshBase; a picker name brings its own, a document none).
   */
  loadScene(nameOrDocument: string | object, sourceOverride?: SceneSource, base?: MeshBase): Promise<void> {
    return this.loader.load(nameOrDocument, sourceOverride, (loaded) => this.show(loaded), base);
  }

  /** A copy of the current document. */
  document(): SceneDocument {
    if (this.current === null) throw new Error('document: no scene is loaded yet');
    return structuredClone(this.current.doc);
  }

  /** Shows or hides parts of the scene per `toggles`. */
  applyToggles(): void {
    this.views.applyToggles();
    this.invalidate();
  }

  /** The height above which solid geometry is cut away (Infinity: no cut). */
  get cut(): number {
    return this.views.cut;
  }

  /** Cuts away solid geometry above `height` (Infinity or null: show everything). */
  setCut(height: number | null): void {
    this.views.setCut(height);
    this.invalidate();
  }

  /** Moves the cut down (-1) or up (+1) by one voxel (or 1/20 of the scene's height). */
  stepCut(direction: -1 | 1): void {
    const s = this.current;
    if (s === null) return;
    const { min, max } = s.doc.bounds;
    const step = s.grid?.cellSize ?? (max[1] - min[1]) / 20;
    const from = Number.isFinite(this.cut) ? this.cut : max[1];
    const to = Math.min(max[1], Math.max(min[1], from + direction * step));
    this.setCut(to >= max[1] ? null : to);
  }

  /** Moves the scene's moving obstacles to simulated time t. */
  setSimTime(t: number): void {
    this.simTime = t;
    this.views.world?.update(t);
    this.invalidate();
  }

  /** Adds a keyboard shortcut (listed in the help overlay). */
  addShortcut(shortcut: Shortcut): void {
    this.keymap.add(shortcut);
    this.overlay.setHelp([...this.keymap.list, ...POINTER_HELP]);
  }

  /** Frames the scene's content (see SceneViews.contentBox); its bounds when nothing is drawn. */
  frameScene(): void {
    const s = this.current;
    if (s === null) return;
    const box = this.views.contentBox(s);
    this.rig.frame(box.isEmpty() ? s.doc.bounds : { min: box.min.toArray(), max: box.max.toArray() });
    this.invalidate();
  }

  /** Opens a file chooser for scene .json, Moving AI .3dmap and mesh files (several at once). */
  chooseFile(): void {
    chooseFile((files) => void this.loadFiles(files));
  }

  /**
   * Loads files dropped or chosen together: a scene .json or .3dmap (the first one; the other
   * files are what its meshes reference), else mesh files, imported as a new scene. Every
   * file's size is checked before any is read (acceptedFiles.ts), and the pending autosave is
   * written first: a file that takes the tab down loses no edit. A failure at any stage shows
   * one line naming the file and leaves the scene, the undo history and the autosave as they were.
   */
  async loadFiles(files: readonly File[]): Promise<void> {
    this.saveNow();
    const refused = sizeProblem(files);
    if (refused !== null) {
      this.overlay.setError(oneLine(`Could not load ${refused.message}`));
      return;
    }
    const scene = files.find((f) => fileKind(f.name) === 'scene' || fileKind(f.name) === 'map' || fileKind(f.name) === 'navbin');
    if (scene === undefined && files.some((f) => fileKind(f.name) === 'mesh')) return this.importMeshes(files);
    if (scene === undefined) {
      this.overlay.setError(
        oneLine(
          `Could not load ${clip(files.map((f) => f.name).join(', '))}: no scene or mesh file (a .bin or an image goes together with the .gltf that uses it)`,
        ),
      );
      return;
    }
    const others = new Map(files.filter((f) => f !== scene).map((f) => [f.name, f]));
    return this.loadFile(scene, others);
  }

  /**
   * Loads a dropped or chosen scene, map or .navbin file (sceneFromNavbin: its grid and
   * waypoints as a scene) and adds it to the scene picker; `others`: files its meshes reference.
   */
  async loadFile(file: File, others: ReadonlyMap<string, File> = new Map()): Promise<void> {
    const kind = fileKind(file.name);
    const isMap = kind === 'map';
    let text: string;
    try {
      // The size is checked before reading: a huge file is refused without reading a byte of it.
      text = kind === 'navbin' ? await navbinSceneText(file) : await readFile(file, file.name, isMap ? 'map' : 'scene', 'text');
    } catch (e) {
      this.overlay.setError(oneLine(`Could not load ${(e as Error).message}`));
      return;
    }
    const source: SceneSource = isMap ? { kind: '3dmap', text, fileName: file.name } : { kind: 'json', text };
    try {
      await this.loader.load(file.name, source, (loaded) => this.show(loaded), { files: others });
    } catch {
      // The loader has shown the error.
    }
  }

  /**
   * Writes the pending autosave at once (the editor sets it): called before the app reads
   * files from outside, whose decoding could take the tab down with the edits of the last
   * moments.
   */
  saveNow: () => void = () => {};

  /** Replaces the shown scene with a loaded one. */
  private show({ scene, entry }: Loaded): void {
    this.current = scene;
    this.currentEntry = entry;
    this.simTime = 0;
    this.history.clear();
    this.hover.reset();
    this.views.show(scene);
    this.sceneShowing.emit(scene);
    const both = scene.grid !== null && scene.doc.obstacles.length > 0;
    this.toggles.voxels = both ? this.search.graph === 'grid' : true;
    this.toggles.obstacles = both ? !this.toggles.voxels : true;
    // Meshes are drawn with their own materials; their voxel layer stays in the Show folder.
    if (scene.meshes.size > 0) this.toggles.voxels = false;
    this.toggles.meshes = true;
    this.stage.lighting.fit(scene.doc.bounds, scene.radius);
    this.stage.useEnvironment(scene.meshes.size > 0);
    this.frameScene();
    this.applyToggles();
    this.overlay.setScene(scene.doc.name, sceneSummary(scene));
    this.sceneShown.emit(scene);
    this.invalidate();
  }

  /** The drawn waypoints and links (for the editor's picking), or null before a scene. */
  get waypointView(): WaypointView | null {
    return this.views.waypoints;
  }

  /**
   * Shows an edit of the current scene (called by the editor): a new revision with the edited
   * document and its data. Camera, search settings, history and still-valid endpoints stay.
   * `world`: when the static world changed, the inclusive voxel box whose occupancy changed
   * (null: none); the world is then redrawn, the voxel surface only in the chunks that box touches
   * (their faces taken from `world.chunks`, chunks of the same grid already updated, when given).
   */
  showEdit(
    doc: SceneDocument,
    data: SceneData | SearchableScene,
    world?: { voxelBox: readonly number[] | null; chunks?: VoxelChunks | null },
  ): LoadedScene {
    const old = this.current;
    if (old === null) throw new Error('showEdit: no scene is loaded');
    const scene = new LoadedScene(++this.revision, { ...old.info, doc, scene: data, chunks: null }, old.loadMs, old.meshes);
    this.current = scene;
    if (world !== undefined) this.views.showWorld(scene, world.voxelBox, world.chunks ?? undefined);
    // The graph is the same object while waypoints and links are unchanged (a voxel paint):
    // its drawing is kept then, not rebuilt.
    if (scene.graph !== old.graph) this.previewWaypoints(scene.graph);
    else this.invalidate();
    this.applyToggles();
    this.overlay.setScene(scene.doc.name, sceneSummary(scene));
    this.sceneEdited.emit(scene, old);
    return scene;
  }

  /** Redraws the waypoints and links from `graph` without a new revision (a drag that cannot redraw in place). */
  previewWaypoints(graph: WaypointGraph): void {
    this.hover.reset();
    this.views.showWaypoints(graph);
    this.invalidate();
  }

  /** Per frame, after the camera: the waypoint under the pointer. */
  private hoverWaypoints(): boolean {
    const p = this.pointer;
    if (p.takeMoved() && !p.pressed) {
      if (this.hover.update(p.ndc, p.clientX, p.clientY, p.inside, this.camera, this.current, this.views.waypoints)) this.invalidate();
    }
    return false;
  }

  private updateHint(): void {
    const tool = this.tools.active;
    const fly = this.rig.mode === 'fly' ? ` · [WASD] fly (${this.rig.flySpeed.toFixed(1)}/s)` : '';
    this.overlay.setHint(`${tool?.hint ?? ''}${fly} · [R] run · [H] help`);
  }
}
