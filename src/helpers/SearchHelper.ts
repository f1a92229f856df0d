import {
  type BufferGeometry,
  Color,
  CylinderGeometry,
  DynamicDrawUsage,
  IcosahedronGeometry,
  InstancedMesh,
  Matrix4,
  MeshStandardMaterial,
  Object3D,
  Quaternion,
  Vector3,
  type InterleavedBufferAttribute,
} from 'three';
import { LineMaterial } from 'three/examples/jsm/lines/LineMaterial.js';
import { LineSegments2 } from 'three/examples/jsm/lines/LineSegments2.js';
import { LineSegmentsGeometry } from 'three/examples/jsm/lines/LineSegmentsGeometry.js';
import { checkBoolean, checkNumbers, checkObject } from '../core/args.ts';
import { costRamp, nextPow2, NodeLayer } from './NodeLayer.ts';
import { checkHelperOptions } from './searchHelperArgs.ts';
import { checkSegments, MAX_SEGMENTS, type SearchSegments } from '../core/debug/searchSegments.ts';
import { checkVisited, MAX_DRAWN_NODES, type VisitedNodes } from '../core/debug/visitedNodes.ts';

/** Options of a SearchHelper. */
export interface SearchHelperOptions {
  /** Cubes for voxels, spheres for waypoints. */
  shape: 'cube' | 'sphere';
  /** Edge (cube) or diameter (sphere) of a closed node, world units. */
  nodeSize: number;
  /** Size of an open node. @default 0.6 * nodeSize */
  openSize?: number;
  /** Radius of the path tube. */
  pathRadius: number;
  /**
   * Above this many nodes a layer is drawn as points (one vertex per node) instead of
   * cubes or spheres (a dozen triangles each), so big searches stay cheap to draw. @default 40000
   */
  shapeLimit?: number;
  /** Width of the search-step lines (setSegments), in pixels. @default 2.5 */
  stepWidth?: number;
  /** Colours. @default SEARCH_COLORS */
  colors?: Partial<SearchColors>;
}

/** The colours of a SearchHelper (hex RGB). */
export interface SearchColors {
  /** Closed node of the lowest cost so far (the ramp runs in HSL from `low` to `high`). */
  low: number;
  /** Closed node of the highest cost so far. */
  high: number;
  /** Open node (on the frontier, not yet expanded). */
  open: number;
  /** The path of a search that reached its goal. */
  path: number;
  /** The path of a search that did not reach its goal. */
  partial: number;
  /** JPS: a jump, from an expanded jump point to the jump point it came from. */
  jump: number;
  /** Lazy Theta*: an expanded node's link to its any-angle parent. */
  anyAngle: number;
  /** Lazy Theta*: a line-of-sight check that passed. */
  sightPassed: number;
  /** Lazy Theta*: a line-of-sight check that failed. */
  sightFailed: number;
}

/**
 * Yellow to red visited nodes, a blue open set, a green path (amber when partial); JPS jumps
 * in fuchsia, Lazy Theta*'s any-angle links in white, its line-of-sight checks teal (passed)
 * or rose (failed).
 */
export const SEARCH_COLORS: Readonly<SearchColors> = Object.freeze({
  low: 0xfacc15,
  high: 0xdc2626,
  open: 0x3b82f6,
  path: 0x22c55e,
  partial: 0xf59e0b,
  jump: 0xe879f9,
  anyAngle: 0xf1f5f9,
  sightPassed: 0x2dd4bf,
  sightFailed: 0xfb7185,
});

/** Colour key of each SegmentKind, in kind order. */
const SEGMENT_COLOR_KEYS = ['jump', 'anyAngle', 'sightPassed', 'sightFailed'] as const;

const _up = new Vector3(0, 1, 0);
const _a = new Vector3();
const _b = new Vector3();
const _d = new Vector3();
const _q = new Quaternion();
const _s = new Vector3();
const _m = new Matrix4();

/**
 * What one search looks like, as a three.js helper: closed nodes coloured by cost so far
 * (yellow = low, red = high), the open set apart in blue and smaller, and the path as a green
 * tube (amber when it only reaches the node closest to the goal). Built from engine-neutral
 * data (`VisitedNodes` from `collectVisited`, path points), so a search stepped on the main
 * thread and one run in a worker draw the same way. What jump point search and Lazy Theta*
 * do beyond A* is drawn as lines over the nodes (`setSegments`): JPS's jumps, Lazy Theta*'s
 * any-angle parent links and its line-of-sight checks, passed or failed, read from the run.
 * Call `dispose()` when done.
 *
 * ```ts
 * const helper = new SearchHelper({ shape: 'cube', nodeSize: grid.cellSize, pathRadius: 0.05 });
 * scene.add(helper);
 * const log = new SightLog();
 * log.attach(lazyThetaRun);
 * lazyThetaRun.step(200);
 * const positions = gridPositions(grid);
 * helper.setVisited(collectVisited(lazyThetaRun.ctx, positions));
 * const segments = collectAnyAngleLinks(lazyThetaRun, positions, emptySegments());
 * helper.setSegments(log.appendTo(segments, positions));
 * ```
 */
export class SearchHelper extends Object3D {
  /** The options it was made with (node size, colours...). */
  declare readonly options: SearchHelperOptions;
  /** The colours in use (the defaults with the options' overrides). */
  declare readonly colors: Readonly<SearchColors>;
  /** Nodes drawn by the last setVisited (may be fewer than visited: MAX_DRAWN_NODES). */
  drawn = 0;
  /**
   * What JPS and Lazy Theta* do beyond A* (SearchSegments: jumps, any-angle links,
   * line-of-sight checks), one line per segment coloured by kind, drawn over the nodes.
   */
  declare readonly steps: LineSegments2;
  readonly #stepsMaterial: LineMaterial;
  readonly #segmentColors: Float32Array;
  readonly #closed: NodeLayer;
  readonly #open: NodeLayer;
  #segments: InstancedMesh;
  #joints: InstancedMesh;
  /** The path shows through everything (an x-ray line): it is what the view is about. */
  readonly #pathMaterial: MeshStandardMaterial;
  readonly #ramp: Float32Array;
  readonly #segmentGeometry = new CylinderGeometry(1, 1, 1, 10, 1, true);
  readonly #jointGeometry = new IcosahedronGeometry(1, 1);

  /**
   * An empty search view; options are checked (a NavlabError usage names the bad field). Fill it with setVisited, setPath
   * and setSegments.
   */
  constructor(options: SearchHelperOptions) {
    super();
    this.name = 'search';
    checkHelperOptions(options);
    this.options = options;
    const colors = { ...SEARCH_COLORS, ...options.colors };
    this.colors = colors;
    this.#ramp = costRamp(colors.low, colors.high);
    this.#pathMaterial = new MeshStandardMaterial({
      color: colors.path,
      emissive: colors.path,
      emissiveIntensity: 0.35,
      roughness: 0.4,
      depthTest: false,
      transparent: true,
    });
    const limit = options.shapeLimit ?? 40_000;
    this.#closed = new NodeLayer(options.shape, options.nodeSize, null, limit, this.#ramp);
    this.#open = new NodeLayer(options.shape, options.openSize ?? options.nodeSize * 0.6, colors.open, limit, this.#ramp);
    this.add(this.#closed, this.#open);
    this.#segments = this.#pathMesh(this.#segmentGeometry, 256);
    this.#joints = this.#pathMesh(this.#jointGeometry, 257);
    this.#segmentColors = new Float32Array(SEGMENT_COLOR_KEYS.flatMap((k) => new Color(colors[k]).toArray()));
    // Lines a few pixels wide (three's LineSegments2): one-pixel lines are hard to read.
    this.#stepsMaterial = new LineMaterial({
      vertexColors: true,
      linewidth: options.stepWidth ?? 2.5,
      depthTest: false,
      transparent: true,
      opacity: 0.9,
    });
    this.steps = new LineSegments2(segmentGeometry(1), this.#stepsMaterial);
    this.steps.name = 'search-steps';
    this.steps.frustumCulled = false;
    this.steps.renderOrder = 9;
    this.add(this.steps);
    this.frustumCulled = false;
  }

  /** Shows or hides the closed nodes, the open set, the path and the search steps (shown unless `steps` is false). */
  setLayers(layers: { visited: boolean; open: boolean; path: boolean; steps?: boolean }): void {
    checkObject('SearchHelper.setLayers: layers', layers, 'an object { visited, open, path, steps? } of booleans');
    for (const key of ['visited', 'open', 'path'] as const) checkBoolean(`SearchHelper.setLayers: layers.${key}`, layers[key]);
    if (layers.steps !== undefined) checkBoolean('SearchHelper.setLayers: layers.steps', layers.steps);
    this.#closed.visible = layers.visited;
    this.#open.visible = layers.open;
    this.#segments.visible = this.#joints.visible = layers.path;
    this.steps.visible = layers.steps ?? true;
  }

  /**
   * Draws search segments (jumps, any-angle links, line-of-sight checks: SearchSegments from
   * collectParentLinks, collectAnyAngleLinks, SightLog), one line each in its kind's colour,
   * over the nodes; at most MAX_SEGMENTS. Null clears them.
   */
  setSegments(s: SearchSegments | null): void {
    if (s !== null) checkSegments('SearchHelper.setSegments: s', s);
    const n = s === null ? 0 : Math.min(s.count, MAX_SEGMENTS);
    let g = this.steps.geometry;
    if (n > segmentData(g, 'instanceStart').count) {
      g.dispose();
      g = this.steps.geometry = segmentGeometry(Math.min(MAX_SEGMENTS, nextPow2(n)));
    }
    g.instanceCount = n;
    if (s === null || n === 0) return;
    const pos = segmentData(g, 'instanceStart').data;
    const col = segmentData(g, 'instanceColorStart').data;
    (pos.array as Float32Array).set(s.positions.subarray(0, 6 * n));
    const c = col.array as Float32Array;
    const table = this.#segmentColors;
    for (let i = 0; i < n; i++) {
      const k = 3 * s.kinds[i];
      for (let e = 0; e < 2; e++) {
        const o = 6 * i + 3 * e;
        c[o] = table[k];
        c[o + 1] = table[k + 1];
        c[o + 2] = table[k + 2];
      }
    }
    for (const b of [pos, col]) {
      b.clearUpdateRanges();
      b.addUpdateRange(0, 6 * n);
      b.needsUpdate = true;
    }
  }

  /** Draws the nodes a search reached; null clears them. */
  setVisited(v: VisitedNodes | null): void {
    if (v !== null) checkVisited('SearchHelper.setVisited: v', v);
    if (v === null || v.count === 0) {
      this.#closed.set(null, 0, 0);
      this.#open.set(null, 0, 0);
      this.drawn = 0;
      return;
    }
    const n = Math.min(v.count, MAX_DRAWN_NODES);
    this.#closed.set(v, n, 1);
    this.#open.set(v, n, 0);
    this.drawn = n;
  }

  /**
   * Draws the path through `points` (xyz triples); `partial` (unreachable, budget out,
   * cancelled) draws it amber instead of green. Null clears it.
   */
  setPath(points: ArrayLike<number> | null, partial = false): void {
    if (points !== null) checkNumbers('SearchHelper.setPath: points', points, 3);
    checkBoolean('SearchHelper.setPath: partial', partial);
    const n = points === null ? 0 : points.length / 3;
    const color = partial ? this.colors.partial : this.colors.path;
    this.#pathMaterial.color.set(color);
    this.#pathMaterial.emissive.set(color);
    const segs = Math.max(0, n - 1);
    if (segs > this.#segments.instanceMatrix.count) this.#segments = this.#regrowPath(this.#segments, segs);
    if (n > this.#joints.instanceMatrix.count) this.#joints = this.#regrowPath(this.#joints, n);
    const r = this.options.pathRadius;
    for (let i = 0; i < n; i++) {
      _a.set(points![3 * i], points![3 * i + 1], points![3 * i + 2]);
      this.#joints.setMatrixAt(i, _m.makeScale(r, r, r).setPosition(_a));
      if (i === 0) continue;
      _b.set(points![3 * i - 3], points![3 * i - 2], points![3 * i - 1]);
      _d.subVectors(_a, _b);
      const len = _d.length();
      _q.setFromUnitVectors(_up, len > 0 ? _d.divideScalar(len) : _up);
      _s.set(r, len, r);
      this.#segments.setMatrixAt(i - 1, _m.compose(_b.add(_a).multiplyScalar(0.5), _q, _s));
    }
    this.#segments.count = segs;
    this.#joints.count = n;
    this.#segments.instanceMatrix.needsUpdate = true;
    this.#joints.instanceMatrix.needsUpdate = true;
  }

  /** Closed nodes drawn, open nodes drawn, path segments and search-step segments drawn (for tests and readouts). */
  get counts(): { closed: number; open: number; segments: number; steps: number } {
    return { closed: this.#closed.count, open: this.#open.count, segments: this.#segments.count, steps: this.steps.geometry.instanceCount };
  }

  /** Removes the nodes, the search steps and the path. */
  reset(): void {
    this.setVisited(null);
    this.setSegments(null);
    this.#segments.count = this.#joints.count = 0;
  }

  /** Frees the GPU resources of every layer (geometries, materials); the helper draws nothing afterwards. */
  dispose(): void {
    this.#closed.dispose();
    this.#open.dispose();
    this.#segments.dispose();
    this.#joints.dispose();
    this.#segmentGeometry.dispose();
    this.#jointGeometry.dispose();
    this.#pathMaterial.dispose();
    this.steps.geometry.dispose();
    this.#stepsMaterial.dispose();
    this.removeFromParent();
  }

  /** An empty instanced mesh of the path (`capacity` instances), added to the helper. */
  #pathMesh(geometry: BufferGeometry, capacity: number): InstancedMesh {
    const mesh = new InstancedMesh(geometry, this.#pathMaterial, capacity);
    mesh.count = 0;
    mesh.frustumCulled = false;
    mesh.renderOrder = 10;
    this.add(mesh);
    return mesh;
  }

  #regrowPath(old: InstancedMesh, need: number): InstancedMesh {
    const mesh = this.#pathMesh(old.geometry, nextPow2(need));
    mesh.visible = old.visible;
    old.removeFromParent();
    old.dispose();
    return mesh;
  }
}

/** Room for `capacity` wide line segments (start and end positions and colours), none drawn yet. */
function segmentGeometry(capacity: number): LineSegmentsGeometry {
  const g = new LineSegmentsGeometry();
  g.setPositions(new Float32Array(6 * capacity));
  g.setColors(new Float32Array(6 * capacity));
  for (const name of ['instanceStart', 'instanceColorStart'] as const) segmentData(g, name).data.setUsage(DynamicDrawUsage);
  g.instanceCount = 0;
  return g;
}

/** One of the interleaved per-segment attributes of a LineSegmentsGeometry. */
function segmentData(g: LineSegmentsGeometry, name: 'instanceStart' | 'instanceColorStart'): InterleavedBufferAttribute {
  return g.getAttribute(name) as InterleavedBufferAttribute;
}
