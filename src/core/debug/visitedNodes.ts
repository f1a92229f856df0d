import { checkFields, checkInteger, checkObject, usageError } from '../args.ts';
import type { VoxelGrid } from '../grid/VoxelGrid.ts';
import { vec3, type Vec3 } from '../math/vec3.ts';
import type { SearchContext } from '../search/SearchContext.ts';
import type { SearchSpace } from '../search/space.ts';
import { checkPositions } from './searchSegments.ts';

/** Most nodes a view draws; beyond that the view shows the first ones. */
export const MAX_DRAWN_NODES = 1 << 21;

/**
 * Nodes a search reached, engine-neutral debug data for SearchHelper: world positions, cost
 * so far, closed or open. Plain typed arrays, so a worker can transfer them.
 */
export interface VisitedNodes {
  /** Nodes listed (the arrays may be longer; only the first `count` are valid). */
  count: number;
  /** xyz per node (at least 3 * count long). */
  positions: Float32Array;
  /** g per node. */
  g: Float32Array;
  /** 1 = closed (expanded), 0 = open. */
  closed: Uint8Array;
  /** Largest g among the nodes (0 when empty). */
  maxG: number;
}

/** An empty VisitedNodes with room for `capacity` nodes. */
export function emptyVisited(capacity = 1024): VisitedNodes {
  // More nodes than a helper draws are collected by growing, not allocated up front.
  checkInteger('emptyVisited: capacity', capacity, 0, MAX_DRAWN_NODES);
  return { count: 0, positions: new Float32Array(3 * capacity), g: new Float32Array(capacity), closed: new Uint8Array(capacity), maxG: 0 };
}

const _p = vec3();

/** `v` when it is a VisitedNodes whose arrays agree (emptyVisited makes one). */
export function checkVisited(what: string, v: unknown): VisitedNodes {
  const o = checkObject<VisitedNodes>(what, v, 'a VisitedNodes (emptyVisited)');
  const ok =
    o.g instanceof Float32Array &&
    o.positions instanceof Float32Array &&
    o.closed instanceof Uint8Array &&
    o.positions.length === 3 * o.g.length &&
    o.closed.length === o.g.length &&
    Number.isInteger(o.count) &&
    o.count >= 0 &&
    o.count <= o.g.length;
  if (!ok) throw usageError(what, 'a VisitedNodes (emptyVisited): count <= capacity, positions 3, g and closed 1 per node', v);
  return o;
}

/**
 * Copies the nodes a search reached (SearchContext.forEachVisited) into `out` as world
 * positions, costs so far and closed flags, growing its arrays by doubling when needed.
 * Engine-neutral data: the search views draw it, a worker can transfer it.
 */
export function collectVisited(ctx: SearchContext, space: Pick<SearchSpace, 'position'>, out: VisitedNodes = emptyVisited()): VisitedNodes {
  // By their fields, here and below: a drawing helper does not pull in the engine for an instanceof.
  checkFields('collectVisited: ctx', ctx, { forEachVisited: 'function' }, 'a SearchContext');
  checkPositions('collectVisited: space', space);
  checkVisited('collectVisited: out', out);
  let n = 0;
  let maxG = 0;
  ctx.forEachVisited((node, g, closed) => {
    if (n === out.g.length) grow(out, Math.max(16, 2 * n));
    space.position(node, _p);
    const o = 3 * n;
    out.positions[o] = _p.x;
    out.positions[o + 1] = _p.y;
    out.positions[o + 2] = _p.z;
    out.g[n] = g;
    out.closed[n] = closed ? 1 : 0;
    if (g > maxG) maxG = g;
    n++;
  });
  out.count = n;
  out.maxG = maxG;
  return out;
}

/** `v` trimmed to its count (fresh arrays, e.g. to transfer). */
export function trimVisited(v: VisitedNodes): VisitedNodes {
  return {
    count: v.count,
    positions: v.positions.slice(0, 3 * v.count),
    g: v.g.slice(0, v.count),
    closed: v.closed.slice(0, v.count),
    maxG: v.maxG,
  };
}

function grow(v: VisitedNodes, capacity: number): void {
  const positions = new Float32Array(3 * capacity);
  positions.set(v.positions);
  const g = new Float32Array(capacity);
  g.set(v.g);
  const closed = new Uint8Array(capacity);
  closed.set(v.closed);
  v.positions = positions;
  v.g = g;
  v.closed = closed;
}

/** Voxel-centre positions of grid nodes, for collectVisited. */
export function gridPositions(grid: VoxelGrid): Pick<SearchSpace, 'position'> {
  checkFields('gridPositions: grid', grid, { coords: 'function', voxelCenter: 'function' }, 'a VoxelGrid');
  return {
    position(node: number, out: Vec3): Vec3 {
      grid.coords(node, out);
      return grid.voxelCenter(out.x, out.y, out.z, out);
    },
  };
}
