/**
 * Every length the app chooses by itself, from the level's own scale: its extent (the longest
 * side of its bounds) and its cell size (the voxel layer's, else extent / 128, the import's
 * default). A level two units across and one two thousand across look and behave alike:
 * agents, waypoint spheres, markers, brushes and the camera's speed and clip planes follow.
 */

import { levelAgentRadius, levelAgentSpeed, levelCellSize } from '../../../core/levelScale.ts';

/** The bounds and the few lengths of a scene document that scale reads. */
export interface ScaleSource {
  bounds: { min: readonly number[]; max: readonly number[] };
  voxels?: { cellSize: number } | null;
  agentRadius?: number;
}

/** The app's default lengths for one level (world units; speeds per second). */
export interface LevelScale {
  /** Longest side of the bounds. */
  extent: number;
  /** Half the diagonal of the bounds. */
  radius: number;
  /** The voxel layer's cell size, else navlab's levelCellSize (extent / 128, the import's default). */
  cell: number;
  /** The document's agent radius when it has one (> 0), else navlab's levelAgentRadius (0.4 cells, within [extent / 1000, extent / 40]). */
  agentRadius: number;
  /** The agent radius slider's range. */
  agentRadiusRange: [number, number];
  /** Agent speed: a tenth of the extent a second (ten seconds across). */
  agentSpeed: number;
  /** Agents are drawn at least this big (readable at the framed zoom): 1% of the diagonal. */
  agentMinDrawRadius: number;
  /** Waypoint sphere radius: 0.6% of the half diagonal or 0.22 cells, within [0.2%, 2%] of it. */
  waypointRadius: number;
  /** Obstacle size for the editor's obstacle tool (and its slider's range). */
  obstacleSize: number;
  obstacleSizeRange: [number, number];
  /** Camera speed in fly mode: a third of the half diagonal a second (and the wheel's range). */
  flySpeed: number;
  flySpeedRange: [number, number];
}

/** The lengths of `doc`'s level (see LevelScale). */
export function levelScale(doc: ScaleSource): LevelScale {
  const { min, max } = doc.bounds;
  const sides = [0, 1, 2].map((k) => Math.max(0, max[k] - min[k]));
  const extent = Math.max(1e-6, ...sides);
  const radius = Math.max(1e-6, Math.hypot(sides[0], sides[1], sides[2]) / 2);
  const cellSize = doc.voxels?.cellSize;
  const cell = cellSize !== undefined && cellSize > 0 ? cellSize : levelCellSize(extent);
  const own = doc.agentRadius ?? 0;
  const agentRadius = own > 0 ? own : levelAgentRadius(extent, cell);
  return {
    extent,
    radius,
    cell,
    agentRadius,
    agentRadiusRange: [Math.min(agentRadius, extent / 1000), Math.max(agentRadius, extent / 10)],
    agentSpeed: levelAgentSpeed(extent),
    agentMinDrawRadius: 0.01 * radius,
    waypointRadius: clamp(Math.max(radius * 0.006, cell * 0.22), radius * 0.002, radius * 0.02),
    obstacleSize: extent / 20,
    obstacleSizeRange: [extent / 200, extent / 2],
    flySpeed: radius / 3,
    flySpeedRange: [radius / 300, radius * 10],
  };
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));
