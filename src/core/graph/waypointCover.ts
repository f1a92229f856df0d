import type { ClearSpace, SweepProof } from '../grid/clearance.ts';
import { blockOrder, COVER_BLOCK, coverOrder } from './coverOrder.ts';

/** What the cover step needs of `Placer` (waypointPlacer.ts). */
export interface CoverHost {
  readonly space: ClearSpace;
  readonly sweep: SweepProof | null;
  readonly maxWaypoints: number;
  /** Per clear voxel (position in space.clearVoxels): the waypoint it sees, or -1. */
  readonly coveredBy: Int32Array;
  /** Waypoint positions, xyz triples. */
  readonly xyz: number[];
  readonly count: number;
  /** Makes voxel v a waypoint; returns its index. */
  add(v: number): number;
  /** Whether voxel centre u sees waypoint w. */
  sees(u: number, w: number): boolean;
}

/** Clear voxels of a block `coverWaypoints` tests when none of its uncovered ones is seen. */
const SAMPLES = 4;

/**
 * Step 1 of `placeWaypoints`: repeatedly take the uncovered clear voxel farthest from geometry
 * and from the grid border (`coverOrder`), make it a waypoint, and mark every uncovered voxel
 * of its component that sees it. The voxels are grouped in blocks of COVER_BLOCK^3.
 *
 * What a waypoint sees is star-shaped around it (a capsule from it to a voxel it sees holds
 * the capsules to every point on the way), so the blocks holding voxels it sees are connected
 * through edges and corners: the blocks are visited in a breadth-first walk from the
 * waypoint's block that spreads only from blocks where it sees a voxel. In a visited block,
 * the uncovered voxels of the component are covered at once when the grid proves the
 * waypoint sees their whole box (`SweepProof.sweep`), else tested one by one; when none of
 * them is seen, a few of the block's other clear voxels decide whether the walk spreads (a
 * heuristic: a block it wrongly stops at is left for later waypoints, so coverage is
 * unharmed). Deterministic.
 */
export function coverWaypoints(host: CoverHost): void {
  const { space, sweep, coveredBy } = host;
  const { grid, component, clearVoxels: voxels } = space;
  const order = coverOrder(space);
  const { uncovered, block } = blockOrder(space);
  const BX = Math.ceil(grid.X / COVER_BLOCK),
    BY = Math.ceil(grid.Y / COVER_BLOCK),
    BZ = Math.ceil(grid.Z / COVER_BLOCK);
  const blocks = BX * BY * BZ;
  // Block b's voxels: members[start[b], start[b + 1]) (all its clear voxels, by position);
  // uncovered[start[b], start[b] + live[b]) the uncovered ones.
  const members = uncovered.slice();
  const start = new Int32Array(blocks + 1);
  for (let k = 0; k < members.length; k++) start[block[members[k]] + 1]++;
  for (let b = 0; b < blocks; b++) start[b + 1] += start[b];
  const live = new Int32Array(blocks);
  for (let b = 0; b < blocks; b++) live[b] = start[b + 1] - start[b];
  const stamp = new Int32Array(blocks).fill(-1);
  const queue = new Int32Array(blocks);
  let remaining = members.length;
  let next = 0;
  const c = { x: 0, y: 0, z: 0 };
  const s = grid.cellSize,
    o = grid.origin;
  while (remaining > 0 && host.count < host.maxWaypoints) {
    while (coveredBy[order[next]] !== -1) next++;
    const k = order[next];
    const w = host.add(voxels[k]);
    coveredBy[k] = w;
    const comp = component[voxels[k]];
    const wx = host.xyz[3 * w],
      wy = host.xyz[3 * w + 1],
      wz = host.xyz[3 * w + 2];
    let head = 0,
      tail = 0;
    queue[tail++] = block[k];
    stamp[block[k]] = w;
    while (head < tail) {
      const b = queue[head++];
      const first = start[b];
      // The box of the block's uncovered voxel centres in the component.
      let x0 = Infinity,
        y0 = Infinity,
        z0 = Infinity,
        x1 = -Infinity,
        y1 = -Infinity,
        z1 = -Infinity;
      let inComp = 0;
      for (let i = first; i < first + live[b]; i++) {
        const v = voxels[uncovered[i]];
        if (component[v] !== comp) continue;
        inComp++;
        grid.coords(v, c);
        x0 = Math.min(x0, c.x);
        y0 = Math.min(y0, c.y);
        z0 = Math.min(z0, c.z);
        x1 = Math.max(x1, c.x);
        y1 = Math.max(y1, c.y);
        z1 = Math.max(z1, c.z);
      }
      const all =
        sweep !== null &&
        inComp > 1 &&
        sweep.sweep(
          wx,
          wy,
          wz,
          wx,
          wy,
          wz,
          o.x + (x0 + 0.5) * s,
          o.y + (y0 + 0.5) * s,
          o.z + (z0 + 0.5) * s,
          o.x + (x1 + 0.5) * s,
          o.y + (y1 + 0.5) * s,
          o.z + (z1 + 0.5) * s,
        );
      let seen = b === block[k];
      let kept = first;
      for (let i = first; i < first + live[b]; i++) {
        const u = uncovered[i];
        if (coveredBy[u] === -1 && component[voxels[u]] === comp && (all || host.sees(voxels[u], w))) {
          coveredBy[u] = w;
          seen = true;
          remaining--;
        } else if (coveredBy[u] === -1) uncovered[kept++] = u;
        else remaining--;
      }
      live[b] = kept - first;
      if (!seen) {
        const n = start[b + 1] - first;
        for (let t = 0; t < SAMPLES && n > 0 && !seen; t++) {
          const v = voxels[members[first + Math.floor(((t + 0.5) * n) / SAMPLES)]];
          seen = component[v] === comp && host.sees(v, w);
        }
      }
      if (!seen) continue;
      const bz = (b / (BX * BY)) | 0;
      const by = ((b - bz * BX * BY) / BX) | 0;
      const bx = b - BX * (by + BY * bz);
      for (let dz = -1; dz <= 1; dz++) {
        const nz = bz + dz;
        if (nz < 0 || nz >= BZ) continue;
        for (let dy = -1; dy <= 1; dy++) {
          const ny = by + dy;
          if (ny < 0 || ny >= BY) continue;
          for (let dx = -1; dx <= 1; dx++) {
            const nx = bx + dx;
            if (nx < 0 || nx >= BX) continue;
            const nb = nx + BX * (ny + BY * nz);
            if (stamp[nb] === w) continue;
            stamp[nb] = w;
            queue[tail++] = nb;
          }
        }
      }
    }
  }
}
