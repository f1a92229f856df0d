import { BufferAttribute, BufferGeometry, Vector3, type LineSegments } from 'three';
import { NavlabError } from '../../../core/errors.ts';
import type { WaypointGraph } from '../../../core/graph/WaypointGraph.ts';

const _p = new Vector3();

/**
 * The link lines of a drawn waypoint graph as a pool of segments that edits rewrite in place:
 * the editor's drag changes a few links per pointer move among tens of thousands, and a move
 * then costs those links (a few bytes uploaded), not a new drawing and its garbage.
 *
 * Layout, for slot k < used (slots stay packed: removing a segment moves the last one into its
 * slot; the draw range is the first 2 * used vertices):
 *   pos[6k .. 6k+5]       the segment's two ends, xyz each (the drawn Float32Array)
 *   ends[2k], ends[2k+1]  its waypoints i < j
 *   slots                 i * count + j -> k
 * The links drawn at waypoint i: rows[i] once an update changed them, else the graph's CSR row.
 */
export class LinkSegments {
  /** Segments written or moved by updates (a work counter: a pointer move's share is bounded). */
  written = 0;
  private pos: Float32Array;
  private ends: Int32Array;
  private used = 0;
  private capacity: number;
  private readonly slots = new Map<number, number>();
  private readonly rows: (readonly number[] | undefined)[] = [];
  private readonly xyz: Float64Array;
  private readonly count: number;
  /** False while the constructor fills a new buffer (uploaded whole: no update ranges). */
  private filled = false;

  /**
   * Takes over the drawing of `lines` (a new geometry: every link of `graph`).
   * @param maxLinks the pool never holds more (the graph must not have more; update then answers false)
   */
  constructor(
    private readonly lines: LineSegments,
    private readonly graph: WaypointGraph,
    private readonly maxLinks: number,
  ) {
    if (graph.linkCount > maxLinks)
      throw new NavlabError('usage', `LinkSegments: graph has ${graph.linkCount} links, more than maxLinks ${maxLinks}`);
    const links = graph.linkCount;
    this.count = graph.count;
    this.xyz = graph.positions.slice();
    this.capacity = Math.min(maxLinks, links + Math.max(1024, links >> 2));
    this.pos = new Float32Array(6 * this.capacity);
    this.ends = new Int32Array(2 * this.capacity);
    this.replaceGeometry();
    const { offsets, targets } = graph;
    for (let i = 0; i < this.count; i++) {
      for (let e = offsets[i]; e < offsets[i + 1]; e++) {
        const j = targets[e];
        if (j > i) this.add(i, j);
      }
    }
    this.lines.geometry.setDrawRange(0, 2 * this.used);
    this.written = 0;
    this.filled = true;
  }

  /**
   * Waypoint `moved` is now at (x, y, z) and the links of the waypoints `changed` (as
   * VisibilityGraph.takeLinkChanges names them) are now `linksOf(i)`: rewrites those segments
   * and the moved waypoint's. False when the pool would pass maxLinks (draw anew then).
   */
  update(moved: number, x: number, y: number, z: number, changed: readonly number[], linksOf: (i: number) => readonly number[]): boolean {
    this.xyz[3 * moved] = x;
    this.xyz[3 * moved + 1] = y;
    this.xyz[3 * moved + 2] = z;
    let movedLinks: readonly number[] | null = null;
    for (const w of changed) {
      const now = linksOf(w);
      if (w === moved) movedLinks = now;
      const old = this.row(w);
      // Both lists ascend: one merge walk finds the links gone and the links new.
      let a = 0,
        b = 0;
      while (a < old.length || b < now.length) {
        if (b >= now.length || (a < old.length && old[a] < now[b])) this.remove(w, old[a++]);
        else if (a >= old.length || now[b] < old[a]) {
          if (!this.add(w, now[b++])) return false;
        } else {
          a++;
          b++;
        }
      }
      this.rows[w] = now;
    }
    // The moved waypoint's links that stayed still end where it was.
    for (const t of movedLinks ?? this.row(moved)) this.write(this.slots.get(Math.min(moved, t) * this.count + Math.max(moved, t))!);
    this.lines.geometry.setDrawRange(0, 2 * this.used);
    this.lines.geometry.boundingSphere?.expandByPoint(_p.set(x, y, z));
    return true;
  }

  private row(i: number): readonly number[] {
    const r = this.rows[i];
    if (r !== undefined) return r;
    const { offsets, targets } = this.graph;
    return Array.from(targets.subarray(offsets[i], offsets[i + 1]));
  }

  /** Draws the link (a, b) unless drawn already (from its other end); false past maxLinks. */
  private add(a: number, b: number): boolean {
    const i = Math.min(a, b),
      j = Math.max(a, b);
    const key = i * this.count + j;
    if (this.slots.has(key)) return true;
    if (this.used === this.maxLinks) return false;
    if (this.used === this.capacity) this.grow();
    const k = this.used++;
    this.ends[2 * k] = i;
    this.ends[2 * k + 1] = j;
    this.slots.set(key, k);
    this.write(k);
    return true;
  }

  /** Stops drawing the link (a, b) (once: its other end finds it gone). */
  private remove(a: number, b: number): void {
    const i = Math.min(a, b),
      j = Math.max(a, b);
    const key = i * this.count + j;
    const k = this.slots.get(key);
    if (k === undefined) return;
    this.slots.delete(key);
    const last = --this.used;
    if (k === last) return;
    const li = this.ends[2 * last],
      lj = this.ends[2 * last + 1];
    this.ends[2 * k] = li;
    this.ends[2 * k + 1] = lj;
    this.slots.set(li * this.count + lj, k);
    this.write(k);
  }

  /** Writes slot k's ends from the positions and marks its six floats for upload. */
  private write(k: number): void {
    const p = this.xyz;
    const i = 3 * this.ends[2 * k],
      j = 3 * this.ends[2 * k + 1];
    const o = 6 * k;
    this.pos[o] = p[i];
    this.pos[o + 1] = p[i + 1];
    this.pos[o + 2] = p[i + 2];
    this.pos[o + 3] = p[j];
    this.pos[o + 4] = p[j + 1];
    this.pos[o + 5] = p[j + 2];
    this.written++;
    if (!this.filled) return;
    const attribute = this.lines.geometry.getAttribute('position') as BufferAttribute;
    attribute.addUpdateRange(o, 6);
    attribute.needsUpdate = true;
  }

  /** Doubles the capacity (up to maxLinks): a new buffer, uploaded whole once. */
  private grow(): void {
    this.capacity = Math.min(this.maxLinks, 2 * this.capacity);
    const pos = new Float32Array(6 * this.capacity);
    pos.set(this.pos);
    const ends = new Int32Array(2 * this.capacity);
    ends.set(this.ends);
    this.pos = pos;
    this.ends = ends;
    this.replaceGeometry();
  }

  /** Gives `lines` a geometry over the pool's buffer (the old one's GPU buffer freed). */
  private replaceGeometry(): void {
    const old = this.lines.geometry;
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(this.pos, 3));
    geometry.setDrawRange(0, 2 * this.used);
    // The bounds of the points drawn: taken over (every update widens them), not recomputed.
    geometry.boundingSphere = old.boundingSphere?.clone() ?? null;
    this.lines.geometry = geometry;
    old.dispose();
  }
}
