import {
  Box3, Color, DirectionalLight, Fog, Plane, Group, HemisphereLight, PerspectiveCamera, Raycaster, Scene, Vector2, Vector3, WebGLRenderer, type Object3D,
} from 'three';
import type { PathReport } from '../core/search/query.ts';
import type { SceneDocument } from '../scene/schema.ts';
import { SceneCatalog, type SceneEntry } from './catalog.ts';
import { CameraRig, isTyping } from './controls/CameraRig.ts';
import { History } from './editor/History.ts';
import { ToolBox, type ToolClick } from './editor/tools.ts';
import type { NavlabQueryOptions } from './handle.ts';
import { LoadedScene } from './LoadedScene.ts';
import { pickedFreeVoxel, pickVoxel } from './picking.ts';
import { PALETTE } from './render/palette.ts';
import { EndpointMarkers } from './render/SearchView.ts';
import { nextTask, precompile, warmupObjects } from './render/warmup.ts';
import { WaypointView } from './render/WaypointView.ts';
import { roofCut, WorldView } from './render/WorldView.ts';
import { endpointText, int, ms } from './search/format.ts';
import { defaultGraph } from './search/sceneQuery.ts';
import { SearchLab } from './search/SearchLab.ts';
import { ctrl, key, POINTER_HELP, type Shortcut } from './shortcuts.ts';
import { Overlay } from './ui/Overlay.ts';
import type { PreprocessReply, QueryReply, QueryRequest, SceneData, SceneSource } from './workers/protocol.ts';
import type { WaypointGraph } from '../core/graph/WaypointGraph.ts';
import { WorkerPool } from './workers/WorkerPool.ts';

/** What the Scene panel shows or hides. */
export interface ViewToggles {
  voxels: boolean;
  obstacles: boolean;
  waypoints: boolean;
  links: boolean;
  ground: boolean;
}

/** A pointer position that moved less than this (px) between down and up is a click. */
const CLICK_SLOP = 5;

/**
 * The sandbox app: owns the renderer, the render loop, the camera rig, the loaded scene and
 * its views, the search lab, the tools and the undo history. Renders on demand: a frame is
 * drawn when something changed (camera, search, agents, hover, size), so an idle app costs
 * nothing.
 */
export class App {
  readonly renderer: WebGLRenderer;
  readonly scene = new Scene();
  readonly camera = new PerspectiveCamera(50, 1, 0.1, 1000);
  readonly rig: CameraRig;
  readonly pool = new WorkerPool(2);
  readonly catalog = new SceneCatalog();
  readonly overlay: Overlay;
  readonly lab: SearchLab;
  readonly history = new History();
  readonly tools = new ToolBox();
  readonly toggles: ViewToggles = { voxels: true, obstacles: true, waypoints: true, links: true, ground: true };
  /**
   * The slice: solid geometry above this height is not drawn (to look into buildings and
   * mazes). Infinity = no cut. Every world material carries the plane, so moving it never
   * compiles a shader.
   */
  readonly cutPlane = new Plane(new Vector3(0, -1, 0), Infinity);
  private cutHeight = Infinity;
  readonly shortcuts: Shortcut[] = [];
  /** The scene shown (null until the first load). */
  current: LoadedScene | null = null;
  currentEntry: SceneEntry | null = null;
  /** Seconds of simulated time (moving obstacles, agents). */
  simTime = 0;
  /** Called after a scene was loaded and shown (panels refresh, agents restart). */
  readonly sceneListeners: ((scene: LoadedScene) => void)[] = [];
  /** Called when start, goal or lab settings changed outside the panels. */
  onLabChanged: () => void = () => {};
  /** Per-frame hooks (the agents controller): return true to keep rendering. */
  readonly frameHooks: ((dt: number) => boolean)[] = [];
  private readonly content = new Group();
  private readonly searchViews = new Group();
  private readonly markers = new EndpointMarkers();
  private readonly sun = new DirectionalLight(0xffffff, 1.6);
  private readonly fill = new DirectionalLight(0x9db7ff, 0.45);
  private world: WorldView | null = null;
  private waypoints: WaypointView | null = null;
  private revision = 0;
  private loading: Promise<void> = Promise.resolve();
  private needsRender = true;
  private lastTime = performance.now();
  private readonly raycaster = new Raycaster();
  private readonly pointer = new Vector2();
  private pointerMoved = false;
  private pointerInside = false;
  private down: { x: number; y: number; button: number } | null = null;
  private hovered = -1;
  private labDirty = true;
  /** Nothing is drawn before the shaders are compiled (a draw would wait for them). */
  private warm = false;
  /** Signalled when the GPU has finished the last frame drawn. */
  private fence: WebGLSync | null = null;
  /** Kept alive so that three keeps the shader programs of every view (see precompile). */
  private warmup: Object3D | null = null;
  /** Resolves when the shader programs are compiled. */
  private compiled: Promise<void> = Promise.resolve();

  /** @param renderer created beforehand (see createRenderer), so that both costs fall in separate tasks */
  constructor(container: HTMLElement, renderer: WebGLRenderer = createRenderer()) {
    this.renderer = renderer;
    this.renderer.setClearColor(PALETTE.background);
    this.renderer.localClippingEnabled = true;
    container.appendChild(this.renderer.domElement);
    this.renderer.domElement.tabIndex = 0;
    this.scene.background = new Color(PALETTE.background);
    this.scene.add(new HemisphereLight(0xd5e2f2, 0x20242c, 1.15), this.sun, this.sun.target, this.fill, this.fill.target);
    this.scene.add(this.content, this.searchViews, this.markers);
    this.scene.fog = new Fog(PALETTE.fog, 100, 300);
    this.rig = new CameraRig(this.camera, this.renderer.domElement);
    this.rig.connect();
    this.rig.onChange = () => {
      this.invalidate();
      this.updateHint();
    };
    this.overlay = new Overlay();
    this.lab = new SearchLab(this.pool);
    this.lab.onChange = () => {
      this.labDirty = true;
      this.invalidate();
    };
    this.tools.register({
      name: 'select',
      hint: '<kbd>Click</kbd> start · <kbd>Right-click</kbd> goal',
      click: (e) => this.pickEndpoint(e),
    });
    this.tools.onChange = () => this.updateHint();
    this.tools.use('select');
    this.installShortcuts();
    this.overlay.setHelp([...this.shortcuts, ...POINTER_HELP]);
    this.installPointer();
    this.installDrop();
    window.addEventListener('resize', this.resize);
    this.resize();
  }

  /**
   * Compiles the shader programs every scene needs, spread over many short tasks (see
   * precompile); scenes are shown once it is done. Call once, before the first load.
   */
  warmUp(): Promise<void> {
    this.compiled = (async () => {
      await nextTask();
      this.warmup = await warmupObjects([this.cutPlane]);
      await nextTask();
      await precompile(this.renderer, this.warmup, this.camera, this.scene);
    })().catch((e: unknown) => {
      // Without the warm-up, programs compile on first use: slower, but the app works.
      console.warn('navlab: shader warm-up failed:', e);
    }).finally(() => {
      this.warm = true;
      this.invalidate();
    });
    return this.compiled;
  }

  /** Starts the render loop. */
  start(): void {
    this.renderer.setAnimationLoop(this.frame);
  }

  /** Asks for a new frame. */
  invalidate(): void {
    this.needsRender = true;
  }

  /**
   * Loads a scene (picker name, file name or stem, JSON text, or a document object), has it
   * preprocessed in a worker, and shows it. Loads run one after another. Rejects with a
   * readable Error when the name is unknown or the document is invalid; the current scene
   * then stays as it was.
   */
  loadScene(nameOrDocument: string | object, sourceOverride?: SceneSource): Promise<void> {
    const next = this.loading.catch(() => {}).then(() => this.load(nameOrDocument, sourceOverride));
    this.loading = next;
    return next;
  }

  /** A copy of the current document. */
  document(): SceneDocument {
    if (this.current === null) throw new Error('document: no scene is loaded yet');
    return structuredClone(this.current.doc);
  }

  /** `nav path --json` for the current scene, computed in a worker. */
  async query(options: NavlabQueryOptions): Promise<PathReport> {
    const scene = this.current;
    if (scene === null) throw new Error('query: no scene is loaded yet');
    if (options === null || typeof options !== 'object') throw new Error('query: expected an options object { from, to, graph?, heuristic?, ... }');
    const { graph = defaultGraph(options.from), from, to, ...rest } = options;
    if (from === undefined || to === undefined) throw new Error('query: `from` and `to` are required');
    const request: QueryRequest = { type: 'query', revision: scene.revision, graph, from, to, options: rest };
    const reply = await this.pool.run<QueryReply>(request, { revision: scene.revision, attach: (r) => void ((r as QueryRequest).scene = scene.sceneData()) });
    return reply.report;
  }

  /** Runs the lab's search (the Run button and R). */
  runSearch(): void {
    const err = this.lab.runSearch();
    this.overlay.setError(err === null ? null : `Search: ${err}`);
  }

  /** Shows or hides parts of the scene per `toggles`. */
  applyToggles(): void {
    const t = this.toggles;
    if (this.world !== null) {
      if (this.world.voxels) this.world.voxels.visible = t.voxels;
      for (const m of this.world.obstacles) m.visible = t.obstacles;
      this.world.ground.visible = this.world.bounds.visible = t.ground;
    }
    if (this.waypoints !== null) {
      this.waypoints.spheres.visible = t.waypoints;
      this.waypoints.links.visible = t.links;
    }
    this.invalidate();
  }

  /**
   * After the lab's graph changed: new default endpoints, and in scenes that have both a
   * voxel layer and primitives, the layer searched is the one shown (voxels for the grid).
   */
  graphChanged(): void {
    this.lab.graphChanged();
    const s = this.current;
    if (s !== null && s.grid !== null && s.doc.obstacles.length > 0) {
      this.toggles.voxels = this.lab.settings.graph === 'grid';
      this.toggles.obstacles = !this.toggles.voxels;
      this.applyToggles();
    }
    this.labChanged();
  }

  /** The height above which solid geometry is cut away (Infinity: no cut). */
  get cut(): number {
    return this.cutHeight;
  }

  /** Cuts away solid geometry above `height` (Infinity or null: show everything). */
  setCut(height: number | null): void {
    this.cutHeight = height ?? Infinity;
    // A hair below: faces lying exactly in the cut (a ceiling's underside) would flicker.
    this.cutPlane.constant = this.cutHeight - 1e-3 * (this.current?.grid?.cellSize ?? 1);
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
    this.world?.update(t);
    this.invalidate();
  }

  /** Adds a keyboard shortcut (listed in the help overlay). */
  addShortcut(shortcut: Shortcut): void {
    this.shortcuts.push(shortcut);
    this.overlay.setHelp([...this.shortcuts, ...POINTER_HELP]);
  }

  /**
   * Frames the scene: what it draws (voxels, obstacles, orbits), its waypoints and its agents'
   * points, within its bounds; the bounds themselves when there is nothing to draw.
   */
  frameScene(): void {
    const s = this.current;
    if (s === null) return;
    const { min, max } = s.doc.bounds;
    const box = this.world?.contentBox() ?? new Box3();
    const p = s.graph.positions;
    for (let i = 0; i < p.length; i += 3) box.expandByPoint(new Vector3(p[i], p[i + 1], p[i + 2]));
    for (const a of s.doc.agents) for (const q of [a.start, a.goal]) if (typeof q !== 'string') box.expandByPoint(new Vector3(...q));
    box.intersect(new Box3(new Vector3(...min), new Vector3(...max)));
    this.rig.frame(box.isEmpty() ? s.doc.bounds : { min: box.min.toArray(), max: box.max.toArray() });
    this.invalidate();
  }

  /** Opens a file chooser for a scene .json or a Moving AI .3dmap. */
  chooseFile(): void {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = '.json,.3dmap,application/json';
    input.onchange = () => {
      const file = input.files?.[0];
      if (file) void this.loadFile(file);
    };
    input.click();
  }

  /** Loads a dropped or chosen file and adds it to the scene picker. */
  async loadFile(file: File): Promise<void> {
    const text = await file.text();
    const source: SceneSource = /\.3dmap$/i.test(file.name) ? { kind: '3dmap', text, fileName: file.name } : { kind: 'json', text };
    try {
      await this.loadScene(file.name, source);
    } catch {
      // load() has shown the error.
    }
  }

  private async load(nameOrDocument: string | object, sourceOverride?: SceneSource): Promise<void> {
    let entry: SceneEntry | null = null;
    let source: SceneSource;
    let label: string;
    if (sourceOverride !== undefined) {
      source = sourceOverride;
      label = String(nameOrDocument);
    } else if (typeof nameOrDocument === 'string' && !nameOrDocument.trimStart().startsWith('{')) {
      entry = this.catalog.find(nameOrDocument) ?? null;
      if (entry === null) throw new Error(`loadScene: unknown scene '${nameOrDocument}' (available: ${this.catalog.names.join(', ')})`);
      label = entry.name;
      source = await this.catalog.source(entry);
    } else if (typeof nameOrDocument === 'string') {
      source = { kind: 'json', text: nameOrDocument };
      label = 'document';
    } else if (nameOrDocument !== null && typeof nameOrDocument === 'object') {
      source = { kind: 'value', value: nameOrDocument };
      label = 'document';
    } else {
      throw new Error('loadScene: expected a scene name or a scene document');
    }
    this.overlay.setLoading(`Loading ${label}…`);
    const revision = ++this.revision;
    const t0 = performance.now();
    let reply: PreprocessReply;
    try {
      [reply] = await Promise.all([this.pool.run<PreprocessReply>({ type: 'preprocess', revision, source }), this.compiled]);
    } catch (e) {
      const err = e as Error;
      const message = err.name === 'SceneError' || err.name === 'ParseError' ? err.message : `${label}: ${err.message}`;
      this.overlay.setLoading(null);
      this.overlay.setError(`Could not load ${label}: ${message}`);
      const out = new Error(message);
      out.name = err.name;
      throw out;
    }
    const scene = new LoadedScene(revision, reply, performance.now() - t0);
    if (entry === null) entry = this.catalog.addLoaded(scene.doc.name, source);
    this.show(scene, entry);
    this.overlay.setLoading(null);
    this.overlay.setError(null);
  }

  /** Replaces the shown scene with `scene`. */
  private show(scene: LoadedScene, entry: SceneEntry): void {
    this.world?.dispose();
    this.waypoints?.dispose();
    this.content.clear();
    this.current = scene;
    this.currentEntry = entry;
    this.simTime = 0;
    this.history.clear();
    const doc = scene.doc;
    const r = scene.radius;
    this.world = new WorldView(doc, scene.grid, scene.faces, [this.cutPlane]);
    this.setCut(scene.grid !== null ? roofCut(scene.grid) : null);
    const wr = Math.min(1.2, Math.max(0.12, r * 0.006, (scene.grid?.cellSize ?? 0) * 0.22));
    this.waypoints = new WaypointView(scene.graph, wr);
    this.content.add(this.world, this.waypoints);
    this.lab.setScene(scene, this.searchViews, wr);
    if (scene.grid !== null && doc.obstacles.length > 0) {
      this.toggles.voxels = this.lab.settings.graph === 'grid';
      this.toggles.obstacles = !this.toggles.voxels;
    } else {
      this.toggles.voxels = this.toggles.obstacles = true;
    }
    // Light and fog scaled to the scene.
    const c = [(doc.bounds.min[0] + doc.bounds.max[0]) / 2, (doc.bounds.min[1] + doc.bounds.max[1]) / 2, (doc.bounds.min[2] + doc.bounds.max[2]) / 2];
    this.sun.target.position.set(c[0], c[1], c[2]);
    this.sun.position.set(c[0] + 0.45 * r, c[1] + 1.6 * r, c[2] + 0.75 * r);
    this.fill.target.position.set(c[0], c[1], c[2]);
    this.fill.position.set(c[0] - r, c[1] + 0.3 * r, c[2] - 0.6 * r);
    const fog = this.scene.fog as Fog;
    fog.near = r * 3;
    fog.far = r * 9;
    this.frameScene();
    this.applyToggles();
    this.refreshSceneInfo();
    this.labChanged();
    for (const listener of this.sceneListeners) listener(scene);
    this.invalidate();
  }

  /** The drawn waypoints and links (for the editor's picking), or null before a scene. */
  get waypointView(): WaypointView | null {
    return this.waypoints;
  }

  /**
   * Shows an edit of the current scene (called by the editor): a new revision with the edited
   * document and its data. Camera, search settings, history and still-valid endpoints stay.
   * `faces`: the new voxel surface when the world changed (then the world is redrawn).
   */
  showEdit(doc: SceneDocument, data: SceneData, faces?: PreprocessReply['faces']): LoadedScene {
    const old = this.current;
    if (old === null) throw new Error('showEdit: no scene is loaded');
    const scene = new LoadedScene(++this.revision, { ...old.info, doc, scene: data, faces: faces === undefined ? old.faces : faces }, old.loadMs);
    this.current = scene;
    if (faces !== undefined) {
      this.world?.dispose();
      this.world = new WorldView(doc, scene.grid, scene.faces, [this.cutPlane]);
      this.content.add(this.world);
    }
    this.previewWaypoints(scene.graph);
    this.lab.sceneEdited(scene);
    this.applyToggles();
    this.refreshSceneInfo();
    this.labChanged();
    return scene;
  }

  /** Redraws the waypoints and links from `graph` (live dragging) without a new revision. */
  previewWaypoints(graph: WaypointGraph): void {
    const radius = this.waypoints?.radius ?? 0.3;
    this.waypoints?.dispose();
    this.hovered = -1;
    this.waypoints = new WaypointView(graph, radius);
    this.waypoints.spheres.visible = this.toggles.waypoints;
    this.waypoints.links.visible = this.toggles.links;
    this.content.add(this.waypoints);
    this.invalidate();
  }

  private refreshSceneInfo(): void {
    const s = this.current;
    if (s === null) return;
    const parts: string[] = [];
    if (s.grid) parts.push(`${s.grid.X}×${s.grid.Y}×${s.grid.Z} voxels`);
    if (s.doc.obstacles.length) parts.push(`${int(s.doc.obstacles.length)} obstacles`);
    if (s.doc.movingObstacles.length) parts.push(`${s.doc.movingObstacles.length} moving`);
    parts.push(`${int(s.graph.count)} waypoints`, `${int(s.graph.linkCount)} links`);
    if (s.doc.agents.length) parts.push(`${int(s.doc.agents.length)} agents`);
    parts.push(`preprocessed in ${ms(s.info.worldMs + s.info.linkMs)} (worker)`);
    this.overlay.setScene(s.doc.name, parts.join(' · '));
  }

  /** Start/goal markers and status after the lab's endpoints or settings changed. */
  labChanged(): void {
    const lab = this.lab;
    const scene = this.current;
    if (scene !== null) {
      const grid = lab.settings.graph === 'grid';
      const radius = grid ? 0.42 * (scene.grid?.cellSize ?? 1) : 2 * (this.waypoints?.radius ?? 0.3);
      this.markers.set(lab.endpointPosition(lab.start), lab.endpointPosition(lab.goal), radius, scene.doc.bounds.min[1]);
    }
    this.overlay.setEndpoints(endpointText(lab.start), endpointText(lab.goal), lab.settings.graph === 'grid' ? 'voxel grid' : 'waypoint graph');
    this.labDirty = true;
    this.onLabChanged();
    this.invalidate();
  }

  private updateHint(): void {
    const tool = this.tools.active;
    const fly = this.rig.mode === 'fly' ? ` · <kbd>WASD</kbd> fly (${this.rig.flySpeed.toFixed(1)}/s)` : '';
    this.overlay.setHint(`${tool?.hint ?? ''}${fly} · <kbd>R</kbd> run · <kbd>H</kbd> help`);
  }

  /** The select tool: a click sets the start, a right-click the goal. */
  private pickEndpoint(e: ToolClick): void {
    const scene = this.current;
    if (scene === null || (e.button !== 0 && e.button !== 2)) return;
    const which = e.button === 0 ? 'start' : 'goal';
    this.raycaster.setFromCamera(this.pointer.set(e.ndc.x, e.ndc.y), this.camera);
    const ray = this.raycaster.ray;
    const wp = this.pickWaypoint();
    const grid = scene.grid;
    const voxel = grid === null ? null : pickVoxel(grid, ray.origin, ray.direction);
    const surface = this.raycaster.intersectObjects(this.world?.pickables() ?? [], false)[0];
    if (this.lab.settings.graph === 'waypoints') {
      let id: string | null = wp === null ? null : scene.ids[wp.index];
      if (id === null) {
        // A click on a surface picks the waypoint nearest to the point hit.
        const d = surface?.distance ?? (voxel?.solid ? voxel.distance : null);
        if (d != null && scene.graph.count > 0) {
          const p = ray.at(d, this.pointer3);
          id = nearestId(scene, p.x, p.y, p.z);
        }
      }
      if (id !== null) this.setEndpoint(which, id);
      return;
    }
    if (grid === null) return;
    // Grid: the nearest of waypoint, obstacle surface and voxel face decides the voxel.
    const candidates: { d: number; voxel: number[] | null }[] = [];
    if (voxel !== null) candidates.push({ d: voxel.distance, voxel: pickedFreeVoxel(grid, voxel) });
    if (wp !== null) candidates.push({ d: wp.distance, voxel: voxelAt(scene, ray.at(wp.distance, this.pointer3)) });
    if (surface !== undefined && surface.face) {
      const n = surface.face.normal.clone().transformDirection(surface.object.matrixWorld);
      const p = surface.point.clone().addScaledVector(n, 0.5 * grid.cellSize);
      candidates.push({ d: surface.distance, voxel: voxelAt(scene, p) });
    }
    candidates.sort((a, b) => a.d - b.d);
    const hit = candidates.find((c) => c.voxel !== null);
    if (hit) this.setEndpoint(which, hit.voxel!);
    else this.overlay.setError(`No free voxel there for the ${which}.`);
  }

  private readonly pointer3 = new Vector3();

  /** Sets the lab's start or goal and refreshes markers and panels. */
  setEndpoint(which: 'start' | 'goal', value: string | number[] | null): void {
    this.overlay.setError(null);
    this.lab.setEndpoint(which, value);
    this.labChanged();
  }

  /** The waypoint under the pointer (raycaster already set), or null. */
  private pickWaypoint(): { index: number; distance: number } | null {
    const view = this.waypoints;
    if (view === null || !view.spheres.visible) return null;
    const hit = this.raycaster.intersectObject(view.spheres, false)[0];
    return hit?.instanceId === undefined ? null : { index: hit.instanceId, distance: hit.distance };
  }

  private readonly frame = (): void => {
    const t = performance.now();
    const dt = Math.min(0.1, (t - this.lastTime) / 1000);
    this.lastTime = t;
    const moved = this.rig.update(dt);
    this.lab.tick();
    let animate = this.lab.running || this.rig.moving;
    for (const hook of this.frameHooks) if (hook(dt)) animate = true;
    if (this.pointerMoved) {
      this.pointerMoved = false;
      this.hover();
    }
    if (this.labDirty) {
      this.labDirty = false;
      this.overlay.setStatus(this.lab.states);
    }
    if (moved || animate) this.needsRender = true;
    if (!this.warm || !this.needsRender || this.gpuBusy()) {
      this.overlay.frame(null);
      return;
    }
    this.needsRender = false;
    this.render();
    const gl = this.renderer.getContext() as WebGL2RenderingContext;
    this.fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
    gl.flush();
    this.overlay.frame(performance.now() - t);
  };

  /**
   * Whether the GPU is still drawing the previous frame. Then this frame is skipped: queueing
   * more work (and big buffer uploads) behind a slow GPU would make the page wait for it.
   */
  private gpuBusy(): boolean {
    if (this.fence === null) return false;
    const gl = this.renderer.getContext() as WebGL2RenderingContext;
    if (gl.getSyncParameter(this.fence, gl.SYNC_STATUS) !== gl.SIGNALED) return true;
    gl.deleteSync(this.fence);
    this.fence = null;
    return false;
  }

  private render(): void {
    const r = this.renderer;
    const lab = this.lab;
    const [a, b] = lab.runs;
    const compare = lab.settings.compare && lab.states.length === 2;
    const size = r.getSize(new Vector2());
    if (compare && lab.settings.compareView === 'side by side') {
      const half = Math.floor(size.x / 2);
      this.camera.aspect = half / size.y;
      this.camera.updateProjectionMatrix();
      r.setScissorTest(true);
      for (const [i, run] of [[0, a], [1, b]] as const) {
        for (const other of lab.runs) if (other.view) other.view.visible = other === run;
        r.setViewport(i * half, 0, half, size.y);
        r.setScissor(i * half, 0, half, size.y);
        r.render(this.scene, this.camera);
      }
      r.setScissorTest(false);
      r.setViewport(0, 0, size.x, size.y);
      this.camera.aspect = size.x / size.y;
      this.camera.updateProjectionMatrix();
      this.overlay.setViewLabels([`A · ${lab.runs[0].state.label}`, `B · ${lab.runs[1].state.label}`]);
      return;
    }
    const shown = compare ? (lab.settings.shown === 'A' ? a : b) : a;
    for (const run of lab.runs) if (run.view) run.view.visible = run === shown;
    r.render(this.scene, this.camera);
    this.overlay.setViewLabels(null);
  }

  private hover(): void {
    if (!this.pointerInside || this.down !== null) return;
    this.raycaster.setFromCamera(this.pointer, this.camera);
    const wp = this.pickWaypoint();
    const i = wp?.index ?? -1;
    if (i !== this.hovered) {
      this.hovered = i;
      this.waypoints?.setHovered(i);
      this.invalidate();
    }
    const scene = this.current;
    if (i < 0 || scene === null) {
      this.overlay.showTooltip(0, 0, null);
      return;
    }
    const w = scene.doc.waypoints[i];
    const p = w.position.map((c) => +c.toFixed(2)).join(', ');
    const label = w.label ? ` <span>${w.label}</span>` : '';
    this.overlay.showTooltip(this.clientX, this.clientY, `<b>${w.id}</b>${label} <span>(${p})</span>`);
  }

  private clientX = 0;
  private clientY = 0;

  private installPointer(): void {
    const dom = this.renderer.domElement;
    dom.addEventListener('contextmenu', (e) => e.preventDefault());
    dom.addEventListener('pointermove', (e) => {
      const rect = dom.getBoundingClientRect();
      this.pointer.set(((e.clientX - rect.left) / rect.width) * 2 - 1, -((e.clientY - rect.top) / rect.height) * 2 + 1);
      this.clientX = e.clientX;
      this.clientY = e.clientY;
      this.pointerMoved = true;
      this.pointerInside = true;
    });
    dom.addEventListener('pointerleave', () => {
      this.pointerInside = false;
      this.pointerMoved = true;
    });
    dom.addEventListener('pointerdown', (e) => {
      this.down = { x: e.clientX, y: e.clientY, button: e.button };
      dom.focus();
    });
    dom.addEventListener('pointerup', (e) => {
      const d = this.down;
      this.down = null;
      if (d === null || d.button !== e.button || Math.hypot(e.clientX - d.x, e.clientY - d.y) > CLICK_SLOP) return;
      const rect = dom.getBoundingClientRect();
      const ndc = { x: ((e.clientX - rect.left) / rect.width) * 2 - 1, y: -((e.clientY - rect.top) / rect.height) * 2 + 1 };
      // In a side-by-side comparison both halves show the same camera: map to the half's own NDC.
      if (this.lab.settings.compare && this.lab.settings.compareView === 'side by side' && this.lab.states.length === 2) {
        ndc.x = ndc.x < 0 ? ndc.x * 2 + 1 : ndc.x * 2 - 1;
      }
      this.tools.active?.click({ button: e.button, ndc, shiftKey: e.shiftKey, altKey: e.altKey });
    });
  }

  private installDrop(): void {
    let depth = 0;
    window.addEventListener('dragenter', (e) => {
      e.preventDefault();
      depth++;
      this.overlay.drop.hidden = false;
    });
    window.addEventListener('dragleave', () => {
      if (--depth <= 0) this.overlay.drop.hidden = true;
    });
    window.addEventListener('dragover', (e) => e.preventDefault());
    window.addEventListener('drop', (e) => {
      e.preventDefault();
      depth = 0;
      this.overlay.drop.hidden = true;
      const file = e.dataTransfer?.files[0];
      if (file) void this.loadFile(file);
    });
  }

  private installShortcuts(): void {
    const add = (group: string, keys: string, action: string, match: (e: KeyboardEvent) => boolean, run: (e: KeyboardEvent) => void) =>
      this.shortcuts.push({ group, keys, action, match, run });
    add('View', 'H / ?', 'Show or hide this help', (e) => key('KeyH')(e) || (e.key === '?' && !e.ctrlKey), () => this.overlay.toggleHelp());
    add('View', 'F', 'Frame the scene', key('KeyF'), () => this.frameScene());
    add('View', 'C', 'Switch camera: orbit / fly', key('KeyC'), () => this.rig.toggleMode());
    add('View', 'L', 'Show or hide visibility links', key('KeyL'), () => {
      this.toggles.links = !this.toggles.links;
      this.applyToggles();
      this.onLabChanged();
    });
    add('View', '[ / ]', 'Cut away the world above a height: lower / raise the cut', (e) => key('BracketLeft')(e) || key('BracketRight')(e), (e) => {
      this.stepCut(e.code === 'BracketLeft' ? -1 : 1);
      this.onLabChanged();
    });
    add('Search', 'R', 'Run the search (both when comparing)', key('KeyR'), () => this.runSearch());
    add('Search', 'Esc', 'Cancel a running search · close help', key('Escape', null), () => {
      if (this.overlay.helpVisible) this.overlay.toggleHelp(false);
      else this.lab.cancel();
    });
    add('Search', 'X', 'Clear the search views', key('KeyX'), () => this.lab.clear());
    add('Search', 'G', 'Switch graph: waypoints / voxel grid', key('KeyG'), () => {
      if (!this.lab.hasGrid) return;
      this.lab.settings.graph = this.lab.settings.graph === 'grid' ? 'waypoints' : 'grid';
      this.graphChanged();
    });
    add('Search', 'V', 'Compare: show A / B (toggle view)', key('KeyV'), () => {
      this.lab.settings.shown = this.lab.settings.shown === 'A' ? 'B' : 'A';
      this.labChanged();
    });
    add('Edit', 'Ctrl+Z', 'Undo', ctrl('KeyZ'), () => this.history.undo());
    add('Edit', 'Ctrl+Shift+Z / Ctrl+Y', 'Redo', (e) => ctrl('KeyZ', true)(e) || ctrl('KeyY')(e), () => this.history.redo());
    window.addEventListener('keydown', (e) => {
      if (isTyping(e) || e.repeat) return;
      // Space and Enter on a focused button press it; they are not shortcuts then.
      if ((e.code === 'Space' || e.code === 'Enter') && (e.target as HTMLElement | null)?.tagName === 'BUTTON') return;
      const s = this.shortcuts.find((k) => k.match(e));
      if (s === undefined) return;
      e.preventDefault();
      s.run(e);
      this.invalidate();
    });
  }

  private readonly resize = (): void => {
    const w = window.innerWidth;
    const h = window.innerHeight;
    const size = this.renderer.getSize(new Vector2());
    if (size.x !== w || size.y !== h) this.renderer.setSize(w, h);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.invalidate();
  };
}

/**
 * The app's WebGL renderer (antialiased), already at the window's size: sizing allocates the
 * drawing buffer, slow with software rendering, so it is done here rather than in App.
 */
export function createRenderer(): WebGLRenderer {
  const renderer = new WebGLRenderer({ antialias: true, powerPreference: 'high-performance' });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  renderer.setSize(window.innerWidth, window.innerHeight);
  return renderer;
}

function nearestId(scene: LoadedScene, x: number, y: number, z: number): string | null {
  const p = scene.graph.positions;
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < scene.graph.count; i++) {
    const d = (p[3 * i] - x) ** 2 + (p[3 * i + 1] - y) ** 2 + (p[3 * i + 2] - z) ** 2;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return best < 0 ? null : scene.ids[best];
}

/** The free voxel containing world point p, or null. */
function voxelAt(scene: LoadedScene, p: { x: number; y: number; z: number }): number[] | null {
  const g = scene.grid;
  if (g === null) return null;
  const v = g.worldToVoxel(p, { x: 0, y: 0, z: 0 });
  return g.isBlocked(v.x, v.y, v.z) ? null : [v.x, v.y, v.z];
}
