import type { BufferGeometry, Mesh } from 'three';
import { now } from '../../core/clock.ts';
import { sceneFromMovingAi, waypointPositions } from '../../scene/build.ts';
import { parseScene } from '../../scene/validate.ts';
import { preprocessScene } from '../../three/preprocess.ts';
import type { LoadedMeshes } from '../../three/sceneMeshes.ts';
import { gridData } from '../search/sceneQuery.ts';
import type { PreprocessReply, SceneData, SceneSource } from './protocol.ts';

/**
 * Reads and preprocesses a scene for the app, as `nav preprocess` does (document agent radius
 * and maxLinkDistance, static obstacles only): the validated document, the grid and waypoint
 * graph as plain arrays, and the merged voxel faces to draw. `meshes`: the triangles of the
 * meshes the document lists, by id. Throws SceneError (or ParseError for a Moving AI map) on
 * a bad source. `transfer` lists the buffers to transfer.
 */
export function preprocessForApp(src: SceneSource, meshes?: LoadedMeshes): { value: PreprocessReply; transfer: ArrayBuffer[] } {
  const t0 = now();
  const doc = src.kind === '3dmap' ? parseScene(sceneFromMovingAi(src.text, src.fileName)) : parseScene(src.kind === 'json' ? src.text : src.value);
  const t1 = now();
  const r = preprocessScene(doc, { world: { sceneMeshes: meshes } });
  const grid = r.world.grid;
  const scene: SceneData = {
    grid: grid === null ? null : gridData(grid),
    positions: waypointPositions(doc),
    pairs: Int32Array.from(r.graph.pairs().flat()),
    ids: doc.waypoints.map((w) => w.id),
  };
  const voxelMesh = r.world.group.getObjectByName('voxels') as Mesh<BufferGeometry> | undefined;
  const faces = voxelMesh === undefined ? null : {
    positions: voxelMesh.geometry.getAttribute('position').array as Float32Array,
    normals: voxelMesh.geometry.getAttribute('normal').array as Float32Array,
  };
  const value: PreprocessReply = {
    doc, scene, faces,
    agentRadius: r.agentRadius,
    maxLinkDistance: r.maxLinkDistance,
    parseMs: t1 - t0,
    worldMs: r.worldMs,
    linkMs: r.linkMs,
    segmentTests: r.segmentTests,
    triangles: r.world.bvh.triangleCount,
  };
  r.world.dispose();
  const transfer: ArrayBuffer[] = [scene.positions.buffer, scene.pairs.buffer] as ArrayBuffer[];
  if (scene.grid !== null) {
    transfer.push(scene.grid.occupancy.buffer as ArrayBuffer);
    if (scene.grid.terrain !== null) transfer.push(scene.grid.terrain.buffer as ArrayBuffer);
  }
  if (faces !== null) transfer.push(faces.positions.buffer as ArrayBuffer, faces.normals.buffer as ArrayBuffer);
  return { value, transfer };
}
