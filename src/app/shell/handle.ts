import type { CornerCutting } from '../../core/grid/VoxelGrid.ts';
import type { Algorithm } from '../../core/search/algorithms.ts';
import type { HeuristicName, Neighborhood } from '../../core/search/heuristics.ts';
import type { TieBreak } from '../../core/search/options.ts';
import type { PathReport } from '../../core/query/report.ts';
import type { SceneDocument } from '../../scene/schema.ts';

/** Options of `navlab.query`: the `nav path` flags, with from/to as waypoint ids or voxel indices. */
export interface NavlabQueryOptions {
  /** 'grid' (voxel indices) or 'waypoints' (waypoint ids). @default 'waypoints' when `from` is a string, else 'grid' */
  graph?: 'grid' | 'waypoints';
  /** Waypoint id (graph 'waypoints') or voxel indices [x, y, z] (graph 'grid'). */
  from: string | [number, number, number];
  to: string | [number, number, number];
  /** 'jps' and 'lazy-theta' run on the grid only (ARCHITECTURE.md, CLI contract). @default 'astar' */
  algorithm?: Algorithm;
  /** @default 26 */
  neighborhood?: Neighborhood;
  /** @default 'forbid' */
  cornerCutting?: CornerCutting;
  /** @default 'exact' */
  heuristic?: HeuristicName;
  /** @default 1 */
  weight?: number;
  /** @default 'low-h' */
  tieBreak?: TieBreak;
  /** @default unlimited */
  maxExpansions?: number;
}

/**
 * The page's automation handle, `window.navlab`. It exists once the first scene has loaded
 * and been preprocessed.
 */
export interface NavlabHandle {
  /** navlab's version (package.json). */
  readonly version: string;
  /** The names the scene picker offers (scenes/index.json order, then loaded files). */
  scenes(): string[];
  /**
   * Loads a scene by picker name (or file name / stem, e.g. 'maze') or from a document
   * (object or JSON text). Resolves when it is loaded, preprocessed and shown. Rejects with a
   * readable Error on a bad document or an unknown name; the current scene stays as it was.
   * A name acts as choosing it in the picker: a scene the user edited comes back with its
   * edits and undo history. A newer load (or the Cancel button) cancels a pending one, which
   * then rejects with an Error named 'AbortError'.
   */
  loadScene(nameOrDocument: string | object): Promise<void>;
  /** A copy of the current (edited) scene document. */
  document(): SceneDocument;
  /**
   * One search on the current scene, run in a worker through a NavWorld over the scene
   * (`NavWorld.query`, what `nav path --json` runs too); resolves to exactly that JSON shape
   * (`ids` on the waypoint graph).
   * Rejects with a readable Error on a blocked, unknown or out-of-range endpoint or a bad option.
   */
  query(options: NavlabQueryOptions): Promise<PathReport>;
  /** Activates an interaction tool ('select', and the editor's tools once they exist). */
  setTool(name: string): void;
  /** Undoes the last edit (nothing to undo until the editor records edits). */
  undo(): void;
  /** Redoes the last undone edit. */
  redo(): void;
}

declare global {
  interface Window {
    navlab?: NavlabHandle;
  }
}
