import type GUI from 'lil-gui';
import { GridHelper, type LineBasicMaterial, Plane, Raycaster, Vector2, Vector3, type Intersection } from 'three';
import type { SceneDocument, SceneObstacle } from '../../../scene/schema.ts';
import { levelScale } from '../../shell/base/scale.ts';
import { clipRayToCut } from '../../shell/picking.ts';
import { applyEditScale } from './editScale.ts';
import { addWaypoints, randomFreePoints } from './randomWaypoints.ts';
import type { Shell } from '../../shell/Shell.ts';
import { buildEditPanel, editShortcuts, type EditActions } from './EditPanel.ts';
import { TOOL_NAMES, type EditSettings } from './editSettings.ts';
import { EditModel } from './EditModel.ts';
import { addWaypoint, isSceneSized, removeObstacle, setAgentEnd, setObstacle, validated } from './edits.ts';
import { PaintStrokes } from './PaintStrokes.ts';
import { PAINT_TOOLS } from './painting.ts';
import { SceneWork } from './SceneWork.ts';
import { SelectionGizmo, type Selection } from './SelectionGizmo.ts';
import { DocRef, type DocCommand } from './timeline.ts';
import { exportNavigation, exportScene, shareScene } from './keepWork.ts';
import type { ToolClick } from '../../shell/input/tools.ts';
import { addWorldLegend } from './worldLegend.ts';
import './editor.css';

const HINTS: Record<string, string> = {
  waypoint: '[Click] surface or plane: add waypoint',
  voxel: '[Click]/[Drag] a face: add voxels · [Shift+Drag] box',
  erase: '[Click]/[Drag]: erase voxels · [Shift+Drag] box',
  terrain: '[Click]/[Drag]: paint terrain · [Shift+Drag] box',
  obstacle: '[Click]: add obstacle · [Right-click] obstacle: delete',
  agent: '[Click] agent start · [Right-click] goal',
};

/**
 * The scene editor: the editing tools of the 3D view (painting strokes: PaintStrokes), the
 * selection and its drag gizmo (SelectionGizmo), undoable edit commands on the document
 * (History), incremental updates of the derived data (EditModel -> Shell.showEdit), autosave
 * (SceneWork), export and share links (keepWork.ts) and the Edit panel. Every edit is a command holding the document before and after, so undo is
 * exact and a failed edit changes nothing.
 */
export class Editor {
  readonly settings: EditSettings = {
    tool: 'select',
    brush: 1,
    terrain: 'water',
    place: 'plane',
    planeHeight: 0,
    depth: 10,
    shape: 'box',
    size: 2,
    agent: '',
    unlockLarge: false,
    randomCount: 20,
    randomSeed: 1,
  };
  /** Each scene's saved edits and undo history. */
  readonly work: SceneWork;
  /** Called after every applied edit (agents restart on the edited document). */
  onEdited: (doc: SceneDocument) => void = () => {};
  private model: EditModel | null = null;
  /** The selection, its drag gizmo, delete and duplicate. */
  private readonly picked: SelectionGizmo;
  private readonly plane = new GridHelper(1, 20);
  private readonly raycaster = new Raycaster();
  private folder: GUI | null = null;
  private readonly strokes: PaintStrokes;

  constructor(readonly app: Shell) {
    this.picked = new SelectionGizmo(app, {
      live: () => this.live(),
      model: () => this.model,
      commit: (label, edit) => this.commit(label, edit),
      guard: (f) => this.guard(f),
      obstacleSize: () => this.settings.size,
    });
    this.plane.visible = false;
    app.scene.add(this.plane);
    addWorldLegend(app);
    this.strokes = new PaintStrokes(app, this.settings, {
      live: () => this.live(),
      grid: () => this.model?.world.grid ?? null,
      show: (doc, from) => this.show(doc, from),
      step: (label, before, after) => this.step(label, before, after),
      guard: (f) => this.guard(f),
      ray: (e) => this.ray(e),
    });
    const select = app.tools.active;
    app.tools.register({
      name: 'select',
      hint: '[Click] start / select · [Right-click] goal · [Del] delete',
      click: (e) => {
        if (this.picked.busy() || app.tools.intercept(e)) return;
        if (e.button === 0) this.picked.select(this.pickSelectable(e));
        select?.click(e);
      },
    });
    for (const name of TOOL_NAMES.slice(1)) {
      app.tools.register({
        name,
        hint: HINTS[name],
        activate: () => this.toolChanged(),
        click: (e) => {
          // Paint tools paint on press and drag (installStrokes), not on click.
          if (PAINT_TOOLS.has(name)) return;
          if (!this.picked.busy()) this.guard(() => this.toolClick(name, e));
        },
      });
    }
    app.tools.use('select');
    app.tools.changed.add((tool) => {
      this.settings.tool = tool.name;
      this.toolChanged();
    });
    app.history.changed.add(() => this.folder?.controllersRecursive().forEach((c) => c.updateDisplay()));
    app.sceneShown.add((scene) => {
      // A loaded scene (not an edit): derived data is rebuilt lazily, the selection is gone.
      this.picked.select(null);
      this.model?.dispose();
      this.model = null;
      // Plane, depth, obstacle size and their sliders follow the level.
      applyEditScale(this.settings, scene.doc, this.folder);
      this.toolChanged();
    });
    for (const shortcut of editShortcuts(app, this.actions)) app.addShortcut(shortcut);
    this.work = new SceneWork(
      app,
      (label, before, after) => this.step(label, before, after),
      (label, edit) => this.commit(label, edit),
    );
  }

  /** The live derived data of the current scene, built on first use. */
  private live(): EditModel {
    const scene = this.app.current;
    if (scene === null) throw new Error('no scene is loaded');
    if (this.model === null) {
      // The grid shown and its drawn surface: a huge layer is neither rebuilt nor meshed again.
      this.model = new EditModel(
        scene.doc,
        {
          grid: scene.grid,
          voxelChunks: this.app.views.world?.voxels?.grid === scene.grid ? this.app.views.world.voxels.data() : undefined,
        },
        scene.meshes,
      );
    }
    return this.model;
  }

  /**
   * Records and applies an edit: `edit` maps the current document to the next one. Throws
   * nothing: a failing edit (or an invalid result) is shown as an error and changes nothing.
   */
  commit(label: string, edit: (doc: SceneDocument) => SceneDocument): boolean {
    const scene = this.app.current;
    if (scene === null) return false;
    const before = scene.doc;
    try {
      const after = edit(before);
      validated(after);
      this.app.history.push(this.step(label, DocRef.of(before), DocRef.of(after)));
      this.app.overlay.setError(null);
      return true;
    } catch (e) {
      this.app.overlay.setError(`${label}: ${(e as Error).message}`);
      return false;
    }
  }

  /** The undoable command of an edit from `before` to `after`. */
  private step(label: string, before: DocRef, after: DocRef): DocCommand {
    return { label, before, after, apply: () => this.show(after.get(), before.get()), revert: () => this.show(before.get(), after.get()) };
  }

  /** Makes `doc` the current document (from `from`); on failure, restores `from` and rethrows. */
  private show(doc: SceneDocument, from: SceneDocument): void {
    const model = this.live();
    try {
      const changed = model.sync(doc);
      this.app.showEdit(
        doc,
        model.searchable(),
        changed.voxels || changed.obstacles ? { voxelBox: changed.voxelBox, chunks: model.world.voxelChunks } : undefined,
      );
    } catch (e) {
      this.model?.dispose();
      this.model = new EditModel(from, undefined, this.app.current?.meshes);
      throw e;
    }
    this.picked.refresh();
    // The page now shows edited work: a reload restores it (autosave), not the shared link.
    if (location.hash !== '') history.replaceState(null, '', location.pathname + location.search);
    this.onEdited(doc);
  }

  /** Runs `f`, showing an Error's message instead of throwing. */
  private guard(f: () => void): void {
    try {
      f();
    } catch (e) {
      this.app.overlay.setError((e as Error).message);
    }
  }

  // ---- picking ----

  /**
   * The click's ray. Geometry above the app's cut is not drawn, so it is not picked either:
   * a ray from above the cut starts where it crosses it.
   */
  private ray(e: { ndc: { x: number; y: number } }): Raycaster {
    this.raycaster.setFromCamera(new Vector2(e.ndc.x, e.ndc.y), this.app.camera);
    clipRayToCut(this.raycaster.ray, this.app.cut);
    return this.raycaster;
  }

  /** The first surface (voxel face or obstacle, by the BVH) under the click, or null. */
  private surface(e: ToolClick): { point: Vector3; normal: Vector3; obstacleId: string | null; voxel: number[] | null } | null {
    const hit = this.live().world.pick(this.ray(e).ray);
    if (hit === null) return null;
    return {
      point: new Vector3(hit.point.x, hit.point.y, hit.point.z),
      normal: new Vector3(hit.normal.x, hit.normal.y, hit.normal.z),
      obstacleId: hit.obstacleId,
      voxel: hit.voxel,
    };
  }

  /** Where a click puts a point: on a surface lifted by `lift`, else on the plane or at the depth. */
  private placement(e: ToolClick, lift: number): Vector3 | null {
    const s = this.surface(e);
    if (s !== null) return s.point.addScaledVector(s.normal, lift);
    const ray = this.ray(e).ray;
    if (this.settings.place === 'depth') return ray.at(this.settings.depth, new Vector3());
    return ray.intersectPlane(new Plane(new Vector3(0, 1, 0), -this.settings.planeHeight), new Vector3());
  }

  private pickSelectable(e: ToolClick): Selection {
    const view = this.app.waypointView;
    const ray = this.ray(e);
    const wp: Intersection | undefined = view?.spheres.visible ? ray.intersectObject(view.spheres, false)[0] : undefined;
    const s = this.surface(e);
    if (wp?.instanceId !== undefined && (s === null || wp.distance <= ray.ray.origin.distanceTo(s.point))) {
      return { kind: 'waypoint', id: this.app.current!.ids[wp.instanceId] };
    }
    if (s?.obstacleId && !this.locked(s.obstacleId)) return { kind: 'obstacle', id: s.obstacleId };
    return null;
  }

  /** Whether an obstacle is scene-sized and the user has not unlocked such geometry. */
  private locked(id: string): boolean {
    const doc = this.app.current?.doc;
    const o = doc?.obstacles.find((x) => x.id === id);
    return !this.settings.unlockLarge && o !== undefined && isSceneSized(o, doc!.bounds);
  }

  // ---- tools ----

  private toolClick(name: string, e: ToolClick): void {
    const scene = this.app.current;
    if (scene === null) return;
    const doc = scene.doc;
    const radius = doc.agentRadius || this.app.waypointView?.radius || 0.3;
    if (name === 'waypoint' && e.button === 0) {
      const p = this.placement(e, radius);
      if (p === null) throw new Error('Add waypoint: the click met no surface and missed the placement plane');
      let id = '';
      if (
        this.commit('Add waypoint', (d) => {
          const r = addWaypoint(d, clampToBounds(d, p.toArray()));
          id = r.id;
          return r.doc;
        })
      )
        this.picked.select({ kind: 'waypoint', id });
    } else if (name === 'obstacle') {
      const s = this.surface(e);
      if (e.button === 2) {
        if (s?.obstacleId && this.locked(s.obstacleId))
          throw new Error(`Obstacle ${s.obstacleId} is scene-sized and locked: tick "edit scene-sized geometry" to change it.`);
        if (s?.obstacleId) this.commit(`Delete obstacle ${s.obstacleId}`, (d) => removeObstacle(d, s.obstacleId!));
        return;
      }
      const size = this.settings.size;
      const p = this.placement(e, 0);
      if (p === null) return;
      // Sit on the surface or plane: the centre is half the shape's height above the point.
      p.y += size / 2;
      const id = `${this.settings.shape}-${Date.now().toString(36)}`;
      const o: SceneObstacle =
        this.settings.shape === 'box'
          ? { id, shape: 'box', position: p.toArray(), size: [size, size, size] }
          : this.settings.shape === 'sphere'
            ? { id, shape: 'sphere', position: p.toArray(), radius: size / 2 }
            : { id, shape: 'cylinder', position: p.toArray(), radius: size / 2, height: size };
      if (this.commit(`Add obstacle ${id}`, (d) => setObstacle(d, o))) this.picked.select({ kind: 'obstacle', id });
    } else if (name === 'agent') {
      const which = e.button === 2 ? 'goal' : 'start';
      const p = this.placement(e, radius);
      if (p === null) return;
      const agent = this.settings.agent || doc.agents[0]?.id || null;
      this.commit(`Set agent ${which}`, (d) => {
        const r = setAgentEnd(d, agent, which, clampToBounds(d, p.toArray()));
        this.settings.agent = r.id;
        return r.doc;
      });
    }
  }

  private toolChanged(): void {
    const tool = this.app.tools.active?.name ?? 'select';
    this.settings.tool = tool;
    // Painting has no selection: a gizmo left on screen would take the clicks meant for painting.
    if (PAINT_TOOLS.has(tool) && this.picked.selection !== null) this.picked.select(null);
    this.strokes.toolChanged(tool);
    // The placement plane is shown while it is where a click lands.
    const b = this.app.current?.doc.bounds;
    this.plane.visible =
      b !== undefined && (tool === 'waypoint' || tool === 'obstacle' || tool === 'agent') && this.settings.place === 'plane';
    if (b !== undefined) {
      const size = Math.max(b.max[0] - b.min[0], b.max[2] - b.min[2]);
      this.plane.scale.setScalar(size);
      this.plane.position.set((b.min[0] + b.max[0]) / 2, this.settings.planeHeight, (b.min[2] + b.max[2]) / 2);
      const m = this.plane.material as LineBasicMaterial;
      m.color.set(0x5eead4);
      m.transparent = true;
      m.opacity = 0.5;
    }
    if (tool !== 'select' && this.app.current !== null) this.guard(() => this.live());
    this.folder?.controllersRecursive().forEach((c) => c.updateDisplay());
    this.app.invalidate();
  }

  // ---- keeping work ----

  /** Downloads the current document as a .json file. */
  exportScene(): void {
    exportScene(this.app);
  }

  /** Puts a link to the current scene and query in the address bar (and the clipboard). */
  share(): Promise<string | null> {
    return shareScene(this.app);
  }

  // ---- panel and keys ----

  /** The lil-gui "Edit" folder (EditPanel.ts). */
  buildPanel(gui: GUI): GUI {
    this.folder = buildEditPanel(gui, this.app, this.settings, this.actions);
    if (this.app.current !== null) applyEditScale(this.settings, this.app.current.doc, this.folder);
    return this.folder;
  }

  /** Adds `randomCount` waypoints at seeded random free points, clear of geometry by the agent radius (one undoable edit). */
  private randomWaypoints(): void {
    const world = this.live().world;
    const doc = this.app.current!.doc;
    const { randomCount: n, randomSeed: seed } = this.settings;
    const points = randomFreePoints(world, doc.bounds, n, seed, levelScale(doc).agentRadius);
    if (points.length === 0 && n > 0) throw new Error('Random waypoints: found no free point clear of the geometry');
    this.commit(`Random waypoints (${points.length}, seed ${seed})`, (d) => addWaypoints(d, points));
  }

  /** What the Edit panel's buttons and the editing keys do. */
  private get actions(): EditActions {
    return {
      toolChanged: () => this.toolChanged(),
      unlockChanged: () => {
        const sel = this.picked.selection;
        if (!this.settings.unlockLarge && sel?.kind === 'obstacle' && this.locked(sel.id)) this.picked.select(null);
      },
      deleteSelected: () => this.picked.deleteSelected(),
      duplicateSelected: () => this.picked.duplicateSelected(),
      exportScene: () => this.exportScene(),
      exportNavigation: () => void exportNavigation(this.app),
      randomWaypoints: () => this.guard(() => this.randomWaypoints()),
      share: () => void this.share(),
      revert: () => void this.work.revertToShipped(),
    };
  }
}

/** p clamped into the document's bounds. */
function clampToBounds(doc: SceneDocument, p: number[]): number[] {
  const { min, max } = doc.bounds;
  return p.map((c, a) => +Math.min(max[a], Math.max(min[a], c)).toFixed(4));
}
