import index from '../../../../scenes/index.json';
import type { SceneSource } from '../workers/protocol.ts';

/** A scene the picker offers: a shipped file, or a document loaded in this session. */
export interface SceneEntry {
  /** What the picker shows (and `navlab.scenes()` returns). */
  name: string;
  /** File name for shipped scenes (`open-field.json`), else null. */
  file: string | null;
  summary: string;
  /** Where a shipped scene is fetched from (dev server or build assets). */
  url: string | null;
  /** The source of a loaded file or document. */
  source: SceneSource | null;
  /**
   * Files dropped or chosen together with a loaded scene file, by name: the meshes it
   * references by relative paths are read from them again when the scene is chosen again.
   */
  files?: ReadonlyMap<string, File>;
}

/**
 * Every scene in scenes/ as a URL. Vite serves these files in dev and copies them (hashed)
 * into the build, so dev and the built app list and load the same scenes.
 */
const urls = import.meta.glob<string>(
  ['../../../../scenes/*.json', '!../../../../scenes/index.json', '!../../../../scenes/scene.schema.json'],
  {
    query: '?url',
    import: 'default',
    eager: true,
  },
);

const fileOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
const stem = (file: string): string => file.replace(/\.(json|3dmap)$/i, '');

/**
 * The scene picker's list: scenes/index.json's order and names (the first is the default
 * scene), then any scene file it does not list, then scenes loaded from files.
 */
export class SceneCatalog {
  readonly entries: SceneEntry[] = [];

  constructor() {
    const byFile = new Map(Object.entries(urls).map(([path, url]) => [fileOf(path), url]));
    for (const e of index as { file: string; name: string; summary?: string }[]) {
      const url = byFile.get(e.file);
      if (url === undefined) continue;
      this.entries.push({ name: e.name, file: e.file, summary: e.summary ?? '', url, source: null });
      byFile.delete(e.file);
    }
    for (const [file, url] of [...byFile].sort()) this.entries.push({ name: stem(file), file, summary: '', url, source: null });
  }

  get names(): string[] {
    return this.entries.map((e) => e.name);
  }

  /** The entry for a picker name, a file name (`maze.json`) or a file stem (`maze`); case-insensitive. */
  find(name: string): SceneEntry | undefined {
    const key = name.trim().toLowerCase();
    return (
      this.entries.find((e) => e.name.toLowerCase() === key) ??
      this.entries.find((e) => e.file !== null && (e.file.toLowerCase() === key || stem(e.file).toLowerCase() === key))
    );
  }

  /**
   * Adds (or replaces) a loaded scene under a name not used by a shipped one; returns the
   * entry. `files`: the files given with it, which its relative mesh paths name.
   */
  addLoaded(name: string, source: SceneSource, files?: ReadonlyMap<string, File>): SceneEntry {
    let unique = name;
    for (let k = 2; this.entries.some((e) => e.name === unique && e.source === null); k++) unique = `${name} (${k})`;
    const old = this.entries.findIndex((e) => e.name === unique);
    const entry: SceneEntry = { name: unique, file: null, summary: 'loaded file', url: null, source };
    if (files !== undefined && files.size > 0) entry.files = files;
    if (old >= 0) this.entries[old] = entry;
    else this.entries.push(entry);
    return entry;
  }

  /** The source of an entry: the stored one, or the shipped file's text fetched now. */
  async source(entry: SceneEntry, signal?: AbortSignal): Promise<SceneSource> {
    if (entry.source !== null) return entry.source;
    const res = await fetch(entry.url!, { signal });
    if (!res.ok) throw new Error(`cannot fetch scene '${entry.name}' (${entry.file}): HTTP ${res.status}`);
    return { kind: 'json', text: await res.text() };
  }
}
