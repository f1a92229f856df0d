/**
 * Framing: which part of the 3D view the panels leave free, and where the camera goes to fit
 * a box into that part (of the whole canvas, or of each half of a side-by-side comparison,
 * where both halves draw the same camera).
 */
import { Vector3 } from 'three';

/** Pixels of the canvas covered by panels on each side (CSS px). */
export interface Insets {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** A screen rectangle (DOMRect's fields). */
export interface ScreenRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The canvas margins that panels cover: a panel at least `tall` of the canvas height counts
 * as covering its side (left or right half) up to its inner edge; shorter panels (a status
 * box in a corner) leave the side usable. The visible part keeps at least a third of the width.
 */
export function sideInsets(canvas: ScreenRect, panels: readonly ScreenRect[], tall = 0.4): Insets {
  const w = canvas.right - canvas.left;
  const h = canvas.bottom - canvas.top;
  const out: Insets = { left: 0, right: 0, top: 0, bottom: 0 };
  for (const p of panels) {
    const ph = Math.min(p.bottom, canvas.bottom) - Math.max(p.top, canvas.top);
    // Panels outside the canvas's width (the other half of a comparison) do not cover it.
    if (ph < tall * h || Math.min(p.right, canvas.right) <= Math.max(p.left, canvas.left)) continue;
    const mid = (p.left + p.right) / 2 - canvas.left;
    if (mid < w / 2) out.left = Math.max(out.left, p.right - canvas.left);
    else out.right = Math.max(out.right, canvas.right - p.left);
  }
  return keepThird(out, w);
}

/** Scales the side insets of a view `w` wide down so that at least a third of it stays visible. */
function keepThird(ins: Insets, w: number): Insets {
  if (w - ins.left - ins.right < w / 3) {
    const k = (2 * w) / 3 / Math.max(1, ins.left + ins.right);
    ins.left *= k;
    ins.right *= k;
  }
  return ins;
}

/** An axis-aligned box as scene documents store it. */
export interface BoundsLike {
  min: readonly number[];
  max: readonly number[];
}

/** The view a camera draws into (CSS px) and the margins of it that panels cover. */
export interface FrameView {
  width: number;
  height: number;
  insets: Insets;
}

/**
 * The view framing fits into, clear of the panels: one view (the canvas), or each of the two
 * panes of a side-by-side comparison (comparePanes: beside the settings panel), which draw the
 * same camera, so a margin covered in either is kept free in both. Each panel covers its side
 * (left or right half of the view) up to its inner edge or, when it hangs from the top (the
 * status box in a corner), the top margin down to its bottom edge: whichever choice leaves
 * the larger free part in every view.
 */
export function frameView(canvas: ScreenRect, panels: readonly ScreenRect[], halves: boolean): FrameView {
  const height = canvas.bottom - canvas.top;
  if (!halves) {
    const width = canvas.right - canvas.left;
    return { width, height, insets: clearInsets(canvas, panels, [canvas.left], width, 0) };
  }
  // The two panes share the part of the canvas beside the full-height panels (comparePanes).
  const span = comparePanes(canvas, panels);
  const left = canvas.left + span.left;
  const w = span.width / 2;
  const panes = { left, top: canvas.top, right: left + span.width, bottom: canvas.bottom };
  return { width: w, height, insets: clearInsets(panes, panels, [left, left + w], w, 0) };
}

/** Where a comparison's two panes go: `left` from the canvas's left edge and `width` in all (CSS px). */
export interface PaneSpan {
  left: number;
  width: number;
}

/**
 * The part of the canvas a side-by-side comparison's two panes share: the canvas less the
 * panels that cover the full height of one side (at least `tall` of it: the settings panel),
 * so no pane is drawn under them; at least half the canvas.
 */
export function comparePanes(canvas: ScreenRect, panels: readonly ScreenRect[], tall = 0.8): PaneSpan {
  const width = canvas.right - canvas.left;
  const ins = sideInsets(canvas, panels, tall);
  const covered = Math.min(ins.left + ins.right, width / 2);
  const k = ins.left + ins.right > 0 ? covered / (ins.left + ins.right) : 0;
  return { left: ins.left * k, width: width - covered };
}

/**
 * The insets of views `w` wide starting at `starts` (one, or the two halves) that leave the
 * most of each view's free part uncovered: each panel hanging from the top covers either its
 * side (sideInsets, panels at least `tall` of the height) or the top margin.
 */
function clearInsets(canvas: ScreenRect, panels: readonly ScreenRect[], starts: readonly number[], w: number, tall: number): Insets {
  const height = canvas.bottom - canvas.top;
  // Fields by name: a DOMRect's are getters, which object spread does not copy.
  const { top, bottom } = canvas;
  const hangs = panels.map((p) => p.top - top < 0.1 * height && p.bottom < bottom);
  let best: Insets | null = null;
  let bestArea = -1;
  // Each panel that hangs from the top covers either its side or the top margin.
  for (let mask = 0; mask < 1 << panels.length; mask++) {
    if (panels.some((_, i) => mask & (1 << i) && !hangs[i])) continue;
    const sides = panels.filter((_, i) => !(mask & (1 << i)));
    const ins: Insets = { left: 0, right: 0, top: 0, bottom: 0 };
    for (const x0 of starts) {
      const a = sideInsets({ left: x0, top, right: x0 + w, bottom }, sides, tall);
      ins.left = Math.max(ins.left, a.left);
      ins.right = Math.max(ins.right, a.right);
    }
    panels.forEach((p, i) => {
      if (mask & (1 << i)) ins.top = Math.max(ins.top, Math.min(p.bottom - top, (2 * height) / 3));
    });
    keepThird(ins, w);
    // The free part as seen in each view, less what panels still cover of it there.
    const area = Math.min(
      ...starts.map((x0) => {
        const free = { left: x0 + ins.left, top: top + ins.top, right: x0 + w - ins.right, bottom: bottom - ins.bottom };
        return (free.right - free.left) * (free.bottom - free.top) - panels.reduce((sum, p) => sum + overlapArea(free, p), 0);
      }),
    );
    if (area > bestArea) [best, bestArea] = [ins, area];
  }
  return best!;
}

/**
 * The NDC x, within its own pane, of a point at canvas NDC `x` in a comparison drawn in
 * `span` of a canvas `width` px wide (the left pane for points left of the middle).
 */
export function paneNdc(x: number, width: number, span: PaneSpan): number {
  const px = ((x + 1) / 2) * width;
  const half = span.width / 2;
  const i = px < span.left + half ? 0 : 1;
  return ((px - span.left - i * half) / half) * 2 - 1;
}

const overlapArea = (a: ScreenRect, b: ScreenRect): number =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/** A camera placement: where it is, what it looks at, its clip planes, and the box's radius. */
export interface FramePose {
  position: [number, number, number];
  target: [number, number, number];
  near: number;
  far: number;
  radius: number;
}

/** Direction from the box's centre to the camera: front-right, slightly above. */
const VIEW_DIR = new Vector3(0.62, 0.5, 0.85).normalize();
const UP = new Vector3(0, 1, 0);

/**
 * The horizontal direction (x, z) across the framed view, left to right on the screen: a path
 * along it runs across the picture rather than towards the camera.
 */
export const ACROSS_VIEW: Readonly<{ x: number; z: number }> = Object.freeze({
  x: VIEW_DIR.z / Math.hypot(VIEW_DIR.x, VIEW_DIR.z),
  z: -VIEW_DIR.x / Math.hypot(VIEW_DIR.x, VIEW_DIR.z),
});

/**
 * The camera placement that shows the whole box from VIEW_DIR with a vertical field of view
 * of `fovDeg` degrees, fitted into the uncovered part of `view` with the box's centre in the
 * middle of that part.
 *
 * The camera at distance d looks at c - s d (right tanH cx + up tanV cy) (c: the box's centre),
 * which shows c at NDC (cx, cy), the free part's centre. A corner q (relative to c) at depth
 * d - q.dir then shows at NDC x = (q.right + cx d tanH) / ((d - q.dir) tanH), which must stay
 * within cx +- fx: a bound on d that is linear in each corner, so the least d is exact. (A near
 * corner shows farther from the centre than a far one, also in the shifted direction.)
 */
export function framePose(bounds: BoundsLike, fovDeg: number, view: FrameView): FramePose {
  const c = new Vector3((bounds.min[0] + bounds.max[0]) / 2, (bounds.min[1] + bounds.max[1]) / 2, (bounds.min[2] + bounds.max[2]) / 2);
  const half = new Vector3(bounds.max[0] - bounds.min[0], bounds.max[1] - bounds.min[1], bounds.max[2] - bounds.min[2]).multiplyScalar(0.5);
  const radius = Math.max(1e-3, half.length());
  const dir = VIEW_DIR;
  const right = new Vector3().crossVectors(UP, dir).normalize();
  const up = new Vector3().crossVectors(dir, right);
  const W = Math.max(1, view.width);
  const H = Math.max(1, view.height);
  const tanV = Math.tan((fovDeg * Math.PI) / 360);
  const tanH = (tanV * W) / H;
  // The part of the view no panel covers: its half size in NDC (fx, fy, at least a fifth of
  // the view) and its centre (cx, cy).
  const ins = view.insets;
  const fx = Math.max(0.2, (W - ins.left - ins.right) / W);
  const fy = Math.max(0.2, (H - ins.top - ins.bottom) / H);
  const cx = (ins.left - ins.right) / W;
  const cy = (ins.bottom - ins.top) / H;
  const axes = [
    { axis: right, tan: tanH, mid: cx, f: fx },
    { axis: up, tan: tanV, mid: cy, f: fy },
  ];
  const q = new Vector3();
  let dist = 0;
  for (let k = 0; k < 8; k++) {
    q.set(k & 1 ? half.x : -half.x, k & 2 ? half.y : -half.y, k & 4 ? half.z : -half.z);
    const z = q.dot(dir);
    // In front of the camera, whatever the view.
    dist = Math.max(dist, z + radius * 0.05);
    for (const { axis, tan, mid, f } of axes) {
      const x = q.dot(axis);
      // x + mid d tan <= (mid + f) tan (d - z)  and  x + mid d tan >= (mid - f) tan (d - z).
      dist = Math.max(dist, (x + (mid + f) * tan * z) / (f * tan), -(x + (mid - f) * tan * z) / (f * tan));
    }
  }
  dist *= 1.06;
  const target = c
    .clone()
    .addScaledVector(right, -cx * dist * tanH)
    .addScaledVector(up, -cy * dist * tanV);
  const position = target.clone().addScaledVector(dir, dist);
  return { position: position.toArray(), target: target.toArray(), near: radius / 400, far: radius * 30, radius };
}
