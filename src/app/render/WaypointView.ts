import type { WaypointGraph } from '../../core/graph/WaypointGraph.ts';
import { WaypointGraphHelper } from '../../three/WaypointGraphHelper.ts';
import { PALETTE } from './palette.ts';

/**
 * The app's waypoints: a WaypointGraphHelper in the app's palette; `radius` is chosen by the
 * app from the scene's size. The hovered waypoint is highlighted.
 */
export class WaypointView extends WaypointGraphHelper {
  constructor(graph: WaypointGraph, radius: number) {
    super(graph, { radius, color: PALETTE.waypoint, highlightColor: PALETTE.waypointHover, linkColor: PALETTE.link });
  }

  /** Highlights waypoint i (-1: none). */
  setHovered(i: number): void {
    this.setHighlighted(i);
  }
}
