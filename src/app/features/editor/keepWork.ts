/** Keeping work outside the app: the scene or its baked navigation as a downloaded file, or as a share link. */
import { writeNavbin } from '../../../core/io/navbin.ts';
import { saveScene } from '../../../scene/validate.ts';
import type { Shell } from '../../shell/Shell.ts';
import { encodeShare } from './share.ts';

/** Downloads the current document as a .json file (a Blob link). */
export function exportScene(app: Shell): void {
  const doc = app.current?.doc;
  if (!doc) return;
  download(new Blob([saveScene(doc)], { type: 'application/json' }), `${fileStem(doc.name)}.json`);
}

/**
 * Downloads the current scene's navigation as a .navbin (docs/navbin.md): the grid the app
 * searches (with its edits and terrain), the waypoint graph as linked now, and the agent
 * radius, link distance and search rules used; a game loads it with `navWorldFromNavbin`.
 * The parts are already built, so this only writes them (no worker needed): returns the bytes.
 */
export function exportNavigation(app: Shell): Uint8Array | null {
  const s = app.current;
  if (s === null) return null;
  const g = s.graph;
  const bytes = writeNavbin({
    settings: {
      agentRadius: s.info.agentRadius,
      maxLinkDistance: s.info.maxLinkDistance,
      neighborhood: s.doc.search?.neighborhood ?? 26,
      cornerCutting: s.doc.search?.cornerCutting ?? 'forbid',
    },
    grid: s.grid,
    graph: { ids: [...s.ids], positions: g.positions, offsets: g.offsets, targets: g.targets, costs: g.costs },
  });
  download(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }), `${fileStem(s.doc.name)}.navbin`);
  return bytes;
}

/** A file name stem from a scene name ('scene' when nothing is left). */
const fileStem = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'scene';

/** Offers `blob` as a download named `name` (a Blob link). */
function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
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
