import type { QueryOptions } from '../../../core/search/query.ts';
import type { SearchResult, SearchStatus } from '../../../core/search/result.ts';
import { now } from '../../../core/clock.ts';
import type { Object3D } from 'three';
import type { LoadedScene } from '../../shell/scene/LoadedScene.ts';
import { DiffView, SearchView } from './SearchView.ts';
import type { Endpoint, QueryReply, QueryRequest, VisitedNodes } from '../../shell/workers/protocol.ts';
import type { WorkerPool } from '../../shell/workers/WorkerPool.ts';
import { resolveGraph } from '../../../scene/query.ts';
import { collectVisited, gridPositions } from './visited.ts';
import { expandedDiff, graphNodeKey, gridNodeKey, type ExpandedDiff } from './compareDiff.ts';
import {
  AUTO_SPEED,
  autoPerFrame,
  configLabel,
  DEFAULT_CONFIG,
  guaranteedOptimal,
  idleState,
  type GraphKind,
  type LabSettings,
  type RunState,
  type SearchConfig,
} from './labSettings.ts';
import { defaultEndpoints, defaultRefs, endpointPosition, endpointValid } from './labEndpoints.ts';
import { LabRun } from './LabRun.ts';
import { collectSteps, type StepAlgorithm } from './labSteps.ts';
import { optimalityNote, workerOptimum } from './optimality.ts';
import { pathMeasures, pathPoints } from './pathSummary.ts';

export { AUTO_SPEED, autoPerFrame, configLabel, DEFAULT_CONFIG, guaranteedOptimal, UNLIMITED_SPEED } from './labSettings.ts';
export type { GraphKind, LabSettings, RunPhase, RunState, SearchConfig } from './labSettings.ts';

/** How the lab's messages name the endpoints ("start: voxel (2, 0, 0) is blocked"). */
const LAB_LABELS = { from: 'start', to: 'goal', scene: 'this scene' };

/** Wall time a frame may spend stepping watched searches. */
const FRAME_BUDGET_MS = 16;
/** Wall time a frame may spend finishing a search (finish now, re-runs after edits). */
const FINISH_BUDGET_MS = 40;
/** Expansions per step() call inside a frame (the time budget is checked between calls). */
const CHUNK = 256;

/**
 * The search lab: one query (start, goal, graph) run with one configuration, or with two
 * side by side (Compare). A watched search runs sliced on the main thread, `perFrame`
 * expansions per frame within a time budget, and its view grows live; an unwatched one runs
 * in a worker and comes back with its visited nodes. Both go through the scene's NavWorld
 * (`search` here, `query` in the worker), so results equal `nav path` and `navlab.query` for
 * the same query.
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
  /** Watched searches stand still (step() advances them by hand). */
  paused = false;
  /** Watched searches run to the end as fast as the frame budget allows, drawn at the end. */
  finishing = false;
  /** Nodes expanded by only A, only B and both, once a comparison has finished. */
  diff: ExpandedDiff | null = null;
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
    const doc = scene.doc;
    const s = doc.search ?? {};
    // The default graph rule (src/scene/query.ts): a waypoint-id start means the waypoint graph.
    const first = defaultRefs(doc)[0];
    const graph: GraphKind = scene.grid === null ? 'waypoints' : resolveGraph(s.graph, first ?? null);
    this.settings.graph = graph;
    Object.assign(
      this.settings.a,
      DEFAULT_CONFIG,
      definedOnly({
        heuristic: s.heuristic,
        weight: s.weight,
        tieBreak: s.tieBreak,
        neighborhood: s.neighborhood,
        cornerCutting: s.cornerCutting,
      }),
    );
    Object.assign(this.settings.b, this.settings.a, { heuristic: 'zero', weight: 1 });
    this.settings.maxExpansions = s.maxExpansions ?? 0;
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
      this.record(r, result);
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

  /** Called after the graph changed in the settings: new default endpoints for it. */
  graphChanged(): void {
    this.clear();
    this.makeViews();
    this.defaultEndpoints();
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
    if (this.start === null || this.goal === null) {
      const message = 'set a start (click) and a goal (right-click) first';
      for (const r of runs) r.state = { ...idleState(r.key), phase: 'error', message };
      this.onChange();
      return message;
    }
    for (const r of runs) {
      r.config = { ...(r.key === 'A' ? this.settings.a : this.settings.b) };
      const other = r.key === 'A' ? this.settings.b : this.settings.a;
      r.state = { ...idleState(r.key), phase: 'running', label: configLabel(r.config, graph, this.settings.compare ? other : undefined) };
      try {
        // Checks the endpoints and options in both cases (a worker run reports the same errors later).
        const search = scene.nav.search(this.start, this.goal, { ...this.searchOptions(r.config), graph }, r.ctx, LAB_LABELS);
        r.space = search.space;
        if (this.settings.watch) {
          r.watch(search.run);
        } else {
          this.runInWorker(r, scene, this.token);
        }
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

  /**
   * Advances watched searches by up to `perFrame` expansions each, within the frame budget.
   * Redrawing a big view costs about as much as a slice of search, so a frame redraws at most
   * one view (and then steps less), and a finished run is drawn in the frame after its last step.
   */
  tick(): void {
    const live = this.runs.filter((r) => r.run !== null && r.state.phase === 'running');
    if (live.length === 0) return;
    const drawer = live.find((r) => r.result !== null) ?? live.find((r) => r.drawDue);
    if (drawer !== undefined) {
      const t = now();
      this.drawVisited(drawer);
      drawer.viewCost = now() - t;
      drawer.lastView = now();
      drawer.drawDue = false;
      if (drawer.result !== null) this.finish(drawer, drawer.result, false);
    }
    if (this.paused) {
      if (drawer !== undefined) this.onChange();
      return;
    }
    const stepping = live.filter((r) => r.run !== null && r.result === null && r.state.phase === 'running');
    const frameBudget = this.finishing ? FINISH_BUDGET_MS : FRAME_BUDGET_MS;
    const budget = (drawer === undefined ? frameBudget : frameBudget / 2) / Math.max(1, stepping.length);
    for (const r of stepping) {
      const run = r.run!;
      const t1 = now();
      const speed = this.settings.perFrame;
      let left = this.finishing ? Infinity : speed === AUTO_SPEED ? autoPerFrame(r.expanded) : speed;
      let result = run.step(0);
      while (left > 0) {
        const n = Math.min(left, CHUNK);
        result = run.step(n);
        left -= n;
        if (result.status !== 'running' || now() - t1 > budget) break;
      }
      this.record(r, result);
      // Redraw the growing view, spending at most about a quarter of the time on drawing.
      if (result.status === 'running' && !this.finishing && now() - r.lastView >= 3 * r.viewCost) r.drawDue = true;
    }
    this.onChange();
  }

  private record(r: LabRun, result: SearchResult): void {
    r.expanded = result.expanded;
    r.state.expanded = result.expanded;
    r.state.ms = result.elapsedMs;
    if (result.status !== 'running') r.result = result;
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
    const o: QueryOptions = { heuristic: c.heuristic, weight: c.weight, tieBreak: c.tieBreak };
    if (this.settings.maxExpansions > 0) o.maxExpansions = this.settings.maxExpansions;
    if (this.settings.graph === 'grid') {
      o.neighborhood = c.neighborhood;
      o.cornerCutting = c.cornerCutting;
      if (c.algorithm !== undefined) o.algorithm = c.algorithm;
    }
    return o;
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
    const request: QueryRequest = {
      type: 'query',
      revision: scene.revision,
      graph: this.settings.graph,
      from: this.start!,
      to: this.goal!,
      options: this.searchOptions(r.config),
      visited: true,
    };
    this.pool
      .run<QueryReply>(request, { revision: scene.revision, attach: (q) => void ((q as QueryRequest).scene = scene.sceneData()) })
      .then((reply) => {
        if (token !== this.token) return;
        const rep = reply.report;
        const points = new Float32Array(3 * rep.path.length);
        rep.path.forEach((p, i) => points.set(this.settings.graph === 'grid' ? this.endpointPosition(p)! : p, 3 * i));
        r.visited = reply.visited!;
        r.view?.setVisited(r.visited);
        this.complete(r, rep.status, rep.cost, points, rep.expanded, rep.ms);
      })
      .catch((e: Error) => {
        if (token !== this.token) return;
        r.state = { ...r.state, phase: 'error', message: e.message };
        this.onChange();
      });
  }

  private drawVisited(r: LabRun): void {
    const scene = this.scene!;
    const positions = this.settings.graph === 'grid' ? gridPositions(scene.grid!) : scene.graph;
    collectVisited(r.ctx, positions, r.visited);
    r.view?.setVisited(r.visited);
    if (r.run !== null) r.view?.setSegments(collectSteps(r.run, r.sight, positions, r.segments));
  }

  private finish(r: LabRun, result: SearchResult, draw = true): void {
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
    if (status === 'found' && !guaranteedOptimal(r.config, this.settings.graph)) void this.optimalityNote(r, this.token);
    // The other run may now be able to judge this one (or the reverse).
    for (const other of this.runs)
      if (
        other !== r &&
        other.state.phase === 'done' &&
        other.state.note === null &&
        other.state.status === 'found' &&
        !guaranteedOptimal(other.config, this.settings.graph)
      )
        void this.optimalityNote(other, this.token);
  }

  /**
   * Compares a run that is not guaranteed optimal with the optimum: taken from the other
   * run when that one is guaranteed optimal under the same movement rules, else computed in
   * a worker (A* exact, weight 1: a search nobody watches).
   */
  private async optimalityNote(r: LabRun, token: number): Promise<void> {
    const graph = this.settings.graph;
    const scene = this.scene!;
    const sameRules = (o: SearchConfig) =>
      graph === 'waypoints' || (o.neighborhood === r.config.neighborhood && o.cornerCutting === r.config.cornerCutting);
    const ref = this.activeRuns().find(
      (o) => o !== r && o.state.phase === 'done' && o.state.status === 'found' && guaranteedOptimal(o.config, graph) && sameRules(o.config),
    );
    let optimum: number;
    try {
      optimum = ref !== undefined ? ref.state.cost : await workerOptimum(this.pool, scene, graph, r.config, this.start!, this.goal!);
    } catch {
      return;
    }
    if (token !== this.token || r.state.phase !== 'done') return;
    r.state.note = optimalityNote(r.config, graph, r.state.cost, optimum);
    this.onChange();
  }

  /** Both compared runs are done: which nodes only A, only B, or both expanded. */
  private compareDone(): void {
    const scene = this.scene!;
    const [a, b] = this.runs;
    const key = this.settings.graph === 'grid' ? gridNodeKey(scene.grid!) : graphNodeKey(scene.graph);
    const d = expandedDiff(a.visited, b.visited, key);
    this.diff = d;
    this.diffView?.setNodes(d);
    this.applyLayers();
  }

  /** New views in the style of the graph: cubes for voxels, spheres around waypoints. */
  private makeViews(): void {
    const cell = this.scene?.grid?.cellSize ?? 1;
    const wr = this.waypointRadius;
    this.diffView?.dispose();
    this.diffView = new DiffView(this.settings.graph === 'grid' ? 0.5 * cell : 3 * wr);
    this.parent?.add(this.diffView);
    for (const r of this.runs) {
      r.view?.dispose();
      r.view = new SearchView(
        this.settings.graph === 'grid'
          ? { shape: 'cube', nodeSize: 0.34 * cell, openSize: 0.2 * cell, pathRadius: 0.13 * cell }
          : { shape: 'sphere', nodeSize: 3.4 * wr, openSize: 2.6 * wr, pathRadius: 0.35 * wr },
      );
      this.parent?.add(r.view);
    }
    this.applyLayers();
  }

  /** Start and goal from the document's first agent (waypoint ids or the voxels of its points). */
  private defaultEndpoints(): void {
    [this.start, this.goal] = defaultEndpoints(this.scene!, this.settings.graph);
  }
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
