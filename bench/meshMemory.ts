/**
 * Mesh import memory: the peak resident memory of `importMesh` on the worst file each format's
 * limits admit (src/core/limits.ts), each import in a Node process of its own. The files are
 * generated in os.tmpdir() and removed afterwards:
 *   obj          LIMITS.objVertices vertices, LIMITS.meshTriangles triangles, a comment padding
 *                the file to LIMITS.meshFileBytes
 *   stl-ascii    as many facets as the file size admits, each as short as the grammar allows
 *                (up to the triangle limit)
 *   stl-binary   the triangle limit (or what the file size admits)
 *   glb          the triangle limit as non-indexed float32 positions, the buffer padded to the
 *                file size limit
 *   glb-instances, gltf-instances
 *                the file size, geometry bytes, objects and triangles of glTF at once: one
 *                mesh (positions as large as the geometry limit, a small index list)
 *                instanced by as many nodes as the object limit admits
 *   gltf-base64  the triangle limit as positions in a base64 data: URI, or what the .gltf size
 *                limit admits
 * The goal: every peak under 1 GiB; a row over it is flagged.
 *   tsx bench/meshMemory.ts               all cases, as a table
 *   tsx bench/meshMemory.ts FILE FORMAT   one import, one JSON line ('-' as FILE: imports only)
 */
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIMITS } from '../src/core/limits.ts';
import { mulberry32 } from '../src/core/math/random.ts';
import { importMesh, type MeshFormat } from '../src/import/meshImport.ts';
import { printTable } from './stats.ts';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');
const GIB_MIB = 1024;

/** Appends to a file through a 4 MiB buffer, so writing a 256 MiB file never holds it whole. */
class FileWriter {
  private readonly fd: number;
  private readonly buffer = new Uint8Array(4 * 2 ** 20);
  private used = 0;
  bytes = 0;

  constructor(path: string) {
    this.fd = openSync(path, 'w');
  }

  write(data: Uint8Array | string): void {
    const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
    for (let at = 0; at < bytes.length; ) {
      const n = Math.min(bytes.length - at, this.buffer.length - this.used);
      this.buffer.set(bytes.subarray(at, at + n), this.used);
      this.used += n;
      at += n;
      if (this.used === this.buffer.length) this.flush();
    }
    this.bytes += bytes.length;
  }

  /** Writes `count` items, item k being `block[k % block.length]`. */
  repeat(block: Uint8Array[], count: number): void {
    for (let k = 0; k < count; k++) this.write(block[k % block.length]);
  }

  /** Writes `count` bytes of `byte`. */
  fill(byte: number, count: number): void {
    const chunk = new Uint8Array(Math.min(count, 2 ** 20)).fill(byte);
    for (let left = count; left > 0; left -= chunk.length) this.write(left >= chunk.length ? chunk : chunk.subarray(0, left));
  }

  close(): void {
    this.flush();
    closeSync(this.fd);
  }

  private flush(): void {
    writeSync(this.fd, this.buffer, 0, this.used);
    this.used = 0;
  }
}

const enc = (s: string) => new TextEncoder().encode(s);
/** A short decimal coordinate, as exporters write them. */
const coord = (rand: () => number) => (rand() * 200 - 100).toFixed(3);
/** `n` distinct random triangles as float32 (a block repeated to fill a file). */
const floats = (rand: () => number, n: number) => Float32Array.from({ length: 9 * n }, () => +coord(rand));
/** GLB chunks: header, JSON (space-padded), BIN (zero-padded to `binBytes`). */
function writeGlb(w: FileWriter, json: string, bin: (w: FileWriter) => void, binBytes: number): void {
  let jsonBytes = enc(json);
  const pad = (4 - (jsonBytes.length % 4)) % 4;
  jsonBytes = enc(json + ' '.repeat(pad));
  const u32 = (...v: number[]) => new Uint8Array(Uint32Array.from(v).buffer);
  w.write(u32(0x46546c67, 2, 12 + 8 + jsonBytes.length + 8 + binBytes));
  w.write(u32(jsonBytes.length, 0x4e4f534a));
  w.write(jsonBytes);
  w.write(u32(binBytes, 0x004e4942));
  const start = w.bytes;
  bin(w);
  w.fill(0, binBytes - (w.bytes - start));
}

/**
 * Every glTF limit at once: the file size, the loader's geometry bytes (a POSITION view as large
 * as both admit, which the loader copies, read through a small index list), the objects (one
 * mesh instanced by as many nodes as the object limit admits) and the triangles. As a GLB, or
 * as a .gltf whose buffer is a base64 data: URI.
 */
function writeInstanced(w: FileWriter, text: boolean): number {
  const instances = Math.floor(LIMITS.gltfObjects / 2) - 1;
  const perMesh = Math.floor(LIMITS.meshTriangles / instances);
  const indexBytes = 12 * perMesh;
  const json = (vertices: number, bin: number, uri?: string) =>
    JSON.stringify({
      asset: { version: '2.0' },
      scenes: [{ nodes: Array.from({ length: instances }, (_, k) => k) }],
      nodes: Array.from({ length: instances }, () => ({ mesh: 0 })),
      meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1 }] }],
      accessors: [
        { bufferView: 0, componentType: 5126, count: vertices, type: 'VEC3' },
        { bufferView: 1, componentType: 5125, count: 3 * perMesh, type: 'SCALAR' },
      ],
      bufferViews: [
        { buffer: 0, byteOffset: 0, byteLength: 12 * vertices },
        { buffer: 0, byteOffset: 12 * vertices, byteLength: indexBytes },
      ],
      buffers: [{ byteLength: bin, ...(uri === undefined ? {} : { uri }) }],
    });
  const overhead = json(LIMITS.meshTriangles, LIMITS.meshFileBytes, text ? 'data:application/octet-stream;base64,' : undefined).length + 64;
  // Binary bytes that fit: base64 takes 4 characters for 3 bytes.
  const fit = text
    ? Math.floor(((Math.min(LIMITS.gltfTextBytes, LIMITS.meshFileBytes) - overhead) * 3) / 4)
    : LIMITS.meshFileBytes - overhead;
  // Vertices in whole blocks of the 4096 random triangles below (12,288 vertices, 147,456
  // bytes: whole base64 groups too).
  const unit = 3 * 4096;
  const vertices = Math.floor((Math.min(LIMITS.gltfGeometryBytes, fit) - indexBytes) / (12 * unit)) * unit;
  // A GLB's body is padded to the file size limit (the file is held in memory too).
  const binBytes = text ? 12 * vertices + indexBytes : fit & ~3;
  const rand = mulberry32(6);
  const indices = Uint32Array.from({ length: 3 * perMesh }, () => Math.floor(rand() * vertices));
  const points = floats(rand, 4096);
  if (!text) {
    const block = Array.from({ length: unit }, (_, k) => new Uint8Array(points.buffer, 12 * k, 12));
    writeGlb(
      w,
      json(vertices, binBytes),
      (bw) => {
        bw.repeat(block, vertices);
        bw.write(new Uint8Array(indices.buffer));
      },
      binBytes,
    );
  } else {
    const [head, tail] = json(vertices, binBytes, 'data:application/octet-stream;base64,PAYLOAD').split('PAYLOAD');
    w.write(head);
    const block = enc(Buffer.from(points.buffer).toString('base64'));
    for (let k = 0; k < vertices / unit; k++) w.write(block);
    w.write(Buffer.from(indices.buffer).toString('base64'));
    w.write(tail);
  }
  return instances * perMesh;
}

interface BenchCase {
  name: string;
  format: MeshFormat;
  /** Writes the file; returns the triangles it holds. */
  write(w: FileWriter): number;
}

const CASES: BenchCase[] = [
  {
    name: 'obj',
    format: 'obj',
    write(w) {
      const rand = mulberry32(1);
      const vertices = LIMITS.objVertices,
        triangles = LIMITS.meshTriangles;
      w.repeat(
        Array.from({ length: 4096 }, () => enc(`v ${coord(rand)} ${coord(rand)} ${coord(rand)}\n`)),
        vertices,
      );
      const ref = () => 1 + Math.floor(rand() * vertices);
      w.repeat(
        Array.from({ length: 4096 }, () => enc(`f ${ref()} ${ref()} ${ref()}\n`)),
        triangles,
      );
      const pad = LIMITS.meshFileBytes - w.bytes - 2;
      if (pad < 0) throw new Error('obj: the counts do not fit the file size limit');
      w.write('#');
      w.fill(0x78, pad);
      w.write('\n');
      return triangles;
    },
  },
  {
    name: 'stl-ascii',
    format: 'stl',
    write(w) {
      const rand = mulberry32(2);
      // The fewest bytes a facet can take (73: no normal, one-digit coordinates): the most triangles.
      const digit = () => Math.floor(rand() * 10);
      const block = Array.from({ length: 4096 }, () => {
        const v = () => `vertex ${digit()} ${digit()} ${digit()}\n`;
        return enc(`facet\nouter loop\n${v()}${v()}${v()}endloop\nendfacet\n`);
      });
      const mean = block.reduce((s, b) => s + b.length, 0) / block.length;
      const triangles = Math.min(LIMITS.meshTriangles, Math.floor((LIMITS.meshFileBytes - 64) / mean));
      w.write('solid bench\n');
      w.repeat(block, triangles);
      w.write('endsolid bench\n');
      return triangles;
    },
  },
  {
    name: 'stl-binary',
    format: 'stl',
    write(w) {
      const triangles = Math.min(LIMITS.meshTriangles, Math.floor((LIMITS.meshFileBytes - 84) / 50));
      const header = new Uint8Array(84);
      header.set(enc('navlab bench'));
      new DataView(header.buffer).setUint32(80, triangles, true);
      w.write(header);
      const tri = floats(mulberry32(3), 4096);
      const block = Array.from({ length: 4096 }, (_, k) => {
        const record = new Uint8Array(50);
        record.set(new Uint8Array(tri.buffer, 36 * k, 36), 12);
        return record;
      });
      w.repeat(block, triangles);
      return triangles;
    },
  },
  {
    name: 'glb',
    format: 'glb',
    write(w) {
      const json = (t: number, bin: number) =>
        JSON.stringify({
          asset: { version: '2.0' },
          scenes: [{ nodes: [0] }],
          nodes: [{ mesh: 0 }],
          meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
          accessors: [{ bufferView: 0, componentType: 5126, count: 3 * t, type: 'VEC3' }],
          bufferViews: [{ buffer: 0, byteOffset: 0, byteLength: 36 * t }],
          buffers: [{ byteLength: bin }],
        });
      const overhead = json(LIMITS.meshTriangles, LIMITS.meshFileBytes).length + 32;
      const triangles = Math.min(LIMITS.meshTriangles, Math.floor((LIMITS.meshFileBytes - overhead) / 36));
      const binBytes = (LIMITS.meshFileBytes - overhead) & ~3;
      const tri = floats(mulberry32(4), 4096);
      const block = Array.from({ length: 4096 }, (_, k) => new Uint8Array(tri.buffer, 36 * k, 36));
      writeGlb(w, json(triangles, binBytes), (bw) => bw.repeat(block, triangles), binBytes);
      return triangles;
    },
  },
  { name: 'glb-instances', format: 'glb', write: (w) => writeInstanced(w, false) },
  { name: 'gltf-instances', format: 'gltf', write: (w) => writeInstanced(w, true) },
  {
    name: 'gltf-base64',
    format: 'gltf',
    write(w) {
      const json = (t: number, payload: string) =>
        JSON.stringify({
          asset: { version: '2.0' },
          scenes: [{ nodes: [0] }],
          nodes: [{ mesh: 0 }],
          meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
          accessors: [{ bufferView: 0, componentType: 5126, count: 3 * t, type: 'VEC3' }],
          bufferViews: [{ buffer: 0, byteOffset: 0, byteLength: 36 * t }],
          buffers: [{ byteLength: 36 * t, uri: `data:application/octet-stream;base64,${payload}` }],
        });
      const overhead = json(LIMITS.meshTriangles, '').length + 16;
      // 36 bytes a triangle are 48 base64 characters.
      const triangles = Math.min(LIMITS.meshTriangles, Math.floor((Math.min(LIMITS.meshFileBytes, LIMITS.gltfTextBytes) - overhead) / 48));
      const [head, tail] = json(triangles, 'PAYLOAD').split('PAYLOAD');
      w.write(head);
      // 4096 triangles are 147,456 bytes, a multiple of 3: each block is whole base64 groups.
      const tri = floats(mulberry32(5), 4096);
      const block = enc(Buffer.from(tri.buffer).toString('base64'));
      for (let left = triangles; left > 0; left -= 4096) {
        if (left >= 4096) w.write(block);
        else w.write(enc(Buffer.from(tri.buffer, 0, 36 * left).toString('base64')));
      }
      w.write(tail);
      return triangles;
    },
  },
];

interface ImportResult {
  fileBytes: number;
  triangles: number;
  peakRssMiB: number;
  error?: string;
}

/** One import in this process (the child side). */
async function importOnce(file: string, format: MeshFormat): Promise<ImportResult> {
  const peak = () => Math.round(process.resourceUsage().maxRSS / 1024); // maxRSS is in KiB
  if (file === '-') return { fileBytes: 0, triangles: 0, peakRssMiB: peak() };
  const b = readFileSync(file);
  const bytes = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  try {
    const m = await importMesh(file, bytes, { format });
    return { fileBytes: bytes.length, triangles: m.triangles, peakRssMiB: peak() };
  } catch (e) {
    return { fileBytes: bytes.length, triangles: 0, peakRssMiB: peak(), error: (e as Error).message };
  }
}

function child(file: string, format: string): ImportResult | { error: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/meshMemory.ts'), file, format], {
    encoding: 'utf8',
    maxBuffer: 2 ** 20,
  });
  if (r.status !== 0)
    return {
      error:
        r.stderr
          .trim()
          .split('\n')
          .filter((l) => !/DeprecationWarning|trace-deprecation|THREE\.|require\("three"\)/.test(l))
          .pop() ?? `exit ${r.status}`,
    };
  return JSON.parse(r.stdout) as ImportResult;
}

export interface MeshMemoryRow {
  format: string;
  fileBytes: number;
  triangles: number;
  peakMiB: number;
  overGiB: boolean;
  error?: string;
}

/** Runs every case (and a baseline: the modules loaded, nothing imported); prints the table and returns the rows. */
export function benchMeshMemory(names: string[] = CASES.map((c) => c.name)): MeshMemoryRow[] {
  const rows: MeshMemoryRow[] = [];
  const base = child('-', 'obj');
  const baseMiB = 'peakRssMiB' in base ? base.peakRssMiB : NaN;
  for (const c of CASES.filter((k) => names.includes(k.name))) {
    const path = join(tmpdir(), `navlab-mesh-memory-${process.pid}-${c.name}.${c.format}`);
    try {
      const w = new FileWriter(path);
      const triangles = c.write(w);
      w.close();
      const fileBytes = statSync(path).size;
      const r = child(path, c.format);
      const peakMiB = 'peakRssMiB' in r ? r.peakRssMiB : NaN;
      let error = r.error;
      if (error === undefined && (r as ImportResult).triangles !== triangles)
        error = `read ${(r as ImportResult).triangles} triangles, wrote ${triangles}`;
      rows.push({ format: c.name, fileBytes, triangles, peakMiB, overGiB: !(peakMiB < GIB_MIB), error });
    } finally {
      rmSync(path, { force: true });
    }
  }
  printTable(
    `mesh import memory: peak RSS of importMesh on the worst file each format's limits admit (own process each; goal < ${GIB_MIB} MiB)`,
    ['format', 'file MiB', 'triangles', 'peak MiB', 'B/file byte', 'B/triangle', 'check'],
    rows.map((r) => [
      r.format,
      (r.fileBytes / 2 ** 20).toFixed(1),
      r.triangles,
      r.peakMiB,
      (((r.peakMiB - baseMiB) * 2 ** 20) / r.fileBytes).toFixed(2),
      (((r.peakMiB - baseMiB) * 2 ** 20) / r.triangles).toFixed(0),
      r.error ? `FAILED: ${r.error}` : r.overGiB ? 'OVER 1 GiB' : 'ok',
    ]),
  );
  console.log(`limits: ${LIMITS.meshFileBytes} bytes a file, ${LIMITS.meshTriangles} triangles, ${LIMITS.objVertices} OBJ vertices`);
  console.log(`baseline: ${baseMiB} MiB with the modules loaded; bytes per file byte and per triangle are above it`);
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, format] = process.argv.slice(2);
  if (file !== undefined && format !== undefined) console.log(JSON.stringify(await importOnce(file, format as MeshFormat)));
  else benchMeshMemory(file === undefined ? undefined : file.split(','));
}
