import { BufferAttribute, BufferGeometry, LineBasicMaterial, LineSegments, type Plane } from 'three';
import type { VoxelGrid } from '../../../core/grid/VoxelGrid.ts';
import { sparseFromGrid } from '../../../core/sparse/build.ts';
import { SparseSpace } from '../../../core/sparse/SparseSpace.ts';
import { h } from '../../shell/dom/dom.ts';
import { css } from '../../shell/stage/palette.ts';
import { legendItem } from '../../shell/ui/Overlay.ts';
import { int } from '../../shell/dom/format.ts';
import { OCTREE_RAMP, type OctreeCellLines, octreeCellLines } from './octreeCells.ts';

/** Least time between two builds for edits (ms): about 20-60 ms each for Warframe Simple's 1.5 M voxels. */
const REBUILD_MS = 250;

/**
 * The "octree cells" view: the scene's voxel grid as the sparse octree holds it (sparseFromGrid),
 * the free cells of its search space (SparseSpace) drawn as box outlines coloured by size, in
 * one LineSegments cut by the scene's cut plane, with its legend entry (#legend-octree). Built
 * when first shown and again after an edit (`update`, per frame: a paint drag's edits are
 * drawn at most every REBUILD_MS, as a build scans the whole grid); hidden and unbuilt while off.
 * With a `remote` builder (the app's: a nav worker, octreeWork.ts) the outlines are built off
 * the main thread and drawn when they arrive (an answer for an older grid is dropped);
 * without one, here.
 */
export class OctreeCellsView {
  /** What the Views folder's toggle sets. */
  readonly state = { shown: false };
  readonly lines: LineSegments;
  /** Why the view draws nothing for this scene (no voxel grid, too large), or null. */
  reason: string | null = 'no voxel grid';
  /** Builds made so far (a work counter: off or unchanged, none). */
  builds = 0;
  /** Cells drawn by the last build. */
  cells = 0;
  private grid: VoxelGrid | null = null;
  private stale = true;
  /** The grid was edited since the last build (a new scene builds at once, an edit within REBUILD_MS of the last build waits). */
  private edited = false;
  private builtAt = -Infinity;
  /** Builds the outlines of the grid set elsewhere (a nav worker); null: here. */
  private remote: (() => Promise<OctreeCellLines>) | null = null;
  /** Remote builds asked for; an answer to an earlier one is stale. */
  private asked = 0;
  /** A remote build is on its way. */
  private waiting = false;
  /** A remote build arrived and was drawn: the next update reports a change. */
  private arrived = false;
  readonly legend: HTMLElement;

  constructor(cut: Plane) {
    const material = new LineBasicMaterial({ vertexColors: true, clippingPlanes: [cut], transparent: true, opacity: 0.85 });
    this.lines = new LineSegments(new BufferGeometry(), material);
    this.lines.name = 'octree-cells';
    this.lines.visible = false;
    this.lines.renderOrder = 2;
    this.legend = h('div', { id: 'legend-octree', hidden: '' });
  }

  /**
   * A new scene's grid, or (`edited`) the edited scene's (null: none): drawn again when shown,
   * now or later; `remote` builds its outlines elsewhere (null: here).
   */
  setGrid(grid: VoxelGrid | null, edited = false, remote: (() => Promise<OctreeCellLines>) | null = null): void {
    this.remote = remote;
    this.asked++;
    this.waiting = false;
    this.edited = edited;
    this.grid = grid;
    this.stale = true;
    this.reason = grid === null ? 'no voxel grid' : null;
  }

  /**
   * Shows or hides the view per `state.shown` (builds it first when stale); true when it
   * changed what is drawn or waits to draw an edit (keep the frames coming).
   */
  update(): boolean {
    const on = this.state.shown && this.grid !== null;
    let changed = this.lines.visible !== on || this.arrived || (on && this.waiting);
    this.arrived = false;
    if (on && this.stale) {
      const now = performance.now();
      if (this.edited && now - this.builtAt < REBUILD_MS) return true;
      this.builtAt = now;
      this.build(this.grid!);
      changed = true;
    }
    this.lines.visible = on && this.reason === null;
    // On, the legend shows the ramp, or why nothing is drawn.
    this.legend.hidden = !on;
    return changed;
  }

  private build(grid: VoxelGrid): void {
    this.stale = false;
    this.edited = false;
    this.builds++;
    if (this.remote === null) {
      this.draw(() => octreeCellLines(new SparseSpace(sparseFromGrid(grid), { components: false })));
      return;
    }
    const id = ++this.asked;
    this.waiting = true;
    const landed = (make: () => OctreeCellLines) => {
      if (id !== this.asked) return;
      this.waiting = false;
      this.arrived = true;
      this.draw(make);
    };
    this.remote().then(
      (lines) => landed(() => lines),
      (e: unknown) =>
        landed(() => {
          throw e;
        }),
    );
  }

  /** Draws the outlines `make` gives, or the reason it throws in the legend. */
  private draw(make: () => OctreeCellLines): void {
    const old = this.lines.geometry;
    const geometry = new BufferGeometry();
    try {
      const lines = make();
      geometry.setAttribute('position', new BufferAttribute(lines.positions, 3));
      geometry.setAttribute('color', new BufferAttribute(lines.colors, 3));
      geometry.computeBoundingSphere();
      this.cells = lines.cells;
      this.reason = null;
      const ramp = `background:linear-gradient(90deg, ${OCTREE_RAMP.map(css).join(', ')})`;
      this.legend.replaceChildren(legendItem(ramp, `octree cells, 1 to ${lines.largest} voxels wide (${int(lines.cells)})`, true));
    } catch (e) {
      this.cells = 0;
      this.reason = e instanceof Error ? e.message : String(e);
      this.legend.replaceChildren(`octree cells: not drawn (${this.reason})`);
    }
    this.lines.geometry = geometry;
    old.dispose();
  }

  dispose(): void {
    this.lines.geometry.dispose();
    (this.lines.material as LineBasicMaterial).dispose();
  }
}
