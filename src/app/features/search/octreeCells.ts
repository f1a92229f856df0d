import type { SparseCells } from '../../../core/sparse/sparseCells.ts';
import type { SparseSpace } from '../../../core/sparse/SparseSpace.ts';
import { EMPTY, MIXED } from '../../../core/sparse/SparseWorld.ts';
import { PALETTE } from '../../shell/stage/palette.ts';

/** The ramp of cell sizes, smallest to largest (the legend draws the same stops). */
export const OCTREE_RAMP = [PALETTE.octreeSmall, PALETTE.octreeMid, PALETTE.octreeLarge] as const;

/** How far each outline is drawn inside its cell, in voxels: the outlines of neighbour cells stay apart. */
export const OCTREE_INSET = 0.08;

/** The free cells of a SparseSpace as line segments: 12 edges (24 vertices) per cell, in cell id order. */
export interface OctreeCellLines {
  /** Vertex positions (world units), xyz per vertex. */
  positions: Float32Array;
  /** Vertex colours (0..1), rgb per vertex: the cell's size on OCTREE_RAMP. */
  colors: Float32Array;
  /** Cells drawn. */
  cells: number;
  /** The largest cell's side in voxels (the ramp's top). */
  largest: number;
}

/** Size class of a cell: log2 of its largest side in voxels, rounded down. */
export const sizeClass = (side: number): number => 31 - Math.clz32(side);

/** The colour (rgb, 0..1, into out) of size class k on a ramp whose top is class `top` (>= 1). */
export function octreeCellColor(k: number, top: number, out: number[]): number[] {
  const t = (2 * Math.min(k, top)) / Math.max(1, top);
  const i = Math.min(1, Math.floor(t));
  const f = t - i;
  const a = OCTREE_RAMP[i],
    b = OCTREE_RAMP[i + 1];
  for (let c = 0; c < 3; c++) {
    const sh = 16 - 8 * c;
    out[c] = (((a >> sh) & 255) * (1 - f) + ((b >> sh) & 255) * f) / 255;
  }
  return out;
}

/** Box corners (bit 0: x, bit 1: y, bit 2: z) joined by the 12 edges of a box. */
const EDGES = [0, 1, 2, 3, 4, 5, 6, 7, 0, 2, 1, 3, 4, 6, 5, 7, 0, 4, 1, 5, 2, 6, 3, 7];

/**
 * The outlines of every free cell of `space`'s octree (`space.cells`: the boxes of MIXED bricks,
 * then the EMPTY nodes, as their ids ascend; not the regions the search merges them into), each
 * inset by OCTREE_INSET voxels and coloured by its size class. Built when the view is shown or the
 * world edited, never per frame.
 */
export function octreeCellLines(space: SparseSpace): OctreeCellLines {
  const octree = space.cells;
  const w = space.world;
  const { kind } = w;
  const bricks = w.brickCount;
  let cells = 0;
  let top = 0;
  for (let n = 0; n < bricks; n++) if (kind[n] === MIXED) cells += space.boxes.boxesOf(n).length;
  if (cells > 0) top = 2;
  for (let n = 0; n < w.nodeCount; n++)
    if (kind[n] === EMPTY) {
      cells++;
      top = Math.max(top, w.level[n] + 2);
    }
  const out = { positions: new Float32Array(72 * cells), colors: new Float32Array(72 * cells) };
  const rgb = [0, 0, 0];
  const box = [0, 0, 0, 0, 0, 0];
  let at = 0;
  const put = (c: number): void => {
    octree.cellBox(c, box);
    octreeCellColor(sizeClass(Math.max(box[3], box[4], box[5])), top, rgb);
    at = cellOutline(octree, c, rgb, out, at);
  };
  for (let n = 0; n < bricks; n++) if (kind[n] === MIXED) for (const v of space.boxes.boxesOf(n)) put(64 * n + (v & 63));
  for (let n = 0; n < w.nodeCount; n++) if (kind[n] === EMPTY) put(space.voxelBase + n);
  return { ...out, cells, largest: 1 << top };
}

const _box = [0, 0, 0, 0, 0, 0];
const _corner = new Float64Array(24);

/**
 * Writes the 12 edges (24 vertices) of cell c's box, inset by OCTREE_INSET voxels, in colour
 * `rgb` (0..1) into `out` from float `at`; returns the float after them.
 */
export function cellOutline(
  space: Pick<SparseCells, 'world' | 'cellBox'>,
  c: number,
  rgb: readonly number[],
  out: { positions: Float32Array; colors: Float32Array },
  at: number,
): number {
  const { cellSize: s, origin: o } = space.world;
  const box = space.cellBox(c, _box);
  const corner = _corner;
  for (let k = 0; k < 8; k++) {
    corner[3 * k] = o.x + s * (k & 1 ? box[0] + box[3] - OCTREE_INSET : box[0] + OCTREE_INSET);
    corner[3 * k + 1] = o.y + s * (k & 2 ? box[1] + box[4] - OCTREE_INSET : box[1] + OCTREE_INSET);
    corner[3 * k + 2] = o.z + s * (k & 4 ? box[2] + box[5] - OCTREE_INSET : box[2] + OCTREE_INSET);
  }
  const { positions, colors } = out;
  for (const k of EDGES) {
    positions[at] = corner[3 * k];
    positions[at + 1] = corner[3 * k + 1];
    positions[at + 2] = corner[3 * k + 2];
    colors[at] = rgb[0];
    colors[at + 1] = rgb[1];
    colors[at + 2] = rgb[2];
    at += 3;
  }
  return at;
}
