import type { ClearSpace } from '../core/grid/clearance.ts';
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
  // The largest component's voxels in ascending order, and those off the grid's outer layer.
  const { X, Y, Z } = grid;
  const label = space.component;
  const all = new Int32Array(space.componentSize[largest]);
  const inner = new Int32Array(all.length);
  let na = 0,
    ni = 0;
  for (let z = 0, i = 0; z < Z; z++) {
    for (let y = 0; y < Y; y++) {
      const edge = z === 0 || y === 0 || z === Z - 1 || y === Y - 1;
      for (let x = 0; x < X; x++, i++) {
        if (label[i] !== largest) continue;
        all[na++] = i;
        if (!edge && x > 0 && x < X - 1) inner[ni++] = i;
      }
    }
  }
  const pool = ni >= 2 ? inner.subarray(0, ni) : all.subarray(0, na);
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
    const start = centre(pool[Math.floor(rand() * pool.length)]);
    let goal = start;
    let far = -1;
    for (let t = 0; t < GOAL_TRIES; t++) {
      const g = centre(pool[Math.floor(rand() * pool.length)]);
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
