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
const SELECTED = new Color(PALETTE.waypointHover);
const STUCK = new Color(PALETTE.pathPartial);
const GOAL = new Color(PALETTE.goal);

/**
 * Agents drawn from simulation snapshots: a sphere of the agent's radius with a cone showing
 * its heading (green once arrived), and optionally its forces as arrows: the pull towards
 * its target (blue) and the push away from obstacles (orange).
 */
export class AgentView extends Object3D {
  showForces = false;
  /**
   * Smallest drawn radius, world units: agents are drawn at least this big so that they stay
   * visible in large scenes (set from the scene's size). Picking uses the same size.
   */
  minRadius = 0.05;
  /** The selected agent (-1: none): drawn highlighted, with its path and its goal. */
  selected = -1;
  /** 1 per stuck agent (drawn amber), or null. */
  stuck: Uint8Array | null = null;
  /** The selected agent's path and the line to its goal (shares the force arrows' material). */
  private readonly route: LineSegments;
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
    const rg = new BufferGeometry();
    rg.setAttribute('position', new BufferAttribute(new Float32Array(6), 3));
    rg.setAttribute('color', new BufferAttribute(new Float32Array(6), 3));
    this.route = new LineSegments(rg, this.forceMaterial);
    this.route.frustumCulled = false;
    this.route.renderOrder = 12;
    this.add(this.route);
  }

  /** Draws the agents of a snapshot. */
  update(s: SimSnapshot): void {
    const n = s.count;
    // One more body instance: the selected agent's goal marker.
    if (n + 1 > this.bodies.instanceMatrix.count) {
      this.bodies = this.regrow(this.bodies, n + 1);
      this.noses = this.regrow(this.noses, n + 1);
    }
    const agent = new Color(PALETTE.agent);
    const done = new Color(PALETTE.path);
    for (let i = 0; i < n; i++) {
      const r = Math.max(this.minRadius, s.radii[i]);
      _p.set(s.positions[3 * i], s.positions[3 * i + 1], s.positions[3 * i + 2]);
      this.bodies.setMatrixAt(i, _m.compose(_p, _q.identity(), _s.set(r, r, r)));
      _h.set(s.headings[3 * i], s.headings[3 * i + 1], s.headings[3 * i + 2]);
      if (_h.lengthSq() < 1e-12) _h.set(0, 0, 1);
      _q.setFromUnitVectors(UP, _h.normalize());
      this.noses.setMatrixAt(i, _m.compose(_p.addScaledVector(_h, 0.6 * r), _q, _s));
      const c = i === this.selected ? SELECTED : s.arrived[i] ? done : this.stuck?.[i] ? STUCK : agent;
      this.bodies.setColorAt(i, c);
      this.noses.setColorAt(i, _c.copy(c).multiplyScalar(1.25));
    }
    const sel = this.selected >= 0 && this.selected < n ? this.selected : -1;
    this.bodies.count = n;
    this.noses.count = n;
    if (sel >= 0 && s.goals) {
      const r = 0.6 * Math.max(this.minRadius, s.radii[sel]);
      _p.set(s.goals[3 * sel], s.goals[3 * sel + 1], s.goals[3 * sel + 2]);
      this.bodies.setMatrixAt(n, _m.compose(_p, _q.identity(), _s.set(r, r, r)));
      this.bodies.setColorAt(n, GOAL);
      this.bodies.count = n + 1;
    }
    this.updateRoute(s, sel);
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
    this.route.geometry.dispose();
    this.forceMaterial.dispose();
    this.removeFromParent();
  }

  /** The selected agent's path (when the snapshot carries it) and a line on to its goal. */
  private updateRoute(s: SimSnapshot, sel: number): void {
    const g = this.route.geometry;
    if (sel < 0 || !s.goals) {
      g.setDrawRange(0, 0);
      return;
    }
    const path = s.pathOf === sel ? s.path : new Float32Array(0);
    const pts = [s.positions[3 * sel], s.positions[3 * sel + 1], s.positions[3 * sel + 2]];
    for (let i = 0; i < path.length; i++) pts.push(path[i]);
    pts.push(s.goals[3 * sel], s.goals[3 * sel + 1], s.goals[3 * sel + 2]);
    const segs = pts.length / 3 - 1;
    let pos = g.getAttribute('position') as BufferAttribute;
    let col = g.getAttribute('color') as BufferAttribute;
    if (pos.count < 2 * segs) {
      // Grown by doubling (a new buffer only when the path gets longer than any before).
      const cap = 2 ** Math.ceil(Math.log2(2 * segs));
      g.dispose();
      pos = new BufferAttribute(new Float32Array(3 * cap), 3).setUsage(DynamicDrawUsage);
      col = new BufferAttribute(new Float32Array(3 * cap), 3).setUsage(DynamicDrawUsage);
      g.setAttribute('position', pos);
      g.setAttribute('color', col);
    }
    const pa = pos.array as Float32Array;
    const ca = col.array as Float32Array;
    for (let k = 0; k < segs; k++) {
      pa.set(pts.slice(3 * k, 3 * k + 6), 6 * k);
      const c = k === segs - 1 ? GOAL : SELECTED;
      ca.set([c.r, c.g, c.b, c.r, c.g, c.b], 6 * k);
    }
    pos.needsUpdate = true;
    col.needsUpdate = true;
    g.setDrawRange(0, 2 * segs);
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
