import { MeshBVH } from 'three-mesh-bvh';

/** three-mesh-bvh's leaf flag (the high uint16 of a node's last word). */
const LEAF_FLAG = 0xffff;

/**
 * StaticBVH's tree as flat arrays, the layout its casts read (copied from three-mesh-bvh's
 * packed buffer, whose 32-byte nodes hold float32 bounds and a leaf flag in the high uint16 of
 * the last word; the left child of an inner node is the next node):
 *   box[6n .. 6n+5]  float64 bounds of node n: min x, y, z, max x, y, z
 *   info[2n]         inner: index of the right child | leaf: first triangle slot
 *   info[2n + 1]     inner: split axis (0, 1, 2)     | leaf: -1 - triangle count
 *   packed           three-mesh-bvh's node buffer itself (float32 bounds at [8n .. 8n+5]), which refits write
 */
export interface Nodes {
  box: Float64Array;
  info: Int32Array;
  packed: Float32Array;
}

/** Copies the packed buffer of `bvh` into `Nodes` (bounds only when `into` is given). */
export function readNodes(bvh: MeshBVH, into?: Nodes): Nodes {
  // `serialize` without cloning hands out the live node buffer.
  const roots = MeshBVH.serialize(bvh, { cloneBuffers: false }).roots;
  if (roots.length !== 1) throw new Error(`StaticBVH: expected one BVH root, got ${roots.length}`);
  const f32 = new Float32Array(roots[0]);
  const u32 = new Uint32Array(roots[0]);
  const u16 = new Uint16Array(roots[0]);
  const count = roots[0].byteLength / 32;
  const nodes = into ?? { box: new Float64Array(6 * count), info: new Int32Array(2 * count), packed: f32 };
  for (let n = 0; n < count; n++) {
    for (let c = 0; c < 6; c++) nodes.box[6 * n + c] = f32[8 * n + c];
    if (into) continue;
    if (u16[16 * n + 15] === LEAF_FLAG) {
      nodes.info[2 * n] = u32[8 * n + 6];
      nodes.info[2 * n + 1] = -1 - u16[16 * n + 14];
    } else {
      nodes.info[2 * n] = n + u32[8 * n + 6];
      nodes.info[2 * n + 1] = u32[8 * n + 7];
    }
  }
  return nodes;
}

/** Fills `parent` (per node) and `leafOf` (per triangle slot) from the tree's layout. */
export function linkNodes(nodes: Nodes, parent: Int32Array, leafOf: Int32Array): void {
  const { info } = nodes;
  for (let n = 0; n < parent.length; n++) {
    const a = info[2 * n],
      b = info[2 * n + 1];
    if (b < 0) {
      for (let k = a, end = a - 1 - b; k < end; k++) leafOf[k] = n;
    } else {
      parent[n + 1] = n;
      parent[a] = n;
    }
  }
}
