// Mesh files were read with statSync + readFileSync: a file that grew after the size check was
// read whole, and the mesh reader had its own copy of the file checks. Mesh files (given to
// `nav voxelize`/`nav import`, or listed by a scene) now go through the same regular-file read
// as scenes and maps: devices, FIFOs and directories are refused without waiting or reading.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runNav } from '../support/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'navlab-special-'));

describe('special files given as meshes', () => {
  it('a .glb symlink to /dev/urandom, a FIFO .obj and a directory .stl are refused (exit 1, one line)', () => {
    symlinkSync('/dev/urandom', join(dir, 'random.glb'));
    mkdirSync(join(dir, 'folder.stl'));
    const cases = [join(dir, 'random.glb'), join(dir, 'folder.stl')];
    if (spawnSync('mkfifo', [join(dir, 'pipe.obj')]).status === 0) cases.push(join(dir, 'pipe.obj'));
    for (const file of cases) {
      const r = runNav(['voxelize', file, '--cell-size', '1', '--json']);
      expect(r.code, file).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim()).toBe(`nav voxelize: ${file}: not a regular file`);
    }
  });

  it('a scene whose mesh is a device is refused, naming the mesh', () => {
    symlinkSync('/dev/zero', join(dir, 'zero.stl'));
    writeFileSync(join(dir, 'scene.json'), JSON.stringify({ version: 2, meshes: [{ id: 'level', src: 'zero.stl' }] }));
    const r = runNav(['preprocess', join(dir, 'scene.json'), '--json']);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe("nav preprocess: mesh 'level': zero.stl: not a regular file");
  });
});
