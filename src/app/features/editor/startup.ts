import type { Shell } from '../../shell/Shell.ts';
import { namesItsProblem } from '../../shell/scene/SceneLoader.ts';
import { clip, oneLine } from '../../shell/dom/clip.ts';
import { showNotice } from '../../shell/dom/notices.ts';
import type { SceneWork } from './SceneWork.ts';
import { decodeShare, SHARED_SCENE_PATH } from './share.ts';

/**
 * Opens the first scene: a shared link in the URL hash (scene and query), else the scene
 * shown last when it has saved edits (with a note offering the shipped version), else the
 * default scene. A damaged link (or one whose meshes cannot be read) is reported in one line,
 * and the scene the user had opens as on any start; a damaged save is set aside with a notice
 * (SceneWork) and the default scene is opened. Rejects only when the default scene itself
 * cannot be loaded.
 */
export async function openStartScene(app: Shell, work: SceneWork, defaultName: string): Promise<void> {
  let problem: string | null = null;
  try {
    if (await openShared(app, location.hash)) return;
  } catch (e) {
    problem = sharedProblem(e);
  }
  const name = work.startupScene();
  if (name !== null) {
    try {
      await app.loadScene(name);
      showRestoreNote(app, work, name, work.saved.get(name)?.savedAt ?? Date.now(), defaultName);
      if (problem !== null) app.overlay.setError(problem);
      return;
    } catch (e) {
      // A save that failed on its document was set aside, with a notice (SceneWork); other failures are told here.
      if (!namesItsProblem(e as Error)) problem ??= oneLine(`Could not restore the autosaved scene: ${(e as Error).message}`);
    }
  }
  await app.loadScene(defaultName);
  if (problem !== null) app.overlay.setError(problem);
}

/**
 * A share link opened in a tab that already shows the app changes only the URL's hash, which
 * reloads nothing: the link is followed here, as on a fresh start. A damaged link is told in one
 * line and the scene shown stays as it was (its edits are in the autosave either way).
 */
export function followShareLinks(app: Shell): void {
  addEventListener('hashchange', () => {
    openShared(app, location.hash).catch((e) => app.overlay.setError(sharedProblem(e)));
  });
}

/** Opens the scene (and query) of a share link; false when `hash` holds no share link. */
async function openShared(app: Shell, hash: string): Promise<boolean> {
  const shared = await decodeShare(hash);
  if (shared === null) return false;
  // A shared scene's relative mesh paths name the app's own scene files, nothing else.
  if (shared.json !== null) await app.loadScene(shared.json, undefined, { path: SHARED_SCENE_PATH });
  else await app.loadScene(shared.name!);
  if (shared.from !== null) app.search.setEndpoint('start', shared.from);
  if (shared.to !== null) app.search.setEndpoint('goal', shared.to);
  return true;
}

const sharedProblem = (e: unknown): string => oneLine(`Could not open the shared link: ${(e as Error).message}`);

/** The note "restored your edits", with the way back to the shipped version (or the default scene). */
function showRestoreNote(app: Shell, work: SceneWork, name: string, savedAt: number, defaultName: string): void {
  const time = new Date(savedAt).toLocaleString();
  const shipped = app.currentEntry?.file != null;
  showNotice('restore-note', `Restored your edits of “${clip(name, 60)}” (autosaved ${time}).`, [
    shipped
      ? { label: 'Back to the shipped version', run: () => void work.revertToShipped() }
      : { label: 'Open the default scene', run: () => void app.loadScene(defaultName).catch(() => {}) },
  ]);
}
