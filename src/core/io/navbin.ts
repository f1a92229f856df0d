/**
 * `.navbin`: baked navigation data a game ships (voxel grid with terrain, waypoint graph with
 * CSR links and their lengths, the settings used), as a versioned little-endian binary.
 * The layout is in docs/navbin.md; in short:
 *
 *   0    header   16 B  magic 'NAVB' | u16 version | u16 flags | u32 byteLength | u32 0
 *   16   settings 32 B  f64 agentRadius | f64 maxLinkDistance (Infinity: none) |
 *                       u8 neighborhood | u8 cornerCutting (0 forbid, 1 allow) | 14 B zero
 *   48   grid     48 B  u32 X | u32 Y | u32 Z | u32 0 | f64 origin x, y, z | f64 cellSize
 *   96   graph    16 B  u32 N waypoints | u32 M link entries | u32 id bytes | u32 0
 *   112  sections, each starting on a multiple of 8 (zero padding before it):
 *        occupancy  ceil(X*Y*Z / 8) B, voxel i = x + X*(y + Y*z) is bit (i & 7) of byte i >> 3
 *        terrain    X*Y*Z f32            (only with flag TERRAIN)
 *        positions  3N f64 (x, y, z)
 *        offsets    N+1 u32              links of i: entries offsets[i] .. offsets[i+1]
 *        targets    M u32                ascending per waypoint; every link stored both ways
 *        costs      M f64                link lengths in world units
 *        idOffsets  N+1 u32              id i: UTF-8 bytes idOffsets[i] .. idOffsets[i+1]
 *        ids        UTF-8
 *        sparse     a sparse world's leaves (only with flag SPARSE; navbinSparse.ts)
 *
 * Pure TypeScript on ArrayBuffers: no three, no DOM, no Node. Reading checks every count
 * against the byte length before allocating, so a hostile file fails with a NavbinError.
 */
import { checkBytes, checkInstance, checkNumber, checkNumbers, checkObject, checkOneOf, usageError } from '../args.ts';
import { NavlabError } from '../errors.ts';
import { LIMITS } from '../limits.ts';
import { MAX_VOXELS, VoxelGrid } from '../grid/VoxelGrid.ts';
import { SparseWorld } from '../sparse/SparseWorld.ts';
import { readSparseSection, sparseSectionBytes, sparseSectionLength, writeSparseSection } from './navbinSparse.ts';

export const NAVBIN_MAGIC = 0x4256414e; // 'NAVB' read as a little-endian u32
export const NAVBIN_VERSION = 1;
/** Flag bits of the header. */
export const NAVBIN_FLAGS = Object.freeze({ GRID: 1, TERRAIN: 2, SPARSE: 4 });

const HEADER = 112;

/** Search settings stored in a .navbin file. */
export interface NavbinSettings {
  /** Agent radius the links were tested with (capsules). */
  agentRadius: number;
  /** Longest link considered (Infinity: no limit). */
  maxLinkDistance: number;
  /** Grid neighbourhood the file was baked for (moves per voxel). */
  neighborhood: 6 | 18 | 26;
  /** Corner-cutting rule the file was baked for. */
  cornerCutting: 'forbid' | 'allow';
}

/** A waypoint graph as stored: CSR links with lengths. */
export interface NavbinGraph {
  /** Waypoint ids, in index order. */
  ids: string[];
  /** 3 per waypoint. */
  positions: Float64Array;
  /** N + 1 entries. */
  offsets: Uint32Array;
  /** CSR link targets (waypoint indices), one per link end. */
  targets: Uint32Array;
  /** CSR link lengths (world units), alongside `targets`. */
  costs: Float64Array;
}

/** The content of a .navbin file: the grid, the search settings and the waypoint graph, if any. */
export interface Navbin {
  /** The settings the data was baked with. */
  settings: NavbinSettings;
  /** The voxel grid (occupancy and terrain), or null. */
  grid: VoxelGrid | null;
  /** The waypoint graph (no waypoints when the file has none). */
  graph: NavbinGraph;
  /** The sparse voxel octree, or null (files without the SPARSE flag, and every older file). */
  sparse: SparseWorld | null;
}

/** A .navbin that cannot be read (code 'parse'): the message says what is wrong and where. */
export class NavbinError extends NavlabError {
  /** A parse error with `message` (what is wrong and at which byte or field). */
  constructor(message: string) {
    super('parse', message);
    this.name = 'NavbinError';
  }
}

/** n rounded up to a multiple of 8 (arithmetic: hostile counts take offsets past 2^31, where & ~7 would wrap). */
const align8 = (n: number): number => Math.ceil(n / 8) * 8;

/** Byte offsets of the sections for the given counts. */
function layout(voxels: number, terrain: boolean, n: number, m: number, idBytes: number, sparseBytes = 0) {
  const occupancy = HEADER;
  const terrainAt = align8(occupancy + Math.ceil(voxels / 8));
  const positions = align8(terrainAt + (terrain ? 4 * voxels : 0));
  const offsets = positions + 24 * n;
  const targets = offsets + 4 * (n + 1);
  const costs = align8(targets + 4 * m);
  const idOffsets = costs + 8 * m;
  const ids = idOffsets + 4 * (n + 1);
  const sparse = sparseBytes > 0 ? align8(ids + idBytes) : ids + idBytes;
  return { occupancy, terrain: terrainAt, positions, offsets, targets, costs, idOffsets, ids, sparse, end: sparse + sparseBytes };
}

/** Graph input for `writeNavbin` (a WaypointGraph fits, plus ids). */
export interface NavbinGraphInput {
  /** Waypoint ids, in index order (N of them). */
  ids: readonly string[];
  /** Waypoint positions, 3N numbers (x, y, z per waypoint). */
  positions: ArrayLike<number>;
  /** CSR row starts, N + 1 integers ascending from 0. */
  offsets: ArrayLike<number>;
  /** CSR link targets, waypoint indices in [0, N). */
  targets: ArrayLike<number>;
  /** CSR link lengths (>= 0, world units), alongside `targets`. */
  costs: ArrayLike<number>;
}

/** The fields of `writeNavbin`'s argument, checked (a usage error names the field). */
function checkNavbinData(data: unknown): NavbinInput {
  const { settings, grid, graph, sparse } = checkObject<NavbinInput>(
    'writeNavbin: data',
    data,
    'an object { settings, grid, graph, sparse? }',
  );
  if (sparse != null) checkInstance('writeNavbin: sparse', sparse, SparseWorld, 'SparseWorld, null or absent');
  checkObject('writeNavbin: settings', settings);
  checkNumber('writeNavbin: settings.agentRadius', settings.agentRadius, 0);
  if (typeof settings.maxLinkDistance !== 'number' || !(settings.maxLinkDistance > 0))
    throw usageError('writeNavbin: settings.maxLinkDistance', 'a number > 0 (Infinity: none)', settings.maxLinkDistance);
  checkOneOf('writeNavbin: settings.neighborhood', settings.neighborhood, [6, 18, 26]);
  checkOneOf('writeNavbin: settings.cornerCutting', settings.cornerCutting, ['forbid', 'allow']);
  if (grid !== null) checkInstance('writeNavbin: grid', grid, VoxelGrid, 'VoxelGrid or null');
  checkObject('writeNavbin: graph', graph, 'an object { ids, positions, offsets, targets, costs }');
  if (!Array.isArray(graph.ids) || !graph.ids.every((id) => typeof id === 'string'))
    throw usageError('writeNavbin: graph.ids', 'an array of strings', graph.ids);
  checkNumbers('graph.positions', graph.positions);
  checkNumbers('graph.offsets', graph.offsets);
  checkNumbers('graph.targets', graph.targets);
  checkNumbers('graph.costs', graph.costs);
  return { settings, grid, graph, sparse };
}

/** What `writeNavbin` stores. */
export interface NavbinInput {
  /** The settings the data was baked with. */
  settings: NavbinSettings;
  /** The voxel grid, or null. */
  grid: VoxelGrid | null;
  /** The waypoint graph. */
  graph: NavbinGraphInput;
  /** A sparse voxel octree (stored in the SPARSE section), or null / absent. */
  sparse?: SparseWorld | null;
}

/**
 * Writes a .navbin (returned as a Uint8Array). Throws a NavlabError (code usage) naming the
 * argument that is missing, of the wrong kind or inconsistent.
 */
export function writeNavbin(data: NavbinInput): Uint8Array {
  const { settings, grid, graph, sparse } = checkNavbinData(data);
  const n = graph.ids.length;
  if (graph.positions.length !== 3 * n)
    throw new NavlabError('usage', `graph.positions: expected ${3 * n} numbers, got ${graph.positions.length}`);
  if (graph.offsets.length !== n + 1)
    throw new NavlabError('usage', `graph.offsets: expected ${n + 1} entries, got ${graph.offsets.length}`);
  const m = graph.offsets[n];
  if (graph.targets.length !== m || graph.costs.length !== m) throw new NavlabError('usage', `graph.targets/costs: expected ${m} entries`);
  for (let i = 0; i <= n; i++) {
    if (
      !Number.isInteger(graph.offsets[i]) ||
      graph.offsets[i] < (i === 0 ? 0 : graph.offsets[i - 1]) ||
      (i === 0 && graph.offsets[0] !== 0)
    )
      throw new NavlabError('usage', `graph.offsets: expected integers ascending from 0, got ${graph.offsets[i]} at ${i}`);
  }
  for (let e = 0; e < m; e++) {
    if (!Number.isInteger(graph.targets[e]) || graph.targets[e] < 0 || graph.targets[e] >= n)
      throw new NavlabError('usage', `graph.targets: entry ${e} is ${graph.targets[e]}, not a waypoint index in [0, ${n})`);
    if (!(graph.costs[e] >= 0)) throw new NavlabError('usage', `graph.costs: entry ${e} is ${graph.costs[e]}, not a length >= 0`);
  }
  const idChunks = graph.ids.map(utf8Encode);
  const idBytes = idChunks.reduce((s, c) => s + c.byteLength, 0);
  const voxels = grid === null ? 0 : grid.size;
  const hasTerrain = grid !== null && grid.terrain !== null;
  const at = layout(voxels, hasTerrain, n, m, idBytes, sparse ? sparseSectionBytes(sparse) : 0);
  if (at.end > 0xffffffff) throw new NavlabError('usage', `navbin: ${at.end} bytes is over the 4 GiB a u32 length can say`);
  const out = new Uint8Array(at.end);
  const view = new DataView(out.buffer);
  view.setUint32(0, NAVBIN_MAGIC, true);
  view.setUint16(4, NAVBIN_VERSION, true);
  view.setUint16(
    6,
    (grid !== null ? NAVBIN_FLAGS.GRID : 0) | (hasTerrain ? NAVBIN_FLAGS.TERRAIN : 0) | (sparse ? NAVBIN_FLAGS.SPARSE : 0),
    true,
  );
  view.setUint32(8, at.end, true);
  view.setFloat64(16, settings.agentRadius, true);
  view.setFloat64(24, settings.maxLinkDistance, true);
  view.setUint8(32, settings.neighborhood);
  view.setUint8(33, settings.cornerCutting === 'allow' ? 1 : 0);
  if (grid !== null) {
    view.setUint32(48, grid.X, true);
    view.setUint32(52, grid.Y, true);
    view.setUint32(56, grid.Z, true);
    view.setFloat64(64, grid.origin.x, true);
    view.setFloat64(72, grid.origin.y, true);
    view.setFloat64(80, grid.origin.z, true);
    view.setFloat64(88, grid.cellSize, true);
    const occ = grid.occupancy;
    for (let i = 0; i < occ.length; i++) if (occ[i] !== 0) out[at.occupancy + (i >> 3)] |= 1 << (i & 7);
    if (grid.terrain !== null) for (let i = 0; i < voxels; i++) view.setFloat32(at.terrain + 4 * i, grid.terrain[i], true);
  }
  view.setUint32(96, n, true);
  view.setUint32(100, m, true);
  view.setUint32(104, idBytes, true);
  for (let i = 0; i < 3 * n; i++) view.setFloat64(at.positions + 8 * i, graph.positions[i], true);
  for (let i = 0; i <= n; i++) view.setUint32(at.offsets + 4 * i, graph.offsets[i], true);
  for (let e = 0; e < m; e++) {
    view.setUint32(at.targets + 4 * e, graph.targets[e], true);
    view.setFloat64(at.costs + 8 * e, graph.costs[e], true);
  }
  let p = 0;
  for (let i = 0; i < n; i++) {
    view.setUint32(at.idOffsets + 4 * i, p, true);
    out.set(idChunks[i], at.ids + p);
    p += idChunks[i].byteLength;
  }
  view.setUint32(at.idOffsets + 4 * n, p, true);
  if (sparse) writeSparseSection(view, at.sparse, sparse);
  return out;
}

/**
 * Reads a .navbin from its bytes: a Uint8Array (a Node Buffer is one) or an ArrayBuffer.
 * Checks sizes before allocating and every index and number the file holds: a bad file is a
 * NavbinError (code 'parse'); bytes of another type are a NavlabError (code 'usage').
 */
export function readNavbin(bytes: Uint8Array | ArrayBuffer): Navbin {
  bytes = checkBytes('readNavbin: bytes', bytes);
  const fail = (message: string): never => {
    throw new NavbinError(`navbin: ${message}`);
  };
  /** Every coordinate and length the file holds lies within ±W (LIMITS.worldCoord). */
  const W = LIMITS.worldCoord;
  if (bytes.byteLength > LIMITS.navbinBytes) fail(`${bytes.byteLength} bytes exceeds the limit of ${LIMITS.navbinBytes} bytes`);
  if (bytes.byteLength < HEADER) fail(`${bytes.byteLength} bytes is shorter than the ${HEADER}-byte header`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== NAVBIN_MAGIC) fail("wrong magic (expected 'NAVB')");
  const version = view.getUint16(4, true);
  if (version !== NAVBIN_VERSION) fail(`unsupported version ${version} (this reader reads ${NAVBIN_VERSION})`);
  const flags = view.getUint16(6, true);
  if ((flags & ~(NAVBIN_FLAGS.GRID | NAVBIN_FLAGS.TERRAIN | NAVBIN_FLAGS.SPARSE)) !== 0) fail(`unknown flags 0x${flags.toString(16)}`);
  const byteLength = view.getUint32(8, true);
  if (byteLength !== bytes.byteLength)
    fail(`the header says ${byteLength} bytes, the data has ${bytes.byteLength}${byteLength > bytes.byteLength ? ' (truncated)' : ''}`);

  const agentRadius = view.getFloat64(16, true);
  const maxLinkDistance = view.getFloat64(24, true);
  const neighborhood = view.getUint8(32);
  const cornerCutting = view.getUint8(33);
  if (!(agentRadius >= 0 && agentRadius <= W)) fail(`agentRadius ${agentRadius} is not in [0, ${W}]`);
  if (!((maxLinkDistance > 0 && maxLinkDistance <= W) || maxLinkDistance === Infinity))
    fail(`maxLinkDistance ${maxLinkDistance} is not in (0, ${W}] or Infinity`);
  if (neighborhood !== 6 && neighborhood !== 18 && neighborhood !== 26) fail(`neighborhood ${neighborhood} is not 6, 18 or 26`);
  if (cornerCutting > 1) fail(`cornerCutting ${cornerCutting} is not 0 (forbid) or 1 (allow)`);

  const hasGrid = (flags & NAVBIN_FLAGS.GRID) !== 0;
  const hasTerrain = (flags & NAVBIN_FLAGS.TERRAIN) !== 0;
  if (hasTerrain && !hasGrid) fail('terrain flag without a grid');
  const X = view.getUint32(48, true),
    Y = view.getUint32(52, true),
    Z = view.getUint32(56, true);
  const voxels = hasGrid ? X * Y * Z : 0;
  if (hasGrid && (X < 1 || Y < 1 || Z < 1 || voxels > MAX_VOXELS)) fail(`grid dims ${X}x${Y}x${Z} are empty or over ${MAX_VOXELS} voxels`);
  const n = view.getUint32(96, true),
    m = view.getUint32(100, true),
    idBytes = view.getUint32(104, true);
  const hasSparse = (flags & NAVBIN_FLAGS.SPARSE) !== 0;
  const before = layout(voxels, hasTerrain, n, m, idBytes, hasSparse ? 8 : 0);
  const sparseBytes = hasSparse && before.sparse < bytes.byteLength ? sparseSectionLength(view, before.sparse) : hasSparse ? 8 : 0;
  const at = layout(voxels, hasTerrain, n, m, idBytes, sparseBytes);
  if (at.end !== bytes.byteLength)
    fail(
      `the counts (${voxels} voxels, ${n} waypoints, ${m} link entries, ${idBytes} id bytes${hasSparse ? `, a ${sparseBytes}-byte sparse section` : ''}) need ${at.end} bytes, the data has ${bytes.byteLength}`,
    );

  let grid: VoxelGrid | null = null;
  if (hasGrid) {
    const origin = { x: view.getFloat64(64, true), y: view.getFloat64(72, true), z: view.getFloat64(80, true) };
    const cellSize = view.getFloat64(88, true);
    for (const k of ['x', 'y', 'z'] as const) if (!(Math.abs(origin[k]) <= W)) fail(`grid origin ${k} = ${origin[k]} is beyond ±${W}`);
    if (!(cellSize > 0 && cellSize <= W)) fail(`grid cellSize ${cellSize} is not in (0, ${W}]`);
    (
      [
        ['x', X],
        ['y', Y],
        ['z', Z],
      ] as const
    ).forEach(([k, n]) => {
      const far = origin[k] + n * cellSize;
      if (!(Math.abs(far) <= W)) fail(`the grid reaches ${k} = ${far}, beyond ±${W}`);
    });
    grid = new VoxelGrid({ dims: [X, Y, Z], origin, cellSize });
    const occ = grid.occupancy;
    for (let i = 0; i < voxels; i++) occ[i] = (bytes[at.occupancy + (i >> 3)] >> (i & 7)) & 1;
    if (hasTerrain) {
      const terrain = new Float32Array(voxels);
      for (let i = 0; i < voxels; i++) {
        const c = view.getFloat32(at.terrain + 4 * i, true);
        if (!(c >= 1) || !Number.isFinite(c)) fail(`terrain cost ${c} at voxel ${i} is not a finite number >= 1`);
        terrain[i] = c;
      }
      grid.terrain = terrain;
    }
  }

  const positions = new Float64Array(3 * n);
  for (let i = 0; i < 3 * n; i++) {
    positions[i] = view.getFloat64(at.positions + 8 * i, true);
    if (!(Math.abs(positions[i]) <= W)) fail(`waypoint ${Math.floor(i / 3)} has a position beyond ±${W}`);
  }
  const offsets = new Uint32Array(n + 1);
  for (let i = 0; i <= n; i++) {
    offsets[i] = view.getUint32(at.offsets + 4 * i, true);
    if (i === 0 ? offsets[0] !== 0 : offsets[i] < offsets[i - 1]) fail(`link offsets are not ascending from 0 (at waypoint ${i})`);
  }
  if (offsets[n] !== m) fail(`the last link offset is ${offsets[n]}, expected ${m}`);
  const targets = new Uint32Array(m);
  const costs = new Float64Array(m);
  for (let e = 0; e < m; e++) {
    targets[e] = view.getUint32(at.targets + 4 * e, true);
    if (targets[e] >= n) fail(`link ${e} targets waypoint ${targets[e]}, there are ${n}`);
    costs[e] = view.getFloat64(at.costs + 8 * e, true);
    if (!(costs[e] >= 0 && costs[e] <= W)) fail(`link ${e} has length ${costs[e]}, not in [0, ${W}]`);
  }
  const ids: string[] = [];
  let prev = 0;
  for (let i = 0; i <= n; i++) {
    const o = view.getUint32(at.idOffsets + 4 * i, true);
    if (o < prev || o > idBytes || (i === 0 && o !== 0) || (i === n && o !== idBytes)) fail(`id offsets are inconsistent (at ${i})`);
    if (i > 0) {
      const id = utf8Decode(bytes, at.ids + prev, at.ids + o);
      if (id === null) fail(`id of waypoint ${i - 1} is not valid UTF-8`);
      ids.push(id!);
    }
    prev = o;
  }
  return {
    settings: {
      agentRadius,
      maxLinkDistance,
      neighborhood: neighborhood as 6 | 18 | 26,
      cornerCutting: cornerCutting === 1 ? 'allow' : 'forbid',
    },
    grid,
    graph: { ids, positions, offsets, targets, costs },
    sparse: hasSparse ? readSparseSection(view, at.sparse, W, fail) : null,
  };
}

/**
 * The platform's UTF-8 codec (WHATWG Encoding: browsers, workers, Node). src/core builds without
 * the DOM library, so the two classes are declared here with the members used. Encoding
 * writes a lone surrogate as U+FFFD; decoding is strict (`fatal`: a malformed, overlong or
 * surrogate sequence throws) and keeps a leading byte-order mark (`ignoreBOM`), which is
 * part of an id.
 */
declare const TextEncoder: new () => { encode(text: string): Uint8Array };
declare const TextDecoder: new (label: 'utf-8', options: { fatal: boolean; ignoreBOM: boolean }) => { decode(bytes: Uint8Array): string };
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const utf8Encode = (text: string): Uint8Array => encoder.encode(text);

/** Strict UTF-8 decoding of bytes[start, end); null when the bytes are not valid UTF-8. */
function utf8Decode(bytes: Uint8Array, start: number, end: number): string | null {
  try {
    return decoder.decode(bytes.subarray(start, end));
  } catch {
    return null;
  }
}
