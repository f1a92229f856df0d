// Issue 22: the app embedded a dropped .gltf's resources with JSON.parse / JSON.stringify
// before any check, so a .gltf nesting 200,000 deep overflowed the stack in the tab. Its depth
// is now checked first (LIMITS.jsonDepth), and it is refused with a MeshError naming the file.
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/core/limits.ts';
import { readMeshFiles } from '../../src/app/features/meshes/meshFiles.ts';
import { MeshError } from '../../src/import/meshImport.ts';

describe('a dropped .gltf nested too deep', () => {
  it('is refused by name before it is parsed, on one line', async () => {
    const depth = 200_000;
    const text = `{"asset":{"version":"2.0"},"extras":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const error = await readMeshFiles([new File([text], 'deep.gltf'), new File([new Uint8Array(4)], 'deep.bin')]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MeshError);
    expect((error as MeshError).code).toBe('parse');
    expect((error as Error).message).toBe(`deep.gltf: the glTF JSON nests deeper than ${LIMITS.jsonDepth} levels`);
  });

  it('is refused one level past the limit, with its buffer not read', async () => {
    const over = LIMITS.jsonDepth;
    const text = `{"asset":{"version":"2.0"},"buffers":[{"uri":"a.bin","byteLength":4}],"extras":${'['.repeat(over)}${']'.repeat(over)}}`;
    let read = false;
    const bin = new File([new Uint8Array(4)], 'a.bin');
    const spy = Object.assign(bin, { arrayBuffer: () => ((read = true), Promise.resolve(new ArrayBuffer(4))) });
    const error = await readMeshFiles([new File([text], 'over.gltf'), spy]).catch((e: unknown) => e);
    expect((error as Error).message).toBe(`over.gltf: the glTF JSON nests deeper than ${LIMITS.jsonDepth} levels`);
    expect(read).toBe(false);
  });
});
