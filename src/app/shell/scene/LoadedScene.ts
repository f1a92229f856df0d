import type { WaypointGraph } from '../../../core/graph/WaypointGraph.ts';
import type { VoxelGrid } from '../../../core/grid/VoxelGrid.ts';
import type { SceneDocument } from '../../../scene/schema.ts';
import type { SearchableScene } from '../../../core/query/target.ts';
import { gridData, searchableScene } from '../workers/sceneQuery.ts';
import type { LoadedMeshes } from '../../../scene-three/sceneMeshes.ts';
import { NavWorld } from '../../../three/NavWorld.ts';
import type { PreprocessReply, SceneData } from '../workers/protocol.ts';

/**
 * A scene as the app holds it after preprocessing: the document, the voxel grid and the
 * waypoint graph, the NavWorld over them that the app searches through (main thread), and
 * what the workers need to search it. `revision` identifies this state to the workers; an
 * edit makes a new revision (and a new NavWorld over the edited parts).
 */
export class LoadedScene implements SearchableScene {
  readonly revision: number;
  readonly doc: SceneDocument;
  readonly grid: VoxelGrid | null;
  readonly graph: WaypointGraph;
  readonly ids: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  /** The voxel surface as the worker sent it (an edited scene draws its own: null). */
  readonly chunks: PreprocessReply['chunks'];
  readonly info: Omit<PreprocessReply, 'doc' | 'scene' | 'chunks'>;
  /** Wall time from the request to the worker's answer. */
  readonly loadMs: number;
  /** The meshes the document lists, loaded (objects to draw, triangles), by mesh id. */
  readonly meshes: LoadedMeshes;
  /** The app's navigation object: queries, watched searches and endpoint helpers over this scene's grid and graph (shared, not copied). */
  readonly nav: NavWorld;

  /**
   * @param reply.scene the scene's data as a worker transferred it (its grid arrays are taken
   *   over, not copied: 89 MB for the biggest maps), or an edit's searchable state (kept by
   *   reference: the editor's grid is edited in place and shown as it is)
   */
  constructor(
    revision: number,
    reply: Omit<PreprocessReply, 'scene'> & { scene: SceneData | SearchableScene },
    loadMs: number,
    meshes: LoadedMeshes = new Map(),
  ) {
    const { doc, scene, chunks, ...info } = reply;
    const s = 'graph' in scene ? scene : searchableScene(scene, true);
    this.revision = revision;
    this.doc = doc;
    this.grid = s.grid;
    this.graph = s.graph;
    this.chunks = chunks;
    this.info = info;
    this.loadMs = loadMs;
    this.meshes = meshes;
    this.nav = NavWorld.fromScene({ grid: s.grid, graph: s.graph, ids: s.ids, index: s.index, agentRadius: info.agentRadius });
    this.ids = this.nav.ids;
    this.index = this.nav.index;
  }

  /** The data a worker needs to answer queries on this revision (copies). */
  sceneData(): SceneData {
    const pairs = new Int32Array(2 * this.graph.linkCount);
    this.graph.pairs().forEach(([i, j], k) => pairs.set([i, j], 2 * k));
    return { grid: this.grid === null ? null : gridData(this.grid), positions: this.graph.positions.slice(), pairs, ids: this.ids.slice() };
  }

  /** Half the diagonal of the scene bounds. */
  get radius(): number {
    const { min, max } = this.doc.bounds;
    return Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) / 2;
  }
}
