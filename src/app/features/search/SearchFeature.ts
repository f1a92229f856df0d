import { Group, Raycaster, Vector2 } from 'three';
import type { PathReport } from '../../../core/query/report.ts';
import { defaultGraph } from '../../../core/query/graphChoice.ts';
import type { NavlabQueryOptions } from '../../shell/handle.ts';
import type { ToolClick } from '../../shell/input/tools.ts';
import { key, type Shortcut } from '../../shell/input/shortcuts.ts';
import type { LoadedScene } from '../../shell/scene/LoadedScene.ts';
import type { SearchPort } from '../../shell/searchPort.ts';
import type { Shell } from '../../shell/Shell.ts';
import { endpointText } from '../../shell/dom/format.ts';
import type { Endpoint } from '../../shell/workers/protocol.ts';
import { clipRayToCut } from '../../shell/picking.ts';
import { endpointAt } from './endpointPick.ts';
import { drawLab, sideBySide } from './labDraw.ts';
import { SearchLab } from './SearchLab.ts';
import { SearchStatus } from './SearchStatus.ts';
import { EndpointMarkers } from './SearchView.ts';
import { unsearchable } from './labSettings.ts';
import { graphTitle, layerOf, nextGraph, onVoxels } from './graphKind.ts';
import { askWorker } from './octreeWork.ts';
import type { OctreeCellLines } from './octreeCells.ts';
import { OctreeCellsView } from './OctreeCellsView.ts';
import { queryInWorker } from './workerQuery.ts';

/**
 * The search lab in the app: the lab (SearchLab) on the shell's scene, its views and endpoint
 * markers, the select tool (click: start, right-click: goal), the status panel's search part,
 * drawing the canvas (one view or A and B side by side), the search keys, and `navlab.query`.
 * It is the shell's search port: the editor and the shell reach start, goal and graph
 * through that interface, not through this class.
 */
export class SearchFeature implements SearchPort {
  readonly lab: SearchLab;
  private readonly markers = new EndpointMarkers();
  private readonly views = new Group();
  private readonly status: SearchStatus;
  /** The Views folder's "octree cells": the grid as the sparse octree holds it. */
  readonly octree: OctreeCellsView;
  private readonly raycaster = new Raycaster();
  private dirty = true;

  constructor(readonly shell: Shell) {
    this.lab = new SearchLab(shell.pool);
    this.status = new SearchStatus(shell.overlay);
    this.octree = new OctreeCellsView(shell.views.cutPlane);
    shell.overlay.section.append(this.octree.legend);
    shell.scene.add(this.views, this.markers, this.octree.lines);
    this.lab.onChange = () => {
      this.dirty = true;
      shell.invalidate();
    };
    shell.search = this;
    shell.tools.register({
      name: 'select',
      hint: '[Click] start · [Right-click] goal',
      click: (e) => this.pickEndpoint(e),
    });
    shell.tools.use('select');
    for (const s of this.shortcuts()) shell.addShortcut(s);
    shell.stage.draw = () => drawLab(shell.stage, this.lab, shell.overlay, shell.rig.panes);
    shell.frameHooks.push(() => {
      const octree = this.octree.update();
      this.lab.tick();
      if (this.dirty) {
        this.dirty = false;
        this.status.setStatus(this.lab.states, unsearchable(this.lab.loaded));
        this.status.setStepLegend(this.lab.stepAlgorithms);
        const s = this.lab.settings;
        this.status.setDiffLegend(s.compare && s.compareView === 'difference' && this.lab.diff !== null);
      }
      return this.lab.running || octree;
    });
    shell.sceneShowing.add((scene) => {
      this.lab.setScene(scene, this.views, shell.views.waypoints!.radius);
      this.showOctreeOf(scene);
    });
    shell.sceneShown.add(() => this.labChanged());
    shell.sceneEdited.add((scene, old) => this.sceneEdited(scene, old));
  }

  /** The scene layer searched (the octree searches the grid's voxels). */
  get graph(): 'grid' | 'waypoints' {
    return layerOf(this.lab.settings.graph);
  }

  get start(): Endpoint | null {
    return this.lab.start;
  }

  get goal(): Endpoint | null {
    return this.lab.goal;
  }

  sideBySide(): boolean {
    return sideBySide(this.lab);
  }

  /** `nav path --json` for the current scene, computed in a worker. */
  async query(options: NavlabQueryOptions): Promise<PathReport> {
    const scene = this.shell.current;
    if (scene === null) throw new Error('query: no scene is loaded yet');
    if (options === null || typeof options !== 'object')
      throw new Error('query: expected an options object { from, to, graph?, heuristic?, ... }');
    const { graph = defaultGraph(options.from), from, to, ...rest } = options;
    if (from === undefined || to === undefined) throw new Error('query: `from` and `to` are required');
    const reply = await queryInWorker(this.shell.pool, scene, { graph, from, to, options: rest });
    return reply.report;
  }

  /** Runs the lab's search (the Run button and R). */
  runSearch(): void {
    const err = this.lab.runSearch();
    this.shell.overlay.setError(err === null ? null : `Search: ${err}`);
  }

  /**
   * After the lab's graph changed: new default endpoints, and in scenes that have both a
   * voxel layer and primitives, the layer searched is the one shown (voxels for the grid).
   */
  graphChanged(): void {
    this.lab.graphChanged();
    const s = this.shell.current;
    const toggles = this.shell.toggles;
    if (s !== null && s.grid !== null && s.doc.obstacles.length > 0) {
      toggles.voxels = onVoxels(this.lab.settings.graph);
      toggles.obstacles = !toggles.voxels;
      this.shell.applyToggles();
    }
    this.labChanged();
  }

  /** Start/goal markers and status after the lab's endpoints or settings changed. */
  labChanged(): void {
    const lab = this.lab;
    const scene = this.shell.current;
    if (scene !== null) {
      const grid = onVoxels(lab.settings.graph);
      const radius = grid ? 0.42 * (scene.grid?.cellSize ?? 1) : 2 * (this.shell.views.waypoints?.radius ?? 0.3);
      this.markers.set(lab.endpointPosition(lab.start), lab.endpointPosition(lab.goal), radius, scene.doc.bounds.min[1]);
    }
    // A crowd scene (no grid, no waypoints) has no graph to name.
    const graph = unsearchable(scene) === null ? graphTitle(lab.settings.graph) : 'nothing to search';
    this.shell.overlay.setEndpoints(endpointText(lab.start), endpointText(lab.goal), graph);
    this.dirty = true;
    this.shell.changed.emit();
    this.shell.invalidate();
  }

  /** Sets the lab's start or goal and refreshes markers and panels. */
  setEndpoint(which: 'start' | 'goal', value: Endpoint | null): void {
    this.shell.overlay.setError(null);
    this.lab.setEndpoint(which, value);
    this.labChanged();
  }

  /**
   * An edit was shown: the lab's markers and panels only when it changed (results cleared,
   * endpoints reset), or the bounds or waypoints did (markers sit on them): a voxel paint
   * changes none, and refreshing every panel control per painted voxel costs the page.
   */
  private sceneEdited(scene: LoadedScene, old: LoadedScene): void {
    this.showOctreeOf(scene, true);
    const changed = this.lab.sceneEdited(scene) || old.doc.bounds !== scene.doc.bounds || scene.graph !== old.graph;
    if (changed) this.labChanged();
    else this.shell.invalidate();
  }

  /** The select tool: a click sets the start, a right-click the goal. */
  private pickEndpoint(e: ToolClick): void {
    const scene = this.shell.current;
    if (scene === null || (e.button !== 0 && e.button !== 2)) return;
    const which = e.button === 0 ? 'start' : 'goal';
    this.raycaster.setFromCamera(new Vector2(e.ndc.x, e.ndc.y), this.shell.camera);
    // What is cut away is not picked: the floor under a cut roof, as on every other scene.
    clipRayToCut(this.raycaster.ray, this.shell.cut);
    const graph = layerOf(this.lab.settings.graph);
    const views = this.shell.views;
    const value = endpointAt(scene, graph, this.raycaster, views.waypoints, views.world?.pickables() ?? []);
    if (value !== null) this.setEndpoint(which, value);
    else if (graph === 'grid' && scene.grid !== null) this.shell.overlay.setError(`No free voxel there for the ${which}.`);
  }

  /** The "octree cells" view draws `scene`'s grid (`edited`: after an edit), its outlines built in a nav worker. */
  private showOctreeOf(scene: LoadedScene, edited = false): void {
    const lines = () => askWorker<OctreeCellLines>(this.shell.pool, scene, { type: 'octree-lines', revision: scene.revision });
    this.octree.setGrid(scene.grid, edited, lines);
  }

  /** G and Shift+G (nextGraph): another graph, on scenes with a voxel grid. */
  private switchGraph(octree: boolean): void {
    if (!this.lab.hasGrid) return;
    this.lab.settings.graph = nextGraph(this.lab.settings.graph, octree);
    this.graphChanged();
  }

  /** The search keys: run, cancel, clear, graph, compare view. */
  private shortcuts(): Shortcut[] {
    const shell = this.shell;
    const lab = this.lab;
    const add = (keys: string, action: string, match: (e: KeyboardEvent) => boolean, run: () => void): Shortcut => ({
      group: 'Search',
      keys,
      action,
      match,
      run,
    });
    return [
      add('R', 'Run the search (both when comparing)', key('KeyR'), () => this.runSearch()),
      add('Esc', 'Cancel a running search or load · close help', key('Escape', null), () => {
        if (shell.overlay.helpVisible) shell.overlay.toggleHelp(false);
        else if (shell.loader.busy) shell.loader.cancel();
        else lab.cancel();
      }),
      add('X', 'Clear the search views', key('KeyX'), () => lab.clear()),
      add('G', 'Switch graph: waypoints / voxel grid', key('KeyG'), () => this.switchGraph(false)),
      add('Shift+G', 'Switch graph: voxel grid / its octree (same endpoints)', key('KeyG', true), () => this.switchGraph(true)),
      add('V', 'Compare: show A / B (toggle view)', key('KeyV'), () => {
        lab.settings.shown = lab.settings.shown === 'A' ? 'B' : 'A';
        this.labChanged();
      }),
    ];
  }
}
