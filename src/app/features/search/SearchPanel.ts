import type GUI from 'lil-gui';
import type { Controller } from 'lil-gui';
import { ALGORITHMS } from '../../../core/search/algorithms.ts';
import { HEURISTICS } from '../../../core/search/heuristics.ts';
import { key } from '../../shell/input/shortcuts.ts';
import { endpointText, int, parseVoxel } from '../../shell/dom/format.ts';
import type { Panels } from '../../shell/Panels.ts';
import { explainHeuristic, explainOctreeHeuristic } from './heuristicInfo.ts';
import { graphChoices, onVoxels } from './graphKind.ts';
import type { SearchFeature } from './SearchFeature.ts';
import { AUTO_SPEED, UNLIMITED_SPEED, type SearchConfig } from './labSettings.ts';
import { SearchPointer } from './SearchPointer.ts';

/** Speeds of a watched search (expansions per frame), by label. */
const PER_FRAME: Record<string, number> = {
  'auto (ends in seconds)': AUTO_SPEED,
  1: 1,
  5: 5,
  20: 20,
  50: 50,
  200: 200,
  1000: 1000,
  5000: 5000,
  20000: 20000,
  100000: 100000,
  unlimited: UNLIMITED_SPEED,
};

/**
 * The Search folder (query, configuration, budget, watching, views) and the Compare folder
 * (the second configuration), with the watched search's keys (P . Enter), and the pointer
 * work on the drawn search (SearchPointer).
 */
export class SearchPanel {
  readonly search: GUI;
  readonly compare: GUI;
  private readonly ends = { start: '', goal: '' };
  private readonly gridOnly: Controller[] = [];
  private readonly gridOnlyB: Controller[] = [];
  private graphController!: Controller;
  private octreeController!: Controller;
  private readonly diff = { text: '—' };
  readonly pointer: SearchPointer;
  private readonly explainers: (() => void)[] = [];

  constructor(
    private readonly feature: SearchFeature,
    private readonly panels: Panels,
  ) {
    const app = feature.shell;
    this.search = panels.gui.addFolder('Search');
    this.compare = panels.gui.addFolder('Compare');
    this.buildSearch();
    this.buildCompare();
    this.compare.close();
    app.sceneShown.add(() => this.refresh());
    app.changed.add(() => this.refreshEnds());
    // Hover readout of search nodes, draggable start and goal markers.
    this.pointer = new SearchPointer(feature);
  }

  /** Re-reads the graph choice and endpoints after a scene was loaded. */
  refresh(): void {
    this.graphController.options(graphChoices(this.feature.lab.hasGrid));
    // Scenes without a voxel grid have no octree to show.
    this.octreeController.enable(this.feature.lab.hasGrid);
    this.octreeController.domElement.title = this.feature.lab.hasGrid ? '' : 'This scene has no voxel grid';
    this.panels.tagControllers();
    this.refreshEnds();
  }

  /** Shows the lab's endpoints in the text fields and grid-only options per the graph. */
  refreshEnds(): void {
    const lab = this.feature.lab;
    this.ends.start = endpointText(lab.start);
    this.ends.goal = endpointText(lab.goal);
    const grid = lab.settings.graph === 'grid';
    for (const c of [...this.gridOnly, ...this.gridOnlyB]) c.show(grid);
    for (const explain of this.explainers) explain();
    for (const f of [this.search, this.compare]) for (const c of f.controllersRecursive()) c.updateDisplay();
  }

  private buildSearch(): void {
    const app = this.feature;
    const lab = app.lab;
    const s = lab.settings;
    const f = this.search;
    const rerun = () => {
      app.labChanged();
      if (lab.states.some((r) => r.phase !== 'idle')) app.runSearch();
    };
    this.graphController = f
      .add(s, 'graph', graphChoices(true))
      .name('graph (G)')
      .listen()
      .onChange(() => app.graphChanged());
    const endpoint = (which: 'start' | 'goal') => (text: string) => {
      const t = text.trim();
      const value = onVoxels(s.graph) ? parseVoxel(t) : t;
      if (value === null || value === '') {
        app.shell.overlay.setError(`${which}: expected ${onVoxels(s.graph) ? 'voxel indices x,y,z' : 'a waypoint id'}`);
        return;
      }
      app.setEndpoint(which, value);
    };
    f.add(this.ends, 'start').name('start').onFinishChange(endpoint('start'));
    f.add(this.ends, 'goal').name('goal').onFinishChange(endpoint('goal'));
    this.configControls(f, s.a, this.gridOnly, rerun);
    f.add(s, 'maxExpansions', 0, 1e7, 1).name('budget (0 = ∞)').onFinishChange(rerun);
    f.add(s, 'perFrame', PER_FRAME).name('expansions / frame');
    f.add(s, 'watch').name('watch live');
    const run = f.add({ run: () => app.runSearch() }, 'run').name('Run search (R)');
    run.domElement.classList.add('primary');
    const pause = f.add({ pause: () => lab.togglePause() }, 'pause').name('Pause / resume (P)');
    f.add({ step: () => lab.step() }, 'step').name('Step one expansion (.)');
    f.add({ finish: () => lab.finishNow() }, 'finish').name('Finish now (Enter)');
    const onLab = lab.onChange;
    lab.onChange = () => {
      onLab();
      pause.name(lab.paused ? 'Resume (P)' : 'Pause (P)');
      this.diff.text =
        lab.diff === null ? '—' : `only A ${int(lab.diff.onlyA)} · only B ${int(lab.diff.onlyB)} · both ${int(lab.diff.both)}`;
    };
    app.shell.addShortcut({
      group: 'Search',
      keys: 'P',
      action: 'Pause or resume a watched search',
      match: key('KeyP'),
      run: () => lab.togglePause(),
    });
    app.shell.addShortcut({
      group: 'Search',
      keys: '.',
      action: 'Step a watched search by one expansion',
      match: key('Period'),
      run: () => lab.step(),
    });
    app.shell.addShortcut({
      group: 'Search',
      keys: 'Enter',
      action: 'Finish a watched search now',
      match: key('Enter'),
      run: () => lab.finishNow(),
    });
    f.add({ cancel: () => lab.cancel() }, 'cancel').name('Cancel (Esc)');
    f.add({ clear: () => lab.clear() }, 'clear').name('Clear (X)');
    const views = f.addFolder('Views').close();
    for (const [k, name] of [
      ['visited', 'visited (by cost)'],
      ['open', 'open set'],
      ['path', 'path'],
      ['steps', 'jumps, sight checks'],
    ] as const) {
      views
        .add(s.layers, k)
        .name(name)
        .onChange(() => {
          lab.applyLayers();
          app.shell.invalidate();
        });
    }
    // The grid as the sparse octree holds it: its free cells, coloured by size.
    this.octreeController = views
      .add(app.octree.state, 'shown')
      .name('octree cells')
      .onChange(() => app.shell.invalidate());
  }

  private buildCompare(): void {
    const app = this.feature;
    const lab = app.lab;
    const s = lab.settings;
    const f = this.compare;
    const rerun = () => {
      app.labChanged();
      if (s.compare && lab.states.some((r) => r.phase !== 'idle')) app.runSearch();
    };
    f.add(s, 'compare')
      .name('compare A and B')
      .onChange(() => {
        lab.clear();
        app.labChanged();
      });
    f.add(s, 'compareView', ['side by side', 'toggle', 'difference'])
      .name('view')
      .onChange(() => {
        lab.applyLayers();
        app.labChanged();
      });
    // Where A and B differ: the difference view colours these nodes cyan, pink and grey.
    f.add(this.diff, 'text').name('expanded').listen().disable();
    f.add(s, 'shown', ['A', 'B'])
      .name('toggle shows (V)')
      .listen()
      .onChange(() => app.labChanged());
    const b = f.addFolder('B configuration');
    this.configControls(b, s.b, this.gridOnlyB, rerun);
    const run = f
      .add(
        {
          run: () => {
            s.compare = true;
            app.runSearch();
            this.refresh();
          },
        },
        'run',
      )
      .name('Run compare');
    run.domElement.classList.add('primary');
  }

  private configControls(f: GUI, c: SearchConfig, gridOnly: Controller[], changed: () => void): void {
    const heuristic = f.add(c, 'heuristic', [...HEURISTICS]).name('heuristic');
    // What the chosen heuristic is, and whether it is admissible and consistent here.
    const about = document.createElement('div');
    about.className = 'heuristic-info';
    about.dataset.testid = 'heuristic-info';
    heuristic.domElement.after(about);
    const explain = () => {
      const graph = this.feature.lab.settings.graph;
      about.textContent =
        graph === 'octree'
          ? explainOctreeHeuristic(c.heuristic, c.weight)
          : explainHeuristic(c.heuristic, graph === 'grid' ? c.neighborhood : 0, c.weight);
    };
    this.explainers.push(explain);
    const update = () => {
      explain();
      changed();
    };
    heuristic.onChange(update);
    f.add(c, 'weight', 1, 5, 0.1).name('weight').onFinishChange(update);
    f.add(c, 'tieBreak', ['low-h', 'none']).name('tie-break').onChange(changed);
    gridOnly.push(
      f
        .add(c, 'algorithm', [...ALGORITHMS])
        .name('algorithm')
        .onChange(changed),
      f.add(c, 'neighborhood', [6, 18, 26]).name('neighbourhood').onChange(update),
      f.add(c, 'cornerCutting', ['forbid', 'allow']).name('corner cutting').onChange(changed),
    );
    explain();
  }
}
