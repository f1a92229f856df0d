import type { VoxelGrid } from '../../../core/grid/VoxelGrid.ts';
import type { WaypointGraph } from '../../../core/graph/WaypointGraph.ts';
import { vec3 } from '../../../core/math/vec3.ts';
import type { VisitedNodes } from './protocol.ts';

/**
 * Where two compared searches differ: the nodes expanded (closed) by only A, only B, and
 * both, as counts and as world positions (xyz triples) for drawing.
 */
export interface ExpandedDiff {
  onlyA: number;
  onlyB: number;
  both: number;
  /** Positions of the only-A nodes, then the only-B nodes, then the nodes of both. */
  positions: Float32Array;
}

/** Maps a node's world position (as VisitedNodes stores it) to its node id; -1 when none. */
export type NodeKey = (x: number, y: number, z: number) => number;

const _v = vec3();

/** Node ids of a voxel grid: the index of the voxel containing the point. */
export function gridNodeKey(grid: VoxelGrid): NodeKey {
  return (x, y, z) => {
    grid.worldToVoxel({ x, y, z }, _v);
    return grid.inBounds(_v.x, _v.y, _v.z) ? grid.index(_v.x, _v.y, _v.z) : -1;
  };
}

/**
 * Node ids of a waypoint graph: the waypoint at exactly that position. VisitedNodes holds
 * float32 copies of the graph's float64 positions, so the table is keyed by float32 values.
 */
export function graphNodeKey(graph: WaypointGraph): NodeKey {
  const ids = new Map<string, number>();
  const p = graph.positions;
  for (let i = 0; i < graph.count; i++) ids.set(`${Math.fround(p[3 * i])},${Math.fround(p[3 * i + 1])},${Math.fround(p[3 * i + 2])}`, i);
  return (x, y, z) => ids.get(`${Math.fround(x)},${Math.fround(y)},${Math.fround(z)}`) ?? -1;
}

/** Compares the expanded nodes of two searches over the same graph. */
export function expandedDiff(a: VisitedNodes, b: VisitedNodes, key: NodeKey): ExpandedDiff {
  const inA = new Set<number>();
  for (let i = 0; i < a.count; i++) if (a.closed[i] === 1) inA.add(key(a.positions[3 * i], a.positions[3 * i + 1], a.positions[3 * i + 2]));
  const inB = new Set<number>();
  for (let i = 0; i < b.count; i++) if (b.closed[i] === 1) inB.add(key(b.positions[3 * i], b.positions[3 * i + 1], b.positions[3 * i + 2]));
  inA.delete(-1);
  inB.delete(-1);
  let both = 0;
  for (const n of inA) if (inB.has(n)) both++;
  const onlyA = inA.size - both;
  const onlyB = inB.size - both;
  const positions = new Float32Array(3 * (onlyA + onlyB + both));
  let iA = 0;
  let iB = onlyA;
  let iBoth = onlyA + onlyB;
  const put = (at: number, v: VisitedNodes, i: number) => positions.set(v.positions.subarray(3 * i, 3 * i + 3), 3 * at);
  const seen = new Set<number>();
  for (let i = 0; i < a.count; i++) {
    if (a.closed[i] !== 1) continue;
    const n = key(a.positions[3 * i], a.positions[3 * i + 1], a.positions[3 * i + 2]);
    if (n < 0 || seen.has(n)) continue;
    seen.add(n);
    put(inB.has(n) ? iBoth++ : iA++, a, i);
  }
  for (let i = 0; i < b.count; i++) {
    if (b.closed[i] !== 1) continue;
    const n = key(b.positions[3 * i], b.positions[3 * i + 1], b.positions[3 * i + 2]);
    if (n < 0 || inA.has(n) || seen.has(n)) continue;
    seen.add(n);
    put(iB++, b, i);
  }
  return { onlyA, onlyB, both, positions };
}
