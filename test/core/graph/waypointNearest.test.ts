/** WaypointGraph.nearest: the one nearest-waypoint lookup, against brute force. */
import { describe, expect, it } from 'vitest';
import { WaypointGraph } from '../../../src/core/graph/WaypointGraph.ts';
import { mulberry32 } from '../../../src/core/math/random.ts';

describe('WaypointGraph.nearest', () => {
  it('is -1 without waypoints', () => {
    expect(new WaypointGraph([], []).nearest(0, 0, 0)).toBe(-1);
  });

  it('finds the waypoint at least distance, the lowest index on ties', () => {
    const g = new WaypointGraph([0, 0, 0, 2, 0, 0, 1, 5, 0], [0, 1]);
    expect(g.nearest(1, 0, 0)).toBe(0);
    expect(g.nearest(1.01, 0, 0)).toBe(1);
    expect(g.nearest(1, 4, 0)).toBe(2);
  });

  it('matches brute force on random point sets', () => {
    const random = mulberry32(5);
    for (let trial = 0; trial < 50; trial++) {
      const n = 1 + Math.floor(40 * random());
      const pos = Array.from({ length: 3 * n }, () => -10 + 20 * random());
      const g = new WaypointGraph(pos, []);
      for (let k = 0; k < 20; k++) {
        const p = [-12 + 24 * random(), -12 + 24 * random(), -12 + 24 * random()];
        const d = (i: number) => Math.hypot(pos[3 * i] - p[0], pos[3 * i + 1] - p[1], pos[3 * i + 2] - p[2]);
        let best = 0;
        for (let i = 1; i < n; i++) if (d(i) < d(best)) best = i;
        expect(g.nearest(p[0], p[1], p[2])).toBe(best);
      }
    }
  });
});
