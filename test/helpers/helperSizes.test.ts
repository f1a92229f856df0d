/** navlab/helpers draw at the world's size: sizes from the data given, or from an option. */
import { Matrix4, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { WaypointGraph } from '../../src/core/graph/WaypointGraph.ts';
import { AgentsHelper, WaypointGraphHelper } from '../../src/helpers/index.ts';

const graphOf = (k: number) => new WaypointGraph([0, 0, 0, 2 * k, 0, 0, 0, 0, 2.2 * k], [0, 1, 1, 2]);

describe('helper sizes', () => {
  it("WaypointGraphHelper's spheres follow the graph's extent unless a radius is given", () => {
    const small = new WaypointGraphHelper(graphOf(1));
    const big = new WaypointGraphHelper(graphOf(1000));
    expect(big.radius / small.radius).toBeCloseTo(1000, 6);
    expect(small.radius).toBeCloseTo(0.006 * (Math.hypot(2, 2.2) / 2), 9);
    expect(new WaypointGraphHelper(graphOf(1), { radius: 0.25 }).radius).toBe(0.25);
    // A single waypoint spans no box: the fallback.
    expect(new WaypointGraphHelper(new WaypointGraph([1, 2, 3], [])).radius).toBe(0.1);
  });

  it('AgentsHelper draws agents at their own radius, or at least minRadius when set', () => {
    const h = new AgentsHelper();
    expect(h.minRadius).toBe(0);
    const state = {
      count: 1,
      positions: [0, 0, 0],
      headings: [1, 0, 0],
      radii: [0.004],
      pull: [0, 0, 0],
      push: [0, 0, 0],
    };
    const scaleOf = () => {
      const m = new Matrix4();
      (h as unknown as { bodies: { getMatrixAt(i: number, m: Matrix4): void } }).bodies.getMatrixAt(0, m);
      return new Vector3().setFromMatrixScale(m).x;
    };
    h.update(state);
    expect(scaleOf()).toBeCloseTo(0.004, 9);
    h.minRadius = 0.02;
    h.update(state);
    expect(scaleOf()).toBeCloseTo(0.02, 9);
    h.dispose();
  });
});
