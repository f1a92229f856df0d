import { css, PALETTE } from '../../shell/stage/palette.ts';
import { h } from '../../shell/dom/dom.ts';
import type { Shell } from '../../shell/Shell.ts';
import { legendItem } from '../../shell/ui/Overlay.ts';
import { TERRAIN_KINDS } from './edits.ts';

/**
 * Adds what painted voxels look like to the status panel (#legend-world): solid ones shaded by
 * height, terrain in its kind's colour. Shown only while the scene has a voxel grid (a crowd in
 * free space has nothing painted).
 */
export function addWorldLegend(app: Shell): void {
  const world = h('div', { id: 'legend-world' });
  world.append(
    legendItem(`background:linear-gradient(90deg, ${css(PALETTE.voxelLow)}, ${css(PALETTE.voxelHigh)})`, 'solid, low to high', true),
    ...Object.entries(TERRAIN_KINDS)
      .filter(([, k]) => k.cost !== 1)
      .map(([name, k]) => legendItem(`background:${k.color}`, `${name} ×${k.cost}`)),
  );
  app.overlay.section.append(world);
  const follow = (scene: { grid: unknown }) => void (world.hidden = scene.grid === null);
  app.sceneShown.add(follow);
  app.sceneEdited.add(follow);
}
