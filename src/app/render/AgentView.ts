import {
  BufferAttribute, BufferGeometry, Color, ConeGeometry, DynamicDrawUsage, IcosahedronGeometry, InstancedMesh,
  LineBasicMaterial, LineSegments, Matrix4, MeshStandardMaterial, Object3D, Quaternion, Vector3,
} from 'three';
import type { SimSnapshot } from '../agents/protocol.ts';
import { PALETTE } from './palette.ts';

const _m = new Matrix4();
const _q = new Quaternion();
const _p = new Vector3();
const _h = new Vector3();
const _s = new Vector3();
const _c = new Color();
const UP = new Vector3(0, 1, 0);
const PULL = new Color(0x7dd3fc);
const PUSH = new Color(0xfb923c);

/**
 * Agents drawn from simulation snapshots: a sphere of the agent's radius with a cone showing
 * its heading (green once arrived), and optionally its forces as arrows: the pull towards
 * its target (blue) and the push away from obstacles (orange).
 */
export class AgentView extends Object3D {
  showForces = false;
  private bodies: InstancedMesh;
  private noses: InstancedMesh;
  private readonly forces: LineSegments;
  private readonly bodyGeometry = new IcosahedronGeometry(1, 2);
  private readonly noseGeometry = new ConeGeometry(0.55, 1.3, 14).translate(0, 0.65, 0);
  private readonly material = new MeshStandardMaterial({ color: 0xffffff, emissive: 0x3b2a66, roughness: 0.4, metalness: 0.05 });
  private readonly forceMaterial = new LineBasicMaterial({ vertexColors: true, depthTest: false, transparent: true });

  constructor() {
    super();
    this.name = 'agents';
    this.bodies = this.mesh(this.bodyGeometry, 64);
    this.noses = this.mesh(this.noseGeometry, 64);
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(new Float32Array(12 * 64), 3).setUsage(DynamicDrawUsage));
    g.setAttribute('color', new BufferAttribute(new Float32Array(12 * 64), 3).setUsage(DynamicDrawUsage));
    g.setDrawRange(0, 0);
    this.forces = new LineSegments(g, this.forceMaterial);
    this.forces.frustumCulled = false;
    this.forces.renderOrder = 12;
    this.add(this.forces);
  }

  /** Draws the agents of a snapshot. */
  update(s: SimSnapshot): void {
    const n = s.count;
    if (n > this.bodies.instanceMatrix.count) {
      this.bodies = this.regrow(this.bodies, n);
      this.noses = this.regrow(this.noses, n);
    }
    const agent = new Color(PALETTE.agent);
    const done = new Color(PALETTE.path);
    for (let i = 0; i < n; i++) {
      const r = Math.max(0.05, s.radii[i]);
      _p.set(s.positions[3 * i], s.positions[3 * i + 1], s.positions[3 * i + 2]);
      this.bodies.setMatrixAt(i, _m.compose(_p, _q.identity(), _s.set(r, r, r)));
      _h.set(s.headings[3 * i], s.headings[3 * i + 1], s.headings[3 * i + 2]);
      if (_h.lengthSq() < 1e-12) _h.set(0, 0, 1);
      _q.setFromUnitVectors(UP, _h.normalize());
      this.noses.setMatrixAt(i, _m.compose(_p.addScaledVector(_h, 0.6 * r), _q, _s));
      const c = s.arrived[i] ? done : agent;
      this.bodies.setColorAt(i, c);
      this.noses.setColorAt(i, _c.copy(c).multiplyScalar(1.25));
    }
    this.bodies.count = this.noses.count = n;
    for (const m of [this.bodies, this.noses]) {
      m.instanceMatrix.needsUpdate = true;
      if (m.instanceColor) m.instanceColor.needsUpdate = true;
    }
    this.updateForces(s);
  }

  dispose(): void {
    this.bodies.dispose();
    this.noses.dispose();
    this.bodyGeometry.dispose();
    this.noseGeometry.dispose();
    this.material.dispose();
    this.forces.geometry.dispose();
    this.forceMaterial.dispose();
    this.removeFromParent();
  }

  private updateForces(s: SimSnapshot): void {
    const g = this.forces.geometry;
    if (!this.showForces) {
      g.setDrawRange(0, 0);
      return;
    }
    let pos = g.getAttribute('position') as BufferAttribute;
    let col = g.getAttribute('color') as BufferAttribute;
    if (pos.count < 4 * s.count) {
      pos = new BufferAttribute(new Float32Array(12 * s.count * 2), 3).setUsage(DynamicDrawUsage);
      col = new BufferAttribute(new Float32Array(12 * s.count * 2), 3).setUsage(DynamicDrawUsage);
      g.setAttribute('position', pos);
      g.setAttribute('color', col);
    }
    const p = pos.array as Float32Array;
    const c = col.array as Float32Array;
    for (let i = 0; i < s.count; i++) {
      const x = s.positions[3 * i], y = s.positions[3 * i + 1], z = s.positions[3 * i + 2];
      const r = Math.max(0.05, s.radii[i]);
      for (const [k, f, color] of [[0, s.pull, PULL], [1, s.push, PUSH]] as const) {
        // Arrow length: 2 radii per unit of force, at most 8 radii.
        const fx = f[3 * i], fy = f[3 * i + 1], fz = f[3 * i + 2];
        const len = Math.hypot(fx, fy, fz);
        const scale = len > 0 ? (Math.min(len, 4) * 2 * r) / len : 0;
        const o = 6 * (2 * i + k);
        p.set([x, y, z, x + fx * scale, y + fy * scale, z + fz * scale], o);
        c.set([color.r, color.g, color.b, color.r, color.g, color.b], o);
      }
    }
    g.setDrawRange(0, 4 * s.count);
    pos.needsUpdate = true;
    col.needsUpdate = true;
  }

  private mesh(geometry: BufferGeometry, capacity: number): InstancedMesh {
    const m = new InstancedMesh(geometry, this.material, capacity);
    m.count = 0;
    m.frustumCulled = false;
    m.instanceMatrix.setUsage(DynamicDrawUsage);
    m.setColorAt(0, _c.set(PALETTE.agent));
    this.add(m);
    return m;
  }

  private regrow(old: InstancedMesh, need: number): InstancedMesh {
    let capacity = old.instanceMatrix.count;
    while (capacity < need) capacity *= 2;
    old.removeFromParent();
    old.dispose();
    return this.mesh(old.geometry, capacity);
  }
}
