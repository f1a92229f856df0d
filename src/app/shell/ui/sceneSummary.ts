import type { LoadedScene } from '../scene/LoadedScene.ts';
import { int, ms } from '../dom/format.ts';

/** The status panel's one-line summary of a scene: sizes, counts and preprocessing time. */
export function sceneSummary(s: LoadedScene): string {
  const parts: string[] = [];
  if (s.grid) parts.push(`${s.grid.X}×${s.grid.Y}×${s.grid.Z} voxels`);
  if (s.doc.obstacles.length) parts.push(`${int(s.doc.obstacles.length)} obstacles`);
  if (s.doc.movingObstacles.length) parts.push(`${s.doc.movingObstacles.length} moving`);
  parts.push(`${int(s.graph.count)} waypoints`, `${int(s.graph.linkCount)} links`);
  if (s.doc.agents.length) parts.push(`${int(s.doc.agents.length)} agents`);
  parts.push(`preprocessed in ${ms(s.info.worldMs + s.info.linkMs)} (worker)`);
  return parts.join(' · ');
}
