import type { CameraRig } from './camera/CameraRig.ts';
import { key, type Shortcut } from './input/shortcuts.ts';
import type { Signal } from './base/signal.ts';
import type { Overlay } from './ui/Overlay.ts';
import type { ViewToggles } from './views/SceneViews.ts';

/** What the view keys act on (the shell). */
export interface ViewControls {
  readonly overlay: Pick<Overlay, 'toggleHelp'>;
  readonly rig: Pick<CameraRig, 'toggleMode'>;
  readonly toggles: ViewToggles;
  readonly changed: Signal;
  frameScene(): void;
  applyToggles(): void;
  stepCut(direction: -1 | 1): void;
}

/** The shell's own keyboard shortcuts: the view (the features add theirs: search, editing, agents). */
export function shellShortcuts(app: ViewControls): Shortcut[] {
  const list: Shortcut[] = [];
  const add = (group: string, keys: string, action: string, match: (e: KeyboardEvent) => boolean, run: (e: KeyboardEvent) => void) =>
    list.push({ group, keys, action, match, run });
  add(
    'View',
    'H / ?',
    'Show or hide this help',
    (e) => key('KeyH')(e) || (e.key === '?' && !e.ctrlKey),
    () => app.overlay.toggleHelp(),
  );
  add('View', 'F', 'Frame the scene', key('KeyF'), () => app.frameScene());
  add('View', 'C', 'Switch camera: orbit / fly', key('KeyC'), () => app.rig.toggleMode());
  add('View', 'L', 'Show or hide visibility links', key('KeyL'), () => {
    app.toggles.links = !app.toggles.links;
    app.applyToggles();
    app.changed.emit();
  });
  add(
    'View',
    '[ / ]',
    'Cut away the world above a height: lower / raise the cut',
    (e) => key('BracketLeft')(e) || key('BracketRight')(e),
    (e) => {
      app.stepCut(e.code === 'BracketLeft' ? -1 : 1);
      app.changed.emit();
    },
  );
  return list;
}
