import {
  BoxGeometry,
  BufferAttribute,
  BufferGeometry,
  Color,
  DynamicDrawUsage,
  IcosahedronGeometry,
  InstancedBufferAttribute,
  InstancedMesh,
  MeshLambertMaterial,
  Object3D,
  Points,
  PointsMaterial,
  SRGBColorSpace,
} from 'three';
import { MAX_DRAWN_NODES, type VisitedNodes } from '../core/debug/visitedNodes.ts';

/**
 * One layer of search nodes (the closed ones coloured by cost, or the open ones in one
 * colour): instanced cubes or spheres up to `shapeLimit` nodes, points beyond. Buffers grow
 * by doubling and upload only the part in use.
 */
export class NodeLayer extends Object3D {
  #mesh: InstancedMesh;
  #points: Points;
  readonly #geometry: BufferGeometry;
  readonly #meshMaterial: MeshLambertMaterial;
  readonly #pointMaterial: PointsMaterial;
  readonly #colored: boolean;
  readonly #size: number;
  readonly #shapeLimit: number;
  readonly #ramp: Float32Array;
  /** Nodes drawn. */
  count = 0;

  constructor(shape: 'cube' | 'sphere', size: number, color: number | null, shapeLimit: number, ramp: Float32Array) {
    super();
    this.#size = size;
    this.#shapeLimit = shapeLimit;
    this.#ramp = ramp;
    this.#colored = color === null;
    this.#geometry = shape === 'cube' ? new BoxGeometry(1, 1, 1) : new IcosahedronGeometry(0.5, 1);
    const transparent = color !== null;
    this.#meshMaterial = new MeshLambertMaterial({ color: color ?? 0xffffff, transparent, opacity: transparent ? 0.75 : 1 });
    this.#pointMaterial = new PointsMaterial({
      color: color ?? 0xffffff,
      size: 0.7 * size,
      vertexColors: this.#colored,
      transparent,
      opacity: transparent ? 0.75 : 1,
    });
    this.#mesh = this.#newMesh(1024);
    this.#points = this.#newPoints(1024);
    this.frustumCulled = false;
  }

  /** Draws the nodes among the first `n` of `v` whose closed flag is `closed`. */
  set(v: VisitedNodes | null, n: number, closed: number): void {
    let count = 0;
    if (v !== null) for (let i = 0; i < n; i++) count += v.closed[i] === closed ? 1 : 0;
    const asPoints = count > this.#shapeLimit;
    this.#mesh.count = 0;
    this.#points.geometry.setDrawRange(0, 0);
    this.count = v === null ? 0 : count;
    if (v === null || count === 0) return;
    const inv = v.maxG > 0 ? 1 / v.maxG : 0;
    const p = v.positions;
    let k = 0;
    if (asPoints) {
      if (count > this.#points.geometry.getAttribute('position').count) this.#points = this.#replacePoints(count);
      const pos = this.#points.geometry.getAttribute('position') as BufferAttribute;
      const col = this.#colored ? (this.#points.geometry.getAttribute('color') as BufferAttribute) : null;
      const pa = pos.array as Float32Array;
      const ca = col === null ? null : (col.array as Float32Array);
      for (let i = 0; i < n; i++) {
        if (v.closed[i] !== closed) continue;
        pa[3 * k] = p[3 * i];
        pa[3 * k + 1] = p[3 * i + 1];
        pa[3 * k + 2] = p[3 * i + 2];
        if (ca !== null) costColor(this.#ramp, v.g[i] * inv, ca, 3 * k);
        k++;
      }
      this.#points.geometry.setDrawRange(0, k);
      flag(pos, 3 * k);
      if (col !== null) flag(col, 3 * k);
      return;
    }
    if (count > this.#mesh.instanceMatrix.count) this.#mesh = this.#replaceMesh(count);
    const m = this.#mesh.instanceMatrix.array as Float32Array;
    const c = this.#colored ? (this.#mesh.instanceColor!.array as Float32Array) : null;
    for (let i = 0; i < n; i++) {
      if (v.closed[i] !== closed) continue;
      writeScaleTranslate(m, 16 * k, this.#size, p[3 * i], p[3 * i + 1], p[3 * i + 2]);
      if (c !== null) costColor(this.#ramp, v.g[i] * inv, c, 3 * k);
      k++;
    }
    this.#mesh.count = k;
    flag(this.#mesh.instanceMatrix, 16 * k);
    if (c !== null) flag(this.#mesh.instanceColor!, 3 * k);
  }

  dispose(): void {
    this.#mesh.dispose();
    this.#points.geometry.dispose();
    this.#geometry.dispose();
    this.#meshMaterial.dispose();
    this.#pointMaterial.dispose();
    this.removeFromParent();
  }

  #newMesh(capacity: number): InstancedMesh {
    const mesh = new InstancedMesh(this.#geometry, this.#meshMaterial, capacity);
    mesh.count = 0;
    mesh.frustumCulled = false;
    mesh.instanceMatrix.setUsage(DynamicDrawUsage);
    if (this.#colored) {
      mesh.instanceColor = new InstancedBufferAttribute(new Float32Array(3 * capacity), 3);
      mesh.instanceColor.setUsage(DynamicDrawUsage);
    }
    this.add(mesh);
    return mesh;
  }

  #newPoints(capacity: number): Points {
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(new Float32Array(3 * capacity), 3).setUsage(DynamicDrawUsage));
    if (this.#colored) g.setAttribute('color', new BufferAttribute(new Float32Array(3 * capacity), 3).setUsage(DynamicDrawUsage));
    g.setDrawRange(0, 0);
    const points = new Points(g, this.#pointMaterial);
    points.frustumCulled = false;
    this.add(points);
    return points;
  }

  #replaceMesh(need: number): InstancedMesh {
    this.#mesh.removeFromParent();
    this.#mesh.dispose();
    return this.#newMesh(Math.min(MAX_DRAWN_NODES, nextPow2(need)));
  }

  #replacePoints(need: number): Points {
    this.#points.removeFromParent();
    this.#points.geometry.dispose();
    return this.#newPoints(Math.min(MAX_DRAWN_NODES, nextPow2(need)));
  }
}

/** The least power of two >= n (and >= 2): capacities grow by doubling. */
export const nextPow2 = (n: number): number => 2 ** Math.ceil(Math.log2(Math.max(2, n)));

/** A uniform scale + translation matrix (column-major) at `a[o..o+15]`. */
function writeScaleTranslate(a: Float32Array, o: number, s: number, x: number, y: number, z: number): void {
  a.fill(0, o, o + 12);
  a[o] = a[o + 5] = a[o + 10] = s;
  a[o + 12] = x;
  a[o + 13] = y;
  a[o + 14] = z;
  a[o + 15] = 1;
}

/** Uploads only the first `count` numbers of an attribute. */
function flag(attr: BufferAttribute, count: number): void {
  attr.clearUpdateRanges();
  attr.addUpdateRange(0, Math.max(1, count));
  attr.needsUpdate = true;
}

const RAMP_SIZE = 256;

/** 256 colours from `low` to `high`, interpolated in HSL so the middle stays saturated. */
export function costRamp(low: number, high: number): Float32Array {
  const ramp = new Float32Array(3 * RAMP_SIZE);
  const lo = { h: 0, s: 0, l: 0 };
  const hi = { h: 0, s: 0, l: 0 };
  new Color(low).getHSL(lo, SRGBColorSpace);
  new Color(high).getHSL(hi, SRGBColorSpace);
  const c = new Color();
  for (let i = 0; i < RAMP_SIZE; i++) {
    const t = i / (RAMP_SIZE - 1);
    c.setHSL(lo.h + (hi.h - lo.h) * t, lo.s + (hi.s - lo.s) * t, lo.l + (hi.l - lo.l) * t, SRGBColorSpace);
    ramp[3 * i] = c.r;
    ramp[3 * i + 1] = c.g;
    ramp[3 * i + 2] = c.b;
  }
  return ramp;
}

/** Writes the ramp's colour for t in [0, 1] (0 = low cost, 1 = high) at `out[o..o+2]`. */
function costColor(ramp: Float32Array, t: number, out: Float32Array, o: number): void {
  const i = 3 * Math.max(0, Math.min(RAMP_SIZE - 1, Math.round(t * (RAMP_SIZE - 1))));
  out[o] = ramp[i];
  out[o + 1] = ramp[i + 1];
  out[o + 2] = ramp[i + 2];
}
