/**
 * Framing: the scene is fitted into the part of the view the panels leave free, in one view
 * and in each half of a side-by-side comparison (both halves draw the same camera).
 */
import { PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { comparePanes, framePose, frameView, paneNdc, type FrameView, type ScreenRect } from '../../src/app/shell/camera/framing.ts';

const CANVAS: ScreenRect = { left: 0, top: 0, right: 1280, bottom: 800 };
/** The settings panel on the right, the status panel in the top left corner (short) or tall. */
const GUI: ScreenRect = { left: 968, top: 0, right: 1268, bottom: 800 };
const HUD: ScreenRect = { left: 12, top: 12, right: 384, bottom: 200 };
const TALL_HUD: ScreenRect = { ...HUD, bottom: 700 };
const FOV = 50;
const BOXES = [
  { min: [-30, 0, -30], max: [30, 10, 30] }, // a flat field
  { min: [0, 0, 0], max: [10, 40, 10] }, // a tower
  { min: [-5, -5, -5], max: [5, 5, 5] },
];

/**
 * Page x, y of each corner of `b` seen by the camera framed for `view`, drawn as the app draws
 * it: into a viewport `drawWidth` wide (the canvas, or a half of it) whose left edge is at `left`.
 */
function cornersOnPage(b: { min: number[]; max: number[] }, view: FrameView, left: number, drawWidth: number): { x: number; y: number }[] {
  const pose = framePose(b, FOV, view);
  const cam = new PerspectiveCamera(FOV, drawWidth / 800, pose.near, pose.far);
  cam.position.fromArray(pose.position);
  cam.lookAt(new Vector3().fromArray(pose.target));
  cam.updateMatrixWorld();
  const out: { x: number; y: number }[] = [];
  for (let k = 0; k < 8; k++) {
    const p = new Vector3(k & 1 ? b.max[0] : b.min[0], k & 2 ? b.max[1] : b.min[1], k & 4 ? b.max[2] : b.min[2]).project(cam);
    out.push({ x: left + ((p.x + 1) / 2) * drawWidth, y: ((1 - p.y) / 2) * 800 });
  }
  return out;
}

describe('framing', () => {
  it('one view: every corner of the scene shows in the part no panel covers, and the fit is tight', () => {
    for (const hud of [HUD, TALL_HUD]) {
      const view = frameView(CANVAS, [GUI, hud], false);
      expect(view.width).toBe(1280);
      const ins = view.insets;
      const free = { left: ins.left, top: ins.top, right: 1280 - ins.right, bottom: 800 - ins.bottom };
      // The free part is clear of both panels: the short status box hangs over a top margin,
      // the tall one covers the left side.
      for (const p of [GUI, hud]) {
        const overlap =
          Math.min(free.right, p.right) > Math.max(free.left, p.left) && Math.min(free.bottom, p.bottom) > Math.max(free.top, p.top);
        expect(overlap, JSON.stringify({ free, p })).toBe(false);
      }
      expect(hud === HUD ? ins.top : ins.left).toBeGreaterThan(0);
      for (const b of BOXES) {
        const pts = cornersOnPage(b, view, 0, 1280);
        const xs = pts.map((p) => p.x);
        const ys = pts.map((p) => p.y);
        expect(Math.min(...xs)).toBeGreaterThanOrEqual(free.left - 1e-6);
        expect(Math.max(...xs)).toBeLessThanOrEqual(free.right + 1e-6);
        expect(Math.min(...ys)).toBeGreaterThanOrEqual(free.top - 1e-6);
        expect(Math.max(...ys)).toBeLessThanOrEqual(free.bottom + 1e-6);
        // Tight: some corner comes within 10 % of an edge of the free part (1.06 is the margin framing adds).
        const [cx, cy] = [(free.left + free.right) / 2, (free.top + free.bottom) / 2];
        const u = xs.map((x) => Math.abs(x - cx) / ((free.right - free.left) / 2));
        const v = ys.map((y) => Math.abs(y - cy) / ((free.bottom - free.top) / 2));
        expect(Math.max(...u, ...v)).toBeGreaterThan(0.9);
      }
    }
  });

  it('side by side: the panes sit beside the settings panel, draw the same camera, and show the scene whole, clear of the panels', () => {
    // The status panel with a comparison's table is about half the view's height.
    const COMPARE_HUD = { ...HUD, bottom: 432 };
    for (const hud of [HUD, COMPARE_HUD, TALL_HUD]) {
      const span = comparePanes(CANVAS, [GUI, hud]);
      // Never under the settings panel (a status panel of nearly the full height shares the
      // room: the panes keep half the canvas).
      if (hud !== TALL_HUD) expect(span).toEqual({ left: 0, width: GUI.left });
      expect(span.width).toBeGreaterThanOrEqual(640 - 1e-6);
      const view = frameView(CANVAS, [GUI, hud], true);
      expect(view.width).toBeCloseTo(span.width / 2);
      const w = view.width;
      const ins = view.insets;
      for (const b of BOXES) {
        for (const x0 of [span.left, span.left + w]) {
          const pts = cornersOnPage(b, view, x0, w);
          const xs = pts.map((p) => p.x);
          const ys = pts.map((p) => p.y);
          expect(Math.min(...xs)).toBeGreaterThanOrEqual(x0 + ins.left - 1e-6);
          expect(Math.max(...xs), JSON.stringify(b)).toBeLessThanOrEqual(x0 + w - ins.right + 1e-6);
          expect(Math.min(...ys)).toBeGreaterThanOrEqual(ins.top - 1e-6);
          expect(Math.max(...ys)).toBeLessThanOrEqual(800 - ins.bottom + 1e-6);
          if (hud !== TALL_HUD) {
            const underHud = pts.some((p) => p.x < hud.right && p.y < hud.bottom);
            expect(underHud, JSON.stringify({ b, insets: ins })).toBe(false);
          }
        }
      }
    }
    // The whole canvas's fit drawn into a pane spills out of it: the panes need their own.
    const spilled = cornersOnPage(BOXES[0], frameView(CANVAS, [GUI, HUD], false), 0, 484).map((p) => p.x);
    expect(Math.min(...spilled) < 0 || Math.max(...spilled) > 484).toBe(true);
  });

  it('side-by-side insets: a short status box takes the top margin; DOMRects work as plain rectangles', () => {
    expect(frameView(CANVAS, [GUI, HUD], true)).toEqual({ width: 484, height: 800, insets: { left: 0, right: 0, top: 200, bottom: 0 } });
    // The app passes DOMRects, whose fields are getters on the prototype.
    class RectLike {
      get left() {
        return 0;
      }
      get top() {
        return 0;
      }
      get right() {
        return 1280;
      }
      get bottom() {
        return 800;
      }
    }
    expect(frameView(new RectLike(), [GUI, HUD], true)).toEqual(frameView(CANVAS, [GUI, HUD], true));
    expect(frameView(CANVAS, [GUI, { ...HUD, bottom: 432 }], true).insets).toEqual({ left: 0, right: 0, top: 432, bottom: 0 });
    // Clicks map to the pane under them: its middle is NDC 0 of that pane.
    const span = comparePanes(CANVAS, [GUI, HUD]);
    const ndcOf = (px: number) => (px / 1280) * 2 - 1;
    expect(paneNdc(ndcOf(242), 1280, span)).toBeCloseTo(0);
    expect(paneNdc(ndcOf(726), 1280, span)).toBeCloseTo(0);
    expect(paneNdc(ndcOf(485), 1280, span)).toBeCloseTo(-1, 1);
  });
});
