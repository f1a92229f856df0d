import { connectivityOf, freeComponents } from '../../../core/grid/freeComponents.ts';
import type { Neighborhood } from '../../../core/grid/gridHeuristic.ts';
import type { CornerCutting, VoxelGrid } from '../../../core/grid/VoxelGrid.ts';

/** Columns sampled along each horizontal axis (at most this many squared are looked at). */
const COLUMNS_ACROSS = 64;

/**
 * A start and goal on the voxel grid that show how the search algorithms differ: two free
 * voxels standing on something (a blocked voxel below, or for the bottom layer the scene's
 * ground when `groundBelow`: a ground under the grid; in a grid without floors, the lowest
 * free voxel of a column), in one connected part of the free space under the moves (the open
 * space around the level before an enclosed one, then the one with most such voxels), as far apart as that part allows across the view: along `across` (a horizontal
 * direction, x and z, at right angles to the camera's), so the path runs across the screen
 * instead of towards the camera, and a straight line between them is neither axis-aligned
 * nor free of obstacles on most levels. Null when the grid has fewer than two such voxels.
 *
 * Work: at most COLUMNS_ACROSS^2 columns walked bottom to top and a sample of the grid's faces,
 * plus the grid's free components (cached per grid; built over runs of free voxels).
 */
export function spreadEndpoints(
  grid: VoxelGrid,
  across: { x: number; z: number },
  neighborhood: Neighborhood = 26,
  cornerCutting: CornerCutting = 'forbid',
  groundBelow = false,
): [number[], number[]] | null {
  // Where nothing stands on anything (open space, a one-layer map): the lowest free voxels.
  return (
    spread(grid, across, neighborhood, cornerCutting, grid.Y > 1, groundBelow) ??
    spread(grid, across, neighborhood, cornerCutting, false, groundBelow)
  );
}

function spread(
  grid: VoxelGrid,
  across: { x: number; z: number },
  neighborhood: Neighborhood,
  cornerCutting: CornerCutting,
  floors: boolean,
  groundBelow: boolean,
): [number[], number[]] | null {
  const { X, Y, Z } = grid;
  const sx = Math.max(1, Math.ceil(X / COLUMNS_ACROSS));
  const sz = Math.max(1, Math.ceil(Z / COLUMNS_ACROSS));
  const components = freeComponents(grid, connectivityOf(neighborhood, cornerCutting));
  const label = (x: number, y: number, z: number) => components.componentOf(x + X * (y + Y * z));
  const standing = (x: number, y: number, z: number) =>
    !grid.isBlocked(x, y, z) && (!floors || (y > 0 ? grid.isBlocked(x, y - 1, z) : groundBelow));
  const columns = (visit: (x: number, z: number) => void) => {
    for (let z = Math.floor(sz / 2); z < Z; z += sz) for (let x = Math.floor(sx / 2); x < X; x += sx) visit(x, z);
  };
  // Which part: the open space around the level (free voxels on the grid's border) before an
  // enclosed one (the inside of a hollow wall or slab), then the one most voxels stand in.
  const counts = new Map<number, number>();
  columns((x, z) => {
    for (let y = 0; y < Y; y++) {
      if (!standing(x, y, z)) continue;
      const c = label(x, y, z);
      counts.set(c, (counts.get(c) ?? 0) + 1);
      if (!floors) break;
    }
  });
  const open = borderComponents(grid, sx, sz, label);
  let part = -1;
  for (const [c, n] of counts) {
    const better = part < 0 || (open.has(c) && !open.has(part)) || (open.has(c) === open.has(part) && n > counts.get(part)!);
    if (n >= 2 && better) part = c;
  }
  if (part < 0) return null;
  // Its lowest standing voxel in each column, on the level's main floor (within two cells of
  // the height most of them stand at: not the tops of walls or a ledge outside).
  const found: number[][] = [];
  const heights = new Map<number, number>();
  columns((x, z) => {
    for (let y = 0; y < Y; y++) {
      if (!standing(x, y, z) || label(x, y, z) !== part) continue;
      found.push([x, y, z]);
      heights.set(y, (heights.get(y) ?? 0) + 1);
      break;
    }
  });
  let floor = found[0][1];
  for (const [y, n] of heights) if (n > heights.get(floor)! || (n === heights.get(floor)! && y < floor)) floor = y;
  let lo: number[] | null = null;
  let hi: number[] | null = null;
  const p = (v: number[]) => v[0] * across.x + v[2] * across.z;
  for (const v of found) {
    if (Math.abs(v[1] - floor) > 2) continue;
    if (lo === null || p(v) < p(lo)) lo = v;
    if (hi === null || p(v) > p(hi)) hi = v;
  }
  return lo === null || hi === null || lo === hi ? null : [lo, hi];
}

/** The components of free voxels on the grid's six faces (sampled every `sx`, `sz` columns). */
function borderComponents(grid: VoxelGrid, sx: number, sz: number, label: (x: number, y: number, z: number) => number): Set<number> {
  const { X, Y, Z } = grid;
  const out = new Set<number>();
  const add = (x: number, y: number, z: number) => {
    const c = label(x, y, z);
    if (c >= 0) out.add(c);
  };
  for (let z = 0; z < Z; z += sz)
    for (let x = 0; x < X; x += sx) {
      add(x, 0, z);
      add(x, Y - 1, z);
    }
  for (let y = 0; y < Y; y++) {
    for (let z = 0; z < Z; z += sz) {
      add(0, y, z);
      add(X - 1, y, z);
    }
    for (let x = 0; x < X; x += sx) {
      add(x, y, 0);
      add(x, y, Z - 1);
    }
  }
  return out;
}
