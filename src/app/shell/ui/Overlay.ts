import { clip } from '../dom/clip.ts';
import type { HelpEntry } from '../input/shortcuts.ts';
import { append, h, withKeys, type Child } from '../dom/dom.ts';
import { placeTipElement } from '../dom/tipPlacement.ts';

/** Longest error message shown (messages may quote whole inputs). */
export const ERROR_CHARS = 600;

/** A piece of tooltip text. */
export interface TooltipPart {
  text: string;
  strong: boolean;
}

/** A legend entry: a swatch (`style`: its CSS, `wide` for a gradient) and its text. */
export function legendItem(style: string, text: string, wide = false): HTMLElement {
  return h('span', null, h('i', { style, ...(wide ? { class: 'wide' } : {}) }), text);
}

/** An element with attributes, appended to `parent` when given. */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  parent?: HTMLElement,
): HTMLElementTagNameMap[K] {
  const e = h(tag, attrs);
  parent?.appendChild(e);
  return e;
}

/**
 * The HTML around the 3D view: the status panel (scene, start/goal, a section the features
 * fill: search results and legends), the FPS/frame-time panel, the help overlay, the waypoint tooltip, the loading indicator and the
 * labels of a side-by-side comparison. Everything is built as elements and text nodes, never
 * parsed from HTML, and only rewritten when what it shows changed.
 */
export class Overlay {
  readonly hud = el('div', { id: 'hud', class: 'panel' });
  private readonly sceneName: HTMLElement;
  private readonly sceneInfo: HTMLElement;
  private readonly ends: HTMLElement;
  /** The section below start and goal: the features append their status and legends here. */
  readonly section: HTMLElement;
  private readonly error: HTMLElement;
  private readonly agents: HTMLElement;
  private readonly hint: HTMLElement;
  private readonly fps = el('div', { id: 'fps', class: 'panel' });
  private readonly fpsText: HTMLElement;
  private readonly spark: HTMLCanvasElement;
  private readonly help = el('div', { id: 'help', hidden: '' });
  private readonly tooltip = el('div', { id: 'tooltip', class: 'panel', hidden: '' });
  private readonly loading = el('div', { id: 'loading', class: 'panel', hidden: '' });
  private readonly labels = [el('div', { class: 'view-label panel', hidden: '' }), el('div', { class: 'view-label panel', hidden: '' })];
  readonly drop = el('div', { id: 'drop', hidden: '' });
  private readonly frameTimes = new Float32Array(90);
  private frameIndex = 0;
  private fpsFrames = 0;
  private fpsSince = performance.now();
  private cache = new Map<HTMLElement, string>();
  private onCancelLoad: (() => void) | null = null;

  constructor(root: HTMLElement = document.body) {
    const brand = el('div', { class: 'brand' }, this.hud);
    brand.append(h('b', null, 'navlab'), h('span', null, '3D navigation sandbox'));
    this.sceneName = el('div', { class: 'scene-name' }, this.hud);
    this.sceneInfo = el('div', { class: 'scene-info' }, this.hud);
    this.section = el('div', { class: 'section' }, this.hud);
    this.ends = el('div', { class: 'ends' }, this.section);
    this.agents = el('div', { class: 'section agents', id: 'agents' }, this.hud);
    this.error = el('div', { class: 'error', id: 'error' }, this.hud);
    this.hint = el('div', { class: 'hint' }, this.hud);
    this.fpsText = el('span', {}, this.fps);
    this.spark = el('canvas', { width: '180', height: '44' }, this.fps);
    this.loading.append(h('div', { class: 'spinner' }), h('span'), h('button', { type: 'button' }, 'Cancel'));
    this.loading.querySelector('button')!.addEventListener('click', () => this.onCancelLoad?.());
    // A click beside the help panel closes it.
    this.help.addEventListener('click', (e) => {
      if (e.target === this.help) this.toggleHelp(false);
    });
    for (const e of [this.hud, this.fps, this.help, this.tooltip, this.loading, ...this.labels, this.drop]) root.appendChild(e);
  }

  /** The scene's name (text from its document, shortened) and summary. */
  setScene(name: string, info: string): void {
    this.text(this.sceneName, clip(name));
    this.text(this.sceneInfo, info);
  }

  setEndpoints(start: string, goal: string, graph: string): void {
    this.nodes(this.ends, [start, goal, graph], () => [
      h('span', { class: 's' }, h('i'), 'start ', h('b', null, clip(start, 60))),
      h('span', { class: 'g' }, h('i'), 'goal ', h('b', null, clip(goal, 60))),
      h('span', null, graph),
    ]);
  }

  /** The agents line; `data` goes to data-* attributes (exact values for tests and tools). */
  setAgents(text: string, data: Record<string, string | number | boolean> = {}): void {
    this.text(this.agents, text);
    for (const [k, v] of Object.entries(data)) this.agents.dataset[k] = String(v);
  }

  /** The error line (text, at most ERROR_CHARS characters); null clears it. */
  setError(message: string | null): void {
    this.text(this.error, clip(message ?? '', ERROR_CHARS));
  }

  /** The hint line: text with keys in brackets ("[R] run"), shown as keys. */
  setHint(text: string): void {
    this.nodes(this.hint, text, () => withKeys(text));
  }

  /** The loading box (null hides it); `onCancel` is what its Cancel button does. */
  setLoading(text: string | null, onCancel?: () => void): void {
    this.loading.hidden = text === null;
    this.onCancelLoad = onCancel ?? null;
    this.loading.querySelector('button')!.hidden = onCancel === undefined;
    if (text !== null) this.text(this.loading.querySelector('span')!, text);
  }

  /** Labels over the two panes of a side-by-side comparison (null hides them); `centres`: their page x (default: the halves' middles). */
  setViewLabels(labels: [string, string] | null, centres?: [number, number]): void {
    this.labels.forEach((l, i) => {
      l.hidden = labels === null;
      if (labels === null) return;
      this.text(l, labels[i]);
      l.style.left = centres === undefined ? (i === 0 ? '25%' : '75%') : `${centres[i]}px`;
    });
  }

  /**
   * The tooltip about page position (x, y) (placed by placeTip): `parts` are shown as text
   * (bold when `strong`), one after the other; null hides it. Text, never HTML: tooltips show
   * ids and labels from documents.
   */
  showTooltip(x: number, y: number, parts: TooltipPart[] | null): void {
    this.tooltip.hidden = parts === null;
    if (parts === null) return;
    const key = JSON.stringify(parts);
    if (this.cache.get(this.tooltip) !== key) {
      this.cache.set(this.tooltip, key);
      this.tooltip.replaceChildren(
        ...parts.flatMap((p, i) => {
          const e = document.createElement(p.strong ? 'b' : 'span');
          e.textContent = p.text;
          return i === 0 ? [e] : [' ', e];
        }),
      );
    }
    // Beside the pointer, flipped or moved to stay in the window and off the panels.
    placeTipElement(this.tooltip, x, y);
  }

  /** Fills the help overlay (grouped shortcut table). */
  setHelp(entries: HelpEntry[]): void {
    const groups = [...new Set(entries.map((e) => e.group))];
    const keys = (e: HelpEntry) => e.keys.split(' / ').flatMap((k, i) => (i === 0 ? [h('kbd', null, k)] : [' ', h('kbd', null, k)]));
    const col = (gs: string[]) =>
      h(
        'div',
        null,
        ...gs.flatMap((g) => [
          h('h3', null, g),
          h(
            'table',
            null,
            ...entries.filter((e) => e.group === g).map((e) => h('tr', null, h('td', null, ...keys(e)), h('td', null, e.action))),
          ),
        ]),
      );
    const half = Math.ceil(groups.length / 2);
    this.help.replaceChildren(
      h(
        'div',
        { class: 'panel' },
        h('h2', null, 'Keyboard and mouse'),
        h('div', { class: 'cols' }, col(groups.slice(0, half)), col(groups.slice(half))),
      ),
    );
  }

  get helpVisible(): boolean {
    return !this.help.hidden;
  }

  toggleHelp(show = this.help.hidden): void {
    this.help.hidden = !show;
  }

  /**
   * Called on every animation frame: `frameMs` is the main-thread time of a frame that was
   * drawn, or null when nothing needed drawing. Refreshes the FPS panel twice a second.
   */
  frame(frameMs: number | null): void {
    if (frameMs !== null) {
      this.frameTimes[this.frameIndex++ % this.frameTimes.length] = frameMs;
      this.fpsFrames++;
    }
    const t = performance.now();
    if (t - this.fpsSince < 500) return;
    const fps = (1000 * this.fpsFrames) / (t - this.fpsSince);
    const idle = this.fpsFrames < 3;
    this.fpsFrames = 0;
    this.fpsSince = t;
    const n = Math.min(this.frameIndex, this.frameTimes.length);
    let sum = 0;
    let max = 0;
    for (let i = 0; i < n; i++) {
      sum += this.frameTimes[i];
      max = Math.max(max, this.frameTimes[i]);
    }
    // Frames are drawn on demand: a still view draws none, so a rate only means something while animating.
    const mean = (sum / Math.max(1, n)).toFixed(1);
    const rate = idle ? null : String(Math.round(fps));
    this.nodes(this.fpsText, [rate, mean, max], () => [
      ...(rate === null ? ['on demand'] : [h('b', null, rate), ' fps']),
      ' · ',
      h('b', null, mean),
      ' ms/frame ',
      h('span', { title: 'slowest of the last 90 frames' }, `(max ${max.toFixed(0)})`),
    ]);
    this.drawSpark(n);
  }

  private drawSpark(n: number): void {
    const c = this.spark.getContext('2d');
    if (c === null) return;
    const w = this.spark.width;
    const h = this.spark.height;
    c.clearRect(0, 0, w, h);
    // 33 ms at the top; a line at 16.7 ms (60 fps).
    const y = (v: number) => h - Math.min(1, v / 33.3) * (h - 2) - 1;
    c.strokeStyle = 'rgba(148,163,184,0.35)';
    c.beginPath();
    c.moveTo(0, y(16.7));
    c.lineTo(w, y(16.7));
    c.stroke();
    c.strokeStyle = '#38bdf8';
    c.lineWidth = 2;
    c.beginPath();
    const len = this.frameTimes.length;
    for (let k = 0; k < n; k++) {
      const v = this.frameTimes[(this.frameIndex - n + k + len) % len];
      const x = (k / (len - 1)) * w;
      if (k === 0) c.moveTo(x, y(v));
      else c.lineTo(x, y(v));
    }
    c.stroke();
  }

  private text(e: HTMLElement, s: string): void {
    if (this.cache.get(e) === s) return;
    this.cache.set(e, s);
    e.textContent = s;
  }

  /** Replaces `e`'s children with `build()` when `what` (JSON-compared) changed. */
  nodes(e: HTMLElement, what: unknown, build: () => Child[]): void {
    const key = JSON.stringify(what);
    if (this.cache.get(e) === key) return;
    this.cache.set(e, key);
    e.replaceChildren();
    append(e, build());
  }
}
