import type GUI from 'lil-gui';
import { levelScale, type ScaleSource } from '../../shell/base/scale.ts';
import type { EditSettings } from './editSettings.ts';

/**
 * The Edit panel's lengths for a newly shown level (levelScale): the placement plane a quarter
 * of the way up (at most 2 units above the floor), the open-air depth twice the half diagonal
 * (about where the framed camera sees the level), the obstacle size, and the sliders' ranges
 * and steps (`folder`: the Edit folder, when built).
 */
export function applyEditScale(s: EditSettings, doc: ScaleSource, folder: GUI | null): void {
  const scale = levelScale(doc);
  const { min, max } = doc.bounds;
  s.planeHeight = +(min[1] + Math.min(2, (max[1] - min[1]) / 4)).toPrecision(3);
  s.depth = +(2 * scale.radius).toPrecision(2);
  s.size = +scale.obstacleSize.toPrecision(2);
  const control = (name: keyof EditSettings) => folder?.controllers.find((c) => c.property === name);
  const [lo, hi] = scale.obstacleSizeRange;
  control('size')?.min(lo).max(hi).step(+lo.toPrecision(1));
  control('depth')
    ?.min(scale.radius / 50)
    .max(scale.radius * 10)
    .step(+(scale.radius / 50).toPrecision(1));
  control('planeHeight')?.step(+scale.cell.toPrecision(2));
}
