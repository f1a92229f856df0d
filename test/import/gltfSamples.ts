/** One-triangle glTF samples and the checks the hostile-glTF tests share: refused with a named error, or imported. */
import type { Object3D } from 'three';
import { expect } from 'vitest';
import { GltfBuilder, glbContainer } from '../../scripts/meshes/gltf.ts';
import { nodeDracoLoader } from '../../src/cli/meshFiles.ts';
import { importMesh, MeshError } from '../../src/import/meshImport.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** One triangle: accessor 0 positions (bufferView 0), accessor 1 uint32 indices (bufferView 1), node 0 in scene 0. */
export function triangle(): { json: Json; body: Uint8Array } {
  const b = new GltfBuilder();
  const p = b.positionsAndIndices(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), new Uint32Array([0, 1, 2]));
  b.mesh([{ attributes: { POSITION: p.POSITION }, indices: p.indices }]);
  b.node({ mesh: 0 });
  return { json: JSON.parse(b.jsonText()), body: b.body() };
}

export const glb = (json: Json, body: Uint8Array) => glbContainer(JSON.stringify(json), body);

export async function outcome(file: string, bytes: Uint8Array): Promise<unknown> {
  return importMesh(file, bytes, { draco: await nodeDracoLoader() }).then(
    () => null,
    (e: unknown) => e,
  );
}

/** The sample, mutated, is refused with a one-line MeshError `x.glb: <message>`. */
export async function refused(mutate: (json: Json) => void, message: RegExp): Promise<void> {
  const { json, body } = triangle();
  mutate(json);
  const error = await outcome('x.glb', glb(json, body));
  expect(error).toBeInstanceOf(MeshError);
  const text = (error as MeshError).message;
  expect(text.startsWith('x.glb: ')).toBe(true);
  expect(text).not.toMatch(/cannot be read|\n/);
  expect(text).toMatch(message);
}

/** The sample, mutated, still imports: the triangle, and the object for drawing. */
export async function imported(mutate: (json: Json) => void): Promise<Object3D> {
  const { json, body } = triangle();
  mutate(json);
  const m = await importMesh('x.glb', glb(json, body), { draco: await nodeDracoLoader() });
  expect(m.triangles).toBe(1);
  return m.object;
}

/** `n` nodes chained parent -> child from `first`, appended to json.nodes; returns the first index. */
export function chain(json: Json, n: number): number {
  const first = json.nodes.length;
  for (let i = 0; i < n; i++) json.nodes.push(i < n - 1 ? { children: [first + i + 1] } : { mesh: 0 });
  return first;
}
