/**
 * The shared parts of the messages between the app and its nav workers (nav.worker.ts): the
 * scene's data, preprocessing, and the envelope of every request and answer. The features
 * add their own requests (search: features/search/protocol.ts; meshes:
 * features/meshes/protocol.ts). Big arrays travel as transferable typed arrays; everything
 * else is structured-cloned.
 */
import type { NavlabErrorCode } from '../../../core/errors.ts';
import type { SceneDocument } from '../../../scene/schema.ts';
import type { VoxelChunkData } from '../../../three/VoxelChunks.ts';

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

/** A search endpoint: a waypoint id or voxel indices [x, y, z]. */
export type Endpoint = string | number[];

/** What every request to a nav worker has: its type (what the worker does), and the scene revision it is about, if any. */
export interface WorkerRequest {
  type: string;
  revision?: number;
}

/** A worker's answer to request `id`. */
export type WorkerResponse =
  | { id: number; ok: true; value: unknown }
  /** A step of a long request (e.g. the import's stage); the request is still running. */
  | { id: number; progress: string }
  | { id: number; ok: false; error: { name: string; message: string; code?: NavlabErrorCode } };
