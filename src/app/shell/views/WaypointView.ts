import { Matrix4, Sphere } from 'three';
import type { WaypointGraph } from '../../../core/graph/WaypointGraph.ts';
import { WaypointGraphHelper } from '../../../helpers/WaypointGraphHelper.ts';
import { LinkSegments } from './LinkSegments.ts';
import { PALETTE } from '../stage/palette.ts';

/** Links drawn at most (the helper's cap; a graph with more is drawn anew on every edit). */
const MAX_LINKS = 200_000;

const _m = new Matrix4();
const _s = new Sphere();

/**
 * The app's waypoints: a WaypointGraphHelper in the app's palette; `radius` is chosen by the
 * app from the scene's size. The hovered waypoint is highlighted. A waypoint being dragged is
 * moved in place (moveWaypoint): its sphere and the links that changed, nothing else.
 */
export class WaypointView extends WaypointGraphHelper {
  /** The links as an editable pool, made on the first in-place move. */
  private pool: LinkSegments | null = null;

  constructor(
    private readonly graph: WaypointGraph,
    radius: number,
  ) {
    super(graph, { radius, color: PALETTE.waypoint, highlightColor: PALETTE.waypointHover, linkColor: PALETTE.link, maxLinks: MAX_LINKS });
  }

  /** Highlights waypoint i (-1: none). */
  setHovered(i: number): void {
    this.setHighlighted(i);
  }

  /**
   * Draws waypoint i at (x, y, z) and the links of the waypoints `changed` as `linksOf` gives
   * them now (VisibilityGraph.takeLinkChanges and linksOf since the drawing last matched):
   * buffers are rewritten in place, no geometry is made per call. False when the view cannot
   * (links past its cap): draw the graph anew then.
   */
  moveWaypoint(i: number, x: number, y: number, z: number, changed: readonly number[], linksOf: (i: number) => readonly number[]): boolean {
    if (i < 0 || i >= this.graph.count || !this.editable() || !this.pool!.update(i, x, y, z, changed, linksOf)) return false;
    const spheres = this.spheres;
    spheres.setMatrixAt(i, _m.makeScale(this.radius, this.radius, this.radius).setPosition(x, y, z));
    spheres.instanceMatrix.addUpdateRange(16 * i, 16);
    spheres.instanceMatrix.needsUpdate = true;
    // Picking and culling test the bounds first: they must hold the moved sphere.
    _s.center.set(x, y, z);
    _s.radius = this.radius;
    spheres.boundingSphere?.union(_s);
    return true;
  }

  /**
   * Makes the links an editable pool (moveWaypoint makes it on first use: call this before, to
   * take its cost out of the first move). False when the links pass the drawing's cap.
   */
  editable(): boolean {
    if (this.linkCount > this.linksDrawn) return false;
    this.pool ??= new LinkSegments(this.links, this.graph, MAX_LINKS);
    return true;
  }

  /** Segments rewritten by in-place moves so far (a work counter). */
  get linkWrites(): number {
    return this.pool?.written ?? 0;
  }
}
