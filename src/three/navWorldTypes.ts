/**
 * The shapes NavWorld's methods take and return: findPath's options and result, the parts
 * `fromScene` is given and what `update` reports (re-exported by NavWorld.ts and navlab/three).
 */
import type { Vector3 } from 'three';
import type { Aabb, VisibilityGraph } from '../core/graph/visibility.ts';
import type { WaypointGraph } from '../core/graph/WaypointGraph.ts';
import type { GridSearchSettings } from '../core/grid/GridSpace.ts';
import type { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import type { QueryGraph } from '../core/query/graphChoice.ts';
import type { Algorithm } from '../core/search/algorithms.ts';
import type { SearchOptions } from '../core/search/options.ts';
import type { SearchStatus } from '../core/search/result.ts';
import type { MeshWorld } from './MeshWorld.ts';

/** Options of `NavWorld.findPath`: the graph, the algorithm and the search settings (a query's options) and smoothing. */
export interface NavPathOptions extends Partial<SearchOptions>, GridSearchSettings {
  /** 'grid' (the voxel grid) or 'waypoints' (the waypoint graph). @default 'grid' */
  graph?: QueryGraph;
  /**
   * Grid algorithm; the waypoint graph uses 'astar' (and ignores the search settings).
   * @default the fastest the settings allow: 'jps' with 26 neighbours, corner cutting 'forbid'
   * and no terrain costs (the same optimal costs as 'astar'), else 'astar'
   */
  algorithm?: Algorithm;
  /** String-pull the path with the agent's line of sight. @default true */
  smooth?: boolean;
}

/**
 * A path between two world points (`NavWorld.findPath`): world-space corners. A query between
 * voxels or waypoints reports a PathReport instead (`NavWorld.query`, `runQuery`).
 */
export interface NavPath {
  /** 'found', or why not (the path then ends at the reachable point nearest the goal). */
  status: SearchStatus;
  /** Corners from the start to the end of the path, world units. */
  points: Vector3[];
  /** Length of the polyline `points`. */
  length: number;
  /** The search's cost (world units; with terrain, weighted) of the path before smoothing. */
  cost: number;
  /** Nodes the grid search expanded (JPS: jump points; absent on the waypoint graph). */
  expanded?: number;
}

/**
 * The parts of a scene `NavWorld.fromScene` navigates over (kept by reference: edits of the
 * grid in place are seen by the next search).
 */
export interface NavSceneParts {
  /** The voxel grid searches run on, or null (waypoints only). */
  grid: VoxelGrid | null;
  /** The waypoint graph: a fixed WaypointGraph, or a VisibilityGraph kept up to date by its owner. @default none */
  graph?: WaypointGraph | VisibilityGraph | null;
  /** Waypoint ids in graph order (one per waypoint). @default '0', '1', ... */
  ids?: readonly string[];
  /** `ids` by id (id -> its position in `ids`), when the scene has it already. @default built from `ids` */
  index?: ReadonlyMap<string, number>;
  /** The static world with its BVH: line of sight for world-space paths, simulations. @default null */
  world?: MeshWorld | null;
  /** Agent radius of the line of sight (finite, >= 0). @default 0 */
  agentRadius?: number;
}

/** What `NavWorld.update` changed. */
export interface NavUpdate {
  /** The world box that changed (old and new place of the object's meshes), or null when nothing moved. */
  box: Aabb | null;
  /** Grid voxels that changed between free and blocked. */
  voxels: number;
  /** Waypoint pairs re-tested. */
  links: number;
}
