/**
 * The format version and the top-level shape of a parsed scene document, without the schema:
 * library functions that take a document check it here in O(1), and navlab/three (which
 * loads no zod) can use them.
 */
import { usageError } from '../core/args.ts';

/** The document version this navlab reads and writes (version 1 files migrate on load). */
export const SCENE_VERSION = 2;

/** The lists every document parseScene returns holds (empty when the file has none). */
const DOCUMENT_LISTS = ['obstacles', 'meshes', 'movingObstacles', 'waypoints', 'agents'] as const;

/**
 * A usage error naming `what` unless `doc` has the shape of a document parseScene returns (an
 * object of SCENE_VERSION with its lists). The top level only: a document comes from
 * parseScene, which checked the rest, so this stays O(1) however big the document.
 */
export function checkSceneDocument(what: string, doc: unknown): void {
  const d = doc as Record<string, unknown> | null;
  const expected = `a scene document of version ${SCENE_VERSION} (from parseScene)`;
  if (d === null || typeof d !== 'object' || Array.isArray(d) || d.version !== SCENE_VERSION) throw usageError(what, expected, doc);
  for (const key of DOCUMENT_LISTS) if (!Array.isArray(d[key])) throw usageError(`${what}.${key}`, `an array (${expected})`, d[key]);
  if (d.voxels !== undefined && (d.voxels === null || typeof d.voxels !== 'object'))
    throw usageError(`${what}.voxels`, `an object or undefined (${expected})`, d.voxels);
}
