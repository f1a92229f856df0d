/** A dropped or chosen .navbin opened as a scene: its grid and waypoints (sceneFromNavbin). */
import { sceneFromNavbin } from '../../../scene/navbinScene.ts';
import { FileError, readFile } from './acceptedFiles.ts';

/**
 * The scene document text of a .navbin file (size checked before reading). Throws FileError
 * naming the file: too large, unreadable, or not a .navbin navlab reads (the reason from
 * readNavbin, e.g. "wrong magic (expected 'NAVB')").
 */
export async function navbinSceneText(file: File): Promise<string> {
  const bytes = await readFile(file, file.name, 'navbin', 'bytes');
  try {
    return JSON.stringify(sceneFromNavbin(bytes, file.name));
  } catch (e) {
    throw new FileError(file.name, String((e as Error)?.message ?? e).replace(/^navbin: /, 'not a readable .navbin: '));
  }
}
