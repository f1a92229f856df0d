import {
  BufferAttribute,
  BufferGeometry,
  Color,
  IcosahedronGeometry,
  InstancedMesh,
  LineBasicMaterial,
  LineSegments,
  Matrix4,
  MeshStandardMaterial,
  Object3D,
  Raycaster,
} from 'three';
import { checkFields, checkInstance, checkInteger, checkNumber, checkOptions, usageError } from '../core/args.ts';
import { emptyBox, growBox } from '../core/geometry/boxes.ts';
import type { WaypointGraph } from '../core/graph/WaypointGraph.ts';

/** Options of a WaypointGraphHelper. */
export interface WaypointGraphHelperOptions {
  /**
   * Sphere radius, world units (finite, > 0). @default the graph's own scale: 0.6% of half the
   * diagonal of the waypoints' bounding box (0.1 when they span no box: fewer than two, or all at one point)
   */
  radius?: number;
  /**
   * At most this many links are drawn (the first ones, by waypoint index), which bounds the
   * line buffer at 24 bytes per link. @default 200000 (4.8 MB)
   */
  maxLinks?: number;
  /** @default 0xdbe4ee */
  color?: number;
  /** Colour of a highlighted waypoint. @default 0xfde047 */
  highlightColor?: number;
  /** @default 0x7dd3fc */
  linkColor?: number;
  /** @default 0.13 */
  linkOpacity?: number;
}

const _m = new Matrix4();
const _c = new Color();

/**
 * A waypoint graph as a three.js helper: the waypoints as one InstancedMesh of spheres and
 * the links as one LineSegments (up to `maxLinks`). Memory is bounded: 50,000 waypoints take
 * one instance buffer of 50,000 matrices; links past the cap are not drawn. One waypoint can
 * be highlighted and `pick` finds the waypoint under a raycaster. Call `dispose()` when done.
 */
export class WaypointGraphHelper extends Object3D {
  /** The waypoints: one sphere instance per waypoint, in graph order. */
  declare readonly spheres: InstancedMesh;
  /** The links, one segment each (at most `maxLinks`). */
  declare readonly links: LineSegments;
  /** Radius of the waypoint spheres, world units. */
  declare readonly radius: number;
  /** Links drawn (at most `maxLinks`) and links in the graph. */
  declare readonly linksDrawn: number;
  /** Links in the graph (drawn or not). */
  declare readonly linkCount: number;
  readonly #color: number;
  readonly #highlightColor: number;
  #highlighted = -1;

  /**
   * Draws `graph` (a WaypointGraph, checked by its fields) with the options (sphere radius, colours, link cap); bad values
   * throw a NavlabError (usage) naming them.
   */
  constructor(graph: WaypointGraph, options: WaypointGraphHelperOptions = {}) {
    super();
    this.name = 'waypoints';
    // By its fields: a drawing helper does not pull in the graph's module for an instanceof.
    checkFields(
      'WaypointGraphHelper: graph',
      graph,
      { count: 'number', positions: 'array', offsets: 'array', targets: 'array', linkCount: 'number' },
      'a WaypointGraph',
    );
    options = checkOptions<WaypointGraphHelperOptions>('WaypointGraphHelper: options', options);
    for (const key of ['color', 'highlightColor', 'linkColor'] as const)
      if (options[key] !== undefined) checkNumber(key, options[key], 0, false, true);
    if (options.linkOpacity !== undefined) checkNumber('linkOpacity', options.linkOpacity, 0);
    const radius = options.radius ?? defaultRadius(graph.positions, graph.count);
    checkNumber('radius', radius, 0, true);
    const maxLinks = options.maxLinks ?? 200_000;
    if (typeof maxLinks !== 'number' || !(maxLinks >= 0)) throw usageError('maxLinks', 'a number >= 0', maxLinks);
    this.radius = radius;
    this.#color = options.color ?? 0xdbe4ee;
    this.#highlightColor = options.highlightColor ?? 0xfde047;
    const n = graph.count;
    const p = graph.positions;
    const material = new MeshStandardMaterial({ color: 0xffffff, emissive: 0x334155, roughness: 0.4 });
    this.spheres = new InstancedMesh(new IcosahedronGeometry(1, 2), material, Math.max(1, n));
    this.spheres.count = n;
    _c.set(this.#color);
    for (let i = 0; i < n; i++) {
      _m.makeScale(radius, radius, radius).setPosition(p[3 * i], p[3 * i + 1], p[3 * i + 2]);
      this.spheres.setMatrixAt(i, _m);
      this.spheres.setColorAt(i, _c);
    }
    this.spheres.computeBoundingSphere();
    this.add(this.spheres);

    // Each undirected link once (i < j), straight from the CSR arrays: no pair objects.
    this.linkCount = graph.linkCount;
    const drawn = Math.min(this.linkCount, Math.floor(maxLinks));
    const pos = new Float32Array(6 * drawn);
    let k = 0;
    for (let i = 0; i < n && k < drawn; i++) {
      for (let e = graph.offsets[i]; e < graph.offsets[i + 1] && k < drawn; e++) {
        const j = graph.targets[e];
        if (j <= i) continue;
        for (let a = 0; a < 3; a++) {
          pos[6 * k + a] = p[3 * i + a];
          pos[6 * k + 3 + a] = p[3 * j + a];
        }
        k++;
      }
    }
    this.linksDrawn = k;
    const lg = new BufferGeometry();
    lg.setAttribute('position', new BufferAttribute(pos, 3));
    const linkMaterial = new LineBasicMaterial({
      color: options.linkColor ?? 0x7dd3fc,
      transparent: true,
      opacity: options.linkOpacity ?? 0.13,
      depthWrite: false,
    });
    this.links = new LineSegments(lg, linkMaterial);
    this.links.name = 'links';
    this.add(this.links);
  }

  /** Highlights waypoint i (-1: none). */
  setHighlighted(i: number): void {
    checkInteger('WaypointGraphHelper.setHighlighted: i', i, -1, this.spheres.count - 1);
    if (i === this.#highlighted) return;
    if (this.#highlighted >= 0) this.spheres.setColorAt(this.#highlighted, _c.set(this.#color));
    if (i >= 0) this.spheres.setColorAt(i, _c.set(this.#highlightColor));
    this.#highlighted = i;
    if (this.spheres.instanceColor) this.spheres.instanceColor.needsUpdate = true;
  }

  /** The visible waypoint nearest along the raycaster's ray, or null. */
  pick(raycaster: Raycaster): { index: number; distance: number } | null {
    checkInstance('WaypointGraphHelper.pick: raycaster', raycaster, Raycaster);
    if (!this.spheres.visible) return null;
    const hit = raycaster.intersectObject(this.spheres, false)[0];
    return hit?.instanceId === undefined ? null : { index: hit.instanceId, distance: hit.distance };
  }

  /** Frees the geometries, materials and instance buffers, and leaves the parent. */
  dispose(): void {
    this.spheres.geometry.dispose();
    (this.spheres.material as MeshStandardMaterial).dispose();
    this.spheres.dispose();
    this.links.geometry.dispose();
    (this.links.material as LineBasicMaterial).dispose();
    this.removeFromParent();
  }
}

/** 0.6% of half the diagonal of the first `n` points' bounding box; 0.1 when it is a point. */
function defaultRadius(p: ArrayLike<number>, n: number): number {
  const b = emptyBox();
  for (let i = 0; i < n; i++) growBox(b, p[3 * i], p[3 * i + 1], p[3 * i + 2]);
  const { min, max } = b;
  const half = n > 0 ? Math.hypot(max.x - min.x, max.y - min.y, max.z - min.z) / 2 : 0;
  return half > 0 && Number.isFinite(half) ? 0.006 * half : 0.1;
}
