import { MIXED, SOLID, type SparseWorld } from './SparseWorld.ts';

/**
 * The blocked voxels of a sparse world inside its X x Y x Z box as disjoint inclusive index
 * boxes [x0, y0, z0, x1, y1, z1], and their count: one box per SOLID node (clipped to the
 * world's box), and per MIXED brick one box per run of blocked voxels along x. The union is
 * exactly the blocked set (what `solidBoxes` gives for a dense grid, decomposed otherwise).
 */
export function sparseBoxes(w: SparseWorld): { boxes: [number, number, number, number, number, number][]; blocked: number } {
  const boxes: [number, number, number, number, number, number][] = [];
  let blocked = 0;
  const box = [0, 0, 0, 0];
  const dims = [w.X, w.Y, w.Z];
  for (let n = 0; n < w.nodeCount; n++) {
    const kind = w.kind[n];
    if (kind !== SOLID && !(kind === MIXED && w.level[n] === 0)) continue;
    w.nodeBox(n, box);
    if (box[0] >= w.X || box[1] >= w.Y || box[2] >= w.Z) continue;
    if (kind === SOLID) {
      const hi = [0, 1, 2].map((a) => Math.min(box[a] + box[3], dims[a]) - 1);
      boxes.push([box[0], box[1], box[2], hi[0], hi[1], hi[2]]);
      blocked += (hi[0] - box[0] + 1) * (hi[1] - box[1] + 1) * (hi[2] - box[2] + 1);
      continue;
    }
    for (let z = box[2]; z < Math.min(box[2] + 4, w.Z); z++)
      for (let y = box[1]; y < Math.min(box[1] + 4, w.Y); y++)
        for (let x = box[0]; x < Math.min(box[0] + 4, w.X); x++) {
          if (!w.isBlocked(x, y, z)) continue;
          let x1 = x;
          while (x1 + 1 < Math.min(box[0] + 4, w.X) && w.isBlocked(x1 + 1, y, z)) x1++;
          boxes.push([x, y, z, x1, y, z]);
          blocked += x1 - x + 1;
          x = x1;
        }
  }
  return { boxes, blocked };
}
