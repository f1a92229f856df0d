/**
 * Small levels as a new user brings them (public-model style): a Draco GLB of a few thousand
 * triangles about two units across, with the glTF default PBR material (metallic 1: black
 * without an environment to reflect), and the same level as a binary STL. Generated in
 * memory, deterministic. The level: a floor slab, four walls that leave a gap, pillars; every
 * box tessellated so that the triangle count is that of a scanned or exported model.
 */
import draco3d from 'draco3d';
import { extent, GltfBuilder } from '../../scripts/meshes/gltf.ts';

/** An indexed triangle mesh. */
export interface LevelMesh {
  positions: Float32Array;
  indices: Uint32Array;
}

/** Boxes [x0, y0, z0, x1, y1, z1] of the level (about 2.2 units across, 0.6 high). */
const BOXES: readonly (readonly number[])[] = [
  [-1.1, -0.06, -1.1, 1.1, 0, 1.1], // floor
  [-1.1, 0, -1.1, 1.1, 0.5, -1.02], // back wall
  [-1.1, 0, 1.02, 0.5, 0.5, 1.1], // front wall, open at its right end
  [-1.1, 0, -1.02, -1.02, 0.5, 1.02], // left wall
  [1.02, 0, -1.02, 1.1, 0.5, 1.02], // right wall
  [-0.45, 0, -0.7, -0.3, 0.5, 0.5], // inner wall
  [0.3, 0, -0.5, 0.45, 0.5, 0.7], // inner wall
  [-0.8, 0, 0.6, -0.65, 0.45, 0.75], // pillars
  [0.7, 0, -0.8, 0.85, 0.45, -0.65],
];

/** `n` x `n` quads on every face of a box (12 n^2 triangles, outward). */
function box(b: readonly number[], n: number, into: LevelMesh[]): void {
  const [x0, y0, z0, x1, y1, z1] = b;
  const p: number[] = [];
  const idx: number[] = [];
  // Each face: an origin corner and two edge vectors whose cross product points outward.
  const faces: [number[], number[], number[]][] = [
    [
      [x0, y0, z1],
      [x1 - x0, 0, 0],
      [0, y1 - y0, 0],
    ], // +z
    [
      [x1, y0, z0],
      [x0 - x1, 0, 0],
      [0, y1 - y0, 0],
    ], // -z
    [
      [x1, y0, z1],
      [0, 0, z0 - z1],
      [0, y1 - y0, 0],
    ], // +x
    [
      [x0, y0, z0],
      [0, 0, z1 - z0],
      [0, y1 - y0, 0],
    ], // -x
    [
      [x0, y1, z1],
      [x1 - x0, 0, 0],
      [0, 0, z0 - z1],
    ], // +y
    [
      [x0, y0, z0],
      [x1 - x0, 0, 0],
      [0, 0, z1 - z0],
    ], // -y
  ];
  for (const [o, u, v] of faces) {
    const base = p.length / 3;
    for (let j = 0; j <= n; j++) for (let i = 0; i <= n; i++) for (let k = 0; k < 3; k++) p.push(o[k] + (u[k] * i) / n + (v[k] * j) / n);
    for (let j = 0; j < n; j++)
      for (let i = 0; i < n; i++) {
        const a = base + j * (n + 1) + i;
        idx.push(a, a + 1, a + n + 2, a, a + n + 2, a + n + 1);
      }
  }
  into.push({ positions: new Float32Array(p), indices: new Uint32Array(idx) });
}

/** The level as one mesh (about 3,000 triangles). */
export function levelMesh(): LevelMesh {
  const parts: LevelMesh[] = [];
  BOXES.forEach((b, k) => box(b, k === 0 ? 10 : 5, parts));
  const count = parts.reduce((s, m) => s + m.positions.length, 0);
  const positions = new Float32Array(count);
  const indices = new Uint32Array(parts.reduce((s, m) => s + m.indices.length, 0));
  let po = 0;
  let io = 0;
  for (const m of parts) {
    positions.set(m.positions, po);
    for (let k = 0; k < m.indices.length; k++) indices[io + k] = m.indices[k] + po / 3;
    po += m.positions.length;
    io += m.indices.length;
  }
  return { positions, indices };
}

/** The level as a Draco-compressed GLB with the glTF default (metallic) material tinted sand. */
export async function dracoLevelGlb(): Promise<Uint8Array> {
  const { positions, indices } = levelMesh();
  const encoder = await draco3d.createEncoderModule({});
  const e = new encoder.Encoder();
  const builder = new encoder.MeshBuilder();
  const mesh = new encoder.Mesh();
  builder.AddFacesToMesh(mesh, indices.length / 3, indices);
  const positionId = builder.AddFloatAttributeToMesh(mesh, encoder.POSITION, positions.length / 3, 3, positions);
  const out = new encoder.DracoInt8Array();
  const length = e.EncodeMeshToDracoBuffer(mesh, out);
  const data = new Uint8Array(length);
  for (let k = 0; k < length; k++) data[k] = out.GetValue(k) & 0xff;
  for (const o of [out, mesh, builder, e]) encoder.destroy(o);

  const b = new GltfBuilder();
  const view = b.bufferView(data);
  const { min, max } = extent(positions);
  const position = b.accessor({ componentType: 5126, count: positions.length / 3, type: 'VEC3', min, max });
  const index = b.accessor({ componentType: 5125, count: indices.length, type: 'SCALAR' });
  // No metallicFactor: the glTF default, 1, as many exported models have it.
  const material = b.json.materials.push({ pbrMetallicRoughness: { baseColorFactor: [0.85, 0.75, 0.55, 1], roughnessFactor: 0.6 } }) - 1;
  b.useExtension('KHR_draco_mesh_compression');
  b.node({
    name: 'level',
    mesh: b.mesh([
      {
        attributes: { POSITION: position },
        indices: index,
        material,
        extensions: { KHR_draco_mesh_compression: { bufferView: view, attributes: { POSITION: positionId } } },
      },
    ]),
  });
  return b.glb();
}

/** The level as a binary STL (50 bytes a triangle, normals left zero as many exporters write them). */
export function levelStl(): Uint8Array {
  const { positions, indices } = levelMesh();
  const triangles = indices.length / 3;
  const out = new Uint8Array(84 + 50 * triangles);
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode('navlab test level (binary)'));
  view.setUint32(80, triangles, true);
  for (let t = 0; t < triangles; t++)
    for (let k = 0; k < 3; k++) {
      const v = indices[3 * t + k];
      for (let a = 0; a < 3; a++) view.setFloat32(84 + 50 * t + 12 + 12 * k + 4 * a, positions[3 * v + a], true);
    }
  return out;
}
