/**
 * Tooltip placement (waypoint tooltip, search node readout): beside the pointer, flipped at
 * the window's right and bottom edges, never under a panel, always inside the window.
 */
import { describe, expect, it } from 'vitest';
import { placeTip, TIP_GAP, TIP_MARGIN, type Rect } from '../../src/app/shell/dom/tipPlacement.ts';

const VIEW = { width: 1280, height: 800 };
/** The settings panel (right) and the status panel (top left), as the app lays them out. */
const GUI: Rect = { left: 968, top: 0, right: 1268, bottom: 800 };
const HUD: Rect = { left: 12, top: 12, right: 384, bottom: 200 };
const W = 220;
const H = 26;

const box = (p: { left: number; top: number }): Rect => ({ left: p.left, top: p.top, right: p.left + W, bottom: p.top + H });
const meets = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const inView = (r: Rect) =>
  r.left >= TIP_MARGIN && r.top >= TIP_MARGIN && r.right <= VIEW.width - TIP_MARGIN && r.bottom <= VIEW.height - TIP_MARGIN;

describe('placeTip', () => {
  it('goes below right of the pointer where there is room', () => {
    expect(placeTip(500, 400, W, H, VIEW, [GUI, HUD])).toEqual({ left: 500 + TIP_GAP, top: 400 + TIP_GAP });
  });

  it('flips to the left near the right edge, and above near the bottom', () => {
    const noPanels: Rect[] = [];
    expect(placeTip(1200, 300, W, H, VIEW, noPanels)).toEqual({ left: 1200 - TIP_GAP - W, top: 300 + TIP_GAP });
    expect(placeTip(500, 790, W, H, VIEW, noPanels)).toEqual({ left: 500 + TIP_GAP, top: 790 - TIP_GAP - H });
    expect(placeTip(1270, 795, W, H, VIEW, noPanels)).toEqual({ left: 1270 - TIP_GAP - W, top: 795 - TIP_GAP - H });
  });

  it('flips to the left rather than slide under the settings panel', () => {
    const at = placeTip(900, 400, W, H, VIEW, [GUI, HUD]);
    expect(at).toEqual({ left: 900 - TIP_GAP - W, top: 400 + TIP_GAP });
    // Without the panel it would have gone right.
    expect(placeTip(900, 400, W, H, VIEW, [HUD]).left).toBe(900 + TIP_GAP);
  });

  it('goes above rather than under the status panel below the pointer', () => {
    const at = placeTip(200, 190, W, H, VIEW, [GUI, { ...HUD, top: 200, bottom: 420 }]);
    expect(at.top).toBe(190 - TIP_GAP - H);
  });

  it('never lands under a panel or outside the window, wherever the pointer is', () => {
    for (let x = 0; x <= VIEW.width; x += 37) {
      for (let y = 0; y <= VIEW.height; y += 29) {
        if (x >= GUI.left && x <= GUI.right) continue; // the pointer is over the panel itself
        const r = box(placeTip(x, y, W, H, VIEW, [GUI, HUD]));
        expect(inView(r), `pointer ${x},${y}: ${JSON.stringify(r)}`).toBe(true);
        expect(meets(r, GUI) || meets(r, HUD), `pointer ${x},${y}: ${JSON.stringify(r)}`).toBe(false);
      }
    }
  });

  it('a tooltip too big for the free space stays inside the window and covers as little panel as it can', () => {
    const wide = 900;
    const at = placeTip(600, 400, wide, H, VIEW, [GUI]);
    expect(at.left).toBeGreaterThanOrEqual(TIP_MARGIN);
    expect(at.left + wide).toBeLessThanOrEqual(GUI.left); // 4 + 900 < 968: it fits left of the panel
    const huge = placeTip(600, 400, 1400, 900, VIEW, [GUI]);
    expect(huge).toEqual({ left: TIP_MARGIN, top: TIP_MARGIN });
  });
});
