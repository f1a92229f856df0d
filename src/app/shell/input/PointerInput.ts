import { Vector2 } from 'three';
import type { ToolClick } from './tools.ts';

/** A pointer position that moved less than this (px) between down and up is a click. */
const CLICK_SLOP = 5;

/**
 * The pointer over the 3D view: where it is (normalized device coordinates and page
 * pixels), whether it moved since the last look, and clicks (a press and release of the
 * same button that moved at most CLICK_SLOP px; longer moves are camera drags).
 */
export class PointerInput {
  /** Pointer position in normalized device coordinates (-1..1). */
  readonly ndc = new Vector2();
  clientX = 0;
  clientY = 0;
  /** Whether the pointer is over the canvas. */
  inside = false;
  private moved = false;
  private down: { x: number; y: number; button: number } | null = null;

  /**
   * @param click called for each click, with the click's NDC (already mapped by `mapNdc`)
   * @param mapNdc maps a click's NDC to the view it landed in (side-by-side halves)
   */
  constructor(
    private readonly dom: HTMLElement,
    private readonly click: (e: ToolClick) => void,
    private readonly mapNdc: (ndc: { x: number; y: number }) => void = () => {},
  ) {
    dom.addEventListener('contextmenu', (e) => e.preventDefault());
    dom.addEventListener('pointermove', (e) => {
      this.ndcOf(e, this.ndc);
      this.clientX = e.clientX;
      this.clientY = e.clientY;
      this.moved = true;
      this.inside = true;
    });
    dom.addEventListener('pointerleave', () => {
      this.inside = false;
      this.moved = true;
    });
    dom.addEventListener('pointerdown', (e) => {
      this.down = { x: e.clientX, y: e.clientY, button: e.button };
      dom.focus();
    });
    dom.addEventListener('pointerup', (e) => {
      const d = this.down;
      this.down = null;
      if (d === null || d.button !== e.button || Math.hypot(e.clientX - d.x, e.clientY - d.y) > CLICK_SLOP) return;
      const ndc = this.ndcOf(e, { x: 0, y: 0 });
      this.mapNdc(ndc);
      this.click({ button: e.button, ndc, shiftKey: e.shiftKey, altKey: e.altKey });
    });
  }

  /** Whether a button is held (a drag may be under way: no hover then). */
  get pressed(): boolean {
    return this.down !== null;
  }

  /** True once after the pointer moved, entered or left (then hover is worth re-testing). */
  takeMoved(): boolean {
    const m = this.moved;
    this.moved = false;
    return m;
  }

  private ndcOf<T extends { x: number; y: number }>(e: PointerEvent, out: T): T {
    const rect = this.dom.getBoundingClientRect();
    out.x = ((e.clientX - rect.left) / rect.width) * 2 - 1;
    out.y = -((e.clientY - rect.top) / rect.height) * 2 + 1;
    return out;
  }
}
