import type { SearchContext } from '../../../core/search/SearchContext.ts';
import type { Vec3 } from '../../../core/math/vec3.ts';
import type { SearchSpace } from '../../../core/search/space.ts';
import { reachedPoint } from '../../../core/sparse/SparseRun.ts';
import type { SparseSpace } from '../../../core/sparse/SparseSpace.ts';
import { PALETTE } from '../../shell/stage/palette.ts';
import { cellOutline } from './octreeCells.ts';

/**
 * The cells a search on the octree has closed, as box outlines coloured by cost so far on the
 * visited ramp (PALETTE.visitedLow at g = 0 to visitedHigh at the largest g), as the dense
 * view colours its voxels: a watched sparse search shows how much space each expansion covers.
 */
export interface VisitedCellLines {
  /** Vertex positions (world units), 24 vertices per cell (the first 72 * cells floats are valid). */
  positions: Float32Array;
  /** Vertex colours (0..1), rgb per vertex. */
  colors: Float32Array;
  /** Cells drawn. */
  cells: number;
}

/** Room for no cell yet (closedCellLines grows it). */
export function emptyCellLines(): VisitedCellLines {
  return { positions: new Float32Array(0), colors: new Float32Array(0), cells: 0 };
}

const _rgb = [0, 0, 0];

/**
 * Writes the outlines of the cells `ctx` has closed (a SparseRun's state on `space`) into
 * `out`, coloured by g / `maxG`; grows its arrays by doubling when needed.
 */
export function closedCellLines(space: SparseSpace, ctx: SearchContext, maxG: number, out: VisitedCellLines): VisitedCellLines {
  let n = 0;
  const lo = PALETTE.visitedLow;
  const hi = PALETTE.visitedHigh;
  ctx.forEachVisited((cell, g, closed) => {
    if (!closed) return;
    if (72 * (n + 1) > out.positions.length) grow(out, Math.max(64, 2 * n));
    const t = maxG > 0 ? Math.min(1, g / maxG) : 0;
    for (let c = 0; c < 3; c++) {
      const sh = 16 - 8 * c;
      _rgb[c] = (((lo >> sh) & 255) * (1 - t) + ((hi >> sh) & 255) * t) / 255;
    }
    cellOutline(space, cell, _rgb, out, 72 * n);
    n++;
  });
  out.cells = n;
  return out;
}

function grow(out: VisitedCellLines, cells: number): void {
  const positions = new Float32Array(72 * cells);
  positions.set(out.positions);
  const colors = new Float32Array(72 * cells);
  colors.set(out.colors);
  out.positions = positions;
  out.colors = colors;
}

/**
 * Where the octree's visited cells are drawn: the voxel centre where the search on `ctx` reached
 * each cell (where its g and h are taken, as the hover readout gives them), else the voxel the
 * cell stands for.
 */
export function reachedPositions(space: SparseSpace, ctx: SearchContext): Pick<SearchSpace, 'position'> {
  const w = space.world;
  const p = [0, 0, 0];
  return {
    position(cell: number, out: Vec3): Vec3 {
      if (reachedPoint(ctx, cell, p) === null) return space.position(cell, out);
      out.x = w.origin.x + (p[0] + 0.5) * w.cellSize;
      out.y = w.origin.y + (p[1] + 0.5) * w.cellSize;
      out.z = w.origin.z + (p[2] + 0.5) * w.cellSize;
      return out;
    },
  };
}
