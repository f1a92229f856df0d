/** The help overlay names every file type the app opens (the chooser's and the drop's table). */
import { describe, expect, it } from 'vitest';
import { ACCEPTED_FILES, fileKind } from '../../src/app/shell/input/acceptedFiles.ts';
import { FILE_HELP, helpedExtensions } from '../../src/app/shell/input/fileHelp.ts';
import { POINTER_HELP } from '../../src/app/shell/input/shortcuts.ts';

describe('file help', () => {
  it('names every extension the app takes, and only those', () => {
    const accepted = ACCEPTED_FILES.split(',').filter((e) => e.startsWith('.'));
    expect(accepted.length).toBeGreaterThan(8);
    const named = helpedExtensions();
    for (const ext of accepted) expect(named, `the help names ${ext}`).toContain(ext);
    for (const ext of named) expect(fileKind(`level${ext}`), `${ext} is a file the app takes`).not.toBeNull();
  });

  it('is in the help overlay, with the compressed glTF forms and the baked navigation', () => {
    expect(POINTER_HELP).toEqual(expect.arrayContaining([...FILE_HELP]));
    const text = FILE_HELP.map((e) => `${e.keys} ${e.action}`).join(' ');
    expect(text).toMatch(/Draco/);
    expect(text).toMatch(/meshopt/);
    expect(text).toMatch(/\.navbin/);
  });
});
