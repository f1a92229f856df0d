import GUI, { type Controller } from 'lil-gui';
import { ALGORITHMS } from '../../../core/search/algorithms.ts';
import { HEURISTICS } from '../../../core/search/heuristics.ts';
import type { AgentsController } from '../../features/agents/AgentsController.ts';
import type { App } from '../Shell.ts';
import { frameView } from '../camera/framing.ts';
import { sideBySide } from '../../features/search/labDraw.ts';
import { endpointText, int, parseVoxel } from './format.ts';
import { explainHeuristic } from '../../features/search/heuristicInfo.ts';
import { SearchPointer } from '../../features/search/SearchPointer.ts';
import { AUTO_SPEED, UNLIMITED_SPEED, type SearchConfig } from '../../features/search/SearchLab.ts';
import { key, releaseFocusAfterClick } from '../input/shortcuts.ts';

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
 * The lil-gui panels: Scene (picker, file, camera, layers), Search (query, configuration,
 * budget, watching, views), Compare (the second configuration). Agents are added by the
 * agents controller. Controllers carry `data-testid`s for the end-to-end tests.
 */
export class Panels {
  readonly gui: GUI;
  readonly scene: GUI;
  readonly search: GUI;
  readonly compare: GUI;
  agents: GUI | null = null;
  private readonly sceneState = { scene: '' };
  private readonly ends = { start: '', goal: '' };
  private sceneController!: Controller;
  private cutController!: Controller;
  private readonly cut = { height: 0 };
  private readonly gridOnly: Controller[] = [];
  private readonly gridOnlyB: Controller[] = [];
  private graphController!: Controller;
  private readonly diff = { text: '—' };
  readonly pointer: SearchPointer;
  private readonly explainers: (() => void)[] = [];

  constructor(private readonly app: App) {
    this.gui = new GUI({ title: 'navlab', width: 300 });
    this.scene = this.gui.addFolder('Scene');
    this.search = this.gui.addFolder('Search');
    this.compare = this.gui.addFolder('Compare');
    this.buildScene();
    this.buildSearch();
    this.buildCompare();
    this.compare.close();
    app.sceneListeners.push(() => this.refresh());
    app.onLabChanged = () => this.refreshEnds();
    // Hover readout of search nodes, draggable start and goal markers.
    this.pointer = new SearchPointer(app);
    // Clicking a control must not keep the keyboard: shortcuts work unless a text field has focus.
    releaseFocusAfterClick(document.body, () => app.renderer.domElement);
    // Framing fits the scene into the part of the view the panels leave free (of each half
    // when a comparison shows A and B side by side).
    app.rig.view = () =>
      frameView(
        app.renderer.domElement.getBoundingClientRect(),
        [this.gui.domElement, document.getElementById('hud')].filter((e) => e !== null).map((e) => e.getBoundingClientRect()),
        sideBySide(app.lab),
      );
  }

  /** Re-reads everything after a scene was loaded. */
  refresh(): void {
    this.sceneController.options(this.app.catalog.names);
    this.sceneState.scene = this.app.currentEntry?.name ?? '';
    this.graphController.options(this.app.lab.hasGrid ? ['waypoints', 'grid'] : ['waypoints']);
    const b = this.app.current?.doc.bounds;
    if (b)
      this.cutController
        .min(b.min[1])
        .max(b.max[1])
        .step(this.app.current?.grid?.cellSize ?? (b.max[1] - b.min[1]) / 100);
    for (const c of this.gui.controllersRecursive()) c.updateDisplay();
    this.tagControllers();
    this.refreshEnds();
  }

  /** Shows the lab's endpoints in the text fields and grid-only options per the graph. */
  refreshEnds(): void {
    const max = this.app.current?.doc.bounds.max[1] ?? 0;
    this.cut.height = Number.isFinite(this.app.cut) ? this.app.cut : max;
    this.ends.start = endpointText(this.app.lab.start);
    this.ends.goal = endpointText(this.app.lab.goal);
    const grid = this.app.lab.settings.graph === 'grid';
    for (const c of [...this.gridOnly, ...this.gridOnlyB]) c.show(grid);
    for (const explain of this.explainers) explain();
    for (const c of this.gui.controllersRecursive()) c.updateDisplay();
  }

  private buildScene(): void {
    const app = this.app;
    const f = this.scene;
    this.sceneController = f
      .add(this.sceneState, 'scene', app.catalog.names)
      .name('scene')
      .onChange((name: string) => {
        if (name === app.currentEntry?.name) return;
        app.loadScene(name).catch(() => {});
      });
    f.add({ load: () => app.chooseFile() }, 'load').name('Load file… (.json .3dmap .glb .obj .stl)');
    f.add({ frame: () => app.frameScene() }, 'frame').name('Frame scene (F)');
    f.add(app.rig, 'mode', ['orbit', 'fly'])
      .name('camera (C)')
      .listen()
      .onChange((m: 'orbit' | 'fly') => {
        app.rig.mode = m === 'orbit' ? 'fly' : 'orbit';
        app.rig.setMode(m);
      });
    const speed = f.add(app.rig, 'flySpeed', 0.1, 200, 0.1).name('fly speed (wheel)').decimals(1).listen();
    // Only meaningful while flying.
    const showSpeed = () => speed.show(app.rig.mode === 'fly');
    app.rig.changed.add(showSpeed);
    showSpeed();
    this.cutController = f
      .add(this.cut, 'height', 0, 1, 0.01)
      .name('cut above ([ ])')
      .onChange((h: number) => {
        const max = app.current?.doc.bounds.max[1] ?? Infinity;
        app.setCut(h >= max ? null : h);
      });
    const t = app.toggles;
    const layers = f.addFolder('Show');
    for (const [k, name] of [
      ['voxels', 'voxels'],
      ['obstacles', 'obstacles'],
      ['meshes', 'meshes'],
      ['waypoints', 'waypoints'],
      ['links', 'links (L)'],
      ['ground', 'ground grid'],
    ] as const) {
      layers
        .add(t, k)
        .name(name)
        .listen()
        .onChange(() => app.applyToggles());
    }
    layers.close();
  }

  private buildSearch(): void {
    const app = this.app;
    const lab = app.lab;
    const s = lab.settings;
    const f = this.search;
    const rerun = () => {
      app.labChanged();
      if (lab.states.some((r) => r.phase !== 'idle')) app.runSearch();
    };
    this.graphController = f
      .add(s, 'graph', ['waypoints', 'grid'])
      .name('graph (G)')
      .listen()
      .onChange(() => app.graphChanged());
    const endpoint = (which: 'start' | 'goal') => (text: string) => {
      const t = text.trim();
      const value = s.graph === 'grid' ? parseVoxel(t) : t;
      if (value === null || value === '') {
        app.overlay.setError(`${which}: expected ${s.graph === 'grid' ? 'voxel indices x,y,z' : 'a waypoint id'}`);
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
    app.addShortcut({
      group: 'Search',
      keys: 'P',
      action: 'Pause or resume a watched search',
      match: key('KeyP'),
      run: () => lab.togglePause(),
    });
    app.addShortcut({
      group: 'Search',
      keys: '.',
      action: 'Step a watched search by one expansion',
      match: key('Period'),
      run: () => lab.step(),
    });
    app.addShortcut({
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
          app.invalidate();
        });
    }
  }

  private buildCompare(): void {
    const app = this.app;
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
      about.textContent = explainHeuristic(c.heuristic, this.app.lab.settings.graph === 'grid' ? c.neighborhood : 0, c.weight);
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

  /** The Agents folder: play/pause/step/reset, spawning, steering sliders, force arrows. */
  buildAgents(agents: AgentsController): void {
    const f = this.gui.addFolder('Agents');
    this.agents = f;
    const s = agents.settings;
    const play = f.add({ play: () => agents.togglePlay() }, 'play').name('Play (Space)');
    play.domElement.classList.add('primary');
    agents.onChange = () => {
      play.name(agents.playing ? 'Pause (Space)' : 'Play (Space)');
      const l = agents.latest;
      this.app.overlay.setAgents(
        agents.statusText,
        l === null ? {} : { count: l.count, arrived: l.arrivedCount, time: l.time, steps: l.steps, playing: l.playing },
      );
      for (const c of f.controllersRecursive()) c.updateDisplay();
    };
    f.add({ step: () => agents.step() }, 'step').name('Step (N)');
    f.add({ reset: () => agents.reset() }, 'reset').name('Reset (Backspace)');
    f.add(s, 'spawnCount', 1, 200, 1).name('spawn count');
    f.add({ spawn: () => agents.spawn() }, 'spawn').name('Spawn agents');
    const changed = () => agents.settingsChanged();
    f.add(s, 'avoidRange', 0, 10, 0.1).name('avoid range').onFinishChange(changed);
    f.add(s, 'pullGain', 0, 20, 0.1).name('pull gain').onFinishChange(changed);
    f.add(s, 'speed', 0.1, 20, 0.1)
      .name('speed')
      .onFinishChange(() => {
        s.overrideSpeed = true;
        changed();
      });
    f.add(s, 'radius', 0.05, 3, 0.05)
      .name('radius')
      .onFinishChange(() => {
        s.overrideRadius = true;
        changed();
      });
    f.add(s, 'showForces')
      .name('force arrows')
      .onChange(() => this.app.invalidate());
    // The selected agent: click one in the view; right-click then gives it a new goal.
    const inspected = { text: agents.selectedText };
    f.add(inspected, 'text').name('selected agent').listen().disable();
    f.add({ deselect: () => agents.select(-1) }, 'deselect').name('Deselect agent');
    const onAgents = agents.onChange;
    agents.onChange = () => {
      inspected.text = agents.selectedText;
      onAgents();
    };
    this.tagControllers();
  }

  /** `data-testid` = folder/name for every controller, for the end-to-end tests. */
  private tagControllers(): void {
    for (const folder of [this.gui, ...this.gui.foldersRecursive()]) {
      for (const c of folder.controllers) c.domElement.dataset.testid = `${folder._title}/${c._name}`;
    }
  }
}
