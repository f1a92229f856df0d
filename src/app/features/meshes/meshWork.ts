import type { SceneDocument } from '../../../scene/index.ts';
import { autoWaypointList, placeSceneWaypoints } from '../../../scene-three/autoWaypoints.ts';
import { ImportError, importScene, sceneVoxelLayer, type ImportStage } from '../../../import/importScene.ts';
import { isClosedMesh } from '../../../core/geometry/closedMesh.ts';
import type { ClearSpace } from '../../../core/grid/clearance.ts';
import { soupMesh, soupMeshes } from '../../shell/workers/meshSoups.ts';
import { meshMatrix, type LoadedMeshes } from '../../../scene-three/sceneMeshes.ts';
import type { ImportReply, ImportRequest, PlaceReply, PlaceRequest, VoxelizeReply, VoxelizeRequest } from './protocol.ts';

/**
 * The app's mesh import: `importScene` on the files' triangles, with automatic waypoints when
 * asked; `progress` is told each stage as it starts (IMPORT_STAGES).
 */
export async function importForApp(req: ImportRequest, progress: (stage: ImportStage) => void = () => {}): Promise<ImportReply> {
  const { cellSize, fill, agentRadius, waypoints, agents, name } = req.options;
  const r = await importScene(
    req.files.map((f) => ({ src: f.src, name: f.name, mesh: soupMesh(f.soup) })),
    {
      cellSize,
      fill,
      agentRadius,
      agents,
      name,
      placeWaypoints: waypoints ? (doc, o) => placed(doc, o.agentRadius, o.meshes, o.space) : undefined,
      onStage: progress,
    },
  );
  return { document: r.document, triangles: r.triangles, blocked: r.blocked, links: r.links, fill: r.fill };
}

/** Automatic waypoints of a scene with its meshes (the world is freed afterwards); `space`: its clear space when known. */
function placed(doc: SceneDocument, agentRadius: number, meshes: LoadedMeshes, space?: ClearSpace) {
  const r = placeSceneWaypoints(doc, { agentRadius, space, world: { sceneMeshes: meshes } });
  r.world.dispose();
  return autoWaypointList(r.placed.positions);
}

/** Automatic waypoints for the current scene (the "Place waypoints" action). */
export function placeForApp(req: PlaceRequest): PlaceReply {
  const doc = req.doc;
  return { waypoints: placed(doc, req.agentRadius ?? doc.agentRadius ?? 0, soupMeshes(req.meshes)) };
}

/**
 * A new voxel layer for the current scene from its meshes (placed by their transforms): the
 * grid covers them with a free margin (voxelizeTriangles), dilated by `dilation`, and the
 * scene's bounds grow to hold it. Throws what `sceneVoxelLayer` throws (a layer a scene
 * cannot hold).
 */
export function voxelizeForApp(req: VoxelizeRequest): VoxelizeReply {
  const parts = (req.doc.meshes ?? []).map((m) => {
    const soup = req.meshes.find((s) => s.id === m.id)?.soup;
    if (soup === undefined) throw new Error(`voxelize: mesh '${m.id}' was not sent`);
    return { soup, e: meshMatrix(m).elements };
  });
  if (parts.length === 0) throw new ImportError('the scene has no meshes to voxelize');
  const world = new Float32Array(parts.reduce((n, p) => n + p.soup.length, 0));
  let o = 0;
  for (const { soup, e } of parts) {
    for (let i = 0; i < soup.length; i += 3, o += 3) {
      const x = soup[i],
        y = soup[i + 1],
        z = soup[i + 2];
      world[o] = e[0] * x + e[4] * y + e[8] * z + e[12];
      world[o + 1] = e[1] * x + e[5] * y + e[9] * z + e[13];
      world[o + 2] = e[2] * x + e[6] * y + e[10] * z + e[14];
    }
  }
  const fill = req.fill === 'auto' ? (isClosedMesh(world) ? 'solid' : 'surface') : req.fill;
  const { grid, blocked, layer } = sceneVoxelLayer(world, { cellSize: req.cellSize, fill, dilation: req.dilation });
  const g = grid.origin;
  const c = req.cellSize;
  const max: [number, number, number] = [g.x + grid.X * c, g.y + grid.Y * c, g.z + grid.Z * c];
  const b = req.doc.bounds;
  return {
    voxels: layer,
    bounds: {
      min: [0, 1, 2].map((k) => Math.min(b.min[k], [g.x, g.y, g.z][k])) as [number, number, number],
      max: [0, 1, 2].map((k) => Math.max(b.max[k], max[k])) as [number, number, number],
    },
    blocked,
    fill,
  };
}
