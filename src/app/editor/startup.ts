import type { App } from '../App.ts';
import type { Editor } from './Editor.ts';
import { decodeShare } from './share.ts';

/**
 * Opens the first scene: a shared link in the URL hash (scene and query), else the autosaved
 * edited document (with a note offering the shipped scene instead), else the default scene.
 * A damaged link or save is reported and the default scene is opened. Rejects only when the
 * default scene itself cannot be loaded.
 */
export async function openStartScene(app: App, editor: Editor, defaultName: string): Promise<void> {
  let problem: string | null = null;
  try {
    const shared = await decodeShare(location.hash);
    if (shared !== null) {
      await app.loadScene(shared.json ?? shared.name!);
      if (shared.from !== null) app.setEndpoint('start', shared.from);
      if (shared.to !== null) app.setEndpoint('goal', shared.to);
      return;
    }
  } catch (e) {
    problem = `Could not open the shared link: ${(e as Error).message}`;
  }
  const saved = problem === null ? editor.autosave.load() : null;
  if (saved !== null) {
    try {
      await app.loadScene(saved.text);
      showRestoreNote(app, editor, saved.name, saved.savedAt, defaultName);
      return;
    } catch (e) {
      problem = `Could not restore the autosaved scene: ${(e as Error).message}`;
    }
  }
  await app.loadScene(defaultName);
  if (problem !== null) app.overlay.setError(problem);
}

/** The note "restored your edited scene", with a button back to the shipped scene. */
function showRestoreNote(app: App, editor: Editor, name: string, savedAt: number, defaultName: string): void {
  const note = document.createElement('div');
  note.id = 'restore-note';
  const time = new Date(savedAt).toLocaleString();
  const text = document.createElement('span');
  text.textContent = `Restored your edited scene “${name}” (autosaved ${time}).`;
  const back = document.createElement('button');
  back.textContent = 'Open the shipped scene instead';
  back.onclick = () => {
    editor.autosave.clear();
    note.hidden = true;
    app.loadScene(defaultName).catch(() => {});
  };
  const close = document.createElement('button');
  close.className = 'close';
  close.title = 'Keep the restored scene';
  close.textContent = '×';
  close.onclick = () => void (note.hidden = true);
  note.append(text, back, close);
  document.body.appendChild(note);
}
