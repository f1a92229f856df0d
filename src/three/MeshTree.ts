import type { BVHOptions } from 'three-mesh-bvh';
import { StaticBVH } from './StaticBVH.ts';

/** A static triangle mesh of a MeshWorld (or CollisionWorld), in world coordinates. */
export interface MeshEntry {
  id: string;
  /** World triangles. */
  soup: Float64Array;
  /** First triangle in the current soup. */
  first: number;
}

/**
 * The BVH of a MeshWorld and the triangle soup it is built over: the meshes' world triangles,
 * after the triangles a subclass puts first (WorldTree: a CollisionWorld's voxel faces and
 * primitive obstacles). Built on demand, dropped by `invalidate` and rebuilt on the next
 * query. Reads the world's mesh list (kept by reference).
 */
export class MeshTree {
  readonly #options: BVHOptions;
  /** The world's meshes, in soup order. */
  declare protected readonly meshes: readonly MeshEntry[];
  /** First mesh triangle in the current soup (the triangles before it are a subclass's). */
  meshStart = 0;
  /** Refits since the last build (a subclass that refits counts them). */
  protected refits = 0;
  #tree: StaticBVH | null = null;
  #retiredTests = 0;

  constructor(options: BVHOptions, meshes: readonly MeshEntry[]) {
    this.#options = options;
    this.meshes = meshes;
  }

  /** The tree, or null when an edit made it stale. */
  get current(): StaticBVH | null {
    return this.#tree;
  }

  /** Segment and capsule tests run so far, over all rebuilds. */
  get segmentTests(): number {
    return this.#retiredTests + (this.#tree?.segmentTests ?? 0);
  }

  /** Lays out the triangles before the meshes' and returns their count (none here). */
  protected layoutPrefix(): number {
    return 0;
  }

  /** Writes the triangles counted by `layoutPrefix` at the start of `soup`. */
  protected writePrefix(_soup: Float64Array): void {}

  /** The largest coordinate the tree must hold besides the soup's (StaticBVH's `extent`). */
  protected extent(): number {
    return 0;
  }

  /** Lays out the soup (the subclass's triangles, then the meshes') and builds the tree over it. */
  build(): StaticBVH {
    this.invalidate();
    let t = this.layoutPrefix();
    let count = t;
    for (const m of this.meshes) count += m.soup.length / 9;
    const soup = new Float64Array(9 * count);
    this.writePrefix(soup);
    this.meshStart = t;
    for (const m of this.meshes) {
      m.first = t;
      soup.set(m.soup, 9 * t);
      t += m.soup.length / 9;
    }
    this.#tree = new StaticBVH(soup, this.#options, this.extent());
    this.refits = 0;
    return this.#tree;
  }

  /** Drops the tree (keeping the count of its tests); the next query builds a new one. */
  invalidate(): void {
    if (this.#tree !== null) {
      this.#retiredTests += this.#tree.segmentTests;
      this.#tree.dispose();
      this.#tree = null;
    }
  }

  /** The surface soup triangle `triangle` belongs to: a mesh triangle is a surface of its own (see MeshWorld.surfaceOf). */
  surfaceOf(triangle: number): number {
    return triangle >= this.meshStart && this.meshes.length > 0 ? triangle - this.meshStart : -1;
  }

  /** Id of the mesh soup triangle `triangle` belongs to, or null. */
  meshOf(triangle: number): string | null {
    if (triangle < this.meshStart) return null;
    for (const m of this.meshes) if (triangle < m.first + m.soup.length / 9) return m.id;
    return null;
  }

  /** Frees the tree's memory. */
  dispose(): void {
    this.#tree?.dispose();
  }
}

/** Writes the points of `src` (xyz triples) mapped by the affine matrix `m` (Matrix4 elements) into `out` from `o` on. */
export function transformSoup(src: ArrayLike<number>, m: ArrayLike<number>, out: Float64Array, o = 0): Float64Array {
  for (let i = 0; i < src.length; i += 3) {
    const x = src[i],
      y = src[i + 1],
      z = src[i + 2];
    out[o++] = m[0] * x + m[4] * y + m[8] * z + m[12];
    out[o++] = m[1] * x + m[5] * y + m[9] * z + m[13];
    out[o++] = m[2] * x + m[6] * y + m[10] * z + m[14];
  }
  return out;
}
