import type { ClearSpace } from '../core/grid/clearance.ts';
import { freeComponents } from '../core/grid/freeComponents.ts';
import { mulberry32 } from '../core/math/random.ts';
import { levelAgentRadius, levelAgentSpeed } from '../core/levelScale.ts';
import type { SceneAgent } from '../scene/index.ts';

/** The lengths an import takes from the level: its extent (longest side) and cell size. */
export interface ImportScale {
  /** Longest side of the meshes' box. */
  extent: number;
  /** The voxel layer's cell size. */
  cellSize: number;
}

/** The default agent radius of an imported level (navlab's levelAgentRadius: 0.4 cells, within [extent / 1000, extent / 40]). */
export function defaultAgentRadius(scale: ImportScale): number {
  return levelAgentRadius(scale.extent, scale.cellSize);
}

/** The default agent speed of an imported level (levelAgentSpeed: a tenth of its extent per second). */
export function defaultAgentSpeed(scale: ImportScale): number {
  return levelAgentSpeed(scale.extent);
}

/** Candidate goals drawn per agent; the one farthest from its start is kept. */
const GOAL_TRIES = 8;

/**
 * `count` agents of `radius` for an imported level, seeded: each starts and ends at the centre
 * of a clear voxel of `space` (`clearSpace` of the voxel layer for that radius), in its largest
 * connected component, so every goal is reachable from its start.
 * Voxels on the grid's outer layer (the free margin around the meshes) are avoided when the
 * component has others. The goal is the farthest (straight line) of a few seeded draws. Ids
 * `agent-1` ... Empty when no voxel is clear.
 */
export function importAgents(space: ClearSpace, count: number, radius: number, speed: number, seed = 1): SceneAgent[] {
  if (count === 0) return [];
  const grid = space.grid;
  if (space.componentCount === 0) return [];
  let largest = 0;
  for (let c = 1; c < space.componentCount; c++) if (space.componentSize[c] > space.componentSize[largest]) largest = c;
  // The pool, in ascending voxel order: the largest component's voxels off the grid's outer
  // layer, or all of them when fewer than two are. Kept as the runs of clearSpace's components
  // (first voxel, pool voxels before it), not voxel by voxel.
  const { X, Y, Z } = grid;
  const { rowStart, runX0, runX1, runLabel } = freeComponents(space.dilated, 6);
  const first: number[] = [];
  const before: number[] = [];
  const collect = (inner: number): number => {
    let n = (first.length = before.length = 0);
    for (let r = 0; r < Y * Z; r++) {
      const y = r % Y,
        z = (r - y) / Y;
      if (inner && (y === 0 || z === 0 || y === Y - 1 || z === Z - 1)) continue;
      for (let k = rowStart[r]; k < rowStart[r + 1]; k++) {
        const a = Math.max(runX0[k], inner),
          b = Math.min(runX1[k], X - 1 - inner);
        if (runLabel[k] !== largest || a > b) continue;
        first.push(X * r + a);
        before.push(n);
        n += b - a + 1;
      }
    }
    return n;
  };
  let size = collect(1);
  if (size < 2) size = collect(0);
  /** Voxel `i` of the pool (0 <= i < size). */
  const pool = (i: number): number => {
    let lo = 0,
      hi = before.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (before[mid] <= i) lo = mid;
      else hi = mid - 1;
    }
    return first[lo] + i - before[lo];
  };
  const c = { x: 0, y: 0, z: 0 };
  const rand = mulberry32(seed);
  const centre = (v: number): [number, number, number] => {
    grid.coords(v, c);
    const o = grid.origin,
      s = grid.cellSize;
    return [o.x + (c.x + 0.5) * s, o.y + (c.y + 0.5) * s, o.z + (c.z + 0.5) * s];
  };
  const agents: SceneAgent[] = [];
  for (let i = 0; i < count; i++) {
    const start = centre(pool(Math.floor(rand() * size)));
    let goal = start;
    let far = -1;
    for (let t = 0; t < GOAL_TRIES; t++) {
      const g = centre(pool(Math.floor(rand() * size)));
      const d = Math.hypot(g[0] - start[0], g[1] - start[1], g[2] - start[2]);
      if (d > far) {
        far = d;
        goal = g;
      }
    }
    agents.push({ id: `agent-${i + 1}`, start, goal, radius, speed });
  }
  return agents;
}
