import { Group, Mesh, MeshStandardMaterial, type Material, type Matrix4, type Object3D } from 'three';
import type { SceneObstacle } from '../scene/index.ts';
import { unitGeometry } from './primitives.ts';

/**
 * What an ObstacleWorld draws, apart from what its queries need: the group, the materials, one
 * mesh per primitive obstacle (`userData.obstacleId`, placed by its unit-mesh matrix) and the
 * static meshes' own objects (`userData.meshId`). The voxel chunks join the group too.
 */
export class ObstacleDrawing {
  readonly group = new Group();
  readonly material: Material;
  readonly voxelMaterial: Material;
  readonly #obstacles = new Map<string, Mesh>();

  constructor(material: Material | undefined, voxelMaterial: Material | undefined) {
    this.material = material ?? new MeshStandardMaterial({ color: 0x8a8f98, roughness: 0.8 });
    this.voxelMaterial = voxelMaterial ?? new MeshStandardMaterial({ color: 0x6b7a8f, roughness: 0.9 });
  }

  /** Draws obstacle `spec` (its shape's unit mesh) placed by `matrix`: a new mesh for a new id. */
  setObstacle(spec: SceneObstacle, matrix: Matrix4): void {
    let mesh = this.#obstacles.get(spec.id);
    const geometry = unitGeometry(spec.shape);
    if (mesh === undefined) {
      mesh = new Mesh(geometry, this.material);
      mesh.userData.obstacleId = spec.id;
      mesh.matrixAutoUpdate = false;
      this.#obstacles.set(spec.id, mesh);
      this.group.add(mesh);
    } else if (mesh.geometry !== geometry) {
      mesh.geometry = geometry;
    }
    mesh.matrix.copy(matrix);
    mesh.matrixWorldNeedsUpdate = true;
  }

  /** Stops drawing obstacle `id`. */
  removeObstacle(id: string): void {
    const mesh = this.#obstacles.get(id);
    if (mesh === undefined) return;
    this.#obstacles.delete(id);
    this.group.remove(mesh);
  }

  /** Draws a static mesh's object (if it has one), placed by the mesh's matrix. */
  addMesh(id: string, object: Object3D | undefined, matrix: Matrix4): void {
    if (!object) return;
    object.matrixAutoUpdate = false;
    object.matrix.copy(matrix);
    object.userData.meshId = id;
    this.group.add(object);
  }

  /** Frees the materials. */
  dispose(): void {
    this.material.dispose();
    this.voxelMaterial.dispose();
  }
}
