import GUI, { type Controller } from 'lil-gui';
import { comparePanes, frameView } from './camera/framing.ts';
import { releaseFocusAfterClick } from './input/shortcuts.ts';
import { levelScale } from './base/scale.ts';
import type { Shell } from './Shell.ts';

/**
 * The lil-gui root ("navlab") and its Scene folder (picker, file, camera, cut, layers). The
 * features add their folders to `gui` (Search, Compare, Edit, Meshes, Agents). Controllers
 * carry `data-testid`s (folder/name) for the end-to-end tests.
 */
export class Panels {
  readonly gui: GUI;
  readonly scene: GUI;
  private readonly sceneState = { scene: '' };
  private sceneController!: Controller;
  private cutController!: Controller;
  private speedController!: Controller;
  private readonly cut = { height: 0 };

  constructor(private readonly app: Shell) {
    this.gui = new GUI({ title: 'navlab', width: 300 });
    this.scene = this.gui.addFolder('Scene');
    this.buildScene();
    app.sceneShown.add(() => this.refresh());
    app.changed.add(() => this.refreshCut());
    // Clicking a control must not keep the keyboard: shortcuts work unless a text field has focus.
    releaseFocusAfterClick(document.body, () => app.renderer.domElement);
    // Framing fits the scene into the part of the view the panels leave free (of each half
    // when a comparison shows A and B side by side).
    const rects = () =>
      [this.gui.domElement, document.getElementById('hud')].filter((e) => e !== null).map((e) => e.getBoundingClientRect());
    app.rig.view = () => frameView(app.renderer.domElement.getBoundingClientRect(), rects(), app.search.sideBySide());
    // A comparison's panes sit beside the settings panel, not under it.
    app.rig.panes = () => comparePanes(app.renderer.domElement.getBoundingClientRect(), rects());
  }

  /** Re-reads everything after a scene was loaded. */
  refresh(): void {
    this.sceneController.options(this.app.catalog.names);
    this.sceneState.scene = this.app.currentEntry?.name ?? '';
    const b = this.app.current?.doc.bounds;
    if (b) {
      const [lo, hi] = levelScale(this.app.current!.doc).flySpeedRange;
      this.speedController.min(lo).max(hi).step(lo);
    }
    if (b)
      this.cutController
        .min(b.min[1])
        .max(b.max[1])
        .step(this.app.current?.grid?.cellSize ?? (b.max[1] - b.min[1]) / 100);
    for (const c of this.gui.controllersRecursive()) c.updateDisplay();
    this.tagControllers();
    this.refreshCut();
  }

  /** Shows the cut height (and every control's value) after a change outside the panels. */
  refreshCut(): void {
    const max = this.app.current?.doc.bounds.max[1] ?? 0;
    this.cut.height = Number.isFinite(this.app.cut) ? this.app.cut : max;
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
    f.add({ load: () => app.chooseFile() }, 'load').name('Load file… (.json .3dmap .navbin .glb .gltf .obj .stl)');
    f.add({ frame: () => app.frameScene() }, 'frame').name('Frame scene (F)');
    f.add(app.rig, 'mode', ['orbit', 'fly'])
      .name('camera (C)')
      .listen()
      .onChange((m: 'orbit' | 'fly') => {
        app.rig.mode = m === 'orbit' ? 'fly' : 'orbit';
        app.rig.setMode(m);
      });
    // Its range follows the level (refresh): see scale.ts.
    const speed = f.add(app.rig, 'flySpeed', 0.1, 200).name('fly speed (wheel)').listen();
    this.speedController = speed;
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

  /** `data-testid` = folder/name for every controller, for the end-to-end tests. */
  tagControllers(): void {
    for (const folder of [this.gui, ...this.gui.foldersRecursive()]) {
      for (const c of folder.controllers) c.domElement.dataset.testid = `${folder._title}/${c._name}`;
    }
  }
}
