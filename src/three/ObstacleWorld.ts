import type { Group, Material, Matrix4 } from 'three';
import type { VoxelGrid } from '../core/grid/VoxelGrid.ts';
import type { SceneDocument, SceneObstacle } from '../scene/index.ts';
import { CollisionWorld, type CollisionWorldOptions } from './CollisionWorld.ts';
import { ObstacleDrawing } from './ObstacleDrawing.ts';
import { sceneWorldParts } from './sceneWorld.ts';
import { VoxelChunks } from './VoxelChunks.ts';
import { checkDrawingOptions } from './worldArgs.ts';

export type { WorldMesh, WorldHit } from './CollisionWorld.ts';

/** Options of an ObstacleWorld: those of its CollisionWorld (BVH build, static meshes), and how it is drawn. */
export interface ObstacleWorldOptions extends CollisionWorldOptions {
  /** Material of the primitive meshes. @default a grey MeshStandardMaterial */
  material?: Material;
  /** Material of the voxel mesh. @default a blue-grey MeshStandardMaterial */
  voxelMaterial?: Material;
  /** Draw the voxel layer (chunk meshes in `group`); off keeps only what queries need. @default true */
  drawVoxels?: boolean;
}

/**
 * The static obstacle world of a scene, drawn: a CollisionWorld (its queries, edits and BVH:
 * see there) whose `group` draws it, the voxel layer as chunk meshes of its exposed faces
 * (VoxelChunks over the world's `voxelSurface`), each primitive obstacle as a mesh
 * (`userData.obstacleId`) and the static meshes' own objects (`userData.meshId`). Edits
 * redraw what they change. Where nothing is drawn (Node, workers), a CollisionWorld answers
 * the same queries without materials.
 */
export class ObstacleWorld extends CollisionWorld {
  /** Everything to draw: the voxel mesh and one mesh per obstacle (userData.obstacleId). */
  readonly group: Group;
  /** Material of the primitive obstacles' meshes. */
  readonly material: Material;
  /** Material of the voxel layer's chunks. */
  readonly voxelMaterial: Material;
  /** The voxel layer's surface in chunks, drawn (or not: `drawVoxels`), or null without a layer. */
  readonly voxelChunks: VoxelChunks | null;
  /** Set after the CollisionWorld's constructor: its calls to the drawing hooks before then find none. */
  declare private drawing: ObstacleDrawing | undefined;

  /**
   * @param obstacles static primitives (copied)
   * @param grid the voxel layer, kept by reference (`setVoxels` edits it)
   */
  constructor(obstacles: readonly SceneObstacle[] = [], grid: VoxelGrid | null = null, options: ObstacleWorldOptions = {}) {
    super(obstacles, grid, options);
    checkDrawingOptions('ObstacleWorld', options);
    const drawing = new ObstacleDrawing(options.material, options.voxelMaterial);
    this.drawing = drawing;
    this.group = drawing.group;
    this.material = drawing.material;
    this.voxelMaterial = drawing.voxelMaterial;
    for (const e of this.obstacleEntries()) drawing.setObstacle(e.spec, e.matrix);
    for (const m of options.meshes ?? []) drawing.addMesh(m.id, m.object, m.matrix);
    const surface = this.voxelSurface;
    this.voxelChunks =
      surface === null ? null : new VoxelChunks(surface.grid, { surface, draw: options.drawVoxels ?? true, material: this.voxelMaterial });
    if (this.voxelChunks !== null) this.group.add(this.voxelChunks);
  }

  /**
   * The world of a scene document: its voxel layer, its static obstacles and its meshes
   * (`options.sceneMeshes` must hold every mesh the document lists; throws naming one that
   * is missing).
   */
  static fromScene(doc: SceneDocument, options: ObstacleWorldOptions = {}): ObstacleWorld {
    checkDrawingOptions('ObstacleWorld.fromScene', options);
    const { grid, meshes } = sceneWorldParts('ObstacleWorld.fromScene', doc, options, true);
    return new ObstacleWorld(doc.obstacles, grid, { ...options, meshes });
  }

  /** Frees the BVH, the chunk geometries and the materials. */
  override dispose(): void {
    super.dispose();
    this.voxelChunks?.dispose();
    this.drawing?.dispose();
  }

  protected override get who(): string {
    return 'ObstacleWorld';
  }

  protected override drawObstacle(spec: SceneObstacle, matrix: Matrix4): void {
    this.drawing?.setObstacle(spec, matrix);
  }

  protected override eraseObstacle(id: string): void {
    this.drawing?.removeObstacle(id);
  }

  protected override updateSurface(box: readonly number[]): number[] {
    // The chunks share the world's surface: updating them updates it, and redraws.
    return this.voxelChunks!.update(box);
  }
}
