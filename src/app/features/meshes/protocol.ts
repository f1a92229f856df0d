/** The meshes feature's requests to the nav workers: importing mesh files, voxelizing, placing waypoints (meshWork.ts answers them). */
import type { VoxelFill } from '../../../core/geometry/voxelizeMesh.ts';
import type { SceneBounds, SceneDocument, SceneWaypoint } from '../../../scene/schema.ts';
import type { MeshSoup } from '../../shell/workers/protocol.ts';

/** Imported mesh files to a version-2 scene (importScene), with automatic waypoints when asked. */
export interface ImportRequest {
  type: 'import-meshes';
  /** `src`: what the document's mesh will reference (a data: URI); `name`: the file's name (the mesh id); `soup`: its triangles. */
  files: { src: string; name: string; soup: Float32Array }[];
  /** agentRadius: undefined = from the level (importScene's default); agents: how many to write. */
  options: { cellSize?: number; fill: VoxelFill | 'auto'; agentRadius?: number; waypoints: boolean; agents: number; name?: string };
}

export interface ImportReply {
  document: SceneDocument;
  triangles: number;
  blocked: number;
  links: number;
  /** The fill used ('auto' resolved). */
  fill: VoxelFill;
}

/** A new voxel layer for a document from its meshes. */
export interface VoxelizeRequest {
  type: 'voxelize';
  doc: SceneDocument;
  meshes: MeshSoup[];
  cellSize: number;
  /** 'auto': solid when the meshes together are closed, else surface. */
  fill: VoxelFill | 'auto';
  dilation: number;
}

export interface VoxelizeReply {
  voxels: NonNullable<SceneDocument['voxels']>;
  bounds: SceneBounds;
  blocked: number;
  /** The fill used ('auto' resolved). */
  fill: VoxelFill;
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
