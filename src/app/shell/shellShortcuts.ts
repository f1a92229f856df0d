import type { App } from './Shell.ts';
import { ctrl, key, type Shortcut } from './input/shortcuts.ts';

/** The app's own keyboard shortcuts: view, search and undo (the editor and agents add theirs). */
export function appShortcuts(app: App): Shortcut[] {
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
    app.onLabChanged();
  });
  add(
    'View',
    '[ / ]',
    'Cut away the world above a height: lower / raise the cut',
    (e) => key('BracketLeft')(e) || key('BracketRight')(e),
    (e) => {
      app.stepCut(e.code === 'BracketLeft' ? -1 : 1);
      app.onLabChanged();
    },
  );
  add('Search', 'R', 'Run the search (both when comparing)', key('KeyR'), () => app.runSearch());
  add('Search', 'Esc', 'Cancel a running search or load · close help', key('Escape', null), () => {
    if (app.overlay.helpVisible) app.overlay.toggleHelp(false);
    else if (app.loader.busy) app.loader.cancel();
    else app.lab.cancel();
  });
  add('Search', 'X', 'Clear the search views', key('KeyX'), () => app.lab.clear());
  add('Search', 'G', 'Switch graph: waypoints / voxel grid', key('KeyG'), () => {
    if (!app.lab.hasGrid) return;
    app.lab.settings.graph = app.lab.settings.graph === 'grid' ? 'waypoints' : 'grid';
    app.graphChanged();
  });
  add('Search', 'V', 'Compare: show A / B (toggle view)', key('KeyV'), () => {
    app.lab.settings.shown = app.lab.settings.shown === 'A' ? 'B' : 'A';
    app.labChanged();
  });
  add('Edit', 'Ctrl+Z', 'Undo', ctrl('KeyZ'), () => app.history.undo());
  add(
    'Edit',
    'Ctrl+Shift+Z / Ctrl+Y',
    'Redo',
    (e) => ctrl('KeyZ', true)(e) || ctrl('KeyY')(e),
    () => app.history.redo(),
  );
  return list;
}
