import type { GridSpace } from '../grid/GridSpace.ts';
import { type CellHeuristic, heuristicFunction } from '../grid/gridHeuristic.ts';
import type { Vec3 } from '../math/vec3.ts';
import type { NeighborSink, SearchSpace } from './space.ts';

/**
 * A grid space with one extra node, `goal` (= the grid's voxel count), reached at cost 0 from
 * each of a few target voxels: an A* search from a voxel to `goal` reaches the target of least
 * path cost first, in one search instead of one per target (componentCheck.ts settles ties with
 * it). The heuristic is the least exact obstacle-free distance to a target (consistent: 0 at
 * the targets, and the 0-cost edge to `goal` keeps it so). Generic expansion (no lattice).
 */
export class TiedGoals implements SearchSpace {
  readonly nodeCount: number;
  /** The extra node the search heads for. */
  readonly goal: number;
  private readonly space: GridSpace;
  private readonly targets: Set<number>;
  /** Target coordinates, xyz triples. */
  private readonly at: Int32Array;
  private readonly h: CellHeuristic;

  constructor(space: GridSpace, targets: readonly number[]) {
    this.space = space;
    this.goal = space.nodeCount;
    this.nodeCount = space.nodeCount + 1;
    this.targets = new Set(targets);
    this.at = new Int32Array(3 * targets.length);
    const p = { x: 0, y: 0, z: 0 };
    targets.forEach((t, i) => {
      space.grid.coords(t, p);
      this.at.set([p.x, p.y, p.z], 3 * i);
    });
    this.h = heuristicFunction('exact', space.neighborhood)!;
  }

  isTraversable(node: number): boolean {
    return node === this.goal || this.space.isTraversable(node);
  }

  expand(u: number, sink: NeighborSink): void {
    if (u === this.goal) return;
    this.space.expand(u, sink);
    if (this.targets.has(u)) sink.relax(this.goal, 0);
  }

  /** The goal is always the extra node and the heuristic `exact`: nothing to set. */
  setGoal(): void {}

  estimate(v: number): number {
    return this.least(v, false);
  }

  distanceToGoal(v: number): number {
    return this.least(v, true);
  }

  position(node: number, out: Vec3): Vec3 {
    return this.space.position(node === this.goal ? this.targets.values().next().value! : node, out);
  }

  /** The least exact estimate (or straight-line distance) from `v` to a target, world units. */
  private least(v: number, straight: boolean): number {
    if (v === this.goal) return 0;
    const grid = this.space.grid;
    const z = Math.floor(v / (grid.X * grid.Y));
    const r = v - z * grid.X * grid.Y;
    const y = Math.floor(r / grid.X);
    const x = r - y * grid.X;
    let best = Infinity;
    const at = this.at;
    for (let i = 0; i < at.length; i += 3) {
      const dx = x - at[i],
        dy = y - at[i + 1],
        dz = z - at[i + 2];
      const d = straight ? Math.sqrt(dx * dx + dy * dy + dz * dz) : this.h(dx, dy, dz);
      if (d < best) best = d;
    }
    return best * grid.cellSize;
  }
}
