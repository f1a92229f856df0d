/**
 * Where a tooltip goes: beside the pointer, inside the window and off the panels. Shared by
 * the waypoint tooltip and the search node readout.
 */

/** A screen rectangle in CSS pixels (DOMRect's fields). */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Gap between the pointer and the tooltip, CSS px. */
export const TIP_GAP = 12;
/** Least distance from the window's edge, CSS px. */
export const TIP_MARGIN = 4;

const overlap = (a: Rect, b: Rect): number =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/**
 * The top-left corner for a `width` x `height` tooltip about pointer (x, y) in a window of
 * `view` size, keeping clear of `panels`. Preferred: below right of the pointer; near the
 * right edge it flips to the left, near the bottom above. When no side of the pointer fits
 * (a tooltip too big for the space left), the place inside the window that covers the least
 * panel area wins, beside a panel or clamped to the window.
 */
export function placeTip(
  x: number,
  y: number,
  width: number,
  height: number,
  view: { width: number; height: number },
  panels: readonly Rect[],
  gap = TIP_GAP,
): { left: number; top: number } {
  const m = TIP_MARGIN;
  const clampX = (l: number) => Math.max(m, Math.min(view.width - m - width, l));
  const clampY = (t: number) => Math.max(m, Math.min(view.height - m - height, t));
  const right = x + gap,
    left = x - gap - width,
    below = y + gap,
    above = y - gap - height;
  const sides: [number, number][] = [
    [right, below],
    [left, below],
    [right, above],
    [left, above],
  ];
  const inside = ([l, t]: [number, number]) => l >= m && t >= m && l + width <= view.width - m && t + height <= view.height - m;
  const cover = ([l, t]: [number, number]) =>
    panels.reduce((s, p) => s + overlap({ left: l, top: t, right: l + width, bottom: t + height }, p), 0);
  for (const s of sides) if (inside(s) && cover(s) === 0) return { left: s[0], top: s[1] };
  // Nothing fits as it is: clamped sides, and places just beside each panel.
  const near: [number, number][] = sides.map(([l, t]) => [clampX(l), clampY(t)]);
  for (const p of panels) {
    for (const t of [clampY(below), clampY(above)]) near.push([clampX(p.left - m - width), t], [clampX(p.right + m), t]);
    for (const l of [clampX(right), clampX(left)]) near.push([l, clampY(p.top - m - height)], [l, clampY(p.bottom + m)]);
  }
  let best = near[0];
  let bestCover = cover(best);
  for (const s of near) {
    const c = cover(s);
    if (c < bestCover) [best, bestCover] = [s, c];
  }
  return { left: best[0], top: best[1] };
}

/** The panels tooltips keep clear of: the settings panel (lil-gui), the status and FPS panels, notices. */
export const TIP_OBSTACLES = '.lil-gui.lil-root, #hud, #fps, #notices .notice';

/**
 * Shows `el` (a position: fixed tooltip, already filled) next to pointer (x, y) per placeTip,
 * measuring it and the visible panels.
 */
export function placeTipElement(el: HTMLElement, x: number, y: number): void {
  const box = el.getBoundingClientRect();
  const panels = [...document.querySelectorAll(TIP_OBSTACLES)]
    .filter((p) => p !== el && !(p as HTMLElement).hidden)
    .map((p) => p.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0);
  const at = placeTip(x, y, box.width, box.height, { width: window.innerWidth, height: window.innerHeight }, panels);
  el.style.left = `${Math.round(at.left)}px`;
  el.style.top = `${Math.round(at.top)}px`;
}
