import { isTyping, type Shortcut } from './shortcuts.ts';

/**
 * The keyboard shortcuts in effect: a list (which the help overlay shows) and one keydown
 * listener that runs the first shortcut matching a key press.
 */
export class Keymap {
  readonly list: Shortcut[] = [];
  /** Called after a shortcut ran (the app redraws). */
  afterRun: () => void = () => {};

  add(shortcut: Shortcut): void {
    this.list.push(shortcut);
  }

  /** Listens for key presses on the window. */
  connect(): void {
    window.addEventListener('keydown', this.onKeyDown);
  }

  disconnect(): void {
    window.removeEventListener('keydown', this.onKeyDown);
  }

  private readonly onKeyDown = (e: KeyboardEvent): void => {
    if (isTyping(e) || e.repeat) return;
    // Space and Enter on a focused button press it; they are not shortcuts then.
    if ((e.code === 'Space' || e.code === 'Enter') && (e.target as HTMLElement | null)?.tagName === 'BUTTON') return;
    const s = this.list.find((k) => k.match(e));
    if (s === undefined) return;
    e.preventDefault();
    s.run(e);
    this.afterRun();
  };
}
