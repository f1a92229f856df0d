import { BufferAttribute, BufferGeometry, Color, DynamicDrawUsage, LineBasicMaterial, LineSegments } from 'three';
import { PALETTE } from '../../shell/stage/palette.ts';
import type { SimSnapshot } from './protocol.ts';

/** The velocity flown (white). */
export const CHOSEN_COLOR = PALETTE.force;
/** The velocity wanted (magenta): with reciprocal avoidance the flown one is the nearest safe one to it. */
export const PREFERRED_COLOR = PALETTE.jump;
/** Length of the longer of an agent's two arrows, in drawn radii (the other is to scale). */
export const ARROW_RADII = 4;

/**
 * Each agent's chosen and preferred velocity as two lines from its centre, in one LineSegments
 * updated in place: the buffers grow by doubling when there are more agents than ever, and
 * are rewritten (never reallocated) each snapshot. The two arrows of an agent share one
 * scale: the longer is ARROW_RADII drawn radii, so the pair shows how far avoidance turned
 * and slowed the agent whatever the scene's speeds.
 */
export class VelocityArrows extends LineSegments<BufferGeometry, LineBasicMaterial> {
  constructor() {
    super(new BufferGeometry(), new LineBasicMaterial({ vertexColors: true, depthTest: false, transparent: true }));
    this.name = 'velocity arrows';
    this.frustumCulled = false;
    this.renderOrder = 13;
    this.allocate(64);
  }

  /** Arrows drawn now (two per agent that moves or wants to). */
  get arrows(): number {
    return this.geometry.drawRange.count / 2;
  }

  /** Draws the arrows of snapshot `s` (agents drawn at least `minRadius`). */
  update(s: SimSnapshot, minRadius: number): void {
    const n = s.count;
    if ((this.geometry.getAttribute('position') as BufferAttribute).count < 4 * n) this.allocate(2 * n);
    const pos = this.geometry.getAttribute('position') as BufferAttribute;
    const p = pos.array as Float32Array;
    const v = s.velocities,
      w = s.preferred;
    let k = 0;
    for (let i = 0; i < n; i++) {
      const o = 3 * i;
      const vl = Math.sqrt(v[o] * v[o] + v[o + 1] * v[o + 1] + v[o + 2] * v[o + 2]);
      const wl = Math.sqrt(w[o] * w[o] + w[o + 1] * w[o + 1] + w[o + 2] * w[o + 2]);
      const top = Math.max(vl, wl);
      if (!(top > 0)) continue;
      const scale = (ARROW_RADII * Math.max(minRadius, s.radii[i])) / top;
      const x = s.positions[o],
        y = s.positions[o + 1],
        z = s.positions[o + 2];
      // Segment 2k: the chosen velocity; 2k + 1: the preferred one.
      const b = 12 * k;
      p[b] = x;
      p[b + 1] = y;
      p[b + 2] = z;
      p[b + 3] = x + v[o] * scale;
      p[b + 4] = y + v[o + 1] * scale;
      p[b + 5] = z + v[o + 2] * scale;
      p[b + 6] = x;
      p[b + 7] = y;
      p[b + 8] = z;
      p[b + 9] = x + w[o] * scale;
      p[b + 10] = y + w[o + 1] * scale;
      p[b + 11] = z + w[o + 2] * scale;
      k++;
    }
    pos.needsUpdate = true;
    this.geometry.setDrawRange(0, 4 * k);
  }

  /** Frees the buffers and the material, and leaves the parent. */
  dispose(): void {
    this.geometry.dispose();
    this.material.dispose();
    this.removeFromParent();
  }

  /** Buffers for `agents` agents (4 vertices each), the colours written once: they alternate per segment. */
  private allocate(agents: number): void {
    const g = this.geometry;
    g.dispose();
    const position = new BufferAttribute(new Float32Array(12 * agents), 3).setUsage(DynamicDrawUsage);
    const color = new BufferAttribute(new Float32Array(12 * agents), 3);
    const chosen = new Color(CHOSEN_COLOR),
      preferred = new Color(PREFERRED_COLOR);
    const c = color.array as Float32Array;
    for (let vertex = 0; vertex < 4 * agents; vertex++) {
      const col = (vertex & 2) === 0 ? chosen : preferred;
      c[3 * vertex] = col.r;
      c[3 * vertex + 1] = col.g;
      c[3 * vertex + 2] = col.b;
    }
    g.setAttribute('position', position);
    g.setAttribute('color', color);
    g.setDrawRange(0, 0);
  }
}
