/**
 * Messages between the app and its workers (nav.worker.ts). Big arrays travel as transferable
 * typed arrays; everything else is structured-cloned.
 */
import type { NavlabErrorCode } from '../../../core/errors.ts';
import type { QueryOptions } from '../../../core/search/query.ts';
import type { PathReport } from '../../../core/search/query.ts';
import type { SceneBounds, SceneDocument, SceneWaypoint } from '../../../scene/schema.ts';
import type { VisitedNodes } from '../../../core/debug/visitedNodes.ts';
import type { VoxelChunkData } from '../../../three/VoxelChunks.ts';
import type { VoxelFill } from '../../../core/geometry/voxelizeMesh.ts';

/** A voxel grid as plain data (VoxelGrid's fields). */
export interface GridData {
  dims: [number, number, number];
  origin: [number, number, number];
  cellSize: number;
  /** 1 byte per voxel, index x + X * (y + Y * z), 0 = free. */
  occupancy: Uint8Array;
  /** Cost multiplier per voxel, or null when every voxel costs 1. */
  terrain: Float32Array | null;
}

/** What a worker needs to answer queries on a scene: the grid and the waypoint graph. */
export interface SceneData {
  grid: GridData | null;
  /** Waypoint positions, xyz triples in document order. */
  positions: Float64Array;
  /** Linked waypoint pairs as flat (i, j) couples. */
  pairs: Int32Array;
  /** Waypoint ids in document order. */
  ids: string[];
}

/** Where a scene comes from: JSON text, an already-parsed value, or a Moving AI map. */
export type SceneSource =
  | { kind: 'json'; text: string }
  | { kind: 'value'; value: unknown }
  | { kind: '3dmap'; text: string; fileName: string };

/** The triangles of a scene mesh, in the mesh's own coordinates, 9 numbers each (by mesh id). */
export interface MeshSoup {
  id: string;
  soup: Float32Array;
}

export interface PreprocessRequest {
  type: 'preprocess';
  revision: number;
  source: SceneSource;
  /** The triangles of every mesh the document lists (loaded on the main thread). */
  meshes?: MeshSoup[];
}

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

/** A preprocessed scene: the validated document, its data, and the voxel surface to draw. */
export interface PreprocessReply {
  doc: SceneDocument;
  scene: SceneData;
  /** The voxel layer's surface in chunks (VoxelChunks.data); null without a voxel layer. */
  chunks: VoxelChunkData | null;
  agentRadius: number;
  maxLinkDistance: number;
  parseMs: number;
  worldMs: number;
  linkMs: number;
  segmentTests: number;
  triangles: number;
}

export type Endpoint = string | number[];

export interface QueryRequest {
  type: 'query';
  revision: number;
  /** Attached when the worker may not hold this revision yet. */
  scene?: SceneData;
  graph: 'grid' | 'waypoints';
  from: Endpoint;
  to: Endpoint;
  options: QueryOptions;
  /** Also return the nodes the search reached (for drawing). */
  visited?: boolean;
}

export type { VisitedNodes };

export interface QueryReply {
  report: PathReport;
  generated?: number;
  visited?: VisitedNodes;
}

export type WorkerRequest = PreprocessRequest | QueryRequest | ImportRequest | VoxelizeRequest | PlaceRequest;

/** A worker's answer to request `id`. */
export type WorkerResponse =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { name: string; message: string; code?: NavlabErrorCode } };
