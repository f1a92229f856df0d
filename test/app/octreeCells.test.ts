// Issue 25, point 4: the app's "octree cells" view draws the free cells of the sparse octree's
// search space (SparseSpace's octree cells, `space.cells`) as box outlines coloured by size. The drawing must hold every cell
// once, where the space has it, in the colour of its size class.
import { Plane } from 'three';
import { describe, expect, it, vi } from 'vitest';
import { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';
import { mulberry32 } from '../../src/core/math/random.ts';
import { sparseFromGrid } from '../../src/core/sparse/build.ts';
import { SparseSpace } from '../../src/core/sparse/SparseSpace.ts';
import { OctreeCellsView } from '../../src/app/features/search/OctreeCellsView.ts';
import {
  OCTREE_INSET,
  OCTREE_RAMP,
  type OctreeCellLines,
  octreeCellColor,
  octreeCellLines,
  sizeClass,
} from '../../src/app/features/search/octreeCells.ts';

/** A 40 x 20 x 24 grid: a wall with a door, a pillar, scattered blocked voxels, and open space (large cells). */
function world(): VoxelGrid {
  const g = new VoxelGrid({ dims: [40, 20, 24], cellSize: 0.5, origin: { x: -3, y: 1, z: 2 } });
  for (let y = 0; y < 20; y++) for (let z = 0; z < 24; z++) if (!(y < 6 && z > 10 && z < 14)) g.setBlocked(9, y, z, true);
  for (let y = 0; y < 12; y++) g.setBlocked(30, y, 5, true);
  const rand = mulberry32(7);
  for (let k = 0; k < 60; k++) g.setBlocked(Math.floor(rand() * 40), Math.floor(rand() * 20), Math.floor(rand() * 8), true);
  return g;
}

const rgbOf = (c: number) => [(c >> 16) & 255, (c >> 8) & 255, c & 255].map((v) => v / 255);

const lines = octreeCellLines(new SparseSpace(sparseFromGrid(world()), { components: false }));

describe('octreeCellLines', () => {
  const grid = world();
  const space = new SparseSpace(sparseFromGrid(grid), { components: false });
  // The octree's cells, as its own API lists them (ids ascending): the view shows the octree,
  // not the regions the search merges its cells into.
  const octree = space.cells;
  const cells: number[][] = [];
  for (let c = 0; c < octree.nodeCount; c++) if (octree.isTraversable(c)) cells.push(octree.cellBox(c, [0, 0, 0, 0, 0, 0]).slice());
  const top = sizeClass(lines.largest);

  it('draws each free cell of the SparseSpace once: 12 edges inside its box, in the colour of its size', () => {
    expect(lines.cells).toBe(cells.length);
    expect(lines.positions.length).toBe(72 * cells.length);
    expect(lines.colors.length).toBe(72 * cells.length);
    const s = grid.cellSize;
    const o = [grid.origin.x, grid.origin.y, grid.origin.z];
    const rgb = [0, 0, 0];
    const sizes = new Set<number>();
    const wrong: string[] = [];
    const near = (a: number, b: number, eps: number) => Math.abs(a - b) <= eps;
    cells.forEach((box, i) => {
      const lo = [Infinity, Infinity, Infinity],
        hi = [-Infinity, -Infinity, -Infinity];
      for (let v = 24 * i; v < 24 * (i + 1); v++)
        for (let a = 0; a < 3; a++) {
          lo[a] = Math.min(lo[a], lines.positions[3 * v + a]);
          hi[a] = Math.max(hi[a], lines.positions[3 * v + a]);
        }
      for (let a = 0; a < 3; a++)
        if (!near(lo[a], o[a] + s * (box[a] + OCTREE_INSET), 1e-4) || !near(hi[a], o[a] + s * (box[a] + box[3 + a] - OCTREE_INSET), 1e-4))
          wrong.push(`cell ${i} [${box}] axis ${a}: ${lo[a]}..${hi[a]}`);
      const k = sizeClass(Math.max(box[3], box[4], box[5]));
      sizes.add(k);
      octreeCellColor(k, top, rgb);
      for (let v = 24 * i; v < 24 * (i + 1); v++)
        for (let a = 0; a < 3; a++) if (!near(lines.colors[3 * v + a], rgb[a], 1e-6)) wrong.push(`cell ${i} [${box}] vertex ${v} colour`);
    });
    expect(wrong.slice(0, 5)).toEqual([]);
    // Cells of several sizes: single voxels in the mixed bricks and large empty nodes.
    expect(sizes.has(0)).toBe(true);
    expect(Math.max(...sizes)).toBe(top);
    expect(top).toBeGreaterThanOrEqual(3);
  });

  it('covers exactly the free voxels of the grid', () => {
    let free = 0;
    for (let i = 0; i < grid.occupancy.length; i++) if (grid.occupancy[i] === 0) free++;
    expect(cells.reduce((n, b) => n + b[3] * b[4] * b[5], 0)).toBe(free);
  });

  it('colours the smallest cells and the largest with the ends of the ramp, a size between with neither', () => {
    const rgb = [0, 0, 0];
    expect(octreeCellColor(0, 5, rgb)).toEqual(rgbOf(OCTREE_RAMP[0]));
    expect(octreeCellColor(5, 5, rgb)).toEqual(rgbOf(OCTREE_RAMP[2]));
    const mid = octreeCellColor(2, 5, rgb).slice();
    expect(mid).not.toEqual(rgbOf(OCTREE_RAMP[0]));
    expect(mid).not.toEqual(rgbOf(OCTREE_RAMP[2]));
  });

  it('draws nothing for a grid with no free voxel', () => {
    const g = new VoxelGrid({ dims: [4, 4, 4], occupancy: new Uint8Array(64).fill(1) });
    const l = octreeCellLines(new SparseSpace(sparseFromGrid(g), { components: false }));
    expect(l.cells).toBe(0);
    expect(l.positions.length).toBe(0);
  });
});

/** The few DOM calls the view's legend makes (h, legendItem), for node. */
function stubDocument(): () => void {
  const g = globalThis as { document?: unknown };
  const had = g.document;
  const el = () => ({
    hidden: false,
    children: [] as unknown[],
    setAttribute() {},
    appendChild(c: unknown) {
      this.children.push(c);
    },
    replaceChildren() {},
  });
  g.document = { createElement: el, createTextNode: (t: string) => ({ t }) };
  return () => {
    if (had === undefined) delete g.document;
    else g.document = had;
  };
}

describe('OctreeCellsView', () => {
  it('builds only when shown, once for all the frames after, again after an edit (throttled while a drag edits)', () => {
    const restore = stubDocument();
    let t = 1000;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => t);
    try {
      const view = new OctreeCellsView(new Plane());
      const grid = world();
      view.setGrid(grid);
      for (let i = 0; i < 5; i++) view.update();
      expect(view.builds).toBe(0);
      expect(view.lines.visible).toBe(false);
      view.state.shown = true;
      expect(view.update()).toBe(true);
      expect(view.builds).toBe(1);
      expect(view.lines.visible).toBe(true);
      const geometry = view.lines.geometry;
      expect(geometry.getAttribute('position').count).toBe(24 * view.cells);
      // Frames with nothing changed: no build, no new geometry.
      for (let i = 0; i < 100; i++) expect(view.update()).toBe(false);
      expect(view.builds).toBe(1);
      expect(view.lines.geometry).toBe(geometry);
      // An edit right after the build waits (frames keep coming), then is drawn.
      grid.setBlocked(20, 10, 12, true);
      view.setGrid(grid, true);
      t += 10;
      expect(view.update()).toBe(true);
      expect(view.builds).toBe(1);
      t += 1000;
      expect(view.update()).toBe(true);
      expect(view.builds).toBe(2);
      expect(view.cells).toBeGreaterThan(lines.cells);
      // Off: hidden, and edits while off are built only when shown again.
      view.state.shown = false;
      view.update();
      expect(view.lines.visible).toBe(false);
      view.setGrid(grid, true);
      t += 1000;
      view.update();
      expect(view.builds).toBe(2);
      // A scene without a grid: nothing drawn even when on.
      view.state.shown = true;
      view.setGrid(null);
      view.update();
      expect(view.lines.visible).toBe(false);
      expect(view.builds).toBe(2);
      view.dispose();
    } finally {
      clock.mockRestore();
      restore();
    }
  });

  it('with a remote builder (a nav worker), draws the outlines when they arrive and drops an answer for an earlier grid', async () => {
    const restore = stubDocument();
    try {
      const view = new OctreeCellsView(new Plane());
      const answers: ((l: OctreeCellLines) => void)[] = [];
      const remote = () => new Promise<OctreeCellLines>((resolve) => answers.push(resolve));
      const first = world();
      view.setGrid(first, false, remote);
      view.state.shown = true;
      expect(view.update()).toBe(true);
      expect(answers.length).toBe(1);
      // Waiting: nothing built here, frames keep coming.
      expect(view.cells).toBe(0);
      expect(view.update()).toBe(true);
      // Another scene before the answer: asked again; the first answer is dropped.
      const second = world();
      second.setBlocked(20, 10, 12, true);
      view.setGrid(second, false, remote);
      view.update();
      expect(answers.length).toBe(2);
      answers[0](lines);
      await Promise.resolve();
      expect(view.cells).toBe(0);
      const want = octreeCellLines(new SparseSpace(sparseFromGrid(second), { components: false }));
      answers[1](want);
      await Promise.resolve();
      expect(view.cells).toBe(want.cells);
      expect(want.cells).not.toBe(lines.cells);
      expect(view.lines.geometry.getAttribute('position').array).toBe(want.positions);
      expect(view.update()).toBe(true);
      expect(view.lines.visible).toBe(true);
      expect(view.update()).toBe(false);
      expect(view.builds).toBe(2);
      view.dispose();
    } finally {
      restore();
    }
  });
});
