import type { HelpEntry } from './ui/Overlay.ts';

/** A keyboard shortcut: what the help overlay lists and what runs. */
export interface Shortcut extends HelpEntry {
  /** Whether a keydown event triggers it. */
  match(e: KeyboardEvent): boolean;
  run(e: KeyboardEvent): void;
}

const plain = (e: KeyboardEvent) => !e.ctrlKey && !e.metaKey && !e.altKey;

/** Matches `code` (layout-independent: 'KeyF', 'Space', 'Escape') without modifiers. */
export const key = (code: string, shift: boolean | null = false) => (e: KeyboardEvent): boolean =>
  plain(e) && e.code === code && (shift === null || e.shiftKey === shift);

/** Matches Ctrl/Cmd + `code`, with or without Shift. */
export const ctrl = (code: string, shift = false) => (e: KeyboardEvent): boolean =>
  (e.ctrlKey || e.metaKey) && !e.altKey && e.code === code && e.shiftKey === shift;

/** Mouse and held-key controls: listed in the help overlay, handled by CameraRig and the tools. */
export const POINTER_HELP: HelpEntry[] = [
  { group: 'Mouse', keys: 'Click', action: 'Set the start (waypoint or voxel face)' },
  { group: 'Mouse', keys: 'Right-click', action: 'Set the goal' },
  { group: 'Mouse', keys: 'Hover', action: 'Show a waypoint\'s id and position' },
  { group: 'Mouse', keys: 'Drag', action: 'Orbit: rotate · Fly: look around' },
  { group: 'Mouse', keys: 'Right-drag', action: 'Orbit: pan' },
  { group: 'Mouse', keys: 'Wheel', action: 'Orbit: zoom · Fly: flying speed' },
  { group: 'Fly mode', keys: 'W / A / S / D', action: 'Forward, left, back, right' },
  { group: 'Fly mode', keys: 'Q / E', action: 'Down, up' },
  { group: 'Fly mode', keys: 'Shift', action: 'Hold for 4× speed' },
  { group: 'Files', keys: 'Drop', action: 'Drop a scene .json or a .3dmap on the window to load it' },
];
