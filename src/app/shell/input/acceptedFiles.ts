import { NavlabError } from '../../../core/errors.ts';
import { LIMITS } from '../../../core/limits.ts';
import { clip } from '../dom/clip.ts';

/**
 * The files the app takes (chosen or dropped), in one table: what each extension is, and the
 * size limit (src/core/limits.ts) a file of that kind is checked against before a byte of it
 * is read. The file chooser offers exactly these extensions; the drop, the chooser, a scene's
 * companion files and a .gltf's buffers and textures all go through `sizeProblem` (every
 * file of a drop, before any is read) and `readFile` (each file, as it is read).
 */
export type FileKind = 'scene' | 'map' | 'navbin' | 'mesh' | 'resource';

const KINDS: Readonly<Record<string, FileKind>> = Object.freeze({
  json: 'scene',
  '3dmap': 'map',
  // Baked navigation (`nav bake`, Export navigation): opened as a scene of its grid and waypoints.
  navbin: 'navbin',
  glb: 'mesh',
  gltf: 'mesh',
  obj: 'mesh',
  stl: 'mesh',
  // What a .gltf references: its buffers and textures, given together with it.
  bin: 'resource',
  png: 'resource',
  jpg: 'resource',
  jpeg: 'resource',
  webp: 'resource',
});

/** Bytes a file of each kind may have, and the words for it in a message. */
const KIND_LIMITS: Readonly<Record<FileKind, { bytes: number; what: string }>> = Object.freeze({
  scene: { bytes: LIMITS.sceneFileBytes, what: 'a scene file' },
  map: { bytes: LIMITS.mapFileBytes, what: 'a map file' },
  navbin: { bytes: LIMITS.navbinBytes, what: 'a .navbin file' },
  mesh: { bytes: LIMITS.meshFileBytes, what: 'a mesh file' },
  resource: { bytes: LIMITS.meshFileBytes, what: 'a file a mesh references' },
});

/** The `accept` attribute of the file chooser: every extension of the table. */
export const ACCEPTED_FILES = [...Object.keys(KINDS).map((ext) => `.${ext}`), 'application/json'].join(',');

/** The kind of a file by its name's extension, or null when the app does not take it. */
export function fileKind(name: string): FileKind | null {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1].toLowerCase();
  return ext !== undefined && Object.hasOwn(KINDS, ext) ? KINDS[ext] : null;
}

/** A file the app cannot take (too large, unreadable, of a type it does not open): code `input`. */
export class FileError extends NavlabError {
  /** The file's name (clipped), and the problem: the message is `file: problem`. */
  readonly file: string;
  readonly problem: string;

  constructor(file: string, problem: string) {
    super('input', `${clip(file)}: ${problem}`);
    this.name = 'FileError';
    this.file = clip(file);
    this.problem = problem;
  }
}

const mib = (bytes: number): string => (bytes % 2 ** 20 === 0 ? `${bytes / 2 ** 20} MiB` : `${bytes} bytes`);

/** The problem of a file's size for a file of `kind`, or null. */
function tooLarge(file: Blob, kind: FileKind): string | null {
  const { bytes, what } = KIND_LIMITS[kind];
  return file.size > bytes ? `${file.size} bytes exceeds the limit of ${mib(bytes)} for ${what}` : null;
}

/**
 * The first problem of files chosen or dropped together, before any is read: a file the app
 * does not take, or one over its kind's size limit. Null when all may be read.
 */
export function sizeProblem(files: readonly File[]): FileError | null {
  for (const f of files) {
    const kind = fileKind(f.name);
    if (kind === null)
      return new FileError(
        f.name,
        `not a file the app opens (expected ${Object.keys(KINDS)
          .map((e) => `.${e}`)
          .join(', ')})`,
      );
    const problem = tooLarge(f, kind);
    if (problem !== null) return new FileError(f.name, problem);
  }
  return null;
}

/**
 * A file's bytes (`as: 'bytes'`) or text, checked against its kind's size limit first.
 * Throws FileError naming `label` when it is over the limit or the browser cannot read it
 * (a file gone from the disk, a folder, a file the system denies).
 */
export async function readFile(file: Blob, label: string, kind: FileKind, as: 'bytes'): Promise<Uint8Array>;
export async function readFile(file: Blob, label: string, kind: FileKind, as: 'text'): Promise<string>;
export async function readFile(file: Blob, label: string, kind: FileKind, as: 'bytes' | 'text'): Promise<Uint8Array | string> {
  const problem = tooLarge(file, kind);
  if (problem !== null) throw new FileError(label, problem);
  try {
    return as === 'text' ? await file.text() : new Uint8Array(await file.arrayBuffer());
  } catch (e) {
    const err = e as Error;
    throw new FileError(label, `cannot be read (${err?.name ?? 'Error'}: ${clip(String(err?.message ?? err), 200)})`);
  }
}
