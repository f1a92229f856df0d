import { FILE_HELP } from './fileHelp.ts';

/** A line of the help overlay. */
export interface HelpEntry {
  group: string;
  keys: string;
  action: string;
}

/** A keyboard shortcut: what the help overlay lists and what runs. */
export interface Shortcut extends HelpEntry {
  /** Whether a keydown event triggers it. */
  match(e: KeyboardEvent): boolean;
  run(e: KeyboardEvent): void;
}

const plain = (e: KeyboardEvent) => !e.ctrlKey && !e.metaKey && !e.altKey;

/** Matches `code` (layout-independent: 'KeyF', 'Space', 'Escape') without modifiers. */
export const key =
  (code: string, shift: boolean | null = false) =>
  (e: KeyboardEvent): boolean =>
    plain(e) && e.code === code && (shift === null || e.shiftKey === shift);

/** Matches Ctrl/Cmd + `code`, with or without Shift. */
export const ctrl =
  (code: string, shift = false) =>
  (e: KeyboardEvent): boolean =>
    (e.ctrlKey || e.metaKey) && !e.altKey && e.code === code && e.shiftKey === shift;

/** Mouse and held-key controls: listed in the help overlay, handled by CameraRig and the tools. */
export const POINTER_HELP: HelpEntry[] = [
  { group: 'Mouse', keys: 'Click', action: 'Set the start (waypoint or voxel face)' },
  { group: 'Mouse', keys: 'Right-click', action: 'Set the goal' },
  { group: 'Mouse', keys: 'Hover', action: "Show a waypoint's id and position" },
  { group: 'Mouse', keys: 'Drag', action: 'Orbit: rotate · Fly: look around' },
  { group: 'Mouse', keys: 'Right-drag', action: 'Orbit: pan' },
  { group: 'Mouse', keys: 'Wheel', action: 'Orbit: zoom · Fly: flying speed' },
  { group: 'Fly mode', keys: 'W / A / S / D', action: 'Forward, left, back, right' },
  { group: 'Fly mode', keys: 'Q / E', action: 'Down, up' },
  { group: 'Fly mode', keys: 'Shift', action: 'Hold for 4× speed' },
  ...FILE_HELP,
];

/** Input types that take typed text: while one has focus, keys are the user's text. */
const TEXT_INPUTS = new Set(['text', 'number', 'search', 'email', 'password', 'url', 'tel', 'date', 'time']);

/**
 * Whether `target` takes typed text (a text field, a text area, editable content). Buttons,
 * checkboxes, sliders and selects do not: after a click on one, keys are shortcuts again.
 */
export function isTextEntry(target: EventTarget | null): boolean {
  const t = target as HTMLElement | null;
  if (t === null || typeof t.tagName !== 'string') return false;
  if (t.tagName === 'TEXTAREA' || t.isContentEditable) return true;
  return t.tagName === 'INPUT' && TEXT_INPUTS.has((t as HTMLInputElement).type.toLowerCase());
}

/**
 * Gives the keyboard back to the 3D view after a pointer click on a control inside `root`
 * (button, checkbox, select after a choice): otherwise the control keeps focus and Space
 * presses the last button again instead of running its shortcut. Text fields keep focus,
 * and controls reached with Tab keep it too (the keyboard user is navigating the panel).
 */
export function releaseFocusAfterClick(root: HTMLElement, target: () => HTMLElement): void {
  const release = () => {
    const active = document.activeElement as HTMLElement | null;
    // Already on the target (a press in the view): blurring and focusing it again would only
    // restyle the page.
    if (active === null || active === document.body || active === target() || !root.contains(active) || isTextEntry(active)) return;
    // A select's list is open between pointerup and the choice: wait for 'change'.
    if (active.tagName === 'SELECT') return;
    active.blur();
    target().focus({ preventScroll: true });
  };
  root.addEventListener('pointerup', () => setTimeout(release), true);
  root.addEventListener(
    'change',
    (e) => {
      const t = e.target as HTMLElement;
      if (t.tagName !== 'SELECT' && !(t.tagName === 'INPUT' && (t as HTMLInputElement).type === 'checkbox')) return;
      t.blur();
      target().focus({ preventScroll: true });
    },
    true,
  );
}

/** Whether a key event goes to a text field (then it is not a shortcut; see isTextEntry). */
export function isTyping(e: Event): boolean {
  return isTextEntry(e.target);
}
