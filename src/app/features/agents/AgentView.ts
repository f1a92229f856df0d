import { BufferAttribute, BufferGeometry, Color, DynamicDrawUsage, LineSegments, Matrix4, Quaternion, Vector3 } from 'three';
import { AgentsHelper, type AgentsState } from '../../../helpers/AgentsHelper.ts';
import { AgentMarks } from './AgentMarks.ts';
import { VelocityArrows } from './VelocityArrows.ts';
import type { SimSnapshot } from './protocol.ts';
import { PALETTE } from '../../shell/stage/palette.ts';

const _m = new Matrix4();
const _q = new Quaternion();
const _p = new Vector3();
const _s = new Vector3();
const SELECTED = new Color(PALETTE.waypointHover);
const STUCK = new Color(PALETTE.pathPartial);
const GOAL = new Color(PALETTE.goal);

/**
 * The app's agents: an AgentsHelper in the app's palette drawn from simulation snapshots,
 * plus the selected agent (highlighted, with its path and a marker at its goal), stuck
 * agents (amber), every agent's goal marker and optional trail (AgentMarks), and optionally
 * every agent's chosen and preferred velocity (VelocityArrows).
 */
export class AgentView extends AgentsHelper {
  /** The selected agent (-1: none): drawn highlighted, with its path and its goal. */
  selected = -1;
  /** 1 per stuck agent (drawn amber), or null. */
  stuck: Uint8Array | null = null;
  /** The selected agent's path and the line to its goal (shares the force arrows' material). */
  private readonly route: LineSegments;
  /** Every agent's goal marker and, optionally, its trail. */
  readonly marks = new AgentMarks();
  /** Draw each agent's chosen and preferred velocity. */
  showVelocities = false;
  /** The velocity arrows (drawn when showVelocities). */
  readonly velocityArrows = new VelocityArrows();

  constructor() {
    super({ agent: PALETTE.agent, arrived: PALETTE.path });
    const rg = new BufferGeometry();
    rg.setAttribute('position', new BufferAttribute(new Float32Array(6), 3));
    rg.setAttribute('color', new BufferAttribute(new Float32Array(6), 3));
    this.route = new LineSegments(rg, this.lineMaterial);
    this.route.frustumCulled = false;
    this.route.renderOrder = 12;
    this.add(this.route, this.marks, this.velocityArrows);
  }

  /** Draws the agents of a snapshot; one more body instance marks the selected agent's goal. */
  override update(s: SimSnapshot): void {
    super.update(s, 1);
    const n = s.count;
    const sel = this.selected >= 0 && this.selected < n ? this.selected : -1;
    if (sel >= 0 && s.goals) {
      const r = 0.6 * Math.max(this.minRadius, s.radii[sel]);
      _p.set(s.goals[3 * sel], s.goals[3 * sel + 1], s.goals[3 * sel + 2]);
      this.bodies.setMatrixAt(n, _m.compose(_p, _q.identity(), _s.set(r, r, r)));
      this.bodies.setColorAt(n, GOAL);
      this.bodies.count = n + 1;
    }
    this.updateRoute(s, sel);
    this.marks.update(s, this.minRadius);
    this.velocityArrows.visible = this.showVelocities;
    if (this.showVelocities) this.velocityArrows.update(s, this.minRadius);
  }

  override dispose(): void {
    this.route.geometry.dispose();
    this.marks.dispose();
    this.velocityArrows.dispose();
    super.dispose();
  }

  protected override colorOf(i: number, s: AgentsState): Color {
    if (i === this.selected) return SELECTED;
    if (!s.arrived?.[i] && this.stuck?.[i]) return STUCK;
    return super.colorOf(i, s);
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
}
