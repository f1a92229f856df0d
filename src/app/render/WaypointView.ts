import {
  BufferAttribute, BufferGeometry, Color, IcosahedronGeometry, InstancedMesh, LineBasicMaterial, LineSegments, Matrix4,
  MeshStandardMaterial, Object3D, type Raycaster,
} from 'three';
import type { WaypointGraph } from '../../core/graph/WaypointGraph.ts';
import { PALETTE } from './palette.ts';

const _m = new Matrix4();
const _c = new Color();

/**
 * Waypoints as instanced spheres and their visibility links as one LineSegments. One sphere
 * can be highlighted (hover); `radius` is chosen by the app from the scene's size.
 */
export class WaypointView extends Object3D {
  readonly spheres: InstancedMesh;
  readonly links: LineSegments;
  readonly radius: number;
  private hovered = -1;

  constructor(graph: WaypointGraph, radius: number) {
    super();
    this.name = 'waypoints';
    this.radius = radius;
    const n = graph.count;
    const p = graph.positions;
    const geometry = new IcosahedronGeometry(1, 2);
    const material = new MeshStandardMaterial({ color: 0xffffff, emissive: 0x334155, roughness: 0.4 });
    this.spheres = new InstancedMesh(geometry, material, Math.max(1, n));
    this.spheres.count = n;
    for (let i = 0; i < n; i++) {
      _m.makeScale(radius, radius, radius).setPosition(p[3 * i], p[3 * i + 1], p[3 * i + 2]);
      this.spheres.setMatrixAt(i, _m);
      this.spheres.setColorAt(i, _c.set(PALETTE.waypoint));
    }
    this.spheres.computeBoundingSphere();
    this.add(this.spheres);

    const pairs = graph.pairs();
    const pos = new Float32Array(6 * pairs.length);
    pairs.forEach(([i, j], k) => {
      pos.set([p[3 * i], p[3 * i + 1], p[3 * i + 2], p[3 * j], p[3 * j + 1], p[3 * j + 2]], 6 * k);
    });
    const lg = new BufferGeometry();
    lg.setAttribute('position', new BufferAttribute(pos, 3));
    this.links = new LineSegments(lg, new LineBasicMaterial({ color: PALETTE.link, transparent: true, opacity: 0.13, depthWrite: false }));
    this.links.name = 'links';
    this.add(this.links);
  }

  /** Highlights waypoint i (-1: none). */
  setHovered(i: number): void {
    if (i === this.hovered) return;
    if (this.hovered >= 0) this.spheres.setColorAt(this.hovered, _c.set(PALETTE.waypoint));
    if (i >= 0) this.spheres.setColorAt(i, _c.set(PALETTE.waypointHover));
    this.hovered = i;
    if (this.spheres.instanceColor) this.spheres.instanceColor.needsUpdate = true;
  }

  /** The visible waypoint nearest along the raycaster's ray, or null. */
  pick(raycaster: Raycaster): { index: number; distance: number } | null {
    if (!this.spheres.visible) return null;
    const hit = raycaster.intersectObject(this.spheres, false)[0];
    return hit?.instanceId === undefined ? null : { index: hit.instanceId, distance: hit.distance };
  }

  dispose(): void {
    this.spheres.geometry.dispose();
    (this.spheres.material as MeshStandardMaterial).dispose();
    this.spheres.dispose();
    this.links.geometry.dispose();
    (this.links.material as LineBasicMaterial).dispose();
    this.removeFromParent();
  }
}
