import {
  BufferAttribute,
  BufferGeometry,
  Color,
  IcosahedronGeometry,
  InstancedMesh,
  LineBasicMaterial,
  LineSegments,
  Matrix4,
  MeshBasicMaterial,
  Object3D,
  Points,
  PointsMaterial,
} from 'three';
import { SearchHelper, type SearchHelperOptions } from '../../../helpers/SearchHelper.ts';
import { PALETTE } from '../../shell/stage/palette.ts';
import type { VisitedCellLines } from './octreeVisited.ts';

/** Options of a SearchView: those of SearchHelper, in the app's palette. */
export type SearchViewOptions = Omit<SearchHelperOptions, 'colors'>;

/**
 * The lab's views in the style of the graph searched: cubes sized by the voxel for the grid,
 * spheres around the waypoints (by their drawn radius) for the graph; `diffSize`: the
 * difference view's node size.
 */
export function labViewStyle(grid: boolean, cell: number, waypointRadius: number): { run: SearchViewOptions; diffSize: number } {
  const wr = waypointRadius;
  return grid
    ? { run: { shape: 'cube', nodeSize: 0.34 * cell, openSize: 0.2 * cell, pathRadius: 0.13 * cell }, diffSize: 0.5 * cell }
    : { run: { shape: 'sphere', nodeSize: 3.4 * wr, openSize: 2.6 * wr, pathRadius: 0.35 * wr }, diffSize: 3 * wr };
}

const _m = new Matrix4();

/**
 * The app's search view: a SearchHelper in the app's palette, and for a search on the octree
 * the outlines of the cells it closed (`setCells`), shown with the visited layer.
 */
export class SearchView extends SearchHelper {
  /** The closed octree cells' outlines (empty unless a search on the octree drew them). */
  readonly cells = new LineSegments(new BufferGeometry(), new LineBasicMaterial({ vertexColors: true, transparent: true, opacity: 0.9 }));
  private cellsShown = true;

  constructor(options: SearchViewOptions) {
    super({
      ...options,
      colors: {
        low: PALETTE.visitedLow,
        high: PALETTE.visitedHigh,
        open: PALETTE.open,
        path: PALETTE.path,
        partial: PALETTE.pathPartial,
        jump: PALETTE.jump,
        anyAngle: PALETTE.anyAngle,
        sightPassed: PALETTE.sightPassed,
        sightFailed: PALETTE.sightFailed,
      },
    });
    this.cells.name = 'octree-visited';
    this.cells.frustumCulled = false;
    this.add(this.cells);
  }

  /** Draws the outlines of the closed octree cells `lines` (null: none). */
  setCells(lines: VisitedCellLines | null): void {
    const g = this.cells.geometry;
    const n = lines === null ? 0 : 24 * lines.cells;
    if (lines !== null && g.getAttribute('position')?.array !== lines.positions) {
      g.setAttribute('position', new BufferAttribute(lines.positions, 3));
      g.setAttribute('color', new BufferAttribute(lines.colors, 3));
    } else if (lines !== null) {
      g.getAttribute('position').needsUpdate = true;
      g.getAttribute('color').needsUpdate = true;
    }
    g.setDrawRange(0, n);
    this.cells.visible = this.cellsShown && n > 0;
  }

  override setLayers(layers: { visited: boolean; open: boolean; path: boolean; steps?: boolean }): void {
    super.setLayers(layers);
    this.cellsShown = layers.visited;
    this.cells.visible = layers.visited && this.cells.geometry.drawRange.count > 0;
  }

  override reset(): void {
    super.reset();
    this.setCells(null);
  }

  override dispose(): void {
    super.dispose();
    this.cells.geometry.dispose();
    (this.cells.material as LineBasicMaterial).dispose();
  }
}

/** Markers for the start and goal of a query: cyan and pink spheres, each with a pin to the ground. */
export class EndpointMarkers extends Object3D {
  readonly spheres: InstancedMesh;
  private readonly pins: LineSegments;
  private readonly geometry = new IcosahedronGeometry(1, 3);
  private readonly material = new MeshBasicMaterial({ color: 0xffffff, depthTest: false, transparent: true });
  private readonly pinMaterial = new LineBasicMaterial({ vertexColors: true, transparent: true, opacity: 0.7 });

  constructor() {
    super();
    this.name = 'endpoints';
    this.spheres = new InstancedMesh(this.geometry, this.material, 2);
    this.spheres.count = 0;
    this.spheres.frustumCulled = false;
    this.spheres.renderOrder = 11;
    this.spheres.setColorAt(0, new Color(PALETTE.start));
    this.spheres.setColorAt(1, new Color(PALETTE.goal));
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(new Float32Array(12), 3));
    const c0 = new Color(PALETTE.start);
    const c1 = new Color(PALETTE.goal);
    g.setAttribute(
      'color',
      new BufferAttribute(new Float32Array([c0.r, c0.g, c0.b, c0.r, c0.g, c0.b, c1.r, c1.g, c1.b, c1.r, c1.g, c1.b]), 3),
    );
    this.pins = new LineSegments(g, this.pinMaterial);
    this.pins.frustumCulled = false;
    this.add(this.spheres, this.pins);
  }

  /** Places the markers (null hides one); `radius` in world units, pins down to `groundY`. */
  set(start: readonly number[] | null, goal: readonly number[] | null, radius: number, groundY = 0): void {
    const m = this.spheres;
    const pos = this.pins.geometry.getAttribute('position') as BufferAttribute;
    const place = (i: number, p: readonly number[] | null) => {
      // A hidden marker is scaled to nothing so that the other keeps its colour slot.
      const r = p === null ? 0 : radius;
      const [x, y, z] = p ?? [0, 0, 0];
      m.setMatrixAt(i, _m.makeScale(r, r, r).setPosition(x, y, z));
      pos.setXYZ(2 * i, x, p === null ? 0 : y - r, z);
      pos.setXYZ(2 * i + 1, x, p === null ? 0 : Math.min(y - r, groundY), z);
    };
    place(0, start);
    place(1, goal);
    m.count = start === null && goal === null ? 0 : 2;
    m.instanceMatrix.needsUpdate = true;
    // Raycasts test the bounds first and compute them once: a moved marker needs new ones
    // (stale bounds made a press on a moved goal marker miss it, so it could not be dragged).
    m.boundingSphere = null;
    pos.needsUpdate = true;
  }

  dispose(): void {
    this.spheres.dispose();
    this.geometry.dispose();
    this.material.dispose();
    this.pins.geometry.dispose();
    this.pinMaterial.dispose();
    this.removeFromParent();
  }
}

/**
 * Where two compared searches differ (ExpandedDiff): nodes only A expanded in cyan, only B
 * in pink, both in grey, drawn as points `size` world units wide.
 */
export class DiffView extends Object3D {
  private readonly points: Points;
  private readonly material: PointsMaterial;

  constructor(size: number) {
    super();
    this.name = 'compare-diff';
    this.material = new PointsMaterial({ size, vertexColors: true, transparent: true, opacity: 0.85 });
    this.points = new Points(new BufferGeometry(), this.material);
    this.points.frustumCulled = false;
    this.add(this.points);
    this.visible = false;
  }

  /** Draws a difference (null clears it). */
  setNodes(d: { onlyA: number; onlyB: number; both: number; positions: Float32Array } | null): void {
    const g = new BufferGeometry();
    if (d !== null) {
      const n = d.onlyA + d.onlyB + d.both;
      const colors = new Float32Array(3 * n);
      const cA = new Color(PALETTE.onlyA);
      const cB = new Color(PALETTE.onlyB);
      const cBoth = new Color(PALETTE.bothAB);
      for (let i = 0; i < n; i++) (i < d.onlyA ? cA : i < d.onlyA + d.onlyB ? cB : cBoth).toArray(colors, 3 * i);
      g.setAttribute('position', new BufferAttribute(d.positions, 3));
      g.setAttribute('color', new BufferAttribute(colors, 3));
    }
    this.points.geometry.dispose();
    this.points.geometry = g;
  }

  dispose(): void {
    this.points.geometry.dispose();
    this.material.dispose();
    this.removeFromParent();
  }
}
