import { describe, expect, it } from 'vitest';
import { BOX_BLOCKED, BrickBoxes, splitBrick } from '../../../src/core/sparse/brickBoxes.ts';
import { sparseFromBricks } from '../../../src/core/sparse/build.ts';
import { BrickSet } from '../../../src/core/sparse/brickSet.ts';
import { MIXED } from '../../../src/core/sparse/SparseWorld.ts';
import { mulberry32 } from '../../support/random.ts';

const blockedBit = (lo: number, hi: number, b: number): boolean => ((b < 32 ? lo >>> b : hi >>> (b - 32)) & 1) === 1;

/** What is wrong with a brick's boxes: voxels not in exactly one box of free voxels named by its corner; [] when all is well. */
function boxErrors(lo: number, hi: number, out: Uint16Array): string[] {
  const errors: string[] = [];
  const cover = new Array<number>(64).fill(0);
  for (let b = 0; b < 64; b++) {
    const v = out[b];
    if (blockedBit(lo, hi, b)) {
      if (v !== BOX_BLOCKED) errors.push(`blocked voxel ${b} has a box`);
      continue;
    }
    if (v === BOX_BLOCKED) {
      errors.push(`free voxel ${b} has no box`);
      continue;
    }
    if ((v & 63) !== b) continue;
    // A box's own corner: its voxels must all be free, inside the brick and point back to it.
    const s = [((v >> 6) & 3) + 1, ((v >> 8) & 3) + 1, ((v >> 10) & 3) + 1];
    const l = [b & 3, (b >> 2) & 3, b >> 4];
    if (l[0] + s[0] > 4 || l[1] + s[1] > 4 || l[2] + s[2] > 4) errors.push(`box ${b} leaves the brick`);
    for (let k = 0; k < s[2]; k++)
      for (let j = 0; j < s[1]; j++)
        for (let i = 0; i < s[0]; i++) {
          const u = b + i + 4 * j + 16 * k;
          if (u > 63) continue;
          cover[u]++;
          if (blockedBit(lo, hi, u)) errors.push(`box ${b} holds blocked voxel ${u}`);
          if (out[u] !== v) errors.push(`voxel ${u} of box ${b} names another box`);
        }
  }
  for (let b = 0; b < 64; b++) if (!blockedBit(lo, hi, b) && cover[b] !== 1) errors.push(`free voxel ${b} in ${cover[b]} boxes`);
  return errors;
}

/** splitBrick as first written (one bit test per voxel of each layer): the boxes the table-driven one must give. */
function referenceSplit(lo: number, hi: number): Uint16Array {
  const out = new Uint16Array(64);
  let tLo = lo,
    tHi = hi;
  const taken = (b: number): boolean => ((b < 32 ? tLo >>> b : tHi >>> (b - 32)) & 1) === 1;
  const free = (l: number[], s: number[]): boolean => {
    for (let k = 0; k < s[2]; k++)
      for (let j = 0; j < s[1]; j++) for (let i = 0; i < s[0]; i++) if (taken(l[0] + i + 4 * (l[1] + j) + 16 * (l[2] + k))) return false;
    return true;
  };
  const orders = [0, 1, 2, 0, 2, 1, 1, 0, 2, 1, 2, 0, 2, 0, 1, 2, 1, 0];
  for (let b = 0; b < 64; b++) if (taken(b)) out[b] = BOX_BLOCKED;
  for (let b = 0; b < 64; b++) {
    if (taken(b)) continue;
    const l = [b & 3, (b >> 2) & 3, b >> 4];
    let best = [1, 1, 1],
      volume = 0;
    for (let o = 0; o < 18 && volume < 64; o += 3) {
      const s = [1, 1, 1];
      for (const a of orders.slice(o, o + 3))
        while (l[a] + s[a] < 4) {
          const layer = [...l];
          layer[a] = l[a] + s[a];
          const side = [...s];
          side[a] = 1;
          if (!free(layer, side)) break;
          s[a]++;
        }
      if (s[0] * s[1] * s[2] > volume) [volume, best] = [s[0] * s[1] * s[2], s];
    }
    const packed = b | ((best[0] - 1) << 6) | ((best[1] - 1) << 8) | ((best[2] - 1) << 10);
    for (let k = 0; k < best[2]; k++)
      for (let j = 0; j < best[1]; j++)
        for (let i = 0; i < best[0]; i++) {
          const u = b + i + 4 * j + 16 * k;
          out[u] = packed;
          u < 32 ? (tLo |= 1 << u) : (tHi |= 1 << (u - 32));
        }
  }
  return out;
}

describe('splitBrick', () => {
  it('covers every free voxel of random bricks by exactly one box of free voxels, the same boxes every time', () => {
    const rnd = mulberry32(25);
    const out = new Uint16Array(64 + 7);
    let boxes = 0,
      free = 0;
    for (let t = 0; t < 3000; t++) {
      // Sparse, half and dense masks, and walls (a plane of the brick blocked).
      const density = [0.05, 0.5, 0.9][t % 3];
      let lo = 0,
        hi = 0;
      for (let b = 0; b < 64; b++) if (rnd() < density) b < 32 ? (lo |= 1 << b) : (hi |= 1 << (b - 32));
      if (t % 7 === 0) lo = (lo | 0x0000ffff) >>> 0;
      lo >>>= 0;
      hi >>>= 0;
      splitBrick(lo, hi, out, 7);
      const view = out.subarray(7);
      expect(boxErrors(lo, hi, view)).toEqual([]);
      const again = new Uint16Array(64);
      splitBrick(lo, hi, again, 0);
      expect(Array.from(again)).toEqual(Array.from(view));
      for (let b = 0; b < 64; b++) {
        if (view[b] === BOX_BLOCKED) continue;
        free++;
        if ((view[b] & 63) === b) boxes++;
      }
    }
    // Fewer cells than free voxels (the point of the boxes).
    expect(boxes).toBeLessThan(free / 2);
  });

  it('gives the boxes of the greedy split voxel by voxel (the reference), on random and wall-like masks', () => {
    const rnd = mulberry32(77);
    const out = new Uint16Array(64);
    const differ: string[] = [];
    for (let t = 0; t < 4000; t++) {
      const density = [0.03, 0.15, 0.4, 0.7][t % 4];
      let lo = 0,
        hi = 0;
      for (let b = 0; b < 64; b++) if (rnd() < density) b < 32 ? (lo |= 1 << b) : (hi |= 1 << (b - 32));
      // Walls: a layer of the brick blocked along a random axis.
      if (t % 5 === 0)
        for (let b = 0; b < 64; b++)
          if ([b & 3, (b >> 2) & 3, b >> 4][t % 3] === (t >> 2) % 4) b < 32 ? (lo |= 1 << b) : (hi |= 1 << (b - 32));
      splitBrick(lo >>> 0, hi >>> 0, out, 0);
      if (Array.from(out).join() !== Array.from(referenceSplit(lo >>> 0, hi >>> 0)).join()) differ.push(`${lo >>> 0},${hi >>> 0}`);
    }
    expect(differ).toEqual([]);
  });

  it('a brick free but for one voxel: a few large boxes', () => {
    const out = new Uint16Array(64);
    splitBrick(1, 0, out, 0);
    expect(boxErrors(1, 0, out)).toEqual([]);
    expect(new Set(Array.from(out).filter((v) => v !== BOX_BLOCKED)).size).toBe(3);
  });
});

describe('BrickBoxes', () => {
  it("gives every brick splitBrick's boxes, also where bricks repeat masks (split once, copied after)", () => {
    const rnd = mulberry32(9);
    const randomMask = (): number => {
      let m = 0;
      for (let b = 0; b < 32; b++) if (rnd() < 0.3) m |= 1 << b;
      return m >>> 0;
    };
    // A few masks repeated over most bricks (as walls and floors do), and unique ones between them.
    const pool = Array.from({ length: 5 }, () => [randomMask(), randomMask()]);
    const bricks = new BrickSet();
    for (let z = 0; z < 16; z++)
      for (let y = 0; y < 4; y++)
        for (let x = 0; x < 16; x++) {
          const [lo, hi] = rnd() < 0.7 ? pool[Math.floor(rnd() * pool.length)] : [randomMask(), randomMask()];
          if (lo !== 0 || hi !== 0) bricks.add(x, y, z, lo, hi);
        }
    const world = sparseFromBricks([64, 16, 64], bricks, 1, { x: 0, y: 0, z: 0 });
    const boxes = new BrickBoxes(world);
    const out = new Uint16Array(64);
    let mixed = 0;
    const wrong: number[] = [];
    for (let n = 0; n < world.brickCount; n++) {
      if (world.kind[n] !== MIXED) continue;
      mixed++;
      splitBrick(world.maskLo[n], world.maskHi[n], out, 0);
      const expected = Array.from(out).filter((v, b) => v !== BOX_BLOCKED && (v & 63) === b);
      if (Array.from(boxes.boxesOf(n)).join() !== expected.join()) wrong.push(n);
      for (let b = 0; b < 64; b++) if (boxes.get(n, b) !== out[b]) wrong.push(n);
    }
    expect(wrong).toEqual([]);
    expect(mixed).toBeGreaterThan(900);
    expect(boxes.split).toBe(mixed);
  });
});
