// readNavbin accepted any finite number: a grid origin or cell size of 1e300 (the far corner
// is then Infinity, and world-point queries give NaN), waypoints at 1e300, an agent radius of
// 1e300. Every number a .navbin holds now has the documented range of LIMITS (worldCoord for
// coordinates and lengths), and the file's size is held to LIMITS.navbinBytes first.
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/core/limits.ts';
import { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';
import { WaypointGraph } from '../../src/core/graph/WaypointGraph.ts';
import { NavbinError, readNavbin, writeNavbin } from '../../src/core/io/navbin.ts';

/** A file with distinctive numbers, so each can be found and patched. */
function sample(): Uint8Array {
  const grid = new VoxelGrid({ dims: [4, 3, 2], origin: { x: -1.125, y: 2.375, z: 3.625 }, cellSize: 0.8125 });
  const positions = [1.0625, 2.0625, 3.0625, 4.0625, 5.0625, 6.0625];
  const g = new WaypointGraph(positions, [0, 1]);
  return writeNavbin({
    settings: { agentRadius: 0.3125, maxLinkDistance: 9.5625, neighborhood: 26, cornerCutting: 'forbid' },
    grid,
    graph: { ids: ['a', 'b'], positions: g.positions, offsets: g.offsets, targets: g.targets, costs: g.costs },
  });
}

/** `bytes` with the (first) little-endian float64 `from` replaced by `to`. */
function patch(bytes: Uint8Array, from: number, to: number): Uint8Array {
  const out = bytes.slice();
  const view = new DataView(out.buffer);
  for (let at = 0; at + 8 <= out.length; at += 8) {
    if (view.getFloat64(at, true) === from) {
      view.setFloat64(at, to, true);
      return out;
    }
  }
  throw new Error(`${from} not found`);
}

const refused = (bytes: Uint8Array, message: RegExp) => {
  let error: unknown = null;
  try {
    readNavbin(bytes);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(NavbinError);
  expect((error as Error).message).toMatch(message);
};

describe('.navbin numbers have ranges', () => {
  it('reads the sample', () => {
    expect(readNavbin(sample()).grid!.cellSize).toBe(0.8125);
  });

  it.each([
    ['grid origin', -1.125, -1e300, /grid origin x = -1e\+300 is beyond ±1000000000/],
    ['grid origin near the limit, far corner beyond it', -1.125, 1e9 - 1, /grid reaches x = 1000000002\.25, beyond ±1000000000/],
    ['cell size', 0.8125, 1e300, /grid cellSize 1e\+300 is not in \(0, 1000000000\]/],
    ['waypoint position', 4.0625, 1e300, /waypoint 1 has a position beyond ±1000000000/],
    ['agent radius', 0.3125, 1e300, /agentRadius 1e\+300 is not in \[0, 1000000000\]/],
    ['max link distance', 9.5625, 1e300, /maxLinkDistance 1e\+300 is not in \(0, 1000000000\] or Infinity/],
  ])('refuses a %s out of range', (_, from, to, message) => {
    refused(patch(sample(), from, to), message);
  });

  it('refuses a link length beyond the range', () => {
    const g = new WaypointGraph([0, 0, 0, 1, 0, 0], [0, 1]);
    const costs = Float64Array.from(g.costs, () => 1e300);
    const bytes = writeNavbin({
      settings: { agentRadius: 0, maxLinkDistance: Infinity, neighborhood: 26, cornerCutting: 'forbid' },
      grid: null,
      graph: { ids: ['a', 'b'], positions: g.positions, offsets: g.offsets, targets: g.targets, costs },
    });
    refused(bytes, /link 0 has length 1e\+300/);
  });

  it('refuses bytes over LIMITS.navbinBytes before reading them', () => {
    const big = new Uint8Array(200);
    Object.defineProperty(big, 'byteLength', { value: LIMITS.navbinBytes + 1 });
    refused(big, /2147483648 bytes exceeds the limit of 2147483647 bytes/);
  });
});
