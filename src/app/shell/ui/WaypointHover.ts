import { Raycaster, type Camera, type Vector2 } from 'three';
import type { LoadedScene } from '../scene/LoadedScene.ts';
import type { WaypointView } from '../views/WaypointView.ts';
import { clip } from '../dom/clip.ts';
import type { Overlay } from './Overlay.ts';

/**
 * Hovering a waypoint: it is highlighted and a tooltip shows its id, label and position. Ids
 * and labels come from documents (files, links, storage), so they are shown as text only.
 */
export class WaypointHover {
  private readonly raycaster = new Raycaster();
  private hovered = -1;

  constructor(private readonly overlay: Overlay) {}

  /**
   * Re-tests the waypoint under the pointer (`ndc`, at page position x, y; `inside` false
   * when the pointer left the view). Returns true when the highlight changed (redraw).
   */
  update(
    ndc: Vector2,
    x: number,
    y: number,
    inside: boolean,
    camera: Camera,
    scene: LoadedScene | null,
    view: WaypointView | null,
  ): boolean {
    let i = -1;
    if (inside && view !== null) {
      this.raycaster.setFromCamera(ndc, camera);
      i = view.pick(this.raycaster)?.index ?? -1;
    }
    const changed = i !== this.hovered;
    if (changed) {
      this.hovered = i;
      view?.setHovered(i);
    }
    const w = i < 0 || scene === null ? undefined : scene.doc.waypoints[i];
    if (w === undefined) {
      this.overlay.showTooltip(0, 0, null);
      return changed;
    }
    const p = w.position.map((c) => +c.toFixed(2)).join(', ');
    const parts = [{ text: clip(w.id, 60), strong: true }];
    if (w.label) parts.push({ text: clip(w.label, 60), strong: false });
    parts.push({ text: `(${p})`, strong: false });
    this.overlay.showTooltip(x, y, parts);
    return changed;
  }

  /** Forgets the highlight (the waypoint view was replaced). */
  reset(): void {
    this.hovered = -1;
  }
}
