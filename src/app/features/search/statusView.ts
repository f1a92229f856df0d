import type { RunState } from './labSettings.ts';
import { int, ms, num } from '../../shell/dom/format.ts';
import { clip } from '../../shell/dom/clip.ts';
import { h, withKeys, type Child } from '../../shell/dom/dom.ts';
import { ERROR_CHARS } from '../../shell/ui/Overlay.ts';

/**
 * The search status as elements: one run as a headline and two lines, two runs as a table
 * (cells carry data-key / data-row / data-status for tests and tools). Labels, notes and
 * messages are text. `unsearchable`: why the scene offers nothing to search (shown while idle).
 */
export function statusNodes(states: RunState[], unsearchable: string | null = null): Child[] {
  if (unsearchable !== null && states.every((s) => s.phase === 'idle')) return [line(`Nothing to search: ${unsearchable}.`)];
  return states.length === 1 ? single(states[0]) : table(states);
}

function chip(s: RunState): HTMLElement {
  const name = s.phase === 'done' ? s.status! : s.phase;
  return h('span', { class: `chip ${name}` }, name);
}

/** What a non-found result means, in words. */
function explain(s: RunState): string {
  const d = num(s.goalDistance);
  switch (s.status) {
    case 'unreachable':
      return `No path: the goal cannot be reached. Drawn to the closest reachable node, ${d} from the goal.`;
    case 'partial':
      return `Expansion budget used up. Drawn to the closest node so far, ${d} from the goal.`;
    case 'cancelled':
      return `Cancelled. Drawn to the closest node so far, ${d} from the goal.`;
    default:
      return '';
  }
}

const line = (...parts: Child[]) => h('div', { class: 'line' }, ...parts);
const span = (...parts: Child[]) => h('span', null, ...parts);
const note = (text: string) => h('div', { class: 'note' }, text);
const errorBox = (text: string) => h('div', { class: 'error' }, clip(text, ERROR_CHARS));

function single(s: RunState): Child[] {
  if (s.phase === 'idle') return [line(...withKeys('Press [R] or Run to search. Click sets the start, right-click the goal.'))];
  if (s.phase === 'error') return [h('div', { class: 'headline' }, chip(s)), errorBox(s.message)];
  const head = h('div', { class: 'headline' }, chip(s), h('span', { class: 'config' }, s.label));
  if (s.phase === 'running') return [head, line(span(`${int(s.expanded)} expanded`), span(ms(s.ms)))];
  return [
    head,
    line(span('cost ', h('b', null, num(s.cost))), span(`length ${num(s.length)}`), span(`${int(s.nodes)} nodes`)),
    line(span(`${int(s.expanded)} expanded`), span(`${int(s.open)} open`), span(ms(s.ms))),
    s.status !== 'found' && note(explain(s)),
    s.note !== null && note(s.note),
  ];
}

const ROWS: [string, (s: RunState) => string][] = [
  ['cost', (s) => num(s.cost)],
  ['length', (s) => num(s.length)],
  ['nodes', (s) => int(s.nodes)],
  ['expanded', (s) => int(s.expanded)],
  ['open', (s) => int(s.open)],
  ['time', (s) => ms(s.ms)],
];

function table(states: RunState[]): Child[] {
  const cell = (s: RunState, name: string, f: (s: RunState) => string) =>
    h(
      'td',
      { 'data-key': s.key, 'data-row': name },
      s.phase === 'done' ? f(s) : s.phase === 'running' && name === 'expanded' ? int(s.expanded) : '—',
    );
  const t = h(
    'table',
    null,
    h('tr', null, h('th'), ...states.map((s) => h('th', { style: 'text-align:right', 'data-key': s.key }, `${s.key}: ${s.label}`))),
    h(
      'tr',
      null,
      h('td', { class: 'label' }, 'status'),
      ...states.map((s) => h('td', { 'data-key': s.key, 'data-status': s.status ?? s.phase }, chip(s))),
    ),
    ...ROWS.map(([name, f]) => h('tr', null, h('td', { class: 'label' }, name), ...states.map((s) => cell(s, name, f)))),
  );
  const notes = states.map((s) => {
    if (s.phase === 'error') return errorBox(`${s.key}: ${s.message}`);
    const parts = [s.status !== null && s.status !== 'found' ? explain(s) : '', s.note ?? ''].filter((x) => x !== '');
    return parts.length > 0 && note(`${s.key}: ${parts.join(' ')}`);
  });
  const [a, b] = states;
  const ratio =
    states.length === 2 &&
    states.every((s) => s.phase === 'done' && s.expanded > 0) &&
    line(
      `${b.expanded >= a.expanded ? 'B' : 'A'} expanded ${num(Math.max(a.expanded, b.expanded) / Math.min(a.expanded, b.expanded), 1)}× as many nodes.`,
    );
  return [t, ratio, ...notes];
}
