/**
 * The rules of a scene document its shape cannot hold: unique ids, references that resolve,
 * voxel boxes inside the layer, the layer inside the coordinate range, the primitive count.
 */
import { quote } from '../core/text.ts';
import { pathText, primitiveLimitMessage, SCENE_LIMITS, SCENE_RANGES as R, voxelLimitMessage } from './ranges.ts';
import type { SceneObject } from './schemaParts.ts';

/** One problem the cross-check finds: where (a zod-style path) and what. */
export type Issue = { path: (string | number)[]; message: string };

/** Issues a document has beyond its shape: duplicate ids, dangling references, boxes outside dims. */
export function crossCheck(doc: SceneObject): Issue[] {
  const issues: Issue[] = [];
  const add = (path: (string | number)[], message: string) => issues.push({ path, message });

  if (doc.bounds) {
    const { min, max } = doc.bounds;
    if (![0, 1, 2].every((a) => min[a] < max[a]))
      add(['bounds'], `min must be < max on every axis, got min ${fmt(min)} and max ${fmt(max)}`);
  }

  const firstUse = new Map<string, string>();
  const unique = (id: string, path: (string | number)[], namespace: string) => {
    const key = `${namespace}\u0000${id}`;
    const first = firstUse.get(key);
    if (first !== undefined) add([...path, 'id'], `duplicate id ${quote(id)} (first used by ${first})`);
    else firstUse.set(key, pathText(path));
  };
  doc.waypoints.forEach((w, i) => unique(w.id, ['waypoints', i], 'waypoint'));
  doc.obstacles.forEach((o, i) => unique(o.id, ['obstacles', i], 'obstacle'));
  doc.meshes.forEach((m, i) => unique(m.id, ['meshes', i], 'mesh'));
  doc.movingObstacles.forEach((m, i) => unique(m.id, ['movingObstacles', i], 'obstacle'));
  doc.agents.forEach((a, i) => unique(a.id, ['agents', i], 'agent'));

  const waypointIds = new Set(doc.waypoints.map((w) => w.id));
  const movingIds = new Set(doc.movingObstacles.map((m) => m.id));
  doc.movingObstacles.forEach((m, i) => {
    // A goal string is looked up among waypoints and moving obstacles: one id must not name both.
    if (waypointIds.has(m.id))
      add(['movingObstacles', i, 'id'], `${quote(m.id)} is also a waypoint id, so a goal ${quote(m.id)} would be ambiguous`);
    const [ax, ay, az] = m.orbit.axis;
    if (!(ax * ax + ay * ay + az * az > 1e-12)) add(['movingObstacles', i, 'orbit', 'axis'], 'must not be the zero vector');
  });
  doc.agents.forEach((a, i) => {
    if (typeof a.start === 'string' && !waypointIds.has(a.start)) {
      add(
        ['agents', i, 'start'],
        movingIds.has(a.start)
          ? `${quote(a.start)} is a moving obstacle; a start must be a position or a waypoint id`
          : `unknown waypoint ${quote(a.start)}`,
      );
    }
    if (typeof a.goal === 'string' && !waypointIds.has(a.goal) && !movingIds.has(a.goal)) {
      add(['agents', i, 'goal'], `${quote(a.goal)} is neither a waypoint id nor a moving obstacle id`);
    }
  });

  let primitives = doc.obstacles.length + doc.movingObstacles.length;
  if (doc.voxels) {
    const v = doc.voxels;
    const [X, Y, Z] = v.dims;
    const count = X * Y * Z;
    if (count > SCENE_LIMITS.voxels) add(['voxels', 'dims'], voxelLimitMessage(X, Y, Z));
    const checkBox = (b: readonly number[], path: (string | number)[]) => {
      for (let a = 0; a < 3; a++) {
        const axis = 'xyz'[a];
        if (b[a] > b[a + 3]) add(path, `box ${fmt(b)} has ${axis}0 > ${axis}1`);
        else if (b[a + 3] >= v.dims[a])
          add(path, `box ${fmt(b)} is outside dims ${X}x${Y}x${Z} (${axis}1 = ${b[a + 3]} must be < ${v.dims[a]})`);
      }
    };
    for (let a = 0; a < 3; a++) {
      // The far corner too must lie in the coordinate range, so bounds can always hold the layer.
      const far = v.origin[a] + v.dims[a] * v.cellSize;
      if (!(Math.abs(far) <= R.coord))
        add(['voxels'], `the layer reaches ${'xyz'[a]} = ${far} (origin + dims x cellSize), outside ±${R.coord}`);
    }
    v.solid.forEach((b, i) => checkBox(b, ['voxels', 'solid', i]));
    v.terrain.forEach((r, j) => r.boxes.forEach((b, i) => checkBox(b, ['voxels', 'terrain', j, 'boxes', i])));
    primitives += v.solid.length;
    for (const r of v.terrain) primitives += r.boxes.length;
  }
  if (primitives > SCENE_LIMITS.primitives) add([], primitiveLimitMessage(primitives));
  return issues;
}

const fmt = (a: readonly number[]): string => `[${a.join(', ')}]`;
