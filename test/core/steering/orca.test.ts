/**
 * Reciprocal avoidance (issue 26): the ORCA half-spaces and the 3D linear program checked
 * against brute force on random small cases.
 */
import { describe, expect, it } from 'vitest';
import { leastPenetration, PLANE_STRIDE, solveLinearProgram3 } from '../../../src/core/steering/linearProgram3.ts';
import { orcaPlane } from '../../../src/core/steering/orca.ts';
import { mulberry32 } from '../../support/random.ts';

type V = [number, number, number];
const dot = (a: V, b: V) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const sub = (a: V, b: V): V => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const norm = (a: V) => Math.sqrt(dot(a, a));

function randomUnit(random: () => number): V {
  const z = 2 * random() - 1;
  const phi = 2 * Math.PI * random();
  const s = Math.sqrt(1 - z * z);
  return [s * Math.cos(phi), z, s * Math.sin(phi)];
}

/** A uniform point in the ball of radius r. */
function inBall(random: () => number, r: number): V {
  const u = randomUnit(random);
  const k = r * Math.cbrt(random());
  return [u[0] * k, u[1] * k, u[2] * k];
}

/** Least distance over t in [0, tau] between two spheres at relative position p moving apart at relative velocity -w. */
function leastDistance(p: V, w: V, tau: number): number {
  // |p - w t| is least at t = p.w / w.w, clamped to [0, tau].
  const ww = dot(w, w);
  const t = ww > 0 ? Math.min(tau, Math.max(0, dot(p, w) / ww)) : 0;
  return norm(sub(p, [w[0] * t, w[1] * t, w[2] * t]));
}

/** Violation of plane k by v (> 0: outside the half-space). */
function violation(planes: Float64Array, k: number, v: V): number {
  const o = PLANE_STRIDE * k;
  return planes[o + 3] * (planes[o] - v[0]) + planes[o + 4] * (planes[o + 1] - v[1]) + planes[o + 5] * (planes[o + 2] - v[2]);
}

describe('ORCA half-space of one neighbour', () => {
  it('taking all the avoiding (share 1), every velocity of the half-space is collision-free within the horizon, and its boundary point just touches', () => {
    const random = mulberry32(26);
    const planes = new Float64Array(PLANE_STRIDE);
    let checked = 0;
    for (let trial = 0; trial < 300; trial++) {
      const rr = 0.2 + random();
      const p: V = (() => {
        const u = randomUnit(random);
        const d = rr * (1.05 + 4 * random());
        return [u[0] * d, u[1] * d, u[2] * d];
      })();
      const v = inBall(random, 3); // this agent's velocity; the other is at rest
      const tau = 0.5 + 2 * random();
      orcaPlane(planes, 0, Float64Array.of(...v, ...p, ...v, rr, tau, 1 / 60, 1));
      const point: V = [planes[0], planes[1], planes[2]];
      // The plane's point lies on the velocity obstacle's boundary.
      expect(leastDistance(p, point, tau)).toBeCloseTo(rr, 6);
      for (let s = 0; s < 50; s++) {
        const c = inBall(random, 8);
        if (violation(planes, 0, c) > 0) continue;
        expect(leastDistance(p, c, tau)).toBeGreaterThanOrEqual(rr - 1e-9);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('an overlapping pair gets a half-space that separates them within the step', () => {
    const planes = new Float64Array(PLANE_STRIDE);
    const h = 1 / 60;
    // Centres 0.5 apart, combined radius 1, both at rest: leave at (1 - 0.5) / h along -p.
    orcaPlane(planes, 0, Float64Array.of(0, 0, 0, 0.5, 0, 0, 0, 0, 0, 1, 2, h, 1));
    expect(Array.from(planes)).toEqual([-(0.5 / h), 0, 0, -1, 0, 0].map((x) => x + 0));
  });
});

describe('3D linear program', () => {
  /** Random planes near the origin, a preferred velocity and the speed limit. */
  function randomCase(random: () => number, count: number) {
    const planes = new Float64Array(PLANE_STRIDE * count);
    for (let k = 0; k < count; k++) {
      const n = randomUnit(random);
      const q = inBall(random, 1.5);
      planes.set([...q, ...n], PLANE_STRIDE * k);
    }
    return { planes, pref: inBall(random, 3), radius: 0.5 + 1.5 * random() };
  }

  it('finds a feasible velocity whenever one exists, and none nearer the preferred one (against 20,000 samples)', () => {
    const random = mulberry32(7);
    const result = new Float64Array(3);
    let feasibleCases = 0,
      infeasibleCases = 0;
    for (let trial = 0; trial < 150; trial++) {
      const count = 1 + Math.floor(random() * 5);
      const { planes, pref, radius } = randomCase(random, count);
      const solved = solveLinearProgram3(planes, count, radius, pref[0], pref[1], pref[2], false, result) === count;
      let best = Infinity;
      for (let s = 0; s < 20000; s++) {
        const c = inBall(random, radius);
        let ok = true;
        for (let k = 0; k < count && ok; k++) ok = violation(planes, k, c) <= 0;
        if (ok) best = Math.min(best, norm(sub(c, pref)));
      }
      if (best < Infinity) {
        feasibleCases++;
        expect(solved).toBe(true);
      }
      if (solved) {
        const v: V = [result[0], result[1], result[2]];
        expect(norm(v)).toBeLessThanOrEqual(radius + 1e-9);
        for (let k = 0; k < count; k++) expect(violation(planes, k, v)).toBeLessThanOrEqual(1e-9);
        expect(norm(sub(v, pref))).toBeLessThanOrEqual(best + 1e-9);
      } else infeasibleCases++;
    }
    expect(feasibleCases).toBeGreaterThan(50);
    expect(infeasibleCases).toBeGreaterThan(5);
  });

  it('when infeasible, the least-penetration fallback violates no plane by more than the best of 20,000 samples', () => {
    const random = mulberry32(11);
    const result = new Float64Array(3);
    const scratch = new Float64Array(PLANE_STRIDE * 8);
    let cases = 0;
    for (let trial = 0; trial < 400 && cases < 40; trial++) {
      const count = 3 + Math.floor(random() * 5);
      const { planes, pref, radius } = randomCase(random, count);
      // Push the planes away from the origin so that they conflict.
      for (let k = 0; k < count; k++) {
        const o = PLANE_STRIDE * k;
        for (let a = 0; a < 3; a++) planes[o + a] = planes[o + 3 + a] * (0.5 + random());
      }
      const fail = solveLinearProgram3(planes, count, radius, pref[0], pref[1], pref[2], false, result);
      if (fail === count) continue;
      cases++;
      leastPenetration(planes, count, fail, radius, result, scratch);
      const worst = (v: V) => Math.max(...Array.from({ length: count }, (_, k) => violation(planes, k, v)));
      let best = Infinity;
      for (let s = 0; s < 20000; s++) best = Math.min(best, worst(inBall(random, radius)));
      const v: V = [result[0], result[1], result[2]];
      expect(norm(v)).toBeLessThanOrEqual(radius + 1e-9);
      expect(best).toBeGreaterThan(0); // infeasible indeed
      expect(worst(v)).toBeLessThanOrEqual(best + 1e-6);
    }
    expect(cases).toBe(40);
  });
});
