import { Box3, DoubleSide, Group, type Material, type Mesh, type BufferGeometry, type Plane } from 'three';
import type { SceneDocument } from '../../../scene/schema.ts';
import { meshMatrix, type LoadedMeshes } from '../../../scene-three/sceneMeshes.ts';

/**
 * A scene's meshes drawn with their own materials, each placed by its transform (scale,
 * rotation, translation). The objects are clones sharing the loaded geometry; their
 * materials are copies that carry the cut plane and draw both faces (levels are looked at
 * from inside, and exported winding is not always consistent). Geometry without normals
 * (Draco-decoded positions) gets computed ones.
 */
export class MeshView extends Group {
  private readonly materials: Material[] = [];

  constructor(doc: SceneDocument, meshes: LoadedMeshes, clipping: Plane[]) {
    super();
    this.name = 'meshes';
    const copies = new Map<Material, Material>();
    const copy = (m: Material): Material => {
      let c = copies.get(m);
      if (c === undefined) {
        c = m.clone();
        c.clippingPlanes = clipping;
        c.side = DoubleSide;
        copies.set(m, c);
        this.materials.push(c);
      }
      return c;
    };
    for (const spec of doc.meshes ?? []) {
      const loaded = meshes.get(spec.id);
      if (loaded === undefined) continue;
      const object = loaded.object.clone(true);
      object.traverse((o) => {
        const mesh = o as Mesh<BufferGeometry, Material | Material[]>;
        if (!mesh.isMesh) return;
        if (!mesh.geometry.getAttribute('normal')) mesh.geometry.computeVertexNormals();
        mesh.material = Array.isArray(mesh.material) ? mesh.material.map(copy) : copy(mesh.material);
      });
      object.matrixAutoUpdate = false;
      meshMatrix(spec, object.matrix);
      object.userData.meshId = spec.id;
      this.add(object);
    }
  }

  /** The box of the drawn meshes, or null without any. */
  contentBox(): Box3 | null {
    if (this.children.length === 0) return null;
    this.updateMatrixWorld(true);
    return new Box3().setFromObject(this);
  }

  /** Frees the material copies (the geometry belongs to the loaded meshes). */
  dispose(): void {
    for (const m of this.materials) m.dispose();
    this.removeFromParent();
  }
}
