import { describe, expect, it } from 'vitest';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { NavbinError, readNavbin, writeNavbin } from '../../../src/core/io/navbin.ts';
import { SPARSE_SECTION_MAX_BRICKS } from '../../../src/core/io/navbinSparse.ts';
import { sparseFromGrid } from '../../../src/core/sparse/build.ts';
import { parse3dMapSparse } from '../../../src/core/io/movingaiSparse.ts';
import { sparseFromTriangles } from '../../../src/core/sparse/fromTriangles.ts';
import type { SparseWorld } from '../../../src/core/sparse/SparseWorld.ts';
import { readData } from '../../support/movingai.ts';
import { mulberry32 } from '../../support/random.ts';

const settings = { agentRadius: 0.25, maxLinkDistance: Infinity, neighborhood: 26, cornerCutting: 'forbid' } as const;
const noGraph = { ids: [], positions: [], offsets: [0], targets: [], costs: [] };
const bake = (sparse: SparseWorld | null, grid: VoxelGrid | null = null) => writeNavbin({ settings, grid, graph: noGraph, sparse });

/** A random grid with blocks, solid slabs and single voxels (sides not multiples of 4). */
function randomGrid(seed: number): VoxelGrid {
  const rand = mulberry32(seed);
  const grid = new VoxelGrid({ dims: [9 + Math.floor(rand() * 40), 5 + Math.floor(rand() * 30), 7 + Math.floor(rand() * 40)] });
  for (let i = 0; i < 300; i++)
    grid.setBlocked(Math.floor(rand() * grid.X), Math.floor(rand() * grid.Y), Math.floor(rand() * grid.Z), true);
  const y = Math.floor(rand() * grid.Y);
  for (let z = 0; z < grid.Z; z++) for (let x = 0; x < grid.X; x++) for (let k = 0; k <= y; k++) grid.setBlocked(x, k, z, true);
  return grid;
}

function sameVoxels(a: SparseWorld, b: SparseWorld): boolean {
  if (a.X !== b.X || a.Y !== b.Y || a.Z !== b.Z || a.cellSize !== b.cellSize) return false;
  for (let z = 0; z < a.Z; z++)
    for (let y = 0; y < a.Y; y++) for (let x = 0; x < a.X; x++) if (a.isBlocked(x, y, z) !== b.isBlocked(x, y, z)) return false;
  return true;
}

/**
 * The same file with its sparse section (at byte 128) in the plain encoding 0 of older files,
 * decoded from the packed one; `edit` may change the plain bytes (view, first brick's offset).
 */
function toPlain(bytes: Uint8Array, edit: (v: DataView, first: number) => void = () => {}): Uint8Array {
  const at = 128;
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const B = v.getUint32(at + 12, true),
    S = v.getUint32(at + 16, true),
    D = v.getUint32(at + 56, true),
    L = v.getUint32(at + 60, true);
  let q = at + 64 + 8 * D;
  const varint = (): number => {
    let x = 0;
    for (let k = 0; ; k++) {
      const b = bytes[q++];
      x += (b & 0x7f) * 2 ** (7 * k);
      if (b < 0x80) return x;
    }
  };
  const out = new Uint8Array(at + 56 + 12 * B + 8 * S);
  out.set(bytes.subarray(0, at + 56));
  const o = new DataView(out.buffer);
  o.setUint32(8, out.byteLength, true);
  o.setUint32(at + 20, 0, true);
  let prev = -1;
  for (let i = 0; i < B; i++) {
    const code = prev + 1 + varint();
    const m = varint();
    o.setUint32(at + 56 + 12 * i, code, true);
    o.setUint32(at + 60 + 12 * i, v.getUint32(at + 64 + 8 * m, true), true);
    o.setUint32(at + 64 + 12 * i, v.getUint32(at + 68 + 8 * m, true), true);
    prev = code;
  }
  out.set(bytes.subarray(at + 64 + 8 * D + ((L + 3) & ~3)), at + 56 + 12 * B);
  edit(o, at + 56);
  return out;
}

describe('.navbin sparse section', () => {
  it('round trips bit-identical, with the same blocked voxels and the same tree', () => {
    const worlds = [
      ...[1, 2, 3, 4].map((s) => sparseFromGrid(randomGrid(s))),
      parse3dMapSparse(readData('Simple.3dmap'), 'Simple.3dmap'),
      sparseFromTriangles([0, 0, 0, 3, 0, 0, 0, 3, 0, 0, 0, 2, 3, 0, 2, 0, 3, 2, 0, 0, 0, 0, 3, 0, 0, 0, 2], {
        cellSize: 0.25,
        fill: 'solid',
      }),
    ];
    for (const [i, w] of worlds.entries()) {
      const bytes = bake(w);
      const back = readNavbin(bytes).sparse!;
      expect(sameVoxels(back, w), `world ${i}`).toBe(true);
      expect(back.nodeCount, `world ${i}`).toBe(w.nodeCount);
      expect(Array.from(back.coarseLink), `world ${i}`).toEqual(Array.from(w.coarseLink));
      expect(bake(back), `world ${i}`).toEqual(bytes);
      // Older files (plain encoding) read to the same world, and write as the packed bytes.
      const old = readNavbin(toPlain(bytes)).sparse!;
      expect(Array.from(old.coarseLink), `world ${i}`).toEqual(Array.from(w.coarseLink));
      expect(bake(old), `world ${i}`).toEqual(bytes);
    }
  });

  it('stores leaves, not the tree: far fewer bytes than the world holds', () => {
    const w = parse3dMapSparse(readData('Simple.3dmap'), 'Simple.3dmap');
    expect(bake(w).byteLength).toBeLessThan(w.byteLength / 2);
  });

  it('sits beside a dense grid and a graph; files without it read as before (sparse null) and keep their bytes', () => {
    const grid = randomGrid(5);
    const plain = bake(null, grid);
    expect(readNavbin(plain).sparse).toBeNull();
    expect(writeNavbin({ settings, grid, graph: noGraph })).toEqual(plain);
    const both = readNavbin(bake(sparseFromGrid(grid), grid));
    expect(Array.from(both.grid!.occupancy)).toEqual(Array.from(grid.occupancy));
    expect(sameVoxels(both.sparse!, sparseFromGrid(grid))).toBe(true);
  });

  it('refuses hostile sections with a NavbinError naming the problem', () => {
    const good = bake(sparseFromGrid(randomGrid(6)));
    // Without waypoints the graph takes 12 bytes (offsets [0], idOffsets [0]) after the 112-byte
    // header; the section starts at the next multiple of 8.
    const at = 128;
    const edit = (f: (v: DataView) => void): Uint8Array => {
      const b = good.slice();
      f(new DataView(b.buffer));
      return b;
    };
    const cases: [Uint8Array, RegExp][] = [
      [good.slice(0, good.byteLength - 4), /bytes/],
      [edit((v) => v.setUint32(at, 5000, true)), /sparse dims/],
      [edit((v) => v.setUint32(at + 12, 1e6, true)), /stream ends early/],
      [edit((v) => v.setUint32(at + 12, 1, true)), /bytes past its 1 bricks/],
      [edit((v) => v.setUint32(at + 20, 7, true)), /sparse encoding 7/],
      [edit((v) => v.setFloat64(at + 48, -1, true)), /cellSize/],
      [
        edit((v) => {
          v.setUint32(at + 64, 0, true);
          v.setUint32(at + 68, 0, true);
        }),
        /no blocked voxel/,
      ],
      [edit((v) => v.setUint32(at + 56, 0x3fffffff, true)), /need \d+ bytes/],
      [toPlain(good, (v, p) => v.setUint32(p, 0x3fffffff, true)), /outside|ascending/],
    ];
    for (const [bytes, message] of cases) {
      let error: unknown = null;
      try {
        readNavbin(bytes);
      } catch (e) {
        error = e;
      }
      expect(error, String(message)).toBeInstanceOf(NavbinError);
      expect((error as Error).message).toMatch(message);
    }
  });

  it('refuses a section whose solid nodes expand past the brick limit, before expanding', () => {
    // One solid level-10 node over a 4096^3 world: 2^30 bricks.
    const w = sparseFromGrid(new VoxelGrid({ dims: [4, 4, 4] }));
    const bytes = bake(w);
    const at = 128;
    const b = new Uint8Array(bytes.byteLength + 8);
    b.set(bytes);
    const v = new DataView(b.buffer);
    v.setUint32(8, b.byteLength, true);
    for (const i of [0, 1, 2]) v.setUint32(at + 4 * i, 4096, true);
    v.setUint32(at + 16, v.getUint32(at + 16, true) + 1, true);
    v.setUint32(b.byteLength - 8, 0, true);
    v.setUint32(b.byteLength - 4, 10, true);
    expect(() => readNavbin(b)).toThrow(new RegExp(`more than ${SPARSE_SECTION_MAX_BRICKS}`));
  });
});
