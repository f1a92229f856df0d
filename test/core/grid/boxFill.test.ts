import { describe, expect, it } from 'vitest';
import { fillBoxesInOrder, fillBoxUnion } from '../../../src/core/grid/boxFill.ts';
import { mulberry32 } from '../../support/random.ts';

type Dims = [number, number, number];

/** The obvious per-voxel fill: the oracle. */
function naive(dims: Dims, boxes: number[][], values: number[], target: Float32Array): void {
  const [X, Y] = dims;
  boxes.forEach((b, i) => {
    for (let z = b[2]; z <= b[5]; z++)
      for (let y = b[1]; y <= b[4]; y++) for (let x = b[0]; x <= b[3]; x++) target[x + X * (y + Y * z)] = values[i];
  });
}

function randomCase(seed: number) {
  const rand = mulberry32(seed);
  const int = (n: number) => Math.floor(rand() * n);
  const dims: Dims = [1 + int(9), 1 + int(9), 1 + int(9)];
  const boxes = Array.from({ length: int(12) }, () => {
    const lo = dims.map((d) => int(d));
    return [...lo, ...lo.map((l, a) => l + int(dims[a] - l))];
  });
  const values = boxes.map(() => 2 + int(5));
  return { dims, boxes, values };
}

describe('box fills', () => {
  it('fillBoxUnion marks exactly the voxels inside some box (300 random cases)', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const { dims, boxes } = randomCase(seed);
      const size = dims[0] * dims[1] * dims[2];
      const want = new Float32Array(size);
      naive(
        dims,
        boxes,
        boxes.map(() => 1),
        want,
      );
      const got = new Uint8Array(size);
      fillBoxUnion(dims, boxes, got, 1);
      expect(Array.from(got), `seed ${seed}`).toEqual(Array.from(want));
    }
  });

  it('fillBoxesInOrder lets later boxes win and leaves the rest alone (300 random cases)', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const { dims, boxes, values } = randomCase(seed);
      const size = dims[0] * dims[1] * dims[2];
      const want = new Float32Array(size).fill(1);
      naive(dims, boxes, values, want);
      const got = new Float32Array(size).fill(1);
      fillBoxesInOrder(dims, boxes, values, got);
      expect(Array.from(got), `seed ${seed}`).toEqual(Array.from(want));
    }
  });

  it('no boxes change nothing', () => {
    const t = new Uint8Array(8);
    fillBoxUnion([2, 2, 2], [], t, 1);
    fillBoxesInOrder([2, 2, 2], [], [], new Float32Array(8));
    expect(Array.from(t)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });
});
