import { now } from '../../../core/clock.ts';
import { movingAiScene, waypointPositions } from '../../../scene/build.ts';
import { parseScene } from '../../../scene/validate.ts';
import { preprocessScene } from '../../../three/preprocess.ts';
import type { LoadedMeshes } from '../../../scene-three/sceneMeshes.ts';
import { gridData } from './sceneQuery.ts';
import type { PreprocessReply, SceneData, SceneSource } from './protocol.ts';

/**
 * Reads and preprocesses a scene for the app, as `nav preprocess` does (document agent radius
 * and maxLinkDistance, static obstacles only): the validated document, the grid and waypoint
 * graph as plain arrays, and the voxel surface in chunks (quads) to draw. `meshes`: the
 * triangles of the meshes the document lists, by id. Throws SceneError (or ParseError for a
 * Moving AI map) on a bad source. `transfer` lists the buffers to transfer.
 */
export function preprocessForApp(src: SceneSource, meshes?: LoadedMeshes): { value: PreprocessReply; transfer: ArrayBuffer[] } {
  const t0 = now();
  // A Moving AI map keeps the grid it was parsed into (no second build from its boxes).
  const map = src.kind === '3dmap' ? movingAiScene(src.text, src.fileName) : null;
  const doc = parseScene(src.kind === '3dmap' ? map!.doc : src.kind === 'json' ? src.text : src.value);
  const t1 = now();
  // The tree is built only if links need it: a map without waypoints is searched on its grid.
  const r = preprocessScene(doc, { world: { drawVoxels: false, grid: map?.grid, sceneMeshes: meshes }, lazyTree: true });
  const grid = r.world.grid;
  const scene: SceneData = {
    grid: grid === null ? null : gridData(grid),
    positions: waypointPositions(doc),
    pairs: Int32Array.from(r.graph.pairs().flat()),
    ids: doc.waypoints.map((w) => w.id),
  };
  const chunks = r.world.voxelChunks?.data() ?? null;
  const value: PreprocessReply = {
    doc,
    scene,
    chunks,
    agentRadius: r.agentRadius,
    maxLinkDistance: r.maxLinkDistance,
    parseMs: t1 - t0,
    worldMs: r.worldMs,
    linkMs: r.linkMs,
    segmentTests: r.segmentTests,
    triangles: r.world.triangleCount,
  };
  r.world.dispose();
  const transfer: ArrayBuffer[] = [scene.positions.buffer, scene.pairs.buffer] as ArrayBuffer[];
  if (scene.grid !== null) {
    transfer.push(scene.grid.occupancy.buffer as ArrayBuffer);
    if (scene.grid.terrain !== null) transfer.push(scene.grid.terrain.buffer as ArrayBuffer);
  }
  if (chunks !== null) transfer.push(chunks.quads.buffer as ArrayBuffer, chunks.offsets.buffer as ArrayBuffer);
  return { value, transfer };
}
