import type GUI from 'lil-gui';
import { ctrl, key, type Shortcut } from '../../shell/input/shortcuts.ts';
import type { Shell } from '../../shell/Shell.ts';
import { TOOL_NAMES, type EditSettings } from './editSettings.ts';
import { TERRAIN_KINDS } from './edits.ts';

/** What the Edit panel's buttons and the editing keys ask of the editor. */
export interface EditActions {
  /** The tool or its placement settings changed (plane, previews). */
  toolChanged(): void;
  /** "edit scene-sized geometry" was ticked or unticked. */
  unlockChanged(): void;
  deleteSelected(): void;
  duplicateSelected(): void;
  exportScene(): void;
  /** Downloads the scene's navigation (grid, waypoint graph, settings) as a .navbin. */
  exportNavigation(): void;
  /** Adds seeded random waypoints (randomCount, randomSeed). */
  randomWaypoints(): void;
  share(): void;
  revert(): void;
}

/** The lil-gui "Edit" folder: tool, brush, terrain kind, placement, obstacle shape, agent, undo/redo and the keeping of work. */
export function buildEditPanel(gui: GUI, app: Shell, s: EditSettings, act: EditActions): GUI {
  const f = gui.addFolder('Edit');
  f.add(s, 'tool', [...TOOL_NAMES])
    .name('tool (1-7)')
    .listen()
    .onChange((t: string) => app.tools.use(t));
  f.add(s, 'brush', 1, 5, 1).name('brush (voxels)');
  f.add(s, 'terrain', Object.keys(TERRAIN_KINDS)).name('terrain kind');
  f.add(s, 'place', ['plane', 'depth'])
    .name('in open air')
    .onChange(() => act.toolChanged());
  f.add(s, 'planeHeight')
    .name('plane height')
    .step(0.5)
    .listen()
    .onChange(() => act.toolChanged());
  f.add(s, 'depth', 0.5, 200, 0.5).name('depth');
  f.add(s, 'shape', ['box', 'sphere', 'cylinder']).name('obstacle shape');
  f.add(s, 'size', 0.25, 20, 0.25).name('obstacle size');
  f.add(s, 'agent').name('agent id').listen();
  f.add(s, 'randomCount', 1, 500, 1).name('random waypoints');
  f.add(s, 'randomSeed', 0, 9999, 1).name('random seed');
  f.add({ random: () => act.randomWaypoints() }, 'random').name('Place random waypoints');
  f.add(s, 'unlockLarge')
    .name('edit scene-sized geometry')
    .onChange(() => act.unlockChanged());
  f.add({ undo: () => app.history.undo() }, 'undo').name('Undo (Ctrl+Z)');
  f.add({ redo: () => app.history.redo() }, 'redo').name('Redo (Ctrl+Shift+Z)');
  f.add({ del: () => act.deleteSelected() }, 'del').name('Delete selected (Del)');
  f.add({ dup: () => act.duplicateSelected() }, 'dup').name('Duplicate selected (Ctrl+D)');
  f.add({ exp: () => act.exportScene() }, 'exp').name('Export JSON (Ctrl+S)');
  f.add({ navbin: () => act.exportNavigation() }, 'navbin').name('Export navigation (.navbin)');
  f.add({ imp: () => app.chooseFile() }, 'imp').name('Import JSON…');
  f.add({ share: () => act.share() }, 'share').name('Share link');
  f.add({ revert: () => act.revert() }, 'revert').name('Back to the shipped version');
  for (const c of f.controllers) c.domElement.dataset.testid = `Edit/${c._name}`;
  return f;
}

/** The editing keys: undo and redo, the tools (1-7), delete, duplicate, export. */
export function editShortcuts(app: Shell, act: EditActions): Shortcut[] {
  const list: Shortcut[] = [];
  const add = (keys: string, action: string, match: (e: KeyboardEvent) => boolean, run: () => void) =>
    list.push({ group: 'Edit', keys, action, match, run });
  add('Ctrl+Z', 'Undo', ctrl('KeyZ'), () => app.history.undo());
  add(
    'Ctrl+Shift+Z / Ctrl+Y',
    'Redo',
    (e) => ctrl('KeyZ', true)(e) || ctrl('KeyY')(e),
    () => app.history.redo(),
  );
  TOOL_NAMES.forEach((name, i) => {
    add(String(i + 1), `Tool: ${name}`, key(`Digit${i + 1}`), () => app.tools.use(name));
  });
  add('Del', 'Delete the selected waypoint or obstacle', key('Delete'), () => act.deleteSelected());
  add('Ctrl+D', 'Duplicate the selection', ctrl('KeyD'), () => act.duplicateSelected());
  add('Ctrl+S', 'Export the scene as JSON', ctrl('KeyS'), () => act.exportScene());
  return list;
}
