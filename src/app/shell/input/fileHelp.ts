/**
 * The help overlay's "Files" lines: every file type the app opens, dropped on the window or
 * chosen with Scene › Load file… (acceptedFiles.ts has the table the app reads; a test checks
 * that each of its extensions is named here). Entries as shortcuts.ts's HelpEntry.
 */
export const FILE_HELP: readonly { group: string; keys: string; action: string }[] = Object.freeze([
  { group: 'Files', keys: 'Drop', action: 'Drop files on the window (or Scene › Load file…) to open them:' },
  { group: 'Files', keys: '.json', action: 'a scene document (the files its meshes name go with it)' },
  { group: 'Files', keys: '.3dmap', action: 'a Moving AI 3D map' },
  { group: 'Files', keys: '.navbin', action: 'baked navigation (nav bake, Edit › Export navigation): its grid and waypoints' },
  {
    group: 'Files',
    keys: '.glb / .gltf',
    action:
      'glTF meshes, Draco or meshopt compressed too, imported as a new level (a .gltf with its .bin and .png .jpg .jpeg .webp textures)',
  },
  { group: 'Files', keys: '.obj / .stl', action: 'OBJ meshes, ASCII or binary STL, imported as a new level' },
]);

/** The extensions FILE_HELP names (with the dot, lower case). */
export function helpedExtensions(): Set<string> {
  const text = FILE_HELP.map((e) => `${e.keys} ${e.action}`).join(' ');
  return new Set(text.match(/\.[a-z0-9]+/g) ?? []);
}
