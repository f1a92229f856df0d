import {
  Box3,
  Box3Helper,
  BoxGeometry,
  BufferAttribute,
  BufferGeometry,
  DoubleSide,
  DynamicDrawUsage,
  GridHelper,
  IcosahedronGeometry,
  InstancedMesh,
  LineBasicMaterial,
  LineLoop,
  Matrix4,
  MeshStandardMaterial,
  Object3D,
  Vector3,
  type Plane,
} from 'three';
import type { VoxelGrid } from '../../../core/grid/VoxelGrid.ts';
import { vec3 } from '../../../core/math/vec3.ts';
import { movingObstaclePosition } from '../../../scene/build.ts';
import type { SceneDocument, SceneObstacle } from '../../../scene/schema.ts';
import { obstacleMatrix, unitGeometry, type Shape } from '../../../three/primitives.ts';
import { VoxelChunks, type VoxelChunkData } from '../../../three/VoxelChunks.ts';
import { PALETTE } from '../stage/palette.ts';

const _m = new Matrix4();
const _p = vec3();

/**
 * The static world of a scene, drawn: the voxel surface in chunks (VoxelChunks: merged faces,
 * shaded darker low and lighter high; the preprocessing worker computes them), primitive
 * obstacles as one InstancedMesh per shape, terrain regions as translucent boxes in their
 * kind's colour, moving obstacles and their orbits, the ground grid and the bounds.
 * `update(t)` moves the moving obstacles; `voxelsChanged(box)` redraws the chunks a voxel edit
 * touched.
 */
export class WorldView extends Object3D {
  /** The voxel surface, or null when the scene has no solid voxel. */
  voxels: VoxelChunks | null = null;
  /** Obstacle meshes per shape; `userData.ids[instanceId]` is the obstacle id. */
  readonly obstacles: InstancedMesh[] = [];
  readonly terrain: InstancedMesh[] = [];
  readonly moving: InstancedMesh | null = null;
  readonly ground: GridHelper;
  readonly bounds: Box3Helper;
  private doc: SceneDocument;
  private readonly grid: VoxelGrid | null;
  private readonly clipping: Plane[];
  private readonly disposables: { dispose(): void }[] = [];

  /**
   * @param voxels the grid's surface: chunk quads from the worker, a VoxelChunks drawn for this
   *   grid before (adopted, see takeVoxels), or null to compute it here
   * @param clipping planes that cut the solid geometry (the app's "cut above" slice, to look
   *   into closed buildings); the renderer needs `localClippingEnabled`
   */
  constructor(doc: SceneDocument, grid: VoxelGrid | null, voxels: VoxelChunkData | VoxelChunks | null, clipping: Plane[] = []) {
    super();
    this.name = 'world';
    this.doc = doc;
    this.grid = grid;
    this.clipping = clipping;
    const { min, max } = doc.bounds;
    if (voxels instanceof VoxelChunks) this.voxels = voxels;
    else if (grid !== null) this.voxels = this.voxelChunks(grid, voxels);
    if (this.voxels !== null) this.add(this.voxels);
    this.addObstacles(doc.obstacles);
    if (grid !== null) this.addTerrain(doc, grid);
    if (doc.movingObstacles.length > 0) this.moving = this.addMoving(doc);

    // Ground grid at the bottom of the bounds, one line per cell (at most ~120 lines).
    const sx = max[0] - min[0];
    const sz = max[2] - min[2];
    const size = Math.max(sx, sz);
    const cell = grid?.cellSize ?? 1;
    // Halve down to at most 64 lines; a non-finite or huge count (overflowing bounds) must not
    // loop forever, so the halvings are counted, not repeated until the count is small.
    const raw = Math.round(size / cell);
    let divisions = Number.isFinite(raw) && raw > 0 ? raw : 1;
    if (divisions > 64) divisions = Math.ceil(divisions / 2 ** Math.ceil(Math.log2(divisions / 64)));
    this.ground = new GridHelper(size, Math.max(1, divisions), PALETTE.gridMajor, PALETTE.gridMinor);
    this.ground.position.set(min[0] + sx / 2, min[1], min[2] + sz / 2);
    const gm = this.ground.material as LineBasicMaterial;
    gm.transparent = true;
    gm.opacity = 0.55;
    gm.depthWrite = false;
    this.add(this.ground);
    this.disposables.push(this.ground.geometry, gm);

    this.bounds = new Box3Helper(new Box3(new Vector3(...min), new Vector3(...max)), PALETTE.bounds);
    const bm = this.bounds.material as LineBasicMaterial;
    bm.transparent = true;
    bm.opacity = 0.5;
    this.add(this.bounds);
    this.disposables.push(this.bounds.geometry, bm);
  }

  /** Moves the moving obstacles to time t (seconds). */
  update(t: number): void {
    const mesh = this.moving;
    if (mesh === null) return;
    this.doc.movingObstacles.forEach((mo, i) => {
      movingObstaclePosition(mo, t, _p);
      _m.makeScale(mo.radius, mo.radius, mo.radius).setPosition(_p.x, _p.y, _p.z);
      mesh.setMatrixAt(i, _m);
    });
    mesh.instanceMatrix.needsUpdate = true;
    mesh.computeBoundingSphere();
  }

  /**
   * The box around what is drawn (voxel surface, obstacles, orbits), or null when the scene
   * draws nothing; the camera frames this rather than the bounds, which may be mostly empty.
   */
  contentBox(): Box3 | null {
    const box = new Box3();
    for (const o of [this.voxels, ...this.obstacles, ...this.terrain]) if (o) box.union(new Box3().setFromObject(o));
    if (this.moving) {
      for (const mo of this.doc.movingObstacles) {
        const r = mo.orbit.radius + mo.radius;
        box.union(new Box3(new Vector3(...mo.orbit.center).subScalar(r), new Vector3(...mo.orbit.center).addScalar(r)));
      }
    }
    return box.isEmpty() ? null : box;
  }

  /** Meshes a picking ray should test (voxels are picked on the grid itself). */
  pickables(): Object3D[] {
    return [...this.obstacles];
  }

  /**
   * Takes `doc` (an edit of this view's document) when it draws the same but for its voxel
   * occupancy: the same grid, bounds, obstacles, moving obstacles and terrain regions (by
   * identity: edits keep the parts they do not change). Then only the voxel chunks an edit
   * touched need redrawing (voxelsChanged); false when the view must be made again.
   */
  adopt(doc: SceneDocument, grid: VoxelGrid | null): boolean {
    const a = this.doc,
      b = doc;
    const same =
      grid === this.grid &&
      a.bounds === b.bounds &&
      a.obstacles === b.obstacles &&
      a.movingObstacles === b.movingObstacles &&
      (a.voxels === undefined) === (b.voxels === undefined) &&
      a.voxels?.terrain === b.voxels?.terrain;
    if (same) this.doc = doc;
    return same;
  }

  /**
   * Call after the grid's occupancy changed in the inclusive voxel box: rebuilds the voxel
   * chunks it touches (their faces taken from `source` when given: see VoxelChunks.update).
   * Returns how many were rebuilt.
   */
  voxelsChanged(box: readonly number[], source?: VoxelChunks): number {
    return this.voxels?.update(box, source).length ?? 0;
  }

  /**
   * Hands the voxel surface over to the next view of the same grid (it is then not disposed
   * with this view); null when this view draws another grid or none.
   */
  takeVoxels(grid: VoxelGrid | null): VoxelChunks | null {
    const v = this.voxels;
    if (v === null || grid === null || v.grid !== grid) return null;
    this.remove(v);
    this.voxels = null;
    return v;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
    this.voxels?.dispose();
    this.removeFromParent();
  }

  private voxelChunks(grid: VoxelGrid, data: VoxelChunkData | null): VoxelChunks {
    // Both sides: where the cut opens a wall, its inside shows instead of nothing.
    const material = new MeshStandardMaterial({
      vertexColors: true,
      roughness: 0.85,
      metalness: 0.05,
      side: DoubleSide,
      clippingPlanes: this.clipping,
    });
    return new VoxelChunks(grid, { data: data ?? undefined, material, low: PALETTE.voxelLow, high: PALETTE.voxelHigh });
  }

  private addObstacles(list: readonly SceneObstacle[]): void {
    const byShape = new Map<Shape, SceneObstacle[]>();
    for (const o of list) {
      const group = byShape.get(o.shape) ?? [];
      group.push(o);
      byShape.set(o.shape, group);
    }
    const material = new MeshStandardMaterial({
      color: PALETTE.obstacle,
      roughness: 0.7,
      metalness: 0.1,
      side: DoubleSide,
      clippingPlanes: this.clipping,
    });
    this.disposables.push(material);
    for (const [shape, group] of byShape) {
      const mesh = new InstancedMesh(unitGeometry(shape), material, group.length);
      group.forEach((o, i) => mesh.setMatrixAt(i, obstacleMatrix(o, _m)));
      mesh.userData.ids = group.map((o) => o.id);
      mesh.name = `obstacles-${shape}`;
      mesh.computeBoundingSphere();
      this.obstacles.push(mesh);
      this.add(mesh);
    }
  }

  private addTerrain(doc: SceneDocument, grid: VoxelGrid): void {
    const v = doc.voxels;
    if (!v) return;
    const unit = new BoxGeometry(1, 1, 1);
    this.disposables.push(unit);
    const s = grid.cellSize;
    const o = grid.origin;
    for (const region of v.terrain) {
      if (region.boxes.length === 0 || region.cost === 1) continue;
      const material = new MeshStandardMaterial({
        color: region.color ?? '#2f6fd6',
        transparent: true,
        opacity: 0.55,
        roughness: 0.3,
        metalness: 0.1,
        depthWrite: false,
        clippingPlanes: this.clipping,
      });
      const mesh = new InstancedMesh(unit, material, region.boxes.length);
      region.boxes.forEach((b, i) => {
        // Slightly inset so that coplanar solid faces do not flicker through.
        const sx = (b[3] - b[0] + 1) * s,
          sy = (b[4] - b[1] + 1) * s,
          sz = (b[5] - b[2] + 1) * s;
        _m.makeScale(sx * 0.999, sy * 0.98, sz * 0.999).setPosition(
          o.x + b[0] * s + sx / 2,
          o.y + b[1] * s + sy / 2 - 0.01 * sy,
          o.z + b[2] * s + sz / 2,
        );
        mesh.setMatrixAt(i, _m);
      });
      mesh.name = `terrain-${region.kind}`;
      mesh.renderOrder = 1;
      mesh.computeBoundingSphere();
      this.terrain.push(mesh);
      this.add(mesh);
      this.disposables.push(material);
    }
  }

  private addMoving(doc: SceneDocument): InstancedMesh {
    const geometry = new IcosahedronGeometry(1, 3);
    const material = new MeshStandardMaterial({ color: PALETTE.moving, roughness: 0.6, metalness: 0.1 });
    const mesh = new InstancedMesh(geometry, material, doc.movingObstacles.length);
    mesh.instanceMatrix.setUsage(DynamicDrawUsage);
    mesh.name = 'moving-obstacles';
    mesh.userData.ids = doc.movingObstacles.map((m) => m.id);
    this.add(mesh);
    this.disposables.push(geometry, material);
    // Orbits as faint circles: 96 points of the closed curve each.
    const orbitMaterial = new LineBasicMaterial({ color: PALETTE.orbit, transparent: true, opacity: 0.7 });
    this.disposables.push(orbitMaterial);
    for (const mo of doc.movingObstacles) {
      const pts = new Float32Array(3 * 96);
      for (let k = 0; k < 96; k++) {
        movingObstaclePosition(mo, (k / 96) * mo.orbit.period, _p);
        pts.set([_p.x, _p.y, _p.z], 3 * k);
      }
      const g = new BufferGeometry();
      g.setAttribute('position', new BufferAttribute(pts, 3));
      this.add(new LineLoop(g, orbitMaterial));
      this.disposables.push(g);
    }
    this.update(0);
    return mesh;
  }
}

/**
 * A default height for the "cut above" slice: just below the highest layer (above the lowest)
 * that is at least half solid, i.e. a roof or a ceiling that would hide what is inside; null
 * when there is none (open scenes).
 */
export function roofCut(grid: VoxelGrid): number | null {
  const { X, Y, Z, occupancy } = grid;
  // Solid voxels per layer, in one pass in memory order (x + X * (y + Y * z)).
  const solid = new Float64Array(Y);
  for (let z = 0, i = 0; z < Z; z++) {
    for (let y = 0; y < Y; y++) {
      let n = 0;
      for (let x = 0; x < X; x++, i++) n += occupancy[i];
      solid[y] += n;
    }
  }
  for (let y = Y - 1; y > 0; y--) if (solid[y] >= 0.5 * X * Z) return grid.origin.y + y * grid.cellSize;
  return null;
}
