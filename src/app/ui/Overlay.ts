import type { RunState } from '../search/SearchLab.ts';
import { int, ms, num } from '../search/format.ts';
import { css, PALETTE } from '../render/palette.ts';
import { clip } from './clip.ts';
import { placeTipElement } from './tipPlacement.ts';

/** Longest error message shown (messages may quote whole inputs). */
const ERROR_CHARS = 600;

/** A line of the help overlay. */
export interface HelpEntry {
  group: string;
  keys: string;
  action: string;
}

/** A piece of tooltip text. */
export interface TooltipPart {
  text: string;
  strong: boolean;
}

const esc = (s: string): string => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, parent?: HTMLElement): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  parent?.appendChild(e);
  return e;
}

/**
 * The HTML around the 3D view: the status panel (scene, start/goal, search results), the
 * FPS/frame-time panel, the help overlay, the waypoint tooltip, the loading indicator and the
 * labels of a side-by-side comparison. Text is only written when it changed.
 */
export class Overlay {
  readonly hud = el('div', { id: 'hud', class: 'panel' });
  private readonly sceneName: HTMLElement;
  private readonly sceneInfo: HTMLElement;
  private readonly ends: HTMLElement;
  private readonly status: HTMLElement;
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
    brand.innerHTML = '<b>navlab</b><span>3D navigation sandbox</span>';
    this.sceneName = el('div', { class: 'scene-name' }, this.hud);
    this.sceneInfo = el('div', { class: 'scene-info' }, this.hud);
    const search = el('div', { class: 'section' }, this.hud);
    this.ends = el('div', { class: 'ends' }, search);
    this.status = el('div', { id: 'status', 'data-phase': 'idle' }, search);
    const legend = el('div', { id: 'legend' }, search);
    const swatch = (c: number) => `<i style="background:${css(c)}"></i>`;
    legend.innerHTML = `<span><i class="wide" style="background:linear-gradient(90deg, ${css(PALETTE.visitedLow)}, ${css(PALETTE.visitedHigh)})"></i>visited, by cost</span>`
      + `<span>${swatch(PALETTE.open)}open</span><span>${swatch(PALETTE.path)}path</span><span>${swatch(PALETTE.pathPartial)}partial path</span>`;
    this.agents = el('div', { class: 'section agents', id: 'agents' }, this.hud);
    this.error = el('div', { class: 'error', id: 'error' }, this.hud);
    this.hint = el('div', { class: 'hint' }, this.hud);
    this.fpsText = el('span', {}, this.fps);
    this.spark = el('canvas', { width: '180', height: '44' }, this.fps);
    this.loading.innerHTML = '<div class="spinner"></div><span></span><button type="button">Cancel</button>';
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
    this.html(this.ends, `<span class="s"><i></i>start <b>${esc(clip(start, 60))}</b></span><span class="g"><i></i>goal <b>${esc(clip(goal, 60))}</b></span><span>${esc(graph)}</span>`);
  }

  /** The search status: one run as a headline and two lines, two runs as a table. */
  setStatus(states: RunState[]): void {
    const phase = states.some((s) => s.phase === 'running') ? 'running' : states.every((s) => s.phase === 'idle') ? 'idle' : states.some((s) => s.phase === 'error') ? 'error' : 'done';
    this.status.dataset.phase = phase;
    this.status.dataset.runs = String(states.filter((s) => s.phase !== 'idle').length);
    this.status.dataset.status = states[0]?.status ?? states[0]?.phase ?? 'idle';
    this.html(this.status, states.length === 1 ? single(states[0]) : table(states));
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

  setHint(html: string): void {
    this.html(this.hint, html);
  }

  /** The loading box (null hides it); `onCancel` is what its Cancel button does. */
  setLoading(text: string | null, onCancel?: () => void): void {
    this.loading.hidden = text === null;
    this.onCancelLoad = onCancel ?? null;
    this.loading.querySelector('button')!.hidden = onCancel === undefined;
    if (text !== null) this.text(this.loading.querySelector('span')!, text);
  }

  /** Labels over the two halves of a side-by-side comparison (null hides them). */
  setViewLabels(labels: [string, string] | null): void {
    this.labels.forEach((l, i) => {
      l.hidden = labels === null;
      if (labels === null) return;
      this.text(l, labels[i]);
      l.style.left = i === 0 ? '25%' : '75%';
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
      this.tooltip.replaceChildren(...parts.flatMap((p, i) => {
        const e = document.createElement(p.strong ? 'b' : 'span');
        e.textContent = p.text;
        return i === 0 ? [e] : [' ', e];
      }));
    }
    // Beside the pointer, flipped or moved to stay in the window and off the panels.
    placeTipElement(this.tooltip, x, y);
  }

  /** Fills the help overlay (grouped shortcut table). */
  setHelp(entries: HelpEntry[]): void {
    const groups = [...new Set(entries.map((e) => e.group))];
    const col = (gs: string[]) => gs.map((g) => `<h3>${esc(g)}</h3><table>${entries.filter((e) => e.group === g)
      .map((e) => `<tr><td>${e.keys.split(' / ').map((k) => `<kbd>${esc(k)}</kbd>`).join(' ')}</td><td>${esc(e.action)}</td></tr>`).join('')}</table>`).join('');
    const half = Math.ceil(groups.length / 2);
    this.help.innerHTML = `<div class="panel"><h2>Keyboard and mouse</h2><div class="cols"><div>${col(groups.slice(0, half))}</div><div>${col(groups.slice(half))}</div></div></div>`;
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
    const rate = idle ? 'on demand' : `<b>${Math.round(fps)}</b> fps`;
    this.html(this.fpsText, `${rate} · <b>${(sum / Math.max(1, n)).toFixed(1)}</b> ms/frame <span title="slowest of the last 90 frames">(max ${max.toFixed(0)})</span>`);
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

  private html(e: HTMLElement, s: string): void {
    if (this.cache.get(e) === s) return;
    this.cache.set(e, s);
    e.innerHTML = s;
  }
}

function chip(s: RunState): string {
  const name = s.phase === 'done' ? s.status! : s.phase;
  return `<span class="chip ${name}">${name}</span>`;
}

/** What a non-found result means, in words. */
function explain(s: RunState): string {
  const d = num(s.goalDistance);
  switch (s.status) {
    case 'unreachable': return `No path: the goal cannot be reached. Drawn to the closest reachable node, ${d} from the goal.`;
    case 'partial': return `Expansion budget used up. Drawn to the closest node so far, ${d} from the goal.`;
    case 'cancelled': return `Cancelled. Drawn to the closest node so far, ${d} from the goal.`;
    default: return '';
  }
}

function single(s: RunState): string {
  if (s.phase === 'idle') return '<div class="line">Press <kbd>R</kbd> or Run to search. Click sets the start, right-click the goal.</div>';
  if (s.phase === 'error') return `<div class="headline">${chip(s)}</div><div class="error">${esc(clip(s.message, ERROR_CHARS))}</div>`;
  const head = `<div class="headline">${chip(s)}<span class="config">${esc(s.label)}</span></div>`;
  if (s.phase === 'running') return `${head}<div class="line"><span>${int(s.expanded)} expanded</span><span>${ms(s.ms)}</span></div>`;
  const lines = `<div class="line"><span>cost <b>${num(s.cost)}</b></span><span>length ${num(s.length)}</span><span>${int(s.nodes)} nodes</span></div>`
    + `<div class="line"><span>${int(s.expanded)} expanded</span><span>${int(s.open)} open</span><span>${ms(s.ms)}</span></div>`;
  const why = s.status === 'found' ? '' : `<div class="note">${esc(explain(s))}</div>`;
  const note = s.note === null ? '' : `<div class="note">${esc(s.note)}</div>`;
  return head + lines + why + note;
}

function table(states: RunState[]): string {
  const cell = (s: RunState, name: string, f: (s: RunState) => string) =>
    `<td data-key="${s.key}" data-row="${name}">${s.phase === 'done' ? f(s) : s.phase === 'running' && name === 'expanded' ? int(s.expanded) : '—'}</td>`;
  const rows: [string, (s: RunState) => string][] = [
    ['cost', (s) => num(s.cost)],
    ['length', (s) => num(s.length)],
    ['nodes', (s) => int(s.nodes)],
    ['expanded', (s) => int(s.expanded)],
    ['open', (s) => int(s.open)],
    ['time', (s) => ms(s.ms)],
  ];
  const head = `<tr><th></th>${states.map((s) => `<th style="text-align:right" data-key="${s.key}">${s.key}: ${esc(s.label)}</th>`).join('')}</tr>`
    + `<tr><td class="label">status</td>${states.map((s) => `<td data-key="${s.key}" data-status="${s.status ?? s.phase}">${chip(s)}</td>`).join('')}</tr>`;
  const body = rows.map(([name, f]) => `<tr><td class="label">${name}</td>${states.map((s) => cell(s, name, f)).join('')}</tr>`).join('');
  const notes = states.map((s) => {
    if (s.phase === 'error') return `<div class="error">${s.key}: ${esc(clip(s.message, ERROR_CHARS))}</div>`;
    const parts = [s.status !== null && s.status !== 'found' ? explain(s) : '', s.note ?? ''].filter((t) => t !== '');
    return parts.length === 0 ? '' : `<div class="note">${s.key}: ${esc(parts.join(' '))}</div>`;
  }).join('');
  const ratio = states.length === 2 && states.every((s) => s.phase === 'done' && s.expanded > 0)
    ? `<div class="line">${states[1].expanded >= states[0].expanded ? 'B' : 'A'} expanded ${num(Math.max(states[0].expanded, states[1].expanded) / Math.min(states[0].expanded, states[1].expanded), 1)}× as many nodes.</div>`
    : '';
  return `<table>${head}${body}</table>${ratio}${notes}`;
}
