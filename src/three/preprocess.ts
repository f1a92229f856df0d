import { now } from '../core/clock.ts';
import type { WaypointGraph } from '../core/graph/WaypointGraph.ts';
import { VisibilityGraph } from '../core/graph/visibility.ts';
import { waypointPositions, type SceneDocument } from '../scene/index.ts';
import type { CollisionWorld } from './CollisionWorld.ts';
import { ObstacleWorld, type ObstacleWorldOptions } from './ObstacleWorld.ts';
import { sceneCollisionWorld } from './sceneWorld.ts';
import { checkBoolean, checkLimit, checkNumber, checkOptions } from '../core/args.ts';
import { checkSceneDocument } from '../scene/documentShape.ts';

/** Options of `preprocessScene`. */
export interface PreprocessOptions {
  /** Agent radius for the capsule test. @default the document's agentRadius, else 0 */
  agentRadius?: number;
  /** @default the document's maxLinkDistance, else unlimited */
  maxLinkDistance?: number;
  /** Options of the obstacle world (materials, BVH build). */
  world?: ObstacleWorldOptions;
  /**
   * Build the world drawn (an ObstacleWorld: group, materials, voxel chunks), or, with false, a
   * CollisionWorld (no materials: for Node, workers and the CLI; its materials options are not used). @default true
   */
  drawn?: boolean;
  /**
   * Build the BVH only when a link test needs it (never for a scene without waypoints, such
   * as a Moving AI map: the app searches those on the grid). @default false (built eagerly,
   * and counted in worldMs)
   */
  lazyTree?: boolean;
}

/** A preprocessed scene: its world (W: drawn or not), the waypoint visibility graph and the figures of the build. */
export interface PreprocessResult<W extends CollisionWorld = ObstacleWorld> {
  /** The scene's static world (an ObstacleWorld when drawn, else a CollisionWorld). */
  world: W;
  /** The incremental visibility structure: edit it, then read `graph()` again. */
  visibility: VisibilityGraph;
  /** The waypoint graph, waypoints in document order. */
  graph: WaypointGraph;
  /** Agent radius the links were tested with (world units). */
  agentRadius: number;
  /** Longest link considered (world units; Infinity: no limit). */
  maxLinkDistance: number;
  /** Building the world and its BVH. */
  worldMs: number;
  /** Testing the waypoint pairs and building the graph. */
  linkMs: number;
  /** worldMs + linkMs. */
  buildMs: number;
  /** Segment (or capsule) tests run for the links. */
  segmentTests: number;
}

/**
 * Waypoint visibility of a scene: builds the static obstacle world (voxel layer and
 * primitives; moving obstacles never block) and links every pair of waypoints within
 * maxLinkDistance whose segment, swept by the agent radius, touches no static geometry.
 */
export function preprocessScene<Drawn extends boolean = true>(
  doc: SceneDocument,
  options: PreprocessOptions & { drawn?: Drawn } = {},
): PreprocessResult<Drawn extends false ? CollisionWorld : ObstacleWorld> {
  checkSceneDocument('preprocessScene: doc', doc);
  checkOptions('preprocessScene: options', options);
  if (options.lazyTree !== undefined) checkBoolean('lazyTree', options.lazyTree);
  if (options.drawn !== undefined) checkBoolean('drawn', options.drawn);
  const agentRadius = checkNumber('agentRadius', options.agentRadius ?? doc.agentRadius ?? 0, 0);
  const t0 = now();
  // The world `Drawn` names: a CollisionWorld for drawn: false, else an ObstacleWorld.
  const world = (
    options.drawn === false ? sceneCollisionWorld(doc, options.world) : ObstacleWorld.fromScene(doc, options.world)
  ) as Drawn extends false ? CollisionWorld : ObstacleWorld;
  if (options.lazyTree !== true) world.rebuild();
  const t1 = now();
  const maxLinkDistance = checkLimit('maxLinkDistance', options.maxLinkDistance ?? doc.maxLinkDistance ?? Infinity);
  const visibility = new VisibilityGraph(world.lineOfSight(agentRadius), { maxLinkDistance });
  visibility.setAll(waypointPositions(doc));
  const graph = visibility.graph();
  const t2 = now();
  return {
    world,
    visibility,
    graph,
    agentRadius,
    maxLinkDistance,
    worldMs: t1 - t0,
    linkMs: t2 - t1,
    buildMs: t2 - t0,
    segmentTests: visibility.segmentTests,
  };
}
