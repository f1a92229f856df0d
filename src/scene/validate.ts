/**
 * Reading and writing scene documents: size limits first, then version migration, then the
 * zod schema; every problem comes back as `path: message` a person can act on.
 */
import type * as z from 'zod';
import { describeValue, usageError } from '../core/args.ts';
import { NavlabError } from '../core/errors.ts';
import { clip, quote } from '../core/text.ts';
import { SCENE_VERSION } from './documentShape.ts';
import { SCENE_FILE_LIMIT } from './fileLimit.ts';
import { ELEMENT_MARK, pathText, primitiveLimitMessage, SCENE_LIMITS, voxelLimitMessage } from './ranges.ts';
import { SceneSchema, type SceneDocument } from './schema.ts';

/** One problem in a document: where (`waypoints[3].position`) and what. */
export interface SceneIssue {
  /** Where, as a field path such as `waypoints[3].position`. */
  path: string;
  /** What is wrong there, in words. */
  message: string;
}

/** Issues listed in an error message; `issues` always holds all of them. */
const LISTED_ISSUES = 20;
/** Longest issue line in a message (a safety net: messages quote inputs by short prefixes). */
const ISSUE_LINE_LENGTH = 300;

/** A document that cannot be read. `message` lists the issues one per line. */
export class SceneError extends NavlabError {
  /** Every issue found (the message lists the first ones). */
  readonly issues: SceneIssue[];

  /**
   * An error listing `issues` (code `scene`); a value that is not an array of { path, message } strings throws a
   * NavlabError (usage).
   */
  constructor(issues: SceneIssue[]) {
    if (
      !Array.isArray(issues) ||
      !issues.every((i) => i !== null && typeof i === 'object' && typeof i.path === 'string' && typeof i.message === 'string')
    ) {
      throw usageError('SceneError: issues', 'an array of { path, message } (strings)', issues);
    }
    const lines = issues.slice(0, LISTED_ISSUES).map((i) => clip(`${i.path}: ${i.message}`, ISSUE_LINE_LENGTH));
    if (issues.length > LISTED_ISSUES) lines.push(`... and ${issues.length - LISTED_ISSUES} more`);
    super(
      'scene',
      issues.length === 1 ? `Invalid scene: ${lines[0]}` : `Invalid scene (${issues.length} problems):\n  ${lines.join('\n  ')}`,
    );
    this.name = 'SceneError';
    this.issues = issues;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Length of an array without touching its elements (a hostile array may be huge or sparse). */
const lengthOf = (v: unknown): number => (Array.isArray(v) ? v.length : 0);

/**
 * Counts what the document would make us allocate, reading only array lengths, so a hostile
 * document (10^7 waypoints, 10^10 voxels) fails here in microseconds, before zod walks it.
 * Returns the issues; an empty list means the document is within the limits.
 */
export function checkSceneLimits(raw: unknown): SceneIssue[] {
  const issues: SceneIssue[] = [];
  if (!isRecord(raw)) return issues; // the schema reports the wrong type
  const over = (path: string, count: number, limit: number, what: string) => {
    if (count > limit) issues.push({ path, message: `${count} ${what} exceeds the limit of ${limit}` });
  };
  over('waypoints', lengthOf(raw.waypoints), SCENE_LIMITS.waypoints, 'waypoints');
  over('agents', lengthOf(raw.agents), SCENE_LIMITS.agents, 'agents');
  over('meshes', lengthOf(raw.meshes), SCENE_LIMITS.meshes, 'meshes');
  let primitives = lengthOf(raw.obstacles) + lengthOf(raw.movingObstacles);
  const voxels = raw.voxels;
  if (isRecord(voxels)) {
    const dims = voxels.dims;
    if (Array.isArray(dims) && dims.length === 3 && dims.every((d) => typeof d === 'number' && d > 0)) {
      const [X, Y, Z] = dims as number[];
      if (X * Y * Z > SCENE_LIMITS.voxels) issues.push({ path: 'voxels.dims', message: voxelLimitMessage(X, Y, Z) });
    }
    primitives += lengthOf(voxels.solid);
    const terrain = voxels.terrain;
    if (lengthOf(terrain) > SCENE_LIMITS.primitives) {
      issues.push({
        path: 'voxels.terrain',
        message: `${lengthOf(terrain)} terrain regions exceeds the limit of ${SCENE_LIMITS.primitives} primitives`,
      });
    } else if (Array.isArray(terrain)) {
      for (const region of terrain) {
        if (isRecord(region)) primitives += lengthOf(region.boxes);
        if (primitives > SCENE_LIMITS.primitives) break;
      }
    }
  }
  if (primitives > SCENE_LIMITS.primitives) issues.push({ path: 'document', message: primitiveLimitMessage(primitives) });
  return issues;
}

/** A step from version v to v + 1. It gets a private copy of the top-level object. */
type Migration = (doc: Record<string, unknown>) => Record<string, unknown>;

/**
 * MIGRATIONS[v] turns a version-v document into a version-(v+1) one. Old files keep loading
 * and saveScene writes them back in the current version. A migration runs after
 * checkSceneLimits, which reads v1 key names: a migration that renames a counted key
 * (waypoints, agents, obstacles, movingObstacles, voxels) must teach that check the old name.
 */
const MIGRATIONS: Record<number, Migration> = {
  // v2 added `meshes`; a v1 document has none (a v1 file that lists them is an error).
  1: (doc) => {
    if (doc.meshes !== undefined) throw new SceneError([{ path: 'meshes', message: 'meshes need version 2 (this file says version 1)' }]);
    return { ...doc, version: 2 };
  },
};

/**
 * Brings a raw document (parsed JSON, not yet validated) up to SCENE_VERSION. Throws a
 * SceneError when the version is missing, malformed or newer than this navlab. The input is
 * never modified.
 */
export function migrateScene(raw: unknown): unknown {
  let doc = checkVersion(raw);
  for (let v = doc.version as number; v < SCENE_VERSION; v++) {
    const step = MIGRATIONS[v];
    if (!step) throw new Error(`migrateScene: no migration from version ${v}`); // a bug, not a bad file
    doc = step({ ...doc });
  }
  return doc;
}

/** The document as an object whose version this navlab can read, or a SceneError. */
function checkVersion(raw: unknown): Record<string, unknown> {
  if (!isRecord(raw)) throw new SceneError([{ path: 'document', message: `expected an object, got ${describeValue(raw)}` }]);
  const version = raw.version;
  const fail = (message: string) => new SceneError([{ path: 'version', message }]);
  if (version === undefined) throw fail(`missing (expected ${SCENE_VERSION})`);
  if (typeof version !== 'number' || !Number.isInteger(version)) throw fail(`expected an integer, got ${describeValue(version)}`);
  if (version > SCENE_VERSION) throw fail(`unsupported version ${version} (this navlab reads ${SCENE_VERSION})`);
  if (version < 1) throw fail(`unsupported version ${version} (versions start at 1)`);
  return raw;
}

/** Zod's own messages; anything else is a message this module's schema chose and is kept. */
const ZOD_DEFAULT_MESSAGE = /^(Invalid|Too small|Too big|Unrecognized)/;
const ARTICLE: Record<string, string> = {
  int: 'an integer',
  number: 'a number',
  string: 'a string',
  object: 'an object',
  array: 'an array',
  boolean: 'a boolean',
};

/** One readable message per zod issue. */
function issueMessage(issue: z.core.$ZodIssue): string {
  const input = (issue as { input?: unknown }).input;
  const own = !ZOD_DEFAULT_MESSAGE.test(issue.message);
  if (issue.code === 'invalid_type') {
    // NaN and Infinity are reported as `received` with input null.
    const received = (issue as { received?: string }).received;
    const expected = ARTICLE[issue.expected] ?? issue.expected;
    if (input === undefined && received === undefined) return `missing (${own ? issue.message : `expected ${expected}`})`;
    return own ? issue.message : `expected ${expected}, got ${received ?? describeValue(input)}`;
  }
  if (own) return issue.message;
  switch (issue.code) {
    case 'too_small':
    case 'too_big': {
      const small = issue.code === 'too_small';
      const bound = small ? issue.minimum : issue.maximum;
      const op = small ? (issue.inclusive ? '>=' : '>') : issue.inclusive ? '<=' : '<';
      if (issue.origin === 'array') return `expected ${small ? 'at least' : 'at most'} ${bound} items, got ${lengthOf(input)}`;
      if (issue.origin === 'string') return small && Number(bound) === 1 ? 'must not be empty' : `length must be ${op} ${bound}`;
      return `must be ${op} ${bound}, got ${describeValue(input)}`;
    }
    case 'invalid_value': {
      const values = issue.values.map((v) => JSON.stringify(v));
      return `expected ${values.length > 2 ? `one of ${values.join(', ')}` : values.join(' or ')}, got ${describeValue(input)}`;
    }
    case 'unrecognized_keys':
      return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys
        .slice(0, 5)
        .map((k) => quote(k))
        .join(', ')}${issue.keys.length > 5 ? ` and ${issue.keys.length - 5} more` : ''}`;
    case 'invalid_union':
      return `unexpected value ${describeValue(input)}`;
    default:
      return issue.message;
  }
}

/** Zod issues as SceneIssues; a bad element of a [x, y, z]-style tuple becomes one issue on the tuple. */
function toSceneIssues(issues: readonly z.core.$ZodIssue[]): SceneIssue[] {
  const out: SceneIssue[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    let item: SceneIssue;
    if (issue.message.endsWith(ELEMENT_MARK)) {
      item = { path: pathText(issue.path.slice(0, -1)), message: issue.message.slice(0, -ELEMENT_MARK.length) };
    } else {
      item = { path: pathText(issue.path), message: issueMessage(issue) };
    }
    const key = `${item.path}\u0000${item.message}`;
    if (!seen.has(key)) out.push(item);
    seen.add(key);
  }
  return out;
}

/**
 * Reads a scene document: JSON text or an already-parsed value. Checks, in this order: JSON
 * syntax, version, size limits (before anything is allocated), shape and types, then
 * cross-references. Returns the document with defaults filled in; throws a SceneError listing
 * every problem found at the first stage that failed.
 */
export function parseScene(input: unknown): SceneDocument {
  let raw = input;
  if (typeof input === 'string') {
    if (input.length > SCENE_FILE_LIMIT) {
      throw new SceneError([{ path: 'document', message: `${input.length} characters exceeds the limit of ${SCENE_FILE_LIMIT} (64 MiB)` }]);
    }
    // A byte-order mark (editors on Windows write one) is not part of the JSON text.
    const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
    try {
      raw = JSON.parse(text);
    } catch (e) {
      throw new SceneError([{ path: 'JSON', message: clip((e as Error).message, 200) }]);
    }
  }
  // Version first: a newer file's limits and shape are not ours to judge.
  checkVersion(raw);
  const limits = checkSceneLimits(raw);
  if (limits.length > 0) throw new SceneError(limits);
  const result = SceneSchema.safeParse(migrateScene(raw), { reportInput: true });
  if (!result.success) throw new SceneError(toSceneIssues(result.error.issues));
  return result.data;
}

/** parseScene without exceptions for bad documents (a bug still throws). */
export function safeParseScene(input: unknown): { ok: true; document: SceneDocument } | { ok: false; error: SceneError } {
  try {
    return { ok: true, document: parseScene(input) };
  } catch (e) {
    if (e instanceof SceneError) return { ok: false, error: e };
    throw e;
  }
}

/** Longest line that is kept on one line by saveScene. */
const LINE_WIDTH = 100;

/** JSON text of a value; -0 stays -0 so that a round trip is exact. */
function formatValue(value: unknown, indent: string): string {
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : JSON.stringify(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  // Fast path for the commonest value of big documents (positions, voxel boxes): a flat list
  // of numbers, always on one line (as the general rule below would put it).
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'number')) {
    return `[${value.map((v: number) => (Object.is(v, -0) ? '-0' : JSON.stringify(v))).join(', ')}]`;
  }
  const entries: [string | null, unknown][] = Array.isArray(value)
    ? value.map((v) => [null, v])
    : Object.entries(value).filter(([, v]) => v !== undefined);
  const open = Array.isArray(value) ? '[' : '{';
  const close = Array.isArray(value) ? ']' : '}';
  if (entries.length === 0) return open + close;
  const key = (k: string | null) => (k === null ? '' : `${JSON.stringify(k)}: `);
  const inner = `${indent}  `;
  const parts = entries.map(([k, v]) => key(k) + formatValue(v, inner));
  // Short values (positions, boxes, small objects) read best on one line.
  const oneLine = Array.isArray(value) ? `[${parts.join(', ')}]` : `{ ${parts.join(', ')} }`;
  const flat = !oneLine.includes('\n');
  const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
  const primitives = Array.isArray(value) && entries.every(([, v]) => v === null || typeof v !== 'object');
  // Lists of objects (waypoints, agents, obstacles) get one item per line, whatever their length.
  const listOfObjects = Array.isArray(value) && entries.some(([, v]) => isObject(v));
  const fits = indent !== '' && !listOfObjects && indent.length + oneLine.length <= LINE_WIDTH;
  if (flat && (primitives || fits)) return oneLine;
  return `${open}\n${parts.map((p) => inner + p).join(',\n')}\n${indent}${close}`;
}

/**
 * The document as JSON text: keys in schema order (so saving is deterministic and diffs stay
 * small), 2-space indentation, short arrays and objects on one line. Validates first, since a
 * file that cannot be loaded again is worse than an error now; parseScene(saveScene(d))
 * deep-equals d for every valid document d.
 */
export function saveScene(doc: SceneDocument): string {
  const result = SceneSchema.safeParse(doc, { reportInput: true });
  if (!result.success) throw new SceneError(toSceneIssues(result.error.issues));
  // The schema's output already has every object's keys in schema order.
  return `${formatValue(result.data, '')}\n`;
}
