import { describe, expect, it } from 'vitest';
import { entryBetween, faceAt, faceEntry, portalStep } from '../../../src/core/sparse/cellEntry.ts';
import { mulberry32 } from '../../../src/core/math/random.ts';

/** A random box (corner in [0, 20), sides 1-8) and a face neighbour of it: the face, and the neighbour's box. */
function facePair(random: () => number): { u: Int32Array; v: Int32Array; face: number } {
  const int = (n: number) => Math.floor(random() * n);
  const u = Int32Array.from([int(20) + 10, int(20) + 10, int(20) + 10, 1 + int(8), 1 + int(8), 1 + int(8)]);
  const face = int(6);
  const axis = face >> 1;
  const v = new Int32Array(6);
  for (let a = 0; a < 3; a++) {
    v[3 + a] = 1 + int(8);
    // Off the axis: overlapping u by at least one voxel; on it: touching u's face.
    if (a !== axis) v[a] = u[a] - v[3 + a] + 1 + int(u[3 + a] + v[3 + a] - 1);
    else v[a] = face & 1 ? u[a] + u[3 + a] : u[a] - v[3 + a];
  }
  return { u, v, face };
}

/** A random voxel of box b. */
const inBox = (random: () => number, b: Int32Array): number[] => [0, 1, 2].map((a) => b[a] + Math.floor(random() * b[3 + a]));

/** Distance between voxels, as the search computes it (Math.hypot can differ in the last bit). */
const dist = (a: readonly number[], b: readonly number[]): number => {
  const x = a[0] - b[0],
    y = a[1] - b[1],
    z = a[2] - b[2];
  return Math.sqrt(x * x + y * y + z * z);
};

/** portalStep as first written (arrays, every mode costed): the reference. */
function portalStepReference(
  bn: Int32Array,
  bu: Int32Array,
  p: number[],
  g: number[],
  gn: number,
  cs: number,
  toGoal: boolean,
  zeroH: boolean,
) {
  let best: { c: number; f: number; entry: number[] } | null = null;
  for (let mode = 0; mode < 3; mode++) {
    const at = entryBetween(bn, 0, bu, 0, p, g, [0, 0, 0], mode);
    const last = [0, 1, 2].map((k) => Math.max(bn[k], Math.min(at[k], bn[k] + bn[3 + k] - 1)));
    const end = toGoal ? g : at;
    const c = gn + (dist(p, last) + 1 + dist(at, end)) * cs;
    const f = c + (zeroH ? 0 : dist(end, g) * cs);
    if (best === null || f < best.f) best = { c, f, entry: at };
  }
  return best!;
}

describe('cellEntry', () => {
  it('faceEntry, clamped into the neighbour, is entryBetween mode 0 for every face neighbour (2,000 random pairs)', () => {
    const random = mulberry32(7);
    const wrong: string[] = [];
    for (let k = 0; k < 2000; k++) {
      const { u, v, face } = facePair(random);
      const p = inBox(random, u);
      const g = [Math.floor(random() * 50), Math.floor(random() * 50), Math.floor(random() * 50)];
      faceEntry(face, u, p, g);
      const got = [0, 1, 2].map((a) => Math.max(v[a], Math.min(faceAt[3 * face + a], v[a] + v[3 + a] - 1)));
      const want = entryBetween(u, 0, v, 0, p, g, [0, 0, 0], 0);
      if (got.join() !== want.join()) wrong.push(`u ${u} v ${v} p ${p} g ${g}: ${got} != ${want}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it("portalStep gives the reference's best step exactly: its g, g + h and entry voxel (4,000 random pairs, all flags)", () => {
    const random = mulberry32(11);
    const wrong: string[] = [];
    const out = new Float64Array(2);
    const entry = [0, 0, 0];
    for (let k = 0; k < 4000; k++) {
      // n is the closed neighbour the step comes from, u the cell entered.
      const { u: bn, v: bu } = facePair(random);
      const p = inBox(random, bn);
      const toGoal = (k & 1) === 1;
      const zeroH = (k & 2) === 2;
      const g = toGoal ? inBox(random, bu) : [Math.floor(random() * 50), Math.floor(random() * 50), Math.floor(random() * 50)];
      const gn = random() * 10;
      const want = portalStepReference(bn, bu, p, g, gn, 0.25, toGoal, zeroH);
      const ok = portalStep(bn, 0, bu, p, g, gn, 0.25, toGoal, zeroH, Infinity, entry, out);
      if (!ok || out[0] !== want.c || out[1] !== want.f || entry.join() !== want.entry.join())
        wrong.push(`n ${bn} u ${bu} p ${p} g ${g}: ${out} ${entry} != ${want.c},${want.f} ${want.entry}`);
      // Not below a bound at or under its best: nothing written, false.
      if (portalStep(bn, 0, bu, p, g, gn, 0.25, toGoal, zeroH, want.f, entry, out)) wrong.push(`n ${bn} u ${bu}: beat its own best`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });
});
