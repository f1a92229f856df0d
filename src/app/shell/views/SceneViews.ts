import { Box3, Group, Plane, Vector3 } from 'three';
import type { WaypointGraph } from '../../../core/graph/WaypointGraph.ts';
import type { LoadedScene } from '../scene/LoadedScene.ts';
import { levelScale } from '../base/scale.ts';
import { MeshView } from './MeshView.ts';
import { WaypointView } from './WaypointView.ts';
import { roofCut, WorldView } from './WorldView.ts';
import type { VoxelChunks } from '../../../three/VoxelChunks.ts';

/** What the Scene panel shows or hides. */
export interface ViewToggles {
  voxels: boolean;
  obstacles: boolean;
  /** Imported meshes (drawn with their own materials). */
  meshes: boolean;
  waypoints: boolean;
  links: boolean;
  ground: boolean;
}

/**
 * The drawn scene: the world (voxels, obstacles, ground) and the waypoints with their links,
 * which parts are shown, and the slice that cuts away geometry above a height.
 */
export class SceneViews extends Group {
  readonly toggles: ViewToggles = { voxels: true, obstacles: true, meshes: true, waypoints: true, links: true, ground: true };
  /**
   * The slice: solid geometry above this height is not drawn (to look into buildings and
   * mazes). Infinity = no cut. Every world material carries the plane, so moving it never
   * compiles a shader.
   */
  readonly cutPlane = new Plane(new Vector3(0, -1, 0), Infinity);
  world: WorldView | null = null;
  waypoints: WaypointView | null = null;
  meshes: MeshView | null = null;
  /** Waypoint drawings made so far (a work counter: a drag's pointer moves make none). */
  waypointDrawings = 0;
  private cutHeight = Infinity;
  private cellSize = 1;

  /** Draws a newly loaded scene; the cut starts under its roof (see roofCut). */
  show(scene: LoadedScene): void {
    this.world?.dispose();
    this.waypoints?.dispose();
    this.meshes?.dispose();
    this.clear();
    this.meshes = new MeshView(scene.doc, scene.meshes, [this.cutPlane]);
    this.cellSize = scene.grid?.cellSize ?? 1;
    this.world = new WorldView(scene.doc, scene.grid, scene.chunks, [this.cutPlane]);
    // Levels made of meshes are looked into through their openings: no cut at first.
    this.setCut(scene.grid !== null && scene.meshes.size === 0 ? roofCut(scene.grid) : null);
    const cell = scene.grid?.cellSize ?? scene.doc.voxels?.cellSize;
    const wr = levelScale({ bounds: scene.doc.bounds, voxels: cell === undefined ? null : { cellSize: cell } }).waypointRadius;
    this.waypoints = new WaypointView(scene.graph, wr);
    this.waypointDrawings++;
    this.add(this.world, this.meshes, this.waypoints);
  }

  /**
   * Redraws the world after an edit changed it. The voxel surface drawn for the same grid is
   * kept and only its chunks touched by `voxelBox` (the inclusive voxel box whose occupancy
   * changed; null: none) are rebuilt.
   */
  showWorld(scene: LoadedScene, voxelBox: readonly number[] | null = null, source?: VoxelChunks): void {
    const old = this.world;
    // A voxel paint: the same view, its touched chunks redrawn.
    if (old?.adopt(scene.doc, scene.grid)) {
      if (voxelBox !== null) old.voxelsChanged(voxelBox, source);
      return;
    }
    const voxels = old?.takeVoxels(scene.grid) ?? null;
    old?.dispose();
    this.world = new WorldView(scene.doc, scene.grid, voxels ?? scene.chunks, [this.cutPlane]);
    if (voxels !== null && voxelBox !== null) this.world.voxelsChanged(voxelBox, source);
    this.add(this.world);
    this.applyToggles();
  }

  /** Redraws the waypoints and links from `graph` (edits, live dragging). */
  showWaypoints(graph: WaypointGraph): void {
    const radius = this.waypoints?.radius ?? 0.3;
    this.waypoints?.dispose();
    this.waypoints = new WaypointView(graph, radius);
    this.waypointDrawings++;
    this.add(this.waypoints);
    this.applyToggles();
  }

  /**
   * Draws waypoint i at (x, y, z) with the links of `changed` now `linksOf` (a drag's pointer
   * move: see WaypointView.moveWaypoint); false when the drawing must be made anew.
   */
  moveWaypoint(i: number, x: number, y: number, z: number, changed: readonly number[], linksOf: (i: number) => readonly number[]): boolean {
    return this.waypoints?.moveWaypoint(i, x, y, z, changed, linksOf) ?? false;
  }

  /** Shows or hides parts per `toggles`. */
  applyToggles(): void {
    const t = this.toggles;
    if (this.world !== null) {
      if (this.world.voxels) this.world.voxels.visible = t.voxels;
      for (const m of this.world.obstacles) m.visible = t.obstacles;
      this.world.ground.visible = this.world.bounds.visible = t.ground;
    }
    if (this.meshes !== null) this.meshes.visible = t.meshes;
    if (this.waypoints !== null) {
      this.waypoints.spheres.visible = t.waypoints;
      this.waypoints.links.visible = t.links;
    }
  }

  /** The height above which solid geometry is cut away (Infinity: no cut). */
  get cut(): number {
    return this.cutHeight;
  }

  /** Cuts away solid geometry above `height` (Infinity or null: show everything). */
  setCut(height: number | null): void {
    this.cutHeight = height ?? Infinity;
    // A hair below: faces lying exactly in the cut (a ceiling's underside) would flicker.
    this.cutPlane.constant = this.cutHeight - 1e-3 * this.cellSize;
  }

  /** What framing should show of `scene`: what is drawn, its waypoints and agents' points, within its bounds. */
  contentBox(scene: LoadedScene): Box3 {
    const { min, max } = scene.doc.bounds;
    const box = this.world?.contentBox() ?? new Box3();
    const meshBox = this.meshes?.contentBox();
    if (meshBox) box.union(meshBox);
    const p = scene.graph.positions;
    const v = new Vector3();
    for (let i = 0; i < p.length; i += 3) box.expandByPoint(v.set(p[i], p[i + 1], p[i + 2]));
    for (const a of scene.doc.agents)
      for (const q of [a.start, a.goal]) if (typeof q !== 'string') box.expandByPoint(v.set(q[0], q[1], q[2]));
    return box.intersect(new Box3(new Vector3(...min), new Vector3(...max)));
  }
}
