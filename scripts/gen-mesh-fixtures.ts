/**
 * Writes the mesh test fixtures in test/data/meshes (good files and one broken file per
 * failure the importer must name):
 *   npx tsx scripts/gen-mesh-fixtures.ts
 * Deterministic: running it again gives the same bytes. Draco fixtures need the draco3d
 * encoder and meshopt fixtures the meshoptimizer encoder (devDependencies, used only here).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import draco3d from 'draco3d';
import { MeshoptEncoder } from 'meshoptimizer';
import { bytesOf, extent, glbContainer, GltfBuilder } from './meshes/gltf.ts';

const DIR = fileURLToPath(new URL('../test/data/meshes/', import.meta.url));
mkdirSync(DIR, { recursive: true });
const write = (name: string, data: string | Uint8Array) => writeFileSync(DIR + name, data);

/** Unit cube [0, 1]^3: 8 corners, 12 outward triangles. */
const CUBE_P = new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1]);
const CUBE_I = new Uint32Array([
  0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 3, 7, 6, 3, 6, 2, 0, 4, 7, 0, 7, 3, 1, 2, 6, 1, 6, 5,
]);
/** A tetrahedron: 4 triangles. */
const TET_P = new Float32Array([0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 2]);
const TET_I = new Uint32Array([0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3]);

/**
 * Two meshes, three primitives, a node hierarchy with translation, rotation and scale:
 *   node 0 'base' translation (10, 0, 0) -> cube (2 primitives: 6 + 6 triangles), child node 1
 *   node 1 'top' translation (0, 2, 0), scale (2, 2, 2) -> tetrahedron: world x in [10, 14]
 *   node 2 'turned' rotation 90 degrees about z -> cube: x in [-1, 0], y in [0, 1]
 * 28 triangles in all (12 + 4 + 12); world box [-1, 0, 0] .. [14, 6, 4].
 */
function sampleBuilder(): GltfBuilder {
  const b = new GltfBuilder();
  const cube = b.positionsAndIndices(CUBE_P, CUBE_I);
  // The cube's index accessor split into two primitives of 6 triangles (18 indices, 72 bytes).
  const cubeLow = b.accessor({
    bufferView: (b.json.accessors[cube.indices] as { bufferView: number }).bufferView,
    componentType: 5125,
    count: 18,
    type: 'SCALAR',
  });
  const cubeHigh = b.accessor({
    bufferView: (b.json.accessors[cube.indices] as { bufferView: number }).bufferView,
    byteOffset: 72,
    componentType: 5125,
    count: 18,
    type: 'SCALAR',
  });
  const red = b.material([0.8, 0.2, 0.2, 1]);
  const grey = b.material([0.6, 0.6, 0.6, 1]);
  const cubeMesh = b.mesh(
    [
      { attributes: { POSITION: cube.POSITION }, indices: cubeLow, material: red },
      { attributes: { POSITION: cube.POSITION }, indices: cubeHigh, material: grey },
    ],
    'cube',
  );
  const tet = b.positionsAndIndices(TET_P, TET_I);
  const tetMesh = b.mesh([{ attributes: { POSITION: tet.POSITION }, indices: tet.indices, material: grey }], 'tetra');
  b.node({ name: 'base', mesh: cubeMesh, translation: [10, 0, 0], children: [1] });
  b.node({ name: 'top', mesh: tetMesh, translation: [0, 2, 0], scale: [2, 2, 2] }, false);
  const s = Math.SQRT1_2;
  b.node({ name: 'turned', mesh: cubeMesh, rotation: [0, 0, s, s] });
  return b;
}

const sample = sampleBuilder();
write('sample.glb', sample.glb());
write('sample-external.gltf', sample.gltfExternal('sample-external.bin'));
write('sample-external.bin', sample.body());
write('sample-embedded.gltf', sample.gltfEmbedded());

/** One primitive of the given mesh, with any `primitive` fields overriding. */
function single(p: Float32Array, i: Uint32Array, primitive: Record<string, unknown> = {}): GltfBuilder {
  const b = new GltfBuilder();
  const acc = b.positionsAndIndices(p, i);
  b.node({ mesh: b.mesh([{ attributes: { POSITION: acc.POSITION }, indices: acc.indices, ...primitive }]) });
  return b;
}

// --- compressed ---
const encoder = await draco3d.createEncoderModule({});
function dracoEncode(p: Float32Array, i: Uint32Array): { data: Uint8Array; positionId: number } {
  const e = new encoder.Encoder();
  const builder = new encoder.MeshBuilder();
  const mesh = new encoder.Mesh();
  builder.AddFacesToMesh(mesh, i.length / 3, i);
  const positionId = builder.AddFloatAttributeToMesh(mesh, encoder.POSITION, p.length / 3, 3, p);
  const out = new encoder.DracoInt8Array();
  const length = e.EncodeMeshToDracoBuffer(mesh, out);
  const data = new Uint8Array(length);
  for (let k = 0; k < length; k++) data[k] = out.GetValue(k) & 0xff;
  for (const o of [out, mesh, builder, e]) encoder.destroy(o);
  return { data, positionId };
}

function dracoGlb(corrupt: boolean): Uint8Array {
  const b = new GltfBuilder();
  const { data, positionId } = dracoEncode(CUBE_P, CUBE_I);
  if (corrupt) for (let k = 8; k < data.length; k += 3) data[k] ^= 0x5a;
  const view = b.bufferView(data);
  const { min, max } = extent(CUBE_P);
  const position = b.accessor({ componentType: 5126, count: 8, type: 'VEC3', min, max });
  const indices = b.accessor({ componentType: 5125, count: 36, type: 'SCALAR' });
  b.useExtension('KHR_draco_mesh_compression');
  b.node({
    translation: [0, 0, 5],
    mesh: b.mesh([
      {
        attributes: { POSITION: position },
        indices,
        extensions: { KHR_draco_mesh_compression: { bufferView: view, attributes: { POSITION: positionId } } },
      },
    ]),
  });
  return b.glb();
}
write('draco.glb', dracoGlb(false));
write('broken-draco.glb', dracoGlb(true));

await MeshoptEncoder.ready;
function meshoptGlb(): Uint8Array {
  const b = new GltfBuilder();
  // Buffer 0 (the GLB body) holds the compressed streams; buffer 1 is the fallback the
  // decoder fills, declared with its size and no data.
  const encP = MeshoptEncoder.encodeGltfBuffer(bytesOf(CUBE_P), 8, 12, 'ATTRIBUTES');
  const encI = MeshoptEncoder.encodeGltfBuffer(bytesOf(CUBE_I), 36, 4, 'TRIANGLES');
  const pOff = b.append(encP),
    iOff = b.append(encI);
  const pView =
    b.json.bufferViews.push({
      buffer: 1,
      byteOffset: 0,
      byteLength: 96,
      byteStride: 12,
      extensions: {
        EXT_meshopt_compression: { buffer: 0, byteOffset: pOff, byteLength: encP.byteLength, byteStride: 12, mode: 'ATTRIBUTES', count: 8 },
      },
    }) - 1;
  const iView =
    b.json.bufferViews.push({
      buffer: 1,
      byteOffset: 96,
      byteLength: 144,
      extensions: {
        EXT_meshopt_compression: { buffer: 0, byteOffset: iOff, byteLength: encI.byteLength, byteStride: 4, mode: 'TRIANGLES', count: 36 },
      },
    }) - 1;
  const { min, max } = extent(CUBE_P);
  const position = b.accessor({ bufferView: pView, componentType: 5126, count: 8, type: 'VEC3', min, max });
  const indices = b.accessor({ bufferView: iView, componentType: 5125, count: 36, type: 'SCALAR' });
  b.useExtension('EXT_meshopt_compression');
  b.node({ translation: [0, 0, -5], mesh: b.mesh([{ attributes: { POSITION: position }, indices }]) });
  return b.glb([{ byteLength: 240, extensions: { EXT_meshopt_compression: { fallback: true } } }]);
}
write('meshopt.glb', meshoptGlb());

// --- OBJ and STL ---
const objLines = ['# tetrahedron', ...Array.from({ length: 4 }, (_, k) => `v ${TET_P[3 * k]} ${TET_P[3 * k + 1]} ${TET_P[3 * k + 2]}`)];
for (let t = 0; t < 4; t++) objLines.push(`f ${TET_I[3 * t] + 1} ${TET_I[3 * t + 1] + 1} ${TET_I[3 * t + 2] + 1}`);
write('tetra.obj', `${objLines.join('\n')}\n`);

function stlAscii(): string {
  const lines = ['solid tetra'];
  for (let t = 0; t < 4; t++) {
    lines.push('  facet normal 0 0 0', '    outer loop');
    for (let k = 0; k < 3; k++) {
      const v = TET_I[3 * t + k];
      lines.push(`      vertex ${TET_P[3 * v]} ${TET_P[3 * v + 1]} ${TET_P[3 * v + 2]}`);
    }
    lines.push('    endloop', '  endfacet');
  }
  lines.push('endsolid tetra');
  return `${lines.join('\n')}\n`;
}
write('tetra-ascii.stl', stlAscii());

function stlBinary(): Uint8Array {
  const out = new Uint8Array(84 + 50 * 4);
  const view = new DataView(out.buffer);
  // A header that starts with 'solid', as many exporters write: the size decides it is binary.
  out.set(new TextEncoder().encode('solid tetra (binary)'));
  view.setUint32(80, 4, true);
  for (let t = 0; t < 4; t++) {
    for (let k = 0; k < 3; k++) {
      const v = TET_I[3 * t + k];
      for (let a = 0; a < 3; a++) view.setFloat32(84 + 50 * t + 12 + 12 * k + 4 * a, TET_P[3 * v + a], true);
    }
  }
  return out;
}
const binary = stlBinary();
write('tetra-binary.stl', binary);

// --- broken files, one problem each ---
const good = single(CUBE_P, CUBE_I).glb();
const badMagic = good.slice();
badMagic.set(new TextEncoder().encode('gLTF'));
write('broken-magic.glb', badMagic);
write('broken-truncated.glb', good.slice(0, good.byteLength - 40));
write('broken-missing-buffer.gltf', single(CUBE_P, CUBE_I).gltfExternal('no-such-file.bin'));
const outOfRange = CUBE_I.slice();
outOfRange[7] = 99;
write('broken-index.glb', single(CUBE_P, outOfRange).glb());
const nanP = CUBE_P.slice();
nanP[4] = NaN;
write('broken-nan.glb', single(nanP, CUBE_I).glb());
const empty = new GltfBuilder();
empty.node({ name: 'nothing here' });
write('broken-empty.glb', empty.glb());
write('broken-lines.glb', single(CUBE_P, CUBE_I, { mode: 1 }).glb());
write('broken-truncated.stl', binary.slice(0, binary.byteLength - 30));
write('broken-index.obj', `${objLines.join('\n')}\nf 1 2 9\n`);
write('broken-nan.obj', `${objLines.join('\n').replace('v 2 0 0', 'v 2 nan 0')}\n`);
write('broken-json.gltf', '{"asset": {"version": "2.0"}, "nodes": [');
// Container-level sanity of what we wrote: the GLB helper pads to 4 bytes.
if (glbContainer('{}', new Uint8Array(0)).byteLength % 4 !== 0) throw new Error('GLB not 4-byte aligned');
console.log(`wrote fixtures to ${DIR}`);
