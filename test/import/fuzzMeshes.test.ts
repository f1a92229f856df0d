/**
 * Fuzzing the mesh doors: valid GLB, .gltf, OBJ and STL files (both forms), mutated (bytes
 * truncated or flipped, JSON numbers swapped for extremes, entries nulled out or retyped,
 * values nested deeply, references pointed elsewhere, OBJ/STL tokens swapped, tabs for
 * spaces, lines cut or repeated), go the way `nav import` takes them: importMesh, then a
 * scene at the default cell size. Each case must import or throw a NavlabError with a
 * one-line message, never anything else, and its work is bounded by counts (triangles within
 * the limit, the grid within 20^3 voxels) rather than by a clock. Fixed seeds, bounded runs;
 * mutations that ever failed stay below as regression examples.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NavlabError } from '../../src/core/errors.ts';
import { LIMITS } from '../../src/core/limits.ts';
import { nodeDracoLoader } from '../../src/cli/meshFiles.ts';
import { readGlb } from '../../src/import/gltfContainer.ts';
import { imageHeader } from '../../src/import/imageHeader.ts';
import { importMesh, type ImageDecoder, type MeshFormat, type MeshImportOptions } from '../../src/import/meshImport.ts';
import { importScene } from '../../src/import/importScene.ts';
import { soupBounds } from '../../src/core/geometry/voxelizeMesh.ts';
import { glbContainer, texturedBox } from '../../scripts/meshes/gltf.ts';
import { ROOT } from '../support/cli.ts';
import {
  byteMutation,
  jsonMutation,
  mutateBytes,
  mutateJson,
  mutateText,
  textMutation,
  type ByteMutation,
  type JsonMutation,
  type TextMutation,
} from '../support/mutate.ts';

const fixture = (name: string) => new Uint8Array(readFileSync(join(ROOT, 'test/data/meshes', name)));
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const RUNS = 100;
const CELLS_ACROSS = 16;

/** The user's path through one file; returns what a failure threw (null on success). */
async function tryImport(bytes: Uint8Array, format: MeshFormat, options: MeshImportOptions = {}): Promise<unknown> {
  try {
    const mesh = await importMesh(`fuzz.${format}`, bytes, { format, draco: await nodeDracoLoader(), ...options });
    expect(mesh.triangles).toBeLessThanOrEqual(LIMITS.meshTriangles);
    expect(mesh.soup.length).toBe(9 * mesh.triangles);
    for (let i = 0; i < mesh.soup.length; i++)
      if (!Number.isFinite(mesh.soup[i])) throw new Error(`soup[${i}] = ${mesh.soup[i]} passed the import`);
    // The scene step at 16 cells across (the default 128 makes each case cost 0.5 s).
    const { min, max } = soupBounds(mesh.soup);
    const cellSize = Math.max(max.x - min.x, max.y - min.y, max.z - min.z, 1e-9) / CELLS_ACROSS;
    const scene = await importScene([{ src: `fuzz.${format}`, mesh }], { cellSize });
    const [X, Y, Z] = scene.document.voxels!.dims;
    expect(X * Y * Z).toBeLessThanOrEqual((CELLS_ACROSS + 4) ** 3);
    return null;
  } catch (e) {
    return e;
  }
}

/** A failure must be a NavlabError with a one-line message (anything else is a defect). */
function expectClean(error: unknown, what: string): void {
  if (error === null) return;
  if (!(error instanceof NavlabError)) throw new Error(`${what}: ${(error as Error)?.name}: ${(error as Error)?.message ?? String(error)}`);
  expect(error.message).not.toMatch(/\n/);
}

const glbJson = (bytes: Uint8Array) => JSON.parse(readGlb(bytes).json) as unknown;
const glbBody = (bytes: Uint8Array) => readGlb(bytes).body ?? new Uint8Array(0);

describe('fuzzing the mesh importers', () => {
  it.each(['sample.glb', 'draco.glb', 'meshopt.glb'])('%s: JSON mutations', async (name) => {
    const base = fixture(name);
    await fc.assert(
      fc.asyncProperty(jsonMutation, async (m: JsonMutation) => {
        const bytes = glbContainer(mutateJson(glbJson(base), m), glbBody(base));
        expectClean(await tryImport(bytes, 'glb'), JSON.stringify(m));
      }),
      { seed: 22, numRuns: RUNS, examples: JSON_REGRESSIONS },
    );
  });

  it('a textured GLB with textures on: JSON and byte mutations', async () => {
    // Node decodes no images: a decoder that reads the size from the header (as checked) and allocates nothing.
    const decode: ImageDecoder = async (bytes) => {
      const header = imageHeader(bytes);
      if (header === null) throw new Error('not an image');
      return { width: header.width, height: header.height };
    };
    const base = texturedBox().glb();
    await fc.assert(
      fc.asyncProperty(jsonMutation, async (m: JsonMutation) => {
        const bytes = glbContainer(mutateJson(glbJson(base), m), glbBody(base));
        expectClean(await tryImport(bytes, 'glb', { textures: decode }), JSON.stringify(m));
      }),
      { seed: 22, numRuns: RUNS, examples: JSON_REGRESSIONS },
    );
    await fc.assert(
      fc.asyncProperty(byteMutation, async (m: ByteMutation) =>
        expectClean(await tryImport(mutateBytes(base, m), 'glb', { textures: decode }), JSON.stringify(m)),
      ),
      { seed: 22, numRuns: RUNS, examples: BYTE_REGRESSIONS },
    );
  });

  it.each(['sample.glb', 'draco.glb', 'meshopt.glb'])('%s: byte mutations', async (name) => {
    const base = fixture(name);
    await fc.assert(
      fc.asyncProperty(byteMutation, async (m: ByteMutation) =>
        expectClean(await tryImport(mutateBytes(base, m), 'glb'), JSON.stringify(m)),
      ),
      { seed: 22, numRuns: RUNS, examples: BYTE_REGRESSIONS },
    );
  });

  it('.gltf with an embedded buffer: JSON mutations', async () => {
    const base = JSON.parse(text(fixture('sample-embedded.gltf'))) as unknown;
    await fc.assert(
      fc.asyncProperty(jsonMutation, async (m: JsonMutation) => {
        expectClean(await tryImport(new TextEncoder().encode(mutateJson(base, m)), 'gltf'), JSON.stringify(m));
      }),
      { seed: 22, numRuns: RUNS, examples: JSON_REGRESSIONS },
    );
  });

  it.each([
    ['tetra.obj', 'obj'],
    ['tetra-ascii.stl', 'stl'],
  ] as const)('%s: text mutations', async (name, format) => {
    const base = text(fixture(name));
    await fc.assert(
      fc.asyncProperty(fc.array(textMutation, { minLength: 1, maxLength: 3 }), async (ms: TextMutation[]) => {
        const mutated = ms.reduce(mutateText, base);
        expectClean(await tryImport(new TextEncoder().encode(mutated), format), JSON.stringify(ms));
      }),
      { seed: 22, numRuns: RUNS, examples: TEXT_REGRESSIONS },
    );
  });

  it.each([
    ['tetra-binary.stl', 'stl'],
    ['tetra-ascii.stl', 'stl'],
    ['tetra.obj', 'obj'],
  ] as const)('%s: byte mutations', async (name, format) => {
    const base = fixture(name);
    await fc.assert(
      fc.asyncProperty(byteMutation, async (m: ByteMutation) =>
        expectClean(await tryImport(mutateBytes(base, m), format), JSON.stringify(m)),
      ),
      { seed: 22, numRuns: RUNS, examples: BYTE_REGRESSIONS },
    );
  });
});

/**
 * Mutations that once failed (found by this test on the importers before the fixes of the
 * hostile-input round; each is tried first on every base file of its kind).
 */
const JSON_REGRESSIONS: [JsonMutation][] = [
  [{ kind: 'replace', at: 22, with: 4294967297 }], // sample.glb, sample-embedded.gltf
  [{ kind: 'replace', at: 1237608525, with: 2147483648 }], // draco.glb
];
const BYTE_REGRESSIONS: [ByteMutation][] = [
  [{ kind: 'splice', at: 1327973564, bytes: [0, 0, 75] }], // draco.glb
  [{ kind: 'word', at: 446939272, value: 3 }], // meshopt.glb
];
const TEXT_REGRESSIONS: [TextMutation[]][] = [
  [
    [
      { kind: 'token', at: 456750634, with: '9007199254740992' },
      { kind: 'token', at: 14, with: '0' },
    ],
  ], // tetra-ascii.stl
  [[{ kind: 'tabs' }]],
];
