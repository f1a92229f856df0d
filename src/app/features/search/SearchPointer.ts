import { Raycaster, Vector2 } from 'three';
import type { Shell } from '../../shell/Shell.ts';
import type { SearchFeature } from './SearchFeature.ts';
import { nearestToRay, pickedFreeVoxel, pickVoxel } from '../../shell/picking.ts';
import { EndpointMarkers } from './SearchView.ts';
import { placeTipElement } from '../../shell/dom/tipPlacement.ts';
import type { Endpoint } from '../../shell/workers/protocol.ts';
import { num } from '../../shell/dom/format.ts';
import { nodeInfo, octreeNodeInfo } from './nodeReadout.ts';
import { onVoxels } from './graphKind.ts';

/**
 * Pointer work on the search in the 3D view: hovering a node a search reached shows its g, h
 * and f; the start and goal markers can be dragged (with the select tool) and the search
 * follows the drag, finishing at once rather than replaying its animation.
 */
export class SearchPointer {
  /** The readout box (text only). */
  readonly readout: HTMLDivElement;
  private readonly raycaster = new Raycaster();
  private readonly ndc = new Vector2();
  private drag: { which: 'start' | 'goal'; pointerId: number; moved: boolean } | null = null;
  /** A marker drag just moved an endpoint: the click that ends it is not a new start. */
  private swallowClick = false;
  private hoverDue = false;
  private last = { x: 0, y: 0 };

  private readonly app: Shell;

  constructor(private readonly feature: SearchFeature) {
    const app = feature.shell;
    this.app = app;
    this.readout = document.createElement('div');
    this.readout.id = 'node-readout';
    this.readout.className = 'panel';
    this.readout.hidden = true;
    Object.assign(this.readout.style, {
      position: 'fixed',
      pointerEvents: 'none',
      padding: '4px 8px',
      fontSize: '11.5px',
      whiteSpace: 'nowrap',
    });
    document.body.appendChild(this.readout);
    const dom = app.renderer.domElement;
    dom.addEventListener('pointerdown', (e) => this.down(e), { capture: true });
    dom.addEventListener('pointermove', (e) => this.move(e));
    dom.addEventListener('pointerup', (e) => this.up(e));
    dom.addEventListener('pointercancel', (e) => this.up(e));
    dom.addEventListener('pointerleave', () => {
      this.readout.hidden = true;
    });
    app.tools.interceptors.push((e) => {
      if (!this.swallowClick || e.button !== 0) return false;
      this.swallowClick = false;
      return true;
    });
    app.frameHooks.push(() => {
      if (this.hoverDue) {
        this.hoverDue = false;
        this.hover();
      }
      return false;
    });
  }

  private setRay(e: { clientX: number; clientY: number }): Raycaster {
    const rect = this.app.renderer.domElement.getBoundingClientRect();
    this.ndc.set(((e.clientX - rect.left) / rect.width) * 2 - 1, -((e.clientY - rect.top) / rect.height) * 2 + 1);
    this.raycaster.setFromCamera(this.ndc, this.app.camera);
    return this.raycaster;
  }

  private markers(): EndpointMarkers | null {
    return (this.app.scene.children.find((o) => o instanceof EndpointMarkers) as EndpointMarkers | undefined) ?? null;
  }

  private down(e: PointerEvent): void {
    this.swallowClick = false;
    if (e.button !== 0 || this.app.tools.active?.name !== 'select') return;
    const m = this.markers();
    if (m === null || m.spheres.count === 0) return;
    const hit = this.setRay(e).intersectObject(m.spheres, false)[0];
    if (hit?.instanceId === undefined) return;
    this.drag = { which: hit.instanceId === 0 ? 'start' : 'goal', pointerId: e.pointerId, moved: false };
    this.app.rig.orbit.enabled = false;
    this.app.renderer.domElement.setPointerCapture?.(e.pointerId);
  }

  private move(e: PointerEvent): void {
    this.last = { x: e.clientX, y: e.clientY };
    if (this.drag === null || e.pointerId !== this.drag.pointerId) {
      this.hoverDue = true;
      return;
    }
    const value = this.endpointAt(e);
    const lab = this.feature.lab;
    const current = lab[this.drag.which];
    if (value === null || JSON.stringify(value) === JSON.stringify(current)) return;
    this.drag.moved = true;
    this.feature.setEndpoint(this.drag.which, value);
    if (lab.running) lab.finishNow();
  }

  private up(e: PointerEvent): void {
    if (this.drag === null || e.pointerId !== this.drag.pointerId) return;
    // A press on a marker that did not move it is an ordinary click (an agent there, say).
    this.swallowClick = this.drag.moved;
    this.drag = null;
    this.app.rig.orbit.enabled = this.app.rig.mode === 'orbit';
  }

  /** The endpoint under the pointer: a free voxel (grid) or the waypoint nearest the ray. */
  private endpointAt(e: PointerEvent): Endpoint | null {
    const scene = this.app.current;
    if (scene === null) return null;
    const ray = this.setRay(e).ray;
    if (onVoxels(this.feature.lab.settings.graph)) {
      if (scene.grid === null) return null;
      const pick = pickVoxel(scene.grid, ray.origin, ray.direction);
      return pick === null ? null : pickedFreeVoxel(scene.grid, pick);
    }
    const i = nearestToRay(ray.origin, ray.direction, scene.graph.positions, scene.graph.count);
    return i < 0 ? null : scene.ids[i];
  }

  /** Shows g, h, f of the reached node under the pointer (of the run shown). */
  private hover(): void {
    const lab = this.feature.lab;
    const scene = lab.loaded;
    const s = lab.settings;
    const key = s.compare && s.compareView !== 'side by side' && s.shown === 'B' ? 'B' : 'A';
    const run = lab.runs[key === 'A' ? 0 : 1];
    const visited = run.visited;
    if (
      scene === null ||
      this.drag !== null ||
      run.state.phase === 'idle' ||
      visited.count === 0 ||
      lab.goal === null ||
      run.view === null ||
      !s.layers.visited
    ) {
      this.readout.hidden = true;
      return;
    }
    const ray = this.setRay({ clientX: this.last.x, clientY: this.last.y }).ray;
    const i = nearestToRay(ray.origin, ray.direction, visited.positions, visited.count);
    // Within the drawn node's size of the ray.
    if (i >= 0) {
      const dx = visited.positions[3 * i] - ray.origin.x,
        dy = visited.positions[3 * i + 1] - ray.origin.y,
        dz = visited.positions[3 * i + 2] - ray.origin.z;
      const along = dx * ray.direction.x + dy * ray.direction.y + dz * ray.direction.z;
      const off = Math.sqrt(Math.max(0, dx * dx + dy * dy + dz * dz - along * along));
      if (off > 0.75 * run.view.options.nodeSize) {
        this.readout.hidden = true;
        return;
      }
    }
    const info =
      s.graph !== 'octree'
        ? nodeInfo(scene, s.graph, run.config, lab.goal, visited, i)
        : lab.octree.ready(scene.grid)
          ? octreeNodeInfo(lab.octree.spaceOf(scene.grid!), run.ctx, run.config, visited, i)
          : null;
    if (info === null) {
      this.readout.hidden = true;
      return;
    }
    const w = run.config.weight;
    this.readout.textContent = `${key} · ${info.closed ? 'closed' : 'open'} · g ${num(info.g)} · h ${num(info.h)} · f ${num(info.f)}${w !== 1 ? ` (= g + ${w}·h)` : ''}`;
    this.readout.hidden = false;
    placeTipElement(this.readout, this.last.x, this.last.y);
  }
}
