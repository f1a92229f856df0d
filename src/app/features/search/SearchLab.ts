import type { QueryOptions } from '../../../core/query/report.ts';
import type { SearchResult, SearchStatus } from '../../../core/search/result.ts';
import type { Object3D } from 'three';
import type { LoadedScene } from '../../shell/scene/LoadedScene.ts';
import { DiffView, labViewStyle, SearchView } from './SearchView.ts';
import type { Endpoint } from '../../shell/workers/protocol.ts';
import type { VisitedNodes } from './protocol.ts';
import type { WorkerPool } from '../../shell/workers/WorkerPool.ts';
import { expandedDiff, graphNodeKey, gridNodeKey, type ExpandedDiff } from './compareDiff.ts';
import { AUTO_SPEED, configLabel, DEFAULT_CONFIG, idleState, type LabSettings, type RunState, type SearchConfig } from './labSettings.ts';
import { cannotSearch, defaultEndpoints, endpointPosition, endpointValid } from './labEndpoints.ts';
import { LabRun } from './LabRun.ts';
import { runInWorker } from './workerQuery.ts';
import { applySceneSettings, searchOptions } from './labOptions.ts';
import { record, stepWatched } from './labStepping.ts';
import type { StepAlgorithm } from '../../../core/debug/runSteps.ts';
import { noteOptimality } from './optimality.ts';
import { pathMeasures, pathPoints } from './pathSummary.ts';
import { layerOf, onVoxels } from './graphKind.ts';
import { OctreeSearch } from './octreeSearch.ts';
import { drawRun, startLabRun } from './graphRuns.ts';

/**
 * The search lab: one query (start, goal, graph) run with one configuration, or with two
 * side by side (Compare). A watched search runs sliced on the main thread, `perFrame`
 * expansions per frame within a time budget, and its view grows live; an unwatched one runs
 * in a worker and comes back with its visited nodes. Both go through the scene's NavWorld
 * (`search` here, `query` in the worker), so results equal `nav path` and `navlab.query` for
 * the same query. On the grid's octree (graph 'octree'), the core's SparseRun (octreeSearch.ts)
 * is always stepped on the main thread: unwatched, it runs to its end at once.
 */
export class SearchLab {
  readonly settings: LabSettings = {
    graph: 'waypoints',
    a: { ...DEFAULT_CONFIG },
    b: { ...DEFAULT_CONFIG, heuristic: 'zero' },
    maxExpansions: 0,
    perFrame: AUTO_SPEED,
    watch: true,
    compare: false,
    compareView: 'side by side',
    shown: 'A',
    layers: { visited: true, open: true, path: true, steps: true },
  };
  start: Endpoint | null = null;
  goal: Endpoint | null = null;
  readonly runs = [new LabRun('A'), new LabRun('B')] as const;
  /** Called whenever something the status line shows changed. */
  onChange: () => void = () => {};
  /** When watched searches last stepped (labStepping.ts), 0 before the first time. */
  lastStepAt = 0;
  /** Watched searches stand still (step() advances them by hand). */
  paused = false;
  /** Watched searches run to the end as fast as the frame budget allows, drawn at the end. */
  finishing = false;
  /** Nodes expanded by only A, only B and both, once a comparison has finished. */
  diff: ExpandedDiff | null = null;
  /** The octree searches' space, built for the first octree run after a load or an edit. */
  readonly octree = new OctreeSearch();
  private scene: LoadedScene | null = null;
  private parent: Object3D | null = null;
  private waypointRadius = 0.3;
  private token = 0;
  private diffView: DiffView | null = null;

  constructor(private readonly pool: WorkerPool) {}

  /** Run states for the status line (one, or two when comparing). */
  get states(): RunState[] {
    return this.activeRuns().map((r) => r.state);
  }

  get running(): boolean {
    return this.runs.some((r) => r.state.phase === 'running');
  }

  /** Algorithms whose search steps the shown runs draw (for the legend), each once. */
  get stepAlgorithms(): StepAlgorithm[] {
    const shown = this.activeRuns()
      .filter((r) => r.state.phase !== 'idle' && r.steps !== null)
      .map((r) => r.steps!);
    return [...new Set(shown)];
  }

  /** Whether the current scene offers the voxel grid. */
  get hasGrid(): boolean {
    return this.scene?.grid != null;
  }

  /** Switches to a newly loaded scene: new views, settings and endpoints from its document. */
  setScene(scene: LoadedScene, parent: Object3D, waypointRadius: number): void {
    this.clear();
    this.scene = scene;
    this.octree.invalidate();
    applySceneSettings(this.settings, scene);
    this.parent = parent;
    this.waypointRadius = waypointRadius;
    this.makeViews();
    this.defaultEndpoints();
    this.onChange();
  }

  /**
   * The current scene was edited (the editor): searches on the new revision; settings stay,
   * and endpoints that still exist (waypoint ids, free voxels) too. Returns whether anything
   * the lab shows changed (results cleared, endpoints moved).
   */
  sceneEdited(scene: LoadedScene): boolean {
    // A search that was shown follows the edit: it runs again on the new revision, straight
    // to its end (no replay of the animation), so the path updates with every edit.
    const shown = this.runs[0].state.phase !== 'idle';
    // Nothing shown to clear and both endpoints still valid: nothing the panels show changed.
    const idle = this.runs.every((r) => r.state.phase === 'idle') && this.diff === null;
    if (!idle) this.clear();
    this.scene = scene;
    this.octree.invalidate();
    const valid = endpointValid(scene, this.start) && endpointValid(scene, this.goal);
    if (!valid) this.defaultEndpoints();
    if (shown && this.start !== null && this.goal !== null) {
      this.runSearch();
      this.finishing = true;
    }
    if (!idle || !valid) this.onChange();
    return !idle || !valid;
  }

  /** Advances paused watched searches by `n` expansions and draws them (the Step button). */
  step(n = 1): void {
    this.paused = true;
    for (const r of this.runs) {
      if (r.run === null || r.state.phase !== 'running' || r.result !== null) continue;
      const result = r.run.step(n);
      record(r, result);
      if (result.status === 'running') r.drawDue = true;
    }
    this.onChange();
  }

  /** Pauses or resumes watched searches. */
  togglePause(): void {
    this.paused = !this.paused;
    this.onChange();
  }

  /** Lets watched searches run to their end without intermediate drawing. */
  finishNow(): void {
    this.paused = false;
    this.finishing = true;
    this.onChange();
  }

  /** Sets the start or the goal (a waypoint id or [x, y, z]); re-runs if a result was shown. */
  setEndpoint(which: 'start' | 'goal', value: Endpoint | null): void {
    this[which] = value;
    this.onChange();
    if (this.runs[0].state.phase !== 'idle' && this.start !== null && this.goal !== null) this.runSearch();
  }

  /** Called after the graph changed in the settings: new default endpoints for it (voxel ones stay between grid and octree). */
  graphChanged(): void {
    this.clear();
    this.makeViews();
    // Between the grid and its octree, voxel endpoints stay: the same query on both.
    const voxels = [this.start, this.goal].every((e) => Array.isArray(e) && endpointValid(this.scene!, e));
    if (!(onVoxels(this.settings.graph) && voxels)) this.defaultEndpoints();
    this.onChange();
  }

  /** Applies the layer toggles and compare visibility to the views. */
  applyLayers(): void {
    // The difference view replaces both runs' nodes (their paths stay).
    const diff = this.settings.compare && this.settings.compareView === 'difference';
    const layers = diff ? { ...this.settings.layers, visited: false, open: false, steps: false } : this.settings.layers;
    for (const r of this.runs) r.view?.setLayers(layers);
    if (this.diffView !== null) this.diffView.visible = diff && this.settings.layers.visited;
  }

  /** Starts the query (both configurations when comparing). Returns an error message or null. */
  runSearch(): string | null {
    const scene = this.scene;
    this.cancelRuns();
    this.token++;
    this.paused = this.finishing = false;
    this.diff = null;
    if (scene === null) return 'no scene loaded';
    const runs = this.activeRuns();
    for (const r of this.runs) {
      r.state = idleState(r.key);
      r.steps = null;
      r.view?.reset();
    }
    const graph = this.settings.graph;
    const message = cannotSearch(scene, this.start, this.goal);
    if (message !== null) {
      for (const r of runs) r.state = { ...idleState(r.key), phase: 'error', message };
      this.onChange();
      return message;
    }
    if (graph === 'octree' && !this.octree.ready(scene.grid)) return this.buildOctree(scene, runs);
    for (const r of runs) {
      r.config = { ...(r.key === 'A' ? this.settings.a : this.settings.b) };
      const other = r.key === 'A' ? this.settings.b : this.settings.a;
      r.state = { ...idleState(r.key), phase: 'running', label: configLabel(r.config, graph, this.settings.compare ? other : undefined) };
      try {
        // Checks the endpoints and options in both cases (a worker run reports the same errors later).
        const run = startLabRun(r, scene, graph, this.start!, this.goal!, this.searchOptions(r.config), this.octree);
        if (this.settings.watch || graph === 'octree') r.watch(run, graph !== 'octree');
        else this.runInWorker(r, scene, this.token);
        this.finishing ||= !this.settings.watch;
      } catch (e) {
        r.run = null;
        r.state = { ...r.state, phase: 'error', message: (e as Error).message };
      }
    }
    this.onChange();
    return runs.find((r) => r.state.phase === 'error')?.state.message ?? null;
  }

  /** Stops running searches: their result becomes 'cancelled' with the path to the nearest node. */
  cancel(): void {
    for (const r of this.runs) {
      if (r.state.phase !== 'running') continue;
      if (r.run !== null) this.finish(r, r.result ?? r.run.cancel());
      else r.state = { ...r.state, phase: 'done', status: 'cancelled' };
    }
    this.token++;
    this.onChange();
  }

  /** Clears results and views (keeps start and goal). */
  clear(): void {
    this.cancelRuns();
    this.token++;
    this.diff = null;
    this.diffView?.setNodes(null);
    for (const r of this.runs) {
      r.state = idleState(r.key);
      r.view?.reset();
    }
    this.onChange();
  }

  /** Advances watched searches by up to `perFrame` expansions each, within the frame budget (labStepping.ts). */
  tick(): void {
    stepWatched(this);
  }

  /** The visited nodes of a run as last drawn (for the node readout). */
  visitedOf(key: 'A' | 'B'): VisitedNodes {
    return this.runs[key === 'A' ? 0 : 1].visited;
  }

  /** The configuration a run last ran with. */
  configOf(key: 'A' | 'B'): SearchConfig {
    return this.runs[key === 'A' ? 0 : 1].config;
  }

  /** The scene searched (null before one is loaded). */
  get loaded(): LoadedScene | null {
    return this.scene;
  }

  /** The options a configuration searches with. */
  searchOptions(c: SearchConfig): QueryOptions {
    return searchOptions(this.settings, c);
  }

  /** World position of an endpoint (voxel centre or waypoint), or null. */
  endpointPosition(e: Endpoint | null): [number, number, number] | null {
    return endpointPosition(this.scene, e);
  }

  dispose(): void {
    this.cancelRuns();
    this.diffView?.dispose();
    for (const r of this.runs) r.view?.dispose();
  }

  private activeRuns(): LabRun[] {
    return this.settings.compare ? [...this.runs] : [this.runs[0]];
  }

  private cancelRuns(): void {
    for (const r of this.runs) r.stop();
  }

  private runInWorker(r: LabRun, scene: LoadedScene, token: number): void {
    const query = { graph: layerOf(this.settings.graph), from: this.start!, to: this.goal!, options: this.searchOptions(r.config) };
    const failed = (message: string) => {
      r.state = { ...r.state, phase: 'error', message };
      this.onChange();
    };
    runInWorker(
      this.pool,
      scene,
      query,
      r,
      () => token === this.token,
      (p, rep) => this.complete(r, rep.status, rep.cost, p, rep.expanded, rep.ms),
      failed,
    );
  }

  /**
   * Builds the octree of `scene`'s grid in a worker while the runs show "building the octree",
   * then starts them (a search started, or an edit, meanwhile drops it). Returns null.
   */
  private buildOctree(scene: LoadedScene, runs: LabRun[]): null {
    const token = this.token;
    for (const r of runs) r.state = { ...idleState(r.key), phase: 'running', label: 'building the octree…' };
    this.octree
      .build(this.pool, scene, () => token === this.token)
      .then(
        () => {
          if (token !== this.token) return;
          const finishing = this.finishing;
          this.runSearch();
          this.finishing ||= finishing;
        },
        (e: Error) => {
          if (token !== this.token) return;
          for (const r of runs) r.state = { ...idleState(r.key), phase: 'error', message: e.message };
          this.onChange();
        },
      );
    this.onChange();
    return null;
  }

  /** Draws a run's visited nodes and search steps as they are now. */
  drawVisited(r: LabRun): void {
    drawRun(r, this.scene!, this.settings.graph, this.octree);
  }

  /** Ends a watched run with its result: drawn (unless `draw` is false: just drawn), its path shown. */
  finish(r: LabRun, result: SearchResult, draw = true): void {
    if (draw) this.drawVisited(r);
    r.result = null;
    const points = pathPoints(r.space!, result.path);
    r.run = null;
    this.complete(r, result.status, result.cost, points, result.expanded, result.elapsedMs);
  }

  /** Records a finished run, draws its path, and works out the optimality note. */
  private complete(r: LabRun, status: SearchStatus, cost: number, points: Float32Array, expanded: number, elapsed: number): void {
    const m = pathMeasures(points, this.endpointPosition(this.goal), r.visited);
    r.state = { ...r.state, ...m, phase: 'done', status, cost, expanded, ms: elapsed, note: null };
    r.view?.setPath(m.nodes > 0 ? points : null, status !== 'found');
    if (this.settings.compare && this.runs.every((o) => o.state.phase === 'done')) this.compareDone();
    this.onChange();
    const token = this.token;
    noteOptimality(this, this.pool, () => token === this.token);
  }

  /** Both compared runs are done: which nodes only A, only B, or both expanded. */
  private compareDone(): void {
    const scene = this.scene!;
    const [a, b] = this.runs;
    const key = onVoxels(this.settings.graph) ? gridNodeKey(scene.grid!) : graphNodeKey(scene.graph);
    const d = expandedDiff(a.visited, b.visited, key);
    this.diff = d;
    this.diffView?.setNodes(d);
    this.applyLayers();
  }

  /** New views in the style of the graph: cubes for voxels, spheres around waypoints. */
  private makeViews(): void {
    const style = labViewStyle(onVoxels(this.settings.graph), this.scene?.grid?.cellSize ?? 1, this.waypointRadius);
    this.diffView?.dispose();
    this.diffView = new DiffView(style.diffSize);
    this.parent?.add(this.diffView);
    for (const r of this.runs) {
      r.view?.dispose();
      r.view = new SearchView(style.run);
      this.parent?.add(r.view);
    }
    this.applyLayers();
  }

  /** Start and goal from the document's first agent (waypoint ids or the voxels of its points). */
  private defaultEndpoints(): void {
    [this.start, this.goal] = defaultEndpoints(this.scene!, this.settings.graph, this.settings.a);
  }
}
