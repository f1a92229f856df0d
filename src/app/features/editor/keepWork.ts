/** Keeping work outside the app: the scene as a downloaded file, or as a share link. */
import { saveScene } from '../../../scene/validate.ts';
import type { Shell } from '../../shell/Shell.ts';
import { encodeShare } from './share.ts';

/** Downloads the current document as a .json file (a Blob link). */
export function exportScene(app: Shell): void {
  const doc = app.current?.doc;
  if (!doc) return;
  const url = URL.createObjectURL(new Blob([saveScene(doc)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${
    doc.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'scene'
  }.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Puts a link to the current scene and query in the address bar (and the clipboard). */
export async function shareScene(app: Shell): Promise<string | null> {
  const doc = app.current?.doc;
  if (!doc) return null;
  // By name only when the scene is the shipped file, unedited.
  const file = !app.history.canUndo ? (app.currentEntry?.file ?? null) : null;
  const hash = await encodeShare(JSON.stringify(doc), file, app.search.start, app.search.goal);
  if (hash === null) {
    app.overlay.setError('Share: this edited scene is too large for a link; export it as a file instead.');
    return null;
  }
  history.replaceState(null, '', hash);
  navigator.clipboard?.writeText(location.href).catch(() => {});
  app.overlay.setError(null);
  return location.href;
}
