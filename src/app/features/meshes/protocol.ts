/** The meshes feature's requests to the nav workers: importing mesh files, voxelizing, placing waypoints (meshWork.ts answers them). */
import type { VoxelFill } from '../../../core/geometry/voxelizeMesh.ts';
import type { SceneBounds, SceneDocument, SceneWaypoint } from '../../../scene/schema.ts';
import type { MeshSoup } from '../../shell/workers/protocol.ts';

/** Imported mesh files to a version-2 scene (importScene), with automatic waypoints when asked. */
export interface ImportRequest {
  type: 'import-meshes';
  /** `src`: what the document's mesh will reference (a data: URI); `name`: the file's name (the mesh id); `soup`: its triangles. */
  files: { src: string; name: string; soup: Float32Array }[];
  options: { cellSize?: number; fill: VoxelFill; agentRadius: number; waypoints: boolean; name?: string };
}

export interface ImportReply {
  document: SceneDocument;
  triangles: number;
  blocked: number;
  links: number;
}

/** A new voxel layer for a document from its meshes. */
export interface VoxelizeRequest {
  type: 'voxelize';
  doc: SceneDocument;
  meshes: MeshSoup[];
  cellSize: number;
  fill: VoxelFill;
  dilation: number;
}

export interface VoxelizeReply {
  voxels: NonNullable<SceneDocument['voxels']>;
  bounds: SceneBounds;
  blocked: number;
}

/** Automatic waypoints for a document and its meshes. */
export interface PlaceRequest {
  type: 'waypoints';
  doc: SceneDocument;
  meshes: MeshSoup[];
  /** @default the document's agentRadius */
  agentRadius?: number;
}

export interface PlaceReply {
  waypoints: SceneWaypoint[];
}
