import type { SceneObstacle } from '../../../scene/schema.ts';

/** The editing tools, in key order (keys 1..7). */
export const TOOL_NAMES = ['select', 'waypoint', 'voxel', 'erase', 'terrain', 'obstacle', 'agent'] as const;

/** The editor's panel settings. */
export interface EditSettings {
  tool: string;
  /** Edge of the cube of voxels one click paints, erases or covers with terrain. */
  brush: number;
  terrain: string;
  /** Where a waypoint goes when the click meets no surface: the placement plane or a depth. */
  place: 'plane' | 'depth';
  planeHeight: number;
  /** Distance from the camera along the click ray, for `place: 'depth'`. */
  depth: number;
  shape: SceneObstacle['shape'];
  size: number;
  /** The agent the agent tool edits (a new one when empty or unknown). */
  agent: string;
  /** Scene-sized geometry (a ground slab) can be selected, moved and deleted. */
  unlockLarge: boolean;
  /** "Place random waypoints": how many, and the seed they are drawn with. */
  randomCount: number;
  randomSeed: number;
}
