import { describe, expect, it } from 'vitest';
import { VoxelGrid } from '../../../src/core/grid/VoxelGrid.ts';
import { WaypointGraph } from '../../../src/core/graph/WaypointGraph.ts';
import { NavbinError, readNavbin, writeNavbin, type NavbinSettings } from '../../../src/core/io/navbin.ts';
import { mulberry32 } from '../../support/random.ts';

const SETTINGS: NavbinSettings = { agentRadius: 0.35, maxLinkDistance: Infinity, neighborhood: 18, cornerCutting: 'allow' };

/** A seeded grid (with terrain) and graph with odd sizes, so padding and bit packing are exercised. */
function sample(seed: number) {
  const rand = mulberry32(seed);
  const grid = new VoxelGrid({ dims: [13, 7, 5], origin: { x: -1.25, y: 0.5, z: -0 }, cellSize: 0.4 });
  for (let i = 0; i < grid.size; i++) grid.occupancy[i] = rand() < 0.3 ? 1 : 0;
  grid.terrain = Float32Array.from({ length: grid.size }, () => 1 + Math.floor(rand() * 4) / 2);
  const n = 11;
  const positions = Array.from({ length: 3 * n }, () => rand() * 20 - 10);
  const pairs: number[] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (rand() < 0.3) pairs.push(i, j);
  const g = new WaypointGraph(positions, pairs);
  const ids = Array.from({ length: n }, (_, i) => (i === 3 ? 'gate-ü-🚀' : i === 4 ? '\ufeffbom' : `w${i}`));
  return { grid, graph: { ids, positions: g.positions, offsets: g.offsets, targets: g.targets, costs: g.costs }, g };
}

describe('.navbin', () => {
  it('round-trips bit-identically and loses nothing', () => {
    for (const seed of [1, 2, 3]) {
      const { grid, graph, g } = sample(seed);
      const bytes = writeNavbin({ settings: SETTINGS, grid, graph });
      const back = readNavbin(bytes);
      expect(writeNavbin(back)).toEqual(bytes);
      expect(back.settings).toEqual(SETTINGS);
      expect(Array.from(back.grid!.occupancy)).toEqual(Array.from(grid.occupancy));
      expect(Array.from(back.grid!.terrain!)).toEqual(Array.from(grid.terrain!));
      expect([back.grid!.X, back.grid!.Y, back.grid!.Z, back.grid!.cellSize]).toEqual([13, 7, 5, 0.4]);
      expect(Object.is(back.grid!.origin.z, -0)).toBe(true);
      expect(back.graph.ids).toEqual(graph.ids);
      expect(Array.from(back.graph.positions)).toEqual(Array.from(g.positions));
      expect(Array.from(back.graph.offsets)).toEqual(Array.from(g.offsets));
      expect(Array.from(back.graph.targets)).toEqual(Array.from(g.targets));
      expect(Array.from(back.graph.costs)).toEqual(Array.from(g.costs));
      expect(g.linkCount).toBeGreaterThan(5);
    }
  });

  it('stores no grid and no terrain when there are none', () => {
    const { graph } = sample(4);
    const bytes = writeNavbin({ settings: SETTINGS, grid: null, graph });
    const back = readNavbin(bytes);
    expect(back.grid).toBeNull();
    expect(writeNavbin(back)).toEqual(bytes);
    const plain = new VoxelGrid({ dims: [3, 3, 3] });
    expect(readNavbin(writeNavbin({ settings: SETTINGS, grid: plain, graph })).grid!.terrain).toBeNull();
  });

  it('has the documented header', () => {
    const { grid, graph } = sample(5);
    const bytes = writeNavbin({ settings: SETTINGS, grid, graph });
    const view = new DataView(bytes.buffer);
    expect(String.fromCharCode(...bytes.subarray(0, 4))).toBe('NAVB');
    expect(view.getUint16(4, true)).toBe(1);
    expect(view.getUint16(6, true)).toBe(3);
    expect(view.getUint32(8, true)).toBe(bytes.byteLength);
    expect(view.getFloat64(16, true)).toBe(0.35);
    expect([view.getUint32(48, true), view.getUint32(52, true), view.getUint32(56, true)]).toEqual([13, 7, 5]);
    expect(view.getUint32(96, true)).toBe(11);
    // Occupancy bits start right after the 112-byte header.
    expect(bytes[112] & 1).toBe(grid.occupancy[0]);
  });

  it('stores ids as UTF-8: a lone surrogate becomes U+FFFD, invalid bytes are refused', () => {
    const write = (ids: string[]) =>
      writeNavbin({
        settings: SETTINGS,
        grid: null,
        graph: { ids, positions: new Float64Array(3 * ids.length), offsets: new Uint32Array(ids.length + 1), targets: [], costs: [] },
      });
    expect(readNavbin(write(['a\ud800b', '\udc00', 'ok'])).graph.ids).toEqual(['a\ufffdb', '\ufffd', 'ok']);
    const good = write(['w0', 'xyz']);
    expect(readNavbin(good).graph.ids).toEqual(['w0', 'xyz']);
    // The last id's three bytes are the file's last three.
    for (const bad of [
      [0xe0, 0x80, 0x80],
      [0xed, 0xa0, 0x80],
      [0x61, 0x62, 0xe2],
      [0x61, 0xff, 0x62],
      [0xc0, 0xaf, 0x61],
      [0x80, 0x61, 0x62],
    ]) {
      const b = good.slice();
      b.set(bad, b.byteLength - 3);
      expect(() => readNavbin(b), bad.join(' ')).toThrow(/id of waypoint 1 is not valid UTF-8/);
    }
  });

  it('rejects damaged files with a NavbinError naming the problem', () => {
    const { grid, graph } = sample(6);
    const good = writeNavbin({ settings: SETTINGS, grid, graph });
    const damaged = (f: (b: Uint8Array, v: DataView) => void) => {
      const b = good.slice();
      f(b, new DataView(b.buffer));
      return b;
    };
    const cases: [Uint8Array, RegExp][] = [
      [good.subarray(0, 50), /shorter than the 112-byte header/],
      [damaged((b) => (b[0] = 0x58)), /wrong magic/],
      [damaged((_, v) => v.setUint16(4, 9, true)), /unsupported version 9/],
      [good.slice(0, good.byteLength - 8), /header says \d+ bytes, the data has \d+ \(truncated\)/],
      [damaged((_, v) => v.setUint32(96, 1e6, true)), /counts .* need \d+ bytes/],
      [damaged((_, v) => v.setUint32(48, 100000, true)), /grid dims|counts/],
      [damaged((_, v) => v.setUint8(32, 7)), /neighborhood 7/],
      [damaged((_, v) => v.setFloat64(16, NaN, true)), /agentRadius NaN/],
    ];
    for (const [bytes, message] of cases) {
      expect(() => readNavbin(bytes)).toThrow(NavbinError);
      expect(() => readNavbin(bytes)).toThrow(message);
    }
  });
});
