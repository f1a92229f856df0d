import {
  BufferAttribute,
  BufferGeometry,
  Color,
  DynamicDrawUsage,
  InstancedMesh,
  LineBasicMaterial,
  LineSegments,
  Matrix4,
  MeshBasicMaterial,
  Object3D,
  OctahedronGeometry,
} from 'three';
import { PALETTE } from '../../shell/stage/palette.ts';
import type { SimSnapshot } from './protocol.ts';

/** Positions a trail keeps per agent (older ones are dropped). */
export const TRAIL_POINTS = 64;

const _m = new Matrix4();
const TRAIL = new Color(PALETTE.agent);
const BACKGROUND = new Color(PALETTE.background);
const _c = new Color();

/**
 * What makes agents easy to follow at the framed zoom: a marker at every agent's goal (a small
 * diamond in the goal colour, hidden once the agent has arrived) and, optionally, each agent's
 * trail (its last TRAIL_POINTS positions, fading with age). Drawn from the simulation's snapshots.
 */
export class AgentMarks extends Object3D {
  showGoals = true;
  showTrails = false;
  private goals: InstancedMesh;
  private readonly goalGeometry = new OctahedronGeometry(1, 0);
  private readonly goalMaterial = new MeshBasicMaterial({ color: PALETTE.goal, transparent: true, opacity: 0.85 });
  private readonly trails: LineSegments;
  /** Per agent: TRAIL_POINTS xyz samples in a ring, the count kept and the next slot. */
  private samples = new Float32Array(0);
  private kept = new Uint16Array(0);
  private next = new Uint16Array(0);
  private lastTime = -1;

  constructor() {
    super();
    this.name = 'agent marks';
    this.goals = this.goalMesh(64);
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(new Float32Array(6), 3));
    g.setAttribute('color', new BufferAttribute(new Float32Array(6), 3));
    g.setDrawRange(0, 0);
    this.trails = new LineSegments(g, new LineBasicMaterial({ vertexColors: true }));
    this.trails.frustumCulled = false;
    this.add(this.trails);
  }

  /** Goal markers and trail segments drawn now (for tests and readouts). */
  get counts(): { goals: number; trailSegments: number } {
    return { goals: this.goals.count, trailSegments: this.trails.geometry.drawRange.count / 2 };
  }

  /** Draws the marks of a snapshot; agents are drawn at least `minRadius` big. */
  update(s: SimSnapshot, minRadius: number): void {
    this.updateGoals(s, minRadius);
    this.record(s, minRadius);
    this.drawTrails(s);
  }

  /** Forgets the trails (a new scene, a reset). */
  clearTrails(): void {
    this.kept.fill(0);
    this.next.fill(0);
    this.lastTime = -1;
    this.trails.geometry.setDrawRange(0, 0);
  }

  dispose(): void {
    this.goals.dispose();
    this.goalGeometry.dispose();
    this.goalMaterial.dispose();
    this.trails.geometry.dispose();
    (this.trails.material as LineBasicMaterial).dispose();
    this.removeFromParent();
  }

  private goalMesh(capacity: number): InstancedMesh {
    const m = new InstancedMesh(this.goalGeometry, this.goalMaterial, capacity);
    m.count = 0;
    m.frustumCulled = false;
    m.instanceMatrix.setUsage(DynamicDrawUsage);
    this.add(m);
    return m;
  }

  private updateGoals(s: SimSnapshot, minRadius: number): void {
    if (s.count > this.goals.instanceMatrix.count) {
      this.goals.removeFromParent();
      this.goals.dispose();
      this.goals = this.goalMesh(2 ** Math.ceil(Math.log2(s.count)));
    }
    let k = 0;
    if (this.showGoals && s.goals.length >= 3 * s.count) {
      for (let i = 0; i < s.count; i++) {
        if (s.arrived[i]) continue;
        const r = 0.55 * Math.max(minRadius, s.radii[i]);
        _m.makeScale(r, 1.6 * r, r).setPosition(s.goals[3 * i], s.goals[3 * i + 1], s.goals[3 * i + 2]);
        this.goals.setMatrixAt(k++, _m);
      }
    }
    this.goals.count = k;
    this.goals.instanceMatrix.needsUpdate = true;
  }

  /** Adds each agent's position to its trail when it moved at least one drawn radius since the last sample. */
  private record(s: SimSnapshot, minRadius: number): void {
    const n = s.count;
    // Time went back (a reset) or agents came and went: the trails start again.
    if (s.time < this.lastTime || this.kept.length !== n) {
      this.samples = new Float32Array(n * TRAIL_POINTS * 3);
      this.kept = new Uint16Array(n);
      this.next = new Uint16Array(n);
    }
    this.lastTime = s.time;
    const p = s.positions;
    for (let i = 0; i < n; i++) {
      const base = i * TRAIL_POINTS * 3;
      if (this.kept[i] > 0) {
        const last = base + 3 * ((this.next[i] + TRAIL_POINTS - 1) % TRAIL_POINTS);
        const d = Math.hypot(p[3 * i] - this.samples[last], p[3 * i + 1] - this.samples[last + 1], p[3 * i + 2] - this.samples[last + 2]);
        if (d < Math.max(minRadius, s.radii[i])) continue;
      }
      this.samples.set([p[3 * i], p[3 * i + 1], p[3 * i + 2]], base + 3 * this.next[i]);
      this.next[i] = (this.next[i] + 1) % TRAIL_POINTS;
      this.kept[i] = Math.min(TRAIL_POINTS, this.kept[i] + 1);
    }
  }

  /** The trails as segments, oldest first, fading from the background to the agent colour. */
  private drawTrails(s: SimSnapshot): void {
    const g = this.trails.geometry;
    if (!this.showTrails) {
      g.setDrawRange(0, 0);
      return;
    }
    let pos = g.getAttribute('position') as BufferAttribute;
    let col = g.getAttribute('color') as BufferAttribute;
    const need = s.count * TRAIL_POINTS * 2;
    if (pos.count < need) {
      pos = new BufferAttribute(new Float32Array(3 * need), 3).setUsage(DynamicDrawUsage);
      col = new BufferAttribute(new Float32Array(3 * need), 3).setUsage(DynamicDrawUsage);
      g.setAttribute('position', pos);
      g.setAttribute('color', col);
    }
    const pa = pos.array as Float32Array;
    const ca = col.array as Float32Array;
    let v = 0;
    const put = (x: number, y: number, z: number, age: number) => {
      _c.copy(BACKGROUND).lerp(TRAIL, 1 - age);
      pa.set([x, y, z], 3 * v);
      ca.set([_c.r, _c.g, _c.b], 3 * v);
      v++;
    };
    for (let i = 0; i < s.count; i++) {
      const k = this.kept[i];
      const base = i * TRAIL_POINTS * 3;
      const at = (j: number) => base + 3 * ((this.next[i] - k + j + TRAIL_POINTS) % TRAIL_POINTS);
      // k samples, then the agent itself: k segments.
      for (let j = 0; j < k; j++) {
        const a = at(j);
        const bx = j + 1 < k ? this.samples[at(j + 1)] : s.positions[3 * i];
        const by = j + 1 < k ? this.samples[at(j + 1) + 1] : s.positions[3 * i + 1];
        const bz = j + 1 < k ? this.samples[at(j + 1) + 2] : s.positions[3 * i + 2];
        put(this.samples[a], this.samples[a + 1], this.samples[a + 2], 1 - j / k);
        put(bx, by, bz, 1 - (j + 1) / k);
      }
    }
    pos.needsUpdate = true;
    col.needsUpdate = true;
    g.setDrawRange(0, v);
  }
}
