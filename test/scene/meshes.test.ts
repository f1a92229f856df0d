import { describe, expect, it } from 'vitest';
import { parseScene, saveScene, SCENE_LIMITS } from '../../src/scene/index.ts';

const doc = (meshes: unknown) => ({ version: 2, meshes });

describe('scene meshes (format version 2)', () => {
  it('fills in the placement defaults and round-trips', () => {
    const d = parseScene(
      doc([
        { id: 'level', src: 'levels/city.glb' },
        { id: 'rock', src: 'data:model/stl;base64,AAAA', position: [1, 2, 3], rotation: [0, 1, 0], scale: [2, 2, 2] },
      ]),
    );
    expect(d.meshes[0]).toEqual({ id: 'level', src: 'levels/city.glb', position: [0, 0, 0], rotation: [0, 0, 0], scale: [1, 1, 1] });
    expect(parseScene(saveScene(d))).toEqual(d);
  });

  it.each([
    ['an absolute URL', [{ id: 'm', src: 'https://example.com/a.glb' }], /meshes\[0\]\.src: expected a relative path/],
    ['an unknown extension', [{ id: 'm', src: 'a.fbx' }], /meshes\[0\]\.src: expected a relative path/],
    ['a data: URI of another type', [{ id: 'm', src: 'data:text/plain;base64,AAAA' }], /meshes\[0\]\.src/],
    ['a zero scale', [{ id: 'm', src: 'a.glb', scale: [1, 0, 1] }], /meshes\[0\]\.scale: expected 3 positive numbers/],
    [
      'a duplicate id',
      [
        { id: 'm', src: 'a.glb' },
        { id: 'm', src: 'b.obj' },
      ],
      /meshes\[1\]\.id: duplicate id 'm'/,
    ],
  ])('rejects %s', (_, meshes, message) => {
    expect(() => parseScene(doc(meshes))).toThrow(message);
  });

  it('checks the mesh count before parsing', () => {
    const many = Array.from({ length: SCENE_LIMITS.meshes + 1 }, (_, i) => ({ id: `m${i}`, src: 'a.glb' }));
    expect(() => parseScene(doc(many))).toThrow(/meshes: 1001 meshes exceeds the limit of 1000/);
  });
});
