import {
  BufferAttribute,
  BufferGeometry,
  Color,
  ConeGeometry,
  DynamicDrawUsage,
  IcosahedronGeometry,
  InstancedMesh,
  LineBasicMaterial,
  LineSegments,
  Matrix4,
  MeshStandardMaterial,
  Object3D,
  Quaternion,
  Vector3,
} from 'three';
import { checkFields, checkInteger, checkNumber, checkObject, checkOptions, usageError } from '../core/args.ts';
import { AGENT_LIMIT } from '../core/limits.ts';
import type { Simulation } from '../core/steering/Simulation.ts';

/**
 * The agents of a simulation at one moment, as plain arrays (what a worker can send): xyz
 * triples per agent for positions, unit headings and the last step's pull and push forces.
 */
export interface AgentsState {
  /** Agents in the arrays (the arrays may be longer). */
  count: number;
  /** Centres, world units: x, y, z per agent (3 * count numbers). */
  positions: ArrayLike<number>;
  /** Unit headings (where the nose points): 3 per agent. */
  headings: ArrayLike<number>;
  /** Sphere radius per agent (world units). */
  radii: ArrayLike<number>;
  /** The last step's pull force towards the path, 3 per agent (drawn as an arrow). */
  pull: ArrayLike<number>;
  /** The last step's push force away from other agents and obstacles, 3 per agent (drawn as an arrow). */
  push: ArrayLike<number>;
  /** 1 per agent that has arrived (drawn in `arrived` colour), or absent. */
  arrived?: ArrayLike<number>;
}

/** A usage error unless `s` holds `count` agents: every array long enough (3 numbers an agent for vectors, 1 for radii and arrived). */
function checkAgentsState(s: AgentsState): void {
  const what = 'AgentsHelper.update: s';
  checkObject(what, s, 'an AgentsState { count, positions, headings, radii, pull, push, arrived? }');
  checkNumber(`${what}.count`, s.count, 0, false, true);
  const lists: [keyof AgentsState, number][] = [
    ['positions', 3],
    ['headings', 3],
    ['radii', 1],
    ['pull', 3],
    ['push', 3],
    ['arrived', 1],
  ];
  for (const [key, per] of lists) {
    const list = s[key] as ArrayLike<number> | undefined;
    if (key === 'arrived' && list === undefined) continue;
    if (list === null || typeof list !== 'object' || !(list.length >= per * s.count))
      throw usageError(`${what}.${key}`, `an array of at least ${per} x count = ${per * s.count} numbers`, list);
  }
}

/** The colours of an AgentsHelper (hex RGB). */
export interface AgentsColors {
  /** Body of an agent that has not arrived. */
  agent: number;
  /** Body of an agent that has arrived. */
  arrived: number;
  /** Arrow of the pull towards the agent's target. */
  pull: number;
  /** Arrow of the push away from obstacles and other agents. */
  push: number;
}

/** Violet agents, green once arrived, blue pull and orange push arrows. */
export const AGENTS_COLORS: Readonly<AgentsColors> = Object.freeze({ agent: 0xa78bfa, arrived: 0x22c55e, pull: 0x7dd3fc, push: 0xfb923c });

const _m = new Matrix4();
const _q = new Quaternion();
const _p = new Vector3();
const _h = new Vector3();
const _s = new Vector3();
const _c = new Color();
const UP = new Vector3(0, 1, 0);

/**
 * Steering agents as a three.js helper: one instanced sphere per agent (its radius) with an
 * instanced cone for its heading, and optionally its forces as arrows in one LineSegments.
 * Instance buffers grow by doubling, so thousands of agents are three draw calls. Feed it
 * `update(state)` (e.g. a worker's snapshot) or `updateFromSimulation(sim)` each frame;
 * call `dispose()` when done.
 */
export class AgentsHelper extends Object3D {
  /** Draw the pull and push arrows. */
  showForces = false;
  /**
   * Smallest drawn radius, world units: set it from the world's size to keep small agents
   * visible in a large scene (the sandbox uses 1% of half the level's diagonal). 0: every agent
   * at its own radius.
   */
  minRadius = 0;
  /** The colours in use (the defaults with the constructor's overrides). */
  declare readonly colors: Readonly<AgentsColors>;
  declare protected bodies: InstancedMesh;
  #noses: InstancedMesh;
  readonly #forces: LineSegments;
  readonly #bodyGeometry = new IcosahedronGeometry(1, 2);
  readonly #noseGeometry = new ConeGeometry(0.55, 1.3, 14).translate(0, 0.65, 0);
  readonly #material = new MeshStandardMaterial({ color: 0xffffff, emissive: 0x3b2a66, roughness: 0.4, metalness: 0.05 });
  protected readonly lineMaterial = new LineBasicMaterial({ vertexColors: true, depthTest: false, transparent: true });
  readonly #colorObjects: { agent: Color; arrived: Color; pull: Color; push: Color };
  #arrivedScratch = new Uint8Array(0);

  /**
   * An empty helper (call `update` with a simulation or an AgentsState); `colors` overrides the default colours (hex RGB
   * numbers; other values throw a NavlabError usage).
   */
  constructor(colors: Partial<AgentsColors> = {}) {
    super();
    this.name = 'agents';
    for (const [key, value] of Object.entries(checkOptions<AgentsColors>('AgentsHelper: colors', colors))) {
      if (value !== undefined) checkNumber(`AgentsHelper: colors.${key}`, value, 0, false, true);
    }
    this.colors = { ...AGENTS_COLORS, ...colors };
    const c = this.colors;
    this.#colorObjects = { agent: new Color(c.agent), arrived: new Color(c.arrived), pull: new Color(c.pull), push: new Color(c.push) };
    this.bodies = this.#mesh(this.#bodyGeometry, 64);
    this.#noses = this.#mesh(this.#noseGeometry, 64);
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(new Float32Array(12 * 64), 3).setUsage(DynamicDrawUsage));
    g.setAttribute('color', new BufferAttribute(new Float32Array(12 * 64), 3).setUsage(DynamicDrawUsage));
    g.setDrawRange(0, 0);
    this.#forces = new LineSegments(g, this.lineMaterial);
    this.#forces.frustumCulled = false;
    this.#forces.renderOrder = 12;
    this.add(this.#forces);
  }

  /** Agents drawn and force arrows drawn (for tests and readouts). */
  get counts(): { agents: number; arrows: number } {
    return { agents: this.#noses.count, arrows: this.#forces.geometry.drawRange.count / 2 };
  }

  /** Draws the agents of a core Simulation as they are now. */
  updateFromSimulation(sim: Simulation): void {
    // By its fields: a drawing helper does not pull in the simulation's modules for an instanceof.
    checkFields(
      'AgentsHelper.updateFromSimulation: sim',
      sim,
      {
        agentCount: 'number',
        arrived: 'function',
        positions: 'array',
        headings: 'array',
        radii: 'array',
        pullForces: 'array',
        pushForces: 'array',
      },
      'a Simulation',
    );
    const n = sim.agentCount;
    if (this.#arrivedScratch.length < n) this.#arrivedScratch = new Uint8Array(2 * n);
    for (let i = 0; i < n; i++) this.#arrivedScratch[i] = sim.arrived(i) ? 1 : 0;
    this.update({
      count: n,
      positions: sim.positions,
      headings: sim.headings,
      radii: sim.radii,
      pull: sim.pullForces,
      push: sim.pushForces,
      arrived: this.#arrivedScratch,
    });
  }

  /**
   * Draws the agents of `s`. `extra` instances are kept free after the agents' bodies (a
   * subclass may draw markers there).
   */
  update(s: AgentsState, extra = 0): void {
    checkAgentsState(s);
    checkInteger('AgentsHelper.update: extra', extra, 0, AGENT_LIMIT);
    const n = s.count;
    if (n + extra > this.bodies.instanceMatrix.count) {
      this.bodies = this.#regrow(this.bodies, n + extra);
      this.#noses = this.#regrow(this.#noses, n + extra);
    }
    for (let i = 0; i < n; i++) {
      const r = Math.max(this.minRadius, s.radii[i]);
      _p.set(s.positions[3 * i], s.positions[3 * i + 1], s.positions[3 * i + 2]);
      this.bodies.setMatrixAt(i, _m.compose(_p, _q.identity(), _s.set(r, r, r)));
      _h.set(s.headings[3 * i], s.headings[3 * i + 1], s.headings[3 * i + 2]);
      if (_h.lengthSq() < 1e-12) _h.set(0, 0, 1);
      _q.setFromUnitVectors(UP, _h.normalize());
      this.#noses.setMatrixAt(i, _m.compose(_p.addScaledVector(_h, 0.6 * r), _q, _s));
      const c = this.colorOf(i, s);
      this.bodies.setColorAt(i, c);
      this.#noses.setColorAt(i, _c.copy(c).multiplyScalar(1.25));
    }
    this.bodies.count = n;
    this.#noses.count = n;
    for (const m of [this.bodies, this.#noses]) {
      m.instanceMatrix.needsUpdate = true;
      if (m.instanceColor) m.instanceColor.needsUpdate = true;
      // Raycasts compute the bounds once, when missing: the agents moved, so drop them.
      m.boundingSphere = null;
    }
    this.#updateForces(s);
  }

  /** Frees the geometries, materials and buffers, and leaves the parent. */
  dispose(): void {
    this.bodies.dispose();
    this.#noses.dispose();
    this.#bodyGeometry.dispose();
    this.#noseGeometry.dispose();
    this.#material.dispose();
    this.#forces.geometry.dispose();
    this.lineMaterial.dispose();
    this.removeFromParent();
  }

  /** The colour of agent i (override to mark selected or stuck agents). */
  protected colorOf(i: number, s: AgentsState): Color {
    return s.arrived?.[i] ? this.#colorObjects.arrived : this.#colorObjects.agent;
  }

  #updateForces(s: AgentsState): void {
    const g = this.#forces.geometry;
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
    const { pull, push } = this.#colorObjects;
    for (let i = 0; i < s.count; i++) {
      const x = s.positions[3 * i],
        y = s.positions[3 * i + 1],
        z = s.positions[3 * i + 2];
      const r = Math.max(this.minRadius, s.radii[i]);
      for (const [k, f, color] of [
        [0, s.pull, pull],
        [1, s.push, push],
      ] as const) {
        // Arrow length: 2 radii per unit of force, at most 8 radii.
        const fx = f[3 * i],
          fy = f[3 * i + 1],
          fz = f[3 * i + 2];
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

  #mesh(geometry: BufferGeometry, capacity: number): InstancedMesh {
    const m = new InstancedMesh(geometry, this.#material, capacity);
    m.count = 0;
    m.frustumCulled = false;
    m.instanceMatrix.setUsage(DynamicDrawUsage);
    m.setColorAt(0, this.#colorObjects.agent);
    this.add(m);
    return m;
  }

  #regrow(old: InstancedMesh, need: number): InstancedMesh {
    let capacity = old.instanceMatrix.count;
    while (capacity < need) capacity *= 2;
    old.removeFromParent();
    old.dispose();
    return this.#mesh(old.geometry, capacity);
  }
}
