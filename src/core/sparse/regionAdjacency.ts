/** log2 of the side (voxels) of the tiles a plane's faces are filed in. */
const TILE = 2;

/** Growable Int32 scratch (module-wide, reused between calls). */
let pairs = new Int32Array(1 << 14);
let axisPairs = new Int32Array(1 << 14);
let entK = new Int32Array(1 << 12);
let entNext = new Int32Array(1 << 12);
let hits = new Int32Array(64);

/** `a` copied into an array of at least `need` entries (twice its length or more). */
function grown(a: Int32Array, need: number): Int32Array<ArrayBuffer> {
  const g = new Int32Array(Math.max(need, 2 * a.length));
  g.set(a);
  return g;
}

/**
 * The face neighbours of `count` disjoint boxes (6 entries each in `box`: corner, sides) as CSR:
 * two boxes are neighbours when one's upper face along an axis lies in the plane of the other's
 * lower face and the two faces overlap with positive area. Regions are unions of whole cells, so
 * these are the pairs of regions holding two cells that share part of a face.
 *
 * Per axis a (with b, c the other two) and per plane p: the lower faces lying in p (disjoint
 * rectangles in b, c) are filed in tiles of 4 x 4 voxels, each in every tile it covers; each box
 * whose upper face lies in p tests the faces filed in the tiles its own face covers, and a pair
 * is counted in one tile only (the one holding the corner of their overlap with the least b, c).
 * Order: the lower faces of a plane are numbered by their corner along b (then by box index); a
 * box lists its neighbours axis after axis (x, y, z) and, within an axis, by that number; the
 * pairs of an axis go by the upper box's index. Memory: one tile grid of the largest plane, and
 * per axis the pairs found.
 */
export function regionAdjacency(box: Int32Array, count: number): { start: Int32Array; adj: Int32Array } {
  return adjacencyLists(count, facePairs(box, count));
}

/**
 * The face pairs of regionAdjacency into `pairs`, axis after axis, each axis' by its upper box;
 * returns the count of entries (2 per pair). Nothing follows its loop but the return: code
 * optimized on-stack in the loop (the first build) needs no feedback it never had.
 */
function facePairs(box: Int32Array, count: number): number {
  let planes = 1;
  for (let r = 0; r < count; r++) for (let a = 0; a < 3; a++) planes = Math.max(planes, box[6 * r + a] + box[6 * r + 3 + a] + 1);
  const tiles = ((planes - 1) >> TILE) + 1;
  const head = new Int32Array(tiles * tiles).fill(-1);
  const used = new Int32Array(tiles * tiles);
  const first = new Int32Array(planes + 1);
  const upFirst = new Int32Array(planes + 1);
  const order = new Int32Array(count);
  const ups = new Int32Array(count);
  const byLo = new Int32Array(count);
  const b0s = new Int32Array(count),
    b1s = new Int32Array(count),
    c0s = new Int32Array(count),
    c1s = new Int32Array(count);
  const perR = new Int32Array(count + 1);
  let found = 0;
  for (let a = 0; a < 3; a++) {
    const b = a === 0 ? 1 : 0,
      c = a === 2 ? 1 : 2;
    // Counting sorts: by the corner along b, then (stable) by the lower plane along a.
    first.fill(0);
    for (let r = 0; r < count; r++) first[box[6 * r + b] + 1]++;
    for (let p = 0; p < planes; p++) first[p + 1] += first[p];
    for (let r = 0; r < count; r++) order[first[box[6 * r + b]]++] = r;
    first.fill(0);
    for (let r = 0; r < count; r++) first[box[6 * r + a] + 1]++;
    for (let p = 0; p < planes; p++) first[p + 1] += first[p];
    for (let k = 0; k < count; k++) {
      const r = order[k];
      const o = 6 * r;
      const at = first[box[o + a]]++;
      byLo[at] = r;
      b0s[at] = box[o + b];
      b1s[at] = box[o + b] + box[o + 3 + b];
      c0s[at] = box[o + c];
      c1s[at] = box[o + c] + box[o + 3 + c];
    }
    // first[p] is now the end of plane p's run, first[p - 1] its start. The boxes by upper plane:
    upFirst.fill(0);
    for (let r = 0; r < count; r++) upFirst[box[6 * r + a] + box[6 * r + 3 + a]]++;
    for (let p = 0, s = 0; p <= planes; p++) {
      const n = upFirst[p];
      upFirst[p] = s;
      s += n;
    }
    for (let r = 0; r < count; r++) ups[upFirst[box[6 * r + a] + box[6 * r + 3 + a]]++] = r;
    // upFirst[p] is now the end of plane p's upper boxes, upFirst[p - 1] their start.
    let axisFound = 0;
    for (let p = 1; p < planes; p++) {
      const k0 = first[p - 1],
        k1 = first[p];
      if (k0 === k1 || upFirst[p - 1] === upFirst[p]) continue;
      // File the plane's lower faces.
      let entries = 0,
        usedCount = 0;
      for (let k = k0; k < k1; k++) {
        for (let tb = b0s[k] >> TILE; tb <= (b1s[k] - 1) >> TILE; tb++)
          for (let tc = c0s[k] >> TILE; tc <= (c1s[k] - 1) >> TILE; tc++) {
            const t = tb * tiles + tc;
            if (head[t] === -1) used[usedCount++] = t;
            if (entries === entK.length) {
              entK = grown(entK, entries + 1);
              entNext = grown(entNext, entries + 1);
            }
            entK[entries] = k;
            entNext[entries] = head[t];
            head[t] = entries++;
          }
      }
      for (let u = upFirst[p - 1]; u < upFirst[p]; u++) {
        const r = ups[u];
        const o = 6 * r;
        const b0 = box[o + b],
          b1 = b0 + box[o + 3 + b],
          c0 = box[o + c],
          c1 = c0 + box[o + 3 + c];
        let n = 0;
        for (let tb = b0 >> TILE; tb <= (b1 - 1) >> TILE; tb++)
          for (let tc = c0 >> TILE; tc <= (c1 - 1) >> TILE; tc++)
            for (let e = head[tb * tiles + tc]; e >= 0; e = entNext[e]) {
              const k = entK[e];
              if (b0s[k] >= b1 || b1s[k] <= b0 || c0s[k] >= c1 || c1s[k] <= c0) continue;
              // Counted in the tile of the overlap's least corner only.
              if (Math.max(b0s[k], b0) >> TILE !== tb || Math.max(c0s[k], c0) >> TILE !== tc) continue;
              if (n === hits.length) hits = grown(hits, n + 1);
              // Insertion: the hits ascend in k.
              let j = n++;
              for (; j > 0 && hits[j - 1] > k; j--) hits[j] = hits[j - 1];
              hits[j] = k;
            }
        if (axisFound + 2 * n > axisPairs.length) axisPairs = grown(axisPairs, axisFound + 2 * n);
        for (let j = 0; j < n; j++) {
          axisPairs[axisFound++] = r;
          axisPairs[axisFound++] = byLo[hits[j]];
        }
      }
      for (let i = 0; i < usedCount; i++) head[used[i]] = -1;
    }
    // The axis' pairs by their upper box (stable: each box's own stay in order).
    perR.fill(0);
    for (let k = 0; k < axisFound; k += 2) perR[axisPairs[k] + 1] += 2;
    for (let r = 0; r < count; r++) perR[r + 1] += perR[r];
    if (found + axisFound > pairs.length) pairs = grown(pairs, found + axisFound);
    for (let k = 0; k < axisFound; k += 2) {
      const at = found + perR[axisPairs[k]];
      perR[axisPairs[k]] += 2;
      pairs[at] = axisPairs[k];
      pairs[at + 1] = axisPairs[k + 1];
    }
    found += axisFound;
  }
  return found;
}

/**
 * The CSR lists of the `found` / 2 pairs in `pairs` (each pair listed under both its boxes): a
 * function of its own, so code optimized in the loops above (on-stack replacement) does not
 * meet this part without feedback at every call.
 */
function adjacencyLists(count: number, found: number): { start: Int32Array; adj: Int32Array } {
  // Allocated first: only the return follows the last loop (see facePairs).
  const start = new Int32Array(count + 1);
  const adj = new Int32Array(found);
  const at = new Int32Array(count);
  for (let k = 0; k < found; k++) start[pairs[k] + 1]++;
  for (let r = 0; r < count; r++) {
    at[r] = start[r];
    start[r + 1] += start[r];
  }
  for (let k = 0; k < found; k += 2) {
    adj[at[pairs[k]]++] = pairs[k + 1];
    adj[at[pairs[k + 1]]++] = pairs[k];
  }
  return { start, adj };
}
