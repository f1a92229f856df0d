import { css, PALETTE } from '../../shell/stage/palette.ts';
import { h } from '../../shell/dom/dom.ts';
import { legendItem, type Overlay } from '../../shell/ui/Overlay.ts';
import { TERRAIN_KINDS } from './edits.ts';

/** Adds what painted voxels look like to the status panel (#legend-world): solid ones shaded by height, terrain in its kind's colour. */
export function addWorldLegend(overlay: Overlay): void {
  const world = h('div', { id: 'legend-world' });
  world.append(
    legendItem(`background:linear-gradient(90deg, ${css(PALETTE.voxelLow)}, ${css(PALETTE.voxelHigh)})`, 'solid, low to high', true),
    ...Object.entries(TERRAIN_KINDS)
      .filter(([, k]) => k.cost !== 1)
      .map(([name, k]) => legendItem(`background:${k.color}`, `${name} ×${k.cost}`)),
  );
  overlay.section.append(world);
}
