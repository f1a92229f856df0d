import { checkSceneDocument } from './documentShape.ts';
import type { Bounds, SceneObject } from './schemaParts.ts';

/**
 * The box around everything a document places in the world: the voxel layer, obstacles
 * (rotated boxes by their bounding sphere), whole orbits, and waypoints and positional agent
 * starts/goals padded by 1 unit. A document with nothing in it gets the unit cube. Used as the
 * default `bounds`; the app may offer it as "fit bounds to content".
 */
export function contentBounds(doc: Omit<SceneObject, 'bounds'>): Bounds {
  checkSceneDocument('contentBounds: doc', doc);
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  const grow = (c: readonly number[], r: readonly number[]) => {
    for (let a = 0; a < 3; a++) {
      min[a] = Math.min(min[a], c[a] - r[a]);
      max[a] = Math.max(max[a], c[a] + r[a]);
    }
  };
  const v = doc.voxels;
  if (v)
    grow(
      v.origin.map((o, a) => o + (v.dims[a] * v.cellSize) / 2),
      v.dims.map((d) => (d * v.cellSize) / 2),
    );
  for (const o of doc.obstacles) {
    if (o.shape === 'sphere') grow(o.position, [o.radius, o.radius, o.radius]);
    else if (o.shape === 'cylinder') grow(o.position, [o.radius, o.height / 2, o.radius]);
    else if (o.rotation?.some((r) => r !== 0)) {
      const r = Math.hypot(...o.size) / 2;
      grow(o.position, [r, r, r]);
    } else
      grow(
        o.position,
        o.size.map((s) => s / 2),
      );
  }
  for (const m of doc.movingObstacles) {
    const r = m.orbit.radius + m.radius;
    grow(m.orbit.center, [r, r, r]);
  }
  const pad = [1, 1, 1];
  for (const w of doc.waypoints) grow(w.position, pad);
  for (const a of doc.agents) for (const p of [a.start, a.goal]) if (typeof p !== 'string') grow(p, pad);
  if (min[0] === Infinity) return { min: [0, 0, 0], max: [1, 1, 1] };
  return { min: [min[0], min[1], min[2]], max: [max[0], max[1], max[2]] };
}
