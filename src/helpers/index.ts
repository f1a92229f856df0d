/**
 * navlab's debug drawing for three.js: Object3D helpers, like three's own, that draw a waypoint
 * graph, a search (visited nodes, open set, path, jumps and sight checks) and steering agents
 * with their forces, and the functions that collect what they draw from a run. Kept apart from
 * `navlab/three` because drawing navigation is a concern of its own: an app that navigates
 * with NavWorld does not need it.
 */
export { WaypointGraphHelper, type WaypointGraphHelperOptions } from './WaypointGraphHelper.ts';
export { SearchHelper, SEARCH_COLORS, type SearchHelperOptions, type SearchColors } from './SearchHelper.ts';
export { collectVisited, emptyVisited, gridPositions, MAX_DRAWN_NODES, type VisitedNodes } from '../core/debug/visitedNodes.ts';
export { AgentsHelper, AGENTS_COLORS, type AgentsState, type AgentsColors } from './AgentsHelper.ts';
export {
  collectAnyAngleLinks,
  collectParentLinks,
  emptySegments,
  clearSegments,
  pushSegment,
  SightLog,
  SegmentKind,
  MAX_SEGMENTS,
  type SearchSegments,
} from '../core/debug/searchSegments.ts';
