import type { LoadedScene } from '../scene/LoadedScene.ts';
import { int, ms } from '../dom/format.ts';

/** `n` and the word for it, singular for exactly one ("1 obstacle", "2 obstacles"). */
const count = (n: number, word: string): string => `${int(n)} ${n === 1 ? word : `${word}s`}`;

/** The status panel's one-line summary of a scene: sizes, counts and preprocessing time. */
export function sceneSummary(s: LoadedScene): string {
  const parts: string[] = [];
  if (s.grid) parts.push(`${s.grid.X}×${s.grid.Y}×${s.grid.Z} voxels`);
  if (s.doc.obstacles.length) parts.push(count(s.doc.obstacles.length, 'obstacle'));
  if (s.doc.movingObstacles.length) parts.push(`${s.doc.movingObstacles.length} moving`);
  parts.push(count(s.graph.count, 'waypoint'), count(s.graph.linkCount, 'link'));
  if (s.doc.agents.length) parts.push(count(s.doc.agents.length, 'agent'));
  parts.push(`preprocessed in ${ms(s.info.worldMs + s.info.linkMs)} (worker)`);
  return parts.join(' · ');
}
