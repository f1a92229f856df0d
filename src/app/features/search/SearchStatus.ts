import { css, PALETTE } from '../../shell/stage/palette.ts';
import { h } from '../../shell/dom/dom.ts';
import { legendItem, type Overlay } from '../../shell/ui/Overlay.ts';
import type { StepAlgorithm } from '../../../core/debug/runSteps.ts';
import { RECENT_SIGHT_CHECKS } from './labSteps.ts';
import type { RunState } from './labSettings.ts';
import { statusNodes } from './statusView.ts';

/**
 * The search's part of the status panel (in the overlay's section): the status of the runs
 * (#status), the legend of the drawn search (#legend) and of its steps (#legend-steps: JPS
 * jumps, Lazy Theta* links and checks), each rewritten only when what it shows changed.
 */
export class SearchStatus {
  private readonly status: HTMLElement;
  /** The drawn search's colours; hidden while the scene has nothing to search. */
  private readonly legend: HTMLElement;
  private readonly stepLegend: HTMLElement;
  /** The difference view's legend: nodes only A expanded, only B, both. */
  private readonly diffLegend: HTMLElement;

  constructor(private readonly overlay: Overlay) {
    const section = overlay.section;
    this.status = h('div', { id: 'status', 'data-phase': 'idle' });
    const legend = (this.legend = h('div', { id: 'legend' }));
    const swatch = (c: number, text: string) => legendItem(`background:${css(c)}`, text);
    legend.append(
      legendItem(`background:linear-gradient(90deg, ${css(PALETTE.visitedLow)}, ${css(PALETTE.visitedHigh)})`, 'visited, by cost', true),
      swatch(PALETTE.open, 'open'),
      swatch(PALETTE.path, 'path'),
      swatch(PALETTE.pathPartial, 'partial path'),
    );
    this.stepLegend = h('div', { id: 'legend-steps', hidden: '' });
    this.diffLegend = h('div', { id: 'legend-diff', hidden: '' });
    this.diffLegend.append(
      swatch(PALETTE.onlyA, 'expanded by A only'),
      swatch(PALETTE.onlyB, 'by B only'),
      swatch(PALETTE.bothAB, 'by both'),
    );
    section.append(this.status, legend, this.diffLegend, this.stepLegend);
  }

  /** Shows the difference view's legend while the difference of a comparison is drawn. */
  setDiffLegend(shown: boolean): void {
    this.diffLegend.hidden = !shown;
  }

  /** The search status: one run as a headline and two lines, two runs as a table; `unsearchable` as statusNodes (and no legend). */
  setStatus(states: RunState[], unsearchable: string | null = null): void {
    this.legend.hidden = unsearchable !== null;
    const phase = states.some((s) => s.phase === 'running')
      ? 'running'
      : states.every((s) => s.phase === 'idle')
        ? 'idle'
        : states.some((s) => s.phase === 'error')
          ? 'error'
          : 'done';
    this.status.dataset.phase = phase;
    this.status.dataset.runs = String(states.filter((s) => s.phase !== 'idle').length);
    this.status.dataset.status = states[0]?.status ?? states[0]?.phase ?? 'idle';
    this.overlay.nodes(this.status, [states, unsearchable], () => statusNodes(states, unsearchable));
  }

  /** The legend of the search steps the shown runs draw: JPS's jumps, Lazy Theta*'s links and checks. */
  setStepLegend(algorithms: StepAlgorithm[]): void {
    this.stepLegend.hidden = algorithms.length === 0;
    const line = (c: number, text: string) => h('span', null, h('i', { class: 'line', style: `background:${css(c)}` }), text);
    this.overlay.nodes(this.stepLegend, algorithms, () =>
      algorithms.flatMap((a) =>
        a === 'jps'
          ? [line(PALETTE.jump, 'JPS jump (jump point to its parent)')]
          : [
              line(PALETTE.anyAngle, 'any-angle parent'),
              line(PALETTE.sightPassed, 'sight check passed'),
              line(PALETTE.sightFailed, `sight check failed (last ${RECENT_SIGHT_CHECKS} checks)`),
            ],
      ),
    );
  }
}
