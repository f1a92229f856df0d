import { Object3D } from 'three';
import { TransformControls } from 'three/examples/jsm/controls/TransformControls.js';
import type { SceneDocument, SceneObstacle } from '../../../scene/schema.ts';
import type { Shell } from '../../shell/Shell.ts';
import type { EditModel } from './EditModel.ts';
import { duplicateWaypoint, moveWaypoint, removeObstacle, removeWaypoint, setObstacle } from './edits.ts';

/** What is selected: a waypoint or an obstacle, by id (null: nothing). */
export type Selection = { kind: 'waypoint'; id: string } | { kind: 'obstacle'; id: string } | null;

/** What the selection uses of the editor. */
export interface SelectionHost {
  /** The live derived data, built on first use (throws without a scene). */
  live(): EditModel;
  /** The live derived data when built, else null. */
  model(): EditModel | null;
  /** Applies an undoable edit; false when it failed (shown as an error). */
  commit(label: string, edit: (doc: SceneDocument) => SceneDocument): boolean;
  /** Runs `f`, showing an Error's message instead of throwing. */
  guard(f: () => void): void;
  /** The obstacle size setting: a duplicated obstacle steps aside by it too. */
  obstacleSize(): number;
}

/**
 * The editor's selection and its drag gizmo (TransformControls on a handle at the selected
 * waypoint or obstacle): selecting, dragging, deleting and duplicating. A drag is one undoable
 * edit, committed when it ends: the document, the undo history and the autosave change once.
 * While a waypoint is dragged its links follow it live (VisibilityGraph.move), and each pointer
 * move redraws its sphere and the links that changed, in place (WaypointView.moveWaypoint).
 */
export class SelectionGizmo {
  selection: Selection = null;
  private readonly gizmo: TransformControls;
  private readonly handle = new Object3D();
  private dragFrom: number[] | null = null;

  constructor(
    private readonly app: Shell,
    private readonly host: SelectionHost,
  ) {
    this.gizmo = new TransformControls(app.camera, app.renderer.domElement);
    this.gizmo.setSize(0.8);
    this.gizmo.enabled = false;
    app.scene.add(this.handle, this.gizmo.getHelper());
    this.gizmo.addEventListener('dragging-changed', (e) => this.dragging(e.value as boolean));
    this.gizmo.addEventListener('objectChange', () => this.dragMoved());
    this.gizmo.addEventListener('change', () => app.invalidate());
  }

  /** Selects a waypoint or obstacle (null: nothing) and attaches the drag gizmo to it. */
  select(sel: Selection): void {
    this.selection = sel;
    this.refresh();
  }

  /** Puts the gizmo on the selection as the document now has it (nothing, when it is gone). */
  refresh(): void {
    const p = this.selectedPosition();
    if (p === null) {
      this.selection = null;
      this.gizmo.detach();
    } else {
      this.handle.position.set(p[0], p[1], p[2]);
      this.handle.updateMatrixWorld();
      this.gizmo.attach(this.handle);
    }
    // A detached gizmo has nothing to drag: disabled, it leaves pointer events alone (it would
    // capture the pointer and measure the canvas on each, forcing a layout after an edit).
    this.gizmo.enabled = p !== null;
    this.app.invalidate();
  }

  /** Whether the gizmo takes the pointer (dragging, or hovering one of its handles). */
  busy(): boolean {
    return this.gizmo.dragging || this.gizmo.axis !== null;
  }

  /** Deletes the selected waypoint or obstacle. */
  deleteSelected(): void {
    const s = this.selection;
    if (s === null) return;
    this.selection = null;
    if (s.kind === 'waypoint') this.host.commit(`Delete waypoint ${s.id}`, (d) => removeWaypoint(d, s.id));
    else this.host.commit(`Delete obstacle ${s.id}`, (d) => removeObstacle(d, s.id));
  }

  /** Duplicates the selected waypoint or obstacle, a little to the side, and selects the copy. */
  duplicateSelected(): void {
    const s = this.selection;
    const doc = this.app.current?.doc;
    if (s === null || !doc) return;
    const step = 2 * (this.app.waypointView?.radius ?? 0.5) + (s.kind === 'obstacle' ? this.host.obstacleSize() : 0);
    if (s.kind === 'waypoint') {
      let id = '';
      if (
        this.host.commit(`Duplicate waypoint ${s.id}`, (d) => {
          const r = duplicateWaypoint(d, s.id, [step, 0, 0]);
          id = r.id;
          return r.doc;
        })
      )
        this.select({ kind: 'waypoint', id });
      return;
    }
    const o = doc.obstacles.find((x) => x.id === s.id)!;
    const copy = {
      ...o,
      id: `${o.id}-copy-${Date.now().toString(36)}`,
      position: [o.position[0] + step, o.position[1], o.position[2]],
    } as SceneObstacle;
    if (this.host.commit(`Duplicate obstacle ${s.id}`, (d) => setObstacle(d, copy))) this.select({ kind: 'obstacle', id: copy.id });
  }

  private selectedPosition(): number[] | null {
    const doc = this.app.current?.doc;
    const s = this.selection;
    if (!doc || s === null) return null;
    const item = s.kind === 'waypoint' ? doc.waypoints.find((w) => w.id === s.id) : doc.obstacles.find((o) => o.id === s.id);
    return item ? [...item.position] : null;
  }

  private dragging(active: boolean): void {
    this.app.rig.hold(active);
    const s = this.selection;
    if (s === null) return;
    if (active) {
      this.dragFrom = this.selectedPosition();
      this.host.guard(() => {
        const model = this.host.live();
        if (s.kind !== 'waypoint') return;
        // Link changes are counted from here, where the drawing shows the model's links; the
        // drawing is made editable now rather than on the first move.
        model.visibility.takeLinkChanges();
        this.app.views.waypoints?.editable();
      });
      return;
    }
    const to = this.handle.position.toArray();
    const from = this.dragFrom;
    this.dragFrom = null;
    if (from === null || from.every((c, a) => c === to[a])) return;
    if (s.kind === 'waypoint') {
      this.host.commit(`Move waypoint ${s.id}`, (d) => moveWaypoint(d, s.id, to));
    } else {
      this.host.commit(`Move obstacle ${s.id}`, (d) => setObstacle(d, { ...d.obstacles.find((o) => o.id === s.id)!, position: to }));
    }
  }

  /**
   * A pointer move of a waypoint drag: the pairs whose links it can change are re-tested, then
   * its sphere and the links that changed are redrawn in place; the whole drawing anew (no
   * new revision) only when that cannot be (links past the drawing's cap).
   */
  private dragMoved(): void {
    const s = this.selection;
    const scene = this.app.current;
    const model = this.host.model();
    if (s?.kind !== 'waypoint' || scene === null || model === null) return;
    const i = scene.index.get(s.id);
    if (i === undefined) return;
    const { x, y, z } = this.handle.position;
    model.moveLive(i, x, y, z);
    const vis = model.visibility;
    const changed = vis.takeLinkChanges();
    if (changed === null || !this.app.views.moveWaypoint(i, x, y, z, changed, (w) => vis.linksOf(w)))
      this.app.previewWaypoints(vis.graph());
    this.app.invalidate();
  }
}
