import type { Endpoint } from './workers/protocol.ts';

/**
 * What the shell and the other features may ask of the search a feature runs (main.ts plugs
 * it in as `Shell.search`): its graph, its start and goal, and how it splits the view. The
 * shell owns this interface so that no feature imports the search feature.
 */
export interface SearchPort {
  /** The graph searched: in scenes with both, the shell shows the voxels for 'grid' and the obstacles for 'waypoints'. */
  readonly graph: 'grid' | 'waypoints';
  readonly start: Endpoint | null;
  readonly goal: Endpoint | null;
  /** Sets the start or goal (a waypoint id or voxel indices) and refreshes markers and panels. */
  setEndpoint(which: 'start' | 'goal', value: Endpoint | null): void;
  /** Whether the canvas shows two runs side by side (clicks and framing then use one half). */
  sideBySide(): boolean;
}

/** The port of a shell without a search: waypoints, no endpoints, one view. */
export const NO_SEARCH: SearchPort = {
  graph: 'waypoints',
  start: null,
  goal: null,
  setEndpoint: () => {},
  sideBySide: () => false,
};
