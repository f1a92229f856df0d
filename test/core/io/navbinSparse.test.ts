import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { NavlabError } from '../../../src/core/errors.ts';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { NavbinError, readNavbin, writeNavbin } from '../../../src/core/io/navbin.ts';
import { BrickSet } from '../../../src/core/sparse/brickSet.ts';
import { sparseFromBricks, sparseFromGrid } from '../../../src/core/sparse/build.ts';
import { parse3dMapSparse } from '../../../src/core/io/movingaiSparse.ts';
import { SPARSE_SECTION_MAX_NODES } from '../../../src/core/io/navbinSparse.ts';
import { boxSoup } from '../../support/boxSoup.ts';
import { sparseFromTriangles } from '../../../src/core/sparse/fromTriangles.ts';
import type { SparseWorld } from '../../../src/core/sparse/SparseWorld.ts';
import { readData } from '../../support/movingai.ts';
import { byteMutation, mutateBytes, type ByteMutation } from '../../support/mutate.ts';
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

/** The leaves of the sparse section at byte 128 of a file written now (encoding 2), decoded. */
function decode(bytes: Uint8Array) {
  const at = 128;
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(v.getUint32(at + 20, true)).toBe(2);
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
  const bricks: number[][] = []; // [code, lo, hi]
  let prev = -1;
  for (let i = 0; i < B; i++) {
    const code = prev + 1 + varint();
    const m = varint();
    bricks.push([code, v.getUint32(at + 64 + 8 * m, true), v.getUint32(at + 68 + 8 * m, true)]);
    prev = code;
  }
  q = at + 64 + 8 * D + ((L + 3) & ~3) + 4;
  const solids: number[][] = []; // [code, level]
  for (let level = 0; solids.length < S; level++) {
    const c = varint();
    prev = -1;
    for (let j = 0; j < c; j++) {
      prev += 1 + varint();
      solids.push([prev, level]);
    }
  }
  return { head: bytes.subarray(0, at + 56), bricks, solids };
}

/**
 * The same file with its sparse section (at byte 128) in an older encoding: 0 (plain bricks) or
 * 1 (packed bricks as now), SOLID nodes as plain (code, level) pairs; `edit` may change the
 * bytes (view, offset of the first brick in encoding 0, of the first solid pair).
 */
function toOld(bytes: Uint8Array, E: 0 | 1, edit: (v: DataView, firstBrick: number, firstSolid: number) => void = () => {}): Uint8Array {
  const at = 128;
  const { head, bricks, solids } = decode(bytes);
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const packed = at + 64 + 8 * v.getUint32(at + 56, true) + ((v.getUint32(at + 60, true) + 3) & ~3);
  const brickBytes = E === 0 ? 12 * bricks.length : packed - at - 56;
  const out = new Uint8Array(at + 56 + brickBytes + 8 * solids.length);
  out.set(head);
  const o = new DataView(out.buffer);
  o.setUint32(8, out.byteLength, true);
  o.setUint32(at + 20, E, true);
  if (E === 1) out.set(bytes.subarray(at + 56, packed), at + 56);
  else bricks.forEach((b, i) => b.forEach((x, j) => o.setUint32(at + 56 + 12 * i + 4 * j, x, true)));
  const first = at + 56 + brickBytes;
  solids.forEach(([code, level], i) => {
    o.setUint32(first + 8 * i, code, true);
    o.setUint32(first + 8 * i + 4, level, true);
  });
  edit(o, at + 56, first);
  return out;
}

/** The soup of fixtures/sparse-encoding1.navbin: three closed boxes and an open triangle. */
function fixtureSoup(): number[] {
  return [
    ...boxSoup([0, 0, 0], [9, 5, 7]),
    ...boxSoup([1, 1, 1], [3, 2.5, 3]),
    ...boxSoup([10.1, 0.3, 0.2], [14.7, 3.9, 4.4]),
    20,
    0,
    0,
    24,
    0,
    0,
    20,
    4,
    0,
  ];
}

/** The same tree: every array of the two worlds equal. */
function sameTree(a: SparseWorld, b: SparseWorld): boolean {
  const keys = ['levelStart', 'code', 'kind', 'level', 'firstChild', 'parents', 'coarseLink', 'maskLo', 'maskHi'] as const;
  return keys.every((k) => a[k].length === b[k].length && a[k].every((x, i) => x === b[k][i]));
}

describe('.navbin sparse section', () => {
  it('round trips bit-identical, with the same blocked voxels and the same tree; older encodings load the same', () => {
    const worlds = [
      ...[1, 2, 3, 4].map((s) => sparseFromGrid(randomGrid(s))),
      parse3dMapSparse(readData('Simple.3dmap'), 'Simple.3dmap'),
      sparseFromTriangles([0, 0, 0, 3, 0, 0, 0, 3, 0, 0, 0, 2, 3, 0, 2, 0, 3, 2, 0, 0, 0, 0, 3, 0, 0, 0, 2], {
        cellSize: 0.25,
        fill: 'solid',
      }),
      sparseFromTriangles(fixtureSoup(), { cellSize: 0.125, fill: 'solid' }),
    ];
    for (const [i, w] of worlds.entries()) {
      const bytes = bake(w);
      const back = readNavbin(bytes).sparse!;
      expect(sameVoxels(back, w), `world ${i}`).toBe(true);
      expect(sameTree(back, w), `world ${i}`).toBe(true);
      expect(bake(back), `world ${i}`).toEqual(bytes);
      // Older files (encodings 0 and 1) read to the same world, and write as the bytes of now.
      for (const E of [0, 1] as const) {
        const old = readNavbin(toOld(bytes, E)).sparse!;
        expect(sameTree(old, w), `world ${i}, encoding ${E}`).toBe(true);
        expect(bake(old), `world ${i}, encoding ${E}`).toEqual(bytes);
      }
    }
  });

  it('loads a file the previous writer wrote (encoding 1) into the world built now, and writes it in encoding 2', () => {
    const file = new Uint8Array(readFileSync(new URL('./fixtures/sparse-encoding1.navbin', import.meta.url)));
    expect(new DataView(file.buffer).getUint32(128 + 20, true)).toBe(1);
    const w = sparseFromTriangles(fixtureSoup(), { cellSize: 0.125, fill: 'solid' });
    const old = readNavbin(file).sparse!;
    expect(sameTree(old, w)).toBe(true);
    expect(old.origin).toEqual(w.origin);
    const now = bake(old);
    expect(now).toEqual(bake(w));
    expect(now.byteLength).toBeLessThan(file.byteLength);
    expect(toOld(now, 1)).toEqual(file);
  });

  it('stores leaves, not the tree: far fewer bytes than the world holds', () => {
    const w = parse3dMapSparse(readData('Simple.3dmap'), 'Simple.3dmap');
    expect(bake(w).byteLength).toBeLessThan(w.byteLength / 2);
  });

  it('keeps a big SOLID node one node: a 4,096^3 world with a solid half reads without enumerating its bricks', () => {
    // Level-9 nodes span 2,048 voxels: four of the root's eight children blocked whole, the
    // others empty, as a file written now (encoding 2) and as older files (0 and 1).
    const solids = Array.from({ length: 11 }, () => new Uint32Array(0));
    solids[9] = Uint32Array.of(0, 1, 2, 3);
    const w = sparseFromBricks([4096, 4096, 4096], new BrickSet(1), 1, { x: 0, y: 0, z: 0 }, solids);
    expect([w.nodeCount, w.brickCount]).toEqual([9, 0]);
    const bytes = bake(w);
    expect(bytes.byteLength).toBeLessThan(256);
    const adds = vi.spyOn(BrickSet.prototype, 'addCode');
    try {
      for (const file of [bytes, toOld(bytes, 0), toOld(bytes, 1)]) {
        adds.mockClear();
        const back = readNavbin(file).sparse!;
        expect(adds).not.toHaveBeenCalled(); // no brick: the old reader added 2^29 here (and refused)
        expect(sameTree(back, w)).toBe(true);
        expect([
          back.isBlocked(0, 0, 0),
          back.isBlocked(4095, 2047, 2047),
          back.isBlocked(0, 0, 2048),
          back.isBlocked(4095, 4095, 4095),
        ]).toEqual([true, true, false, false]);
      }
    } finally {
      adds.mockRestore();
    }
    // A SOLID node above the root's level (an older file could hold one) blocks the whole world.
    const small = bake(sparseFromGrid(new VoxelGrid({ dims: [100, 60, 80] })));
    const b = new Uint8Array(small.byteLength + 8);
    const plain = toOld(small, 0);
    b.set(plain);
    const v = new DataView(b.buffer);
    v.setUint32(8, plain.byteLength + 8, true);
    v.setUint32(128 + 16, 1, true);
    v.setUint32(plain.byteLength, 0, true);
    v.setUint32(plain.byteLength + 4, 8, true); // level 8: the root of a 100 x 60 x 80 world is level 5
    const full = readNavbin(b.subarray(0, plain.byteLength + 8)).sparse!;
    expect([full.nodeCount, full.isBlocked(50, 30, 40), full.isBlocked(0, 0, 0)]).toEqual([1, true, true]);
  });

  it('bounds the tree a section rebuilds: sparseFromBricks fails before laying it out when it could hold more nodes', () => {
    const w = sparseFromGrid(randomGrid(3));
    const leaves = () => {
      const b = new BrickSet();
      for (let n = 0; n < w.brickCount; n++) if (w.kind[n] !== 0) b.addCode(w.code[n], w.maskLo[n], w.maskHi[n]);
      return b;
    };
    const fail = (message: string): never => {
      throw new Error(message);
    };
    const dims = [w.X, w.Y, w.Z] as [number, number, number];
    expect(sameTree(sparseFromBricks(dims, leaves(), 1, w.origin, [], { nodes: w.nodeCount, fail }), w)).toBe(true);
    expect(() => sparseFromBricks(dims, leaves(), 1, w.origin, [], { nodes: w.nodeCount - 1, fail })).toThrow(/would hold up to \d+ nodes/);
    expect(SPARSE_SECTION_MAX_NODES).toBeGreaterThanOrEqual(4 * 16_367_401); // 4x the filled city's tree
  });

  it('fuzzing: mutated sparse sections (encodings 0, 1, 2) read cleanly or fail with a NavlabError', () => {
    const good = bake(sparseFromTriangles(fixtureSoup(), { cellSize: 0.5, fill: 'solid' }));
    for (const [E, base] of [good, toOld(good, 0), toOld(good, 1)].entries()) {
      fc.assert(
        fc.property(fc.array(byteMutation, { minLength: 1, maxLength: 3 }), (ms: ByteMutation[]) => {
          try {
            const w = readNavbin(ms.reduce(mutateBytes, base)).sparse;
            if (w !== null) {
              expect(w.nodeCount).toBeLessThanOrEqual(SPARSE_SECTION_MAX_NODES);
              w.isBlocked(w.X >> 1, w.Y >> 1, w.Z >> 1);
            }
          } catch (e) {
            if (!(e instanceof NavlabError))
              throw new Error(`encoding ${E}, ${JSON.stringify(ms)}: ${(e as Error)?.name}: ${(e as Error)?.message}`);
          }
        }),
        { seed: 25 + E, numRuns: 400 },
      );
    }
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
    const world = sparseFromTriangles(fixtureSoup(), { cellSize: 0.25, fill: 'solid' });
    const good = bake(world);
    // Without waypoints the graph takes 12 bytes (offsets [0], idOffsets [0]) after the 112-byte
    // header; the section starts at the next multiple of 8.
    const at = 128;
    const gv = new DataView(good.buffer);
    const solidAt = at + 64 + 8 * gv.getUint32(at + 56, true) + ((gv.getUint32(at + 60, true) + 3) & ~3);
    const M = gv.getUint32(solidAt, true);
    expect(gv.getUint32(at + 16, true)).toBeGreaterThan(0); // SOLID nodes stored
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
      [edit((v) => v.setUint32(solidAt, M + 400, true)), /need \d+ bytes/],
      [edit((v) => v.setUint32(at + 16, 2 ** 25, true)), /more than 33554432 leaves/],
      [edit((v) => v.setUint32(at + 16, v.getUint32(at + 16, true) + 1, true)), /stream ends early|over the \d+ stored/],
      [edit((v) => v.setUint32(at + 16, 1, true)), /over the 1 stored|bytes past its 1 nodes/],
      [edit((v) => v.setUint8(solidAt + 4, 0xff)), /over the \d+ stored|ends early|outside/],
      [toOld(good, 0, (v, p) => v.setUint32(p, 0x3fffffff, true)), /outside|ascending/],
      [toOld(good, 1, (v, _, s) => v.setUint32(s + 4, 11, true)), /solid node 0 \(level 11\) lies outside/],
      [toOld(good, 0, (v, _, s) => v.setUint32(s, 2 ** 29, true)), /solid node 0 .* lies outside/],
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
});
