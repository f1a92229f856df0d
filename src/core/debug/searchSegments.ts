import { checkFields, checkFunction, checkInteger, checkObject, checkOneOf, usageError } from '../args.ts';
import { NavlabError } from '../errors.ts';
import { vec3 } from '../math/vec3.ts';
import type { LazyThetaRun } from '../search/LazyThetaRun.ts';
import { CLOSED, type SearchContext } from '../search/SearchContext.ts';
import type { SearchSpace } from '../search/space.ts';

/**
 * What jump point search and Lazy Theta* do beyond A*'s visited set, as engine-neutral debug
 * data for SearchHelper: segments between nodes, each of one kind. Read from the search's own
 * state (its context, its any-angle labels, the line-of-sight checks it reported), never
 * recomputed.
 */

/** Segment kinds (SearchSegments.kinds). */
export const SegmentKind = {
  /** JPS: an expanded jump point to the jump point it was reached from (one straight or diagonal jump). */
  jump: 0,
  /** Lazy Theta*: an expanded jump point to its any-angle parent. */
  anyAngle: 1,
  /** Lazy Theta*: a line-of-sight check that passed (a jump point's candidate parent, or a path corner it skips). */
  sightPassed: 2,
  /** Lazy Theta*: a line-of-sight check that failed (the jump point fell back to its jump parent). */
  sightFailed: 3,
} as const;
/** One of the SegmentKind values (0 jump, 1 any-angle link, 2 sight check passed, 3 failed). */
export type SegmentKind = (typeof SegmentKind)[keyof typeof SegmentKind];

/** Most segments a SearchSegments holds; segments offered beyond it are counted, not kept. */
export const MAX_SEGMENTS = 1 << 18;

/**
 * Segments between search nodes. Layout, per segment i < count:
 *   positions[6i .. 6i+5] : xyz of the node, then xyz of the other end (parent or candidate parent)
 *   nodes[2i], nodes[2i+1]: the two node ids, in the same order
 *   kinds[i]              : a SegmentKind
 */
export interface SearchSegments {
  /** Segments stored (the arrays may be longer; only the first `count` are valid). */
  count: number;
  /** Segments offered, including those dropped beyond MAX_SEGMENTS. */
  offered: number;
  /** World xyz of both ends per segment: 6 floats each (the node, then its parent or candidate parent). */
  positions: Float32Array;
  /** Node ids of both ends per segment, 2 each, in the order of `positions`. */
  nodes: Int32Array;
  /** One SegmentKind per segment: 0 a JPS jump, 1 an any-angle link, 2 a sight check that passed, 3 one that failed. */
  kinds: Uint8Array;
}

/** An empty SearchSegments with room for `capacity` segments (it grows by doubling). */
export function emptySegments(capacity = 256): SearchSegments {
  checkInteger('emptySegments: capacity', capacity, 0, MAX_SEGMENTS);
  return {
    count: 0,
    offered: 0,
    positions: new Float32Array(6 * capacity),
    nodes: new Int32Array(2 * capacity),
    kinds: new Uint8Array(capacity),
  };
}

const _a = vec3();
const _b = vec3();

/** `out` when it is a SearchSegments whose arrays agree (emptySegments makes one). */
export function checkSegments(what: string, out: unknown): SearchSegments {
  const s = checkObject<SearchSegments>(what, out, 'a SearchSegments (emptySegments)');
  const ok =
    s.kinds instanceof Uint8Array &&
    s.positions instanceof Float32Array &&
    s.nodes instanceof Int32Array &&
    s.positions.length === 6 * s.kinds.length &&
    s.nodes.length === 2 * s.kinds.length &&
    Number.isInteger(s.count) &&
    s.count >= 0 &&
    s.count <= s.kinds.length &&
    Number.isInteger(s.offered) &&
    s.offered >= s.count;
  if (!ok) throw usageError(what, 'a SearchSegments (emptySegments): count <= capacity, positions 6, nodes 2 and kinds 1 per segment', out);
  return s;
}

/**
 * The search state and runs these functions read, checked by their fields: the debug helpers
 * do not pull in the search engine's modules for an instanceof.
 */
const checkContext = (what: string, ctx: unknown): SearchContext =>
  checkFields<SearchContext>(what, ctx, { state: 'array', parent: 'array', slotCount: 'number', nodeOf: 'function' }, 'a SearchContext');
const checkLazyRun = (what: string, run: unknown): LazyThetaRun =>
  checkFields<LazyThetaRun>(what, run, { ctx: 'object', anyAngleParent: 'function' }, 'a LazyThetaRun');

/** `space` when it can give node positions (an object with `position(node, out)`). */
export function checkPositions(what: string, space: unknown): Pick<SearchSpace, 'position'> {
  checkFunction(
    `${what}.position`,
    checkObject<Record<string, unknown>>(what, space, 'a space with position(node, out) (a SearchSpace, gridPositions)').position,
  );
  return space as Pick<SearchSpace, 'position'>;
}

/** Appends the segment node `from` -> node `to`; beyond MAX_SEGMENTS only `offered` grows. */
export function pushSegment(out: SearchSegments, space: Pick<SearchSpace, 'position'>, kind: SegmentKind, from: number, to: number): void {
  checkSegments('pushSegment: out', out);
  checkPositions('pushSegment: space', space);
  checkOneOf('pushSegment: kind', kind, Object.values(SegmentKind));
  checkInteger('pushSegment: from', from, 0, Number.MAX_SAFE_INTEGER);
  checkInteger('pushSegment: to', to, 0, Number.MAX_SAFE_INTEGER);
  appendSegment(out, space, kind, from, to);
}

/** pushSegment without the checks: the collectors check their arguments once, not per segment. */
function appendSegment(out: SearchSegments, space: Pick<SearchSpace, 'position'>, kind: SegmentKind, from: number, to: number): void {
  out.offered++;
  const i = out.count;
  if (i >= MAX_SEGMENTS) return;
  if (i === out.kinds.length) grow(out, Math.min(MAX_SEGMENTS, Math.max(16, 2 * i)));
  space.position(from, _a);
  space.position(to, _b);
  const p = out.positions;
  p[6 * i] = _a.x;
  p[6 * i + 1] = _a.y;
  p[6 * i + 2] = _a.z;
  p[6 * i + 3] = _b.x;
  p[6 * i + 4] = _b.y;
  p[6 * i + 5] = _b.z;
  out.nodes[2 * i] = from;
  out.nodes[2 * i + 1] = to;
  out.kinds[i] = kind;
  out.count = i + 1;
}

/** Empties `out` (keeps its arrays). */
export function clearSegments(out: SearchSegments): SearchSegments {
  checkSegments('clearSegments: out', out);
  out.count = 0;
  out.offered = 0;
  return out;
}

/**
 * Appends, for every expanded node of a search, the segment to its parent in the search
 * tree (ctx.parent). In jump point search the parent is the previous jump point, so these
 * are the jumps; use kind SegmentKind.jump.
 */
export function collectParentLinks(
  ctx: SearchContext,
  space: Pick<SearchSpace, 'position'>,
  out: SearchSegments,
  kind: SegmentKind = SegmentKind.jump,
): SearchSegments {
  checkContext('collectParentLinks: ctx', ctx);
  checkPositions('collectParentLinks: space', space);
  checkSegments('collectParentLinks: out', out);
  checkOneOf('collectParentLinks: kind', kind, Object.values(SegmentKind));
  const { state, parent } = ctx;
  for (let s = 0; s < ctx.slotCount; s++) {
    if (state[s] !== CLOSED || parent[s] < 0) continue;
    appendSegment(out, space, kind, ctx.nodeOf(s), ctx.nodeOf(parent[s]));
  }
  return out;
}

/** Appends, for every jump point a Lazy Theta* run expanded, the segment to its any-angle parent. */
export function collectAnyAngleLinks(run: LazyThetaRun, space: Pick<SearchSpace, 'position'>, out: SearchSegments): SearchSegments {
  checkContext('collectAnyAngleLinks: run.ctx', checkLazyRun('collectAnyAngleLinks: run', run).ctx);
  checkPositions('collectAnyAngleLinks: space', space);
  checkSegments('collectAnyAngleLinks: out', out);
  const ctx = run.ctx;
  for (let s = 0; s < ctx.slotCount; s++) {
    if (ctx.state[s] !== CLOSED) continue;
    const u = ctx.nodeOf(s);
    const q = run.anyAngleParent(u);
    if (q >= 0 && q !== u) appendSegment(out, space, SegmentKind.anyAngle, u, q);
  }
  return out;
}

/**
 * The line-of-sight checks a Lazy Theta* run reports (its `onLineOfSight` hook): totals of
 * every check, and the last `capacity` checks themselves in a ring (bounded memory however
 * long the search runs).
 *
 * ```ts
 * const log = new SightLog(1024);
 * log.attach(run);
 * run.step(100);
 * log.appendTo(out, gridPositions(grid));
 * ```
 */
export class SightLog {
  /** Most checks kept (the ring's size; older checks are overwritten, `total` keeps counting). */
  readonly capacity: number;
  /** Checks reported since the last clear, passed and failed. */
  total = 0;
  /** Checks since the last clear whose segment was legal (line of sight passed). */
  passed = 0;
  /** Ring of checks: the node checked and its candidate parent, and whether the segment was legal. */
  readonly #node: Int32Array;
  readonly #candidate: Int32Array;
  readonly #legal: Uint8Array;

  /**
   * A log that keeps the last `capacity` checks (an integer in [1, MAX_SEGMENTS], default 4096); other values throw a
   * NavlabError (usage) naming `capacity`.
   */
  constructor(capacity = 4096) {
    if (!Number.isInteger(capacity) || capacity < 1 || capacity > MAX_SEGMENTS)
      throw new NavlabError('usage', `capacity: expected an integer in [1, ${MAX_SEGMENTS}], got ${capacity}`);
    this.capacity = capacity;
    this.#node = new Int32Array(capacity);
    this.#candidate = new Int32Array(capacity);
    this.#legal = new Uint8Array(capacity);
  }

  /**
   * Records one check: the segment from the candidate parent to the node checked (the order
   * of LazyThetaRun.onLineOfSight, which calls it once attached).
   */
  readonly record = (candidate: number, node: number, legal: boolean): void => {
    const i = this.total % this.capacity;
    this.#node[i] = node;
    this.#candidate[i] = candidate;
    this.#legal[i] = legal ? 1 : 0;
    this.total++;
    if (legal) this.passed++;
  };

  /** Checks that failed. */
  get failed(): number {
    return this.total - this.passed;
  }

  /** Checks kept (the last min(total, capacity)). */
  get kept(): number {
    return Math.min(this.total, this.capacity);
  }

  /** Clears the log and makes it record `run`'s checks. */
  attach(run: LazyThetaRun): void {
    checkLazyRun('SightLog.attach: run', run);
    this.clear();
    run.onLineOfSight = this.record;
  }

  /** Forgets every check (total and passed back to 0); the attached run keeps reporting here. */
  clear(): void {
    this.total = this.passed = 0;
  }

  /** Visits the kept checks, oldest first: the node checked, its candidate parent, the outcome. */
  forEach(visit: (node: number, candidate: number, legal: boolean) => void): void {
    checkFunction('SightLog.forEach: visit', visit);
    const n = this.kept;
    const first = this.total - n;
    for (let k = first; k < this.total; k++) {
      const i = k % this.capacity;
      visit(this.#node[i], this.#candidate[i], this.#legal[i] === 1);
    }
  }

  /** Appends the kept checks as segments (node to candidate parent): the passed ones, then the failed ones (drawn on top). */
  appendTo(out: SearchSegments, space: Pick<SearchSpace, 'position'>): SearchSegments {
    checkSegments('SightLog.appendTo: out', out);
    checkPositions('SightLog.appendTo: space', space);
    for (const legal of [true, false]) {
      const kind = legal ? SegmentKind.sightPassed : SegmentKind.sightFailed;
      this.forEach((node, candidate, l) => {
        if (l === legal) appendSegment(out, space, kind, node, candidate);
      });
    }
    return out;
  }
}

function grow(s: SearchSegments, capacity: number): void {
  const positions = new Float32Array(6 * capacity);
  positions.set(s.positions);
  const nodes = new Int32Array(2 * capacity);
  nodes.set(s.nodes);
  const kinds = new Uint8Array(capacity);
  kinds.set(s.kinds);
  s.positions = positions;
  s.nodes = nodes;
  s.kinds = kinds;
}
