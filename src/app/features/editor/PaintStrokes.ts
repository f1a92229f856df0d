import { BoxGeometry, EdgesGeometry, LineBasicMaterial, LineSegments, type Raycaster } from 'three';
import type { SceneDocument } from '../../../scene/schema.ts';
import type { VoxelGrid } from '../../../core/grid/VoxelGrid.ts';
import type { Shell } from '../../shell/Shell.ts';
import { pickVoxel } from '../../shell/picking.ts';
import type { EditModel } from './EditModel.ts';
import type { EditSettings } from './editSettings.ts';
import { checkPaintLimit, paintTerrain, paintVoxels, TERRAIN_KINDS } from './edits.ts';
import { brushBox, layerVoxel, PAINT_TOOLS, spanBox, strokeStart, voxelLine, type StrokeStart } from './painting.ts';
import { DocRef, type DocCommand } from './timeline.ts';

/** A paint stroke in progress: one undo step from `before` to the current document. */
interface Stroke {
  tool: string;
  start: StrokeStart;
  before: SceneDocument;
  /** Shift+drag: fill the box from the first voxel to the current one, on release. */
  box: boolean;
  /** Voxels already painted by this stroke ("x,y,z"). */
  done: Set<string>;
  last: number[];
  pointerId: number;
}

/** What the strokes use of the editor. */
export interface StrokeHost {
  /** The live derived data of the current scene (built on first use). */
  live(): EditModel;
  /** The grid of the live data when it is built, else null. */
  grid(): VoxelGrid | null;
  /** Makes `doc` the current document (from `from`). */
  show(doc: SceneDocument, from: SceneDocument): void;
  /** The undoable command of an edit from `before` to `after`. */
  step(label: string, before: DocRef, after: DocRef): DocCommand;
  /** Runs `f`, showing an Error's message instead of throwing. */
  guard(f: () => void): void;
  /** The click's ray (clipped by the app's cut). */
  ray(e: { ndc: { x: number; y: number } }): Raycaster;
}

/**
 * Painting with the voxel, erase and terrain tools: a press paints the brush, a drag keeps
 * painting in the layer pressed, Shift+drag fills a box; the whole stroke is one undo step.
 * While a paint tool is active, the brush under the pointer is outlined (a wire box).
 */
export class PaintStrokes {
  private stroke: Stroke | null = null;
  /** The voxel layer was hidden (a level of meshes) and is drawn while a paint tool is active. */
  private shownForPaint = false;
  /** The brush under the pointer (or the box of a Shift+drag), as a wire box. */
  private readonly preview = new LineSegments(
    new EdgesGeometry(new BoxGeometry(1, 1, 1)),
    new LineBasicMaterial({ color: 0x5eead4, depthTest: false, transparent: true }),
  );

  constructor(
    private readonly app: Shell,
    private readonly settings: EditSettings,
    private readonly host: StrokeHost,
  ) {
    this.preview.visible = false;
    this.preview.renderOrder = 12;
    app.scene.add(this.preview);
    this.install();
    // A newly shown scene sets the layers itself.
    app.sceneShown.add(() => {
      this.shownForPaint = false;
    });
  }

  /**
   * The active tool changed: painting shows what it paints, so while a paint tool is active
   * the voxel layer is drawn (a level of meshes hides it otherwise), and hidden again after;
   * other tools show no brush.
   */
  toolChanged(tool: string): void {
    const t = this.app.toggles;
    const painting = PAINT_TOOLS.has(tool);
    if (painting && !t.voxels && this.app.current?.grid) {
      t.voxels = true;
      this.shownForPaint = true;
      this.app.applyToggles();
    } else if (!painting && this.shownForPaint) {
      t.voxels = false;
      this.shownForPaint = false;
      this.app.applyToggles();
    }
    if (!painting) this.showPreview(null);
  }

  /** The voxel box of the brush around voxel v. */
  private brushBox(v: readonly number[]): number[] {
    return brushBox(v, this.settings.brush);
  }

  /**
   * Paint tools: a press paints the brush, a drag keeps painting in the layer pressed, and
   * Shift+drag fills the box from the press to the release; the whole stroke is one undo
   * step. While a paint tool is active, the brush under the pointer is outlined.
   */
  private install(): void {
    const dom = this.app.renderer.domElement;
    // Capture: runs before the camera controls, which then see orbiting disabled.
    dom.addEventListener(
      'pointerdown',
      (e) => {
        const tool = this.app.tools.active?.name ?? '';
        if (e.button !== 0 || !PAINT_TOOLS.has(tool) || this.app.current === null) return;
        this.host.guard(() => this.beginStroke(tool, e));
      },
      { capture: true },
    );
    dom.addEventListener('pointermove', (e) => {
      if (this.stroke !== null && e.pointerId === this.stroke.pointerId) this.host.guard(() => this.moveStroke(e));
      else this.hoverBrush(e);
    });
    const end = (e: PointerEvent) => {
      if (this.stroke !== null && e.pointerId === this.stroke.pointerId) this.host.guard(() => this.endStroke());
    };
    dom.addEventListener('pointerup', end);
    dom.addEventListener('pointercancel', end);
    dom.addEventListener('pointerleave', () => {
      if (this.stroke === null) this.showPreview(null);
    });
  }

  private eventRay(e: PointerEvent): Raycaster {
    const rect = this.app.renderer.domElement.getBoundingClientRect();
    return this.host.ray({
      ndc: { x: ((e.clientX - rect.left) / rect.width) * 2 - 1, y: -((e.clientY - rect.top) / rect.height) * 2 + 1 },
    });
  }

  /** The stroke start under the pointer for `tool`, or null. */
  private pickStroke(tool: string, e: PointerEvent): StrokeStart | null {
    const grid = this.host.live().world.grid;
    if (grid === null) return null;
    const ray = this.eventRay(e).ray;
    const pick = pickVoxel(grid, ray.origin, ray.direction);
    return pick === null ? null : strokeStart(tool, pick);
  }

  private beginStroke(tool: string, e: PointerEvent): void {
    if (this.host.live().world.grid === null) throw new Error('This scene has no voxel layer to paint.');
    const start = this.pickStroke(tool, e);
    if (start === null) return;
    this.app.rig.hold(true);
    this.app.renderer.domElement.setPointerCapture?.(e.pointerId);
    this.stroke = {
      tool,
      start,
      before: this.app.current!.doc,
      box: e.shiftKey,
      done: new Set(),
      last: start.voxel,
      pointerId: e.pointerId,
    };
    if (this.stroke.box) this.showPreview(this.brushBox(start.voxel));
    else this.paintAt([start.voxel]);
  }

  /**
   * A drag: every pointer sample since the last event (the browser coalesces fast moves into
   * one event), and every voxel on the line between successive samples' voxels (voxelLine),
   * so a fast stroke leaves no gaps; all painted in one document change.
   */
  private moveStroke(e: PointerEvent): void {
    const st = this.stroke!;
    const grid = this.host.live().world.grid!;
    const samples = e.getCoalescedEvents?.() ?? [];
    const along: number[][] = [];
    for (const s of samples.length > 0 ? samples : [e]) {
      const ray = this.eventRay(s).ray;
      const v = layerVoxel(grid, ray.origin, ray.direction, st.start);
      if (v === null || v.every((c, a) => c === st.last[a])) continue;
      if (!st.box) along.push(...voxelLine(st.last, v));
      st.last = v;
    }
    if (st.box) this.showPreview(spanBox(this.brushBox(st.start.voxel), this.brushBox(st.last)));
    else if (along.length > 0) this.paintAt(along);
  }

  /** Paints the brush at each voxel of `vs` into the current document, shown at once (undo step at the end). */
  private paintAt(vs: readonly number[][]): void {
    const st = this.stroke!;
    const boxes: number[][] = [];
    for (const v of vs) {
      const k = v.join(',');
      if (st.done.has(k)) continue;
      st.done.add(k);
      boxes.push(this.brushBox(v));
    }
    if (boxes.length > 0) this.applyBrush(...boxes);
  }

  private applyBrush(...boxes: number[][]): void {
    const st = this.stroke!;
    const cur = this.app.current!.doc;
    let next = cur;
    for (const box of boxes)
      next =
        st.tool === 'erase'
          ? paintVoxels(next, box, false)
          : st.tool === 'voxel'
            ? paintVoxels(next, box, true)
            : paintTerrain(next, box, this.settings.terrain);
    // The edits clip their boxes to the layer: only the primitive limit is left to check (a
    // whole validation of a map with 20,000 boxes would cost more than the paint).
    checkPaintLimit(next);
    this.host.show(next, cur);
    this.showPreview(boxes[boxes.length - 1]);
  }

  private endStroke(): void {
    const st = this.stroke!;
    this.app.rig.hold(false);
    try {
      if (st.box) this.applyBrush(spanBox(this.brushBox(st.start.voxel), this.brushBox(st.last)));
    } finally {
      this.stroke = null;
    }
    const before = st.before;
    const after = this.app.current!.doc;
    if (after === before) return;
    const label = st.tool === 'erase' ? 'Erase voxels' : st.tool === 'voxel' ? 'Add voxels' : `Paint ${this.settings.terrain}`;
    // The stroke is already shown: record it (a document step, as autosave keeps them) without
    // applying it again.
    const step = this.host.step(label, DocRef.of(before), DocRef.of(after));
    let first = true;
    this.app.history.push({
      ...step,
      apply: () => {
        if (first) first = false;
        else step.apply();
      },
    });
    this.app.overlay.setError(null);
  }

  /** Outlines the brush under the pointer while a paint tool is active. */
  private hoverBrush(e: PointerEvent): void {
    const tool = this.app.tools.active?.name ?? '';
    if (!PAINT_TOOLS.has(tool) || this.app.current === null || e.buttons !== 0) {
      if (this.preview.visible) this.showPreview(null);
      return;
    }
    let start: StrokeStart | null = null;
    try {
      start = this.pickStroke(tool, e);
    } catch {
      start = null;
    }
    this.showPreview(start === null ? null : this.brushBox(start.voxel));
  }

  /** Shows the wire box over a voxel box (clipped to the grid), or hides it (null). */
  showPreview(box: number[] | null): void {
    const grid = this.host.grid();
    const p = this.preview;
    if (box === null || grid === null) {
      if (p.visible) this.app.invalidate();
      p.visible = false;
      return;
    }
    const lo = [Math.max(0, box[0]), Math.max(0, box[1]), Math.max(0, box[2])];
    const hi = [Math.min(grid.X - 1, box[3]), Math.min(grid.Y - 1, box[4]), Math.min(grid.Z - 1, box[5])];
    const s = grid.cellSize;
    const o = [grid.origin.x, grid.origin.y, grid.origin.z];
    p.scale.set((hi[0] - lo[0] + 1) * s * 1.02, (hi[1] - lo[1] + 1) * s * 1.02, (hi[2] - lo[2] + 1) * s * 1.02);
    p.position.set(o[0] + ((lo[0] + hi[0] + 1) / 2) * s, o[1] + ((lo[1] + hi[1] + 1) / 2) * s, o[2] + ((lo[2] + hi[2] + 1) / 2) * s);
    const tool = this.stroke?.tool ?? this.app.tools.active?.name;
    (p.material as LineBasicMaterial).color.set(
      tool === 'erase' ? 0xf87171 : tool === 'terrain' ? (TERRAIN_KINDS[this.settings.terrain]?.color ?? 0x5eead4) : 0x5eead4,
    );
    p.visible = true;
    this.app.invalidate();
  }
}
