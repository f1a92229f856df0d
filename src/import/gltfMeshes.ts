import { FormatProblem } from './formatProblem.ts';
import { count, finite, index, isObject, name, numbers, object, objects, shown, array, type JsonObject } from './gltfFields.ts';
import type { DracoCounts } from './dracoDecode.ts';
import { COMPONENT_NAMES, type AccessorInfo, type GeometryTables } from './gltfGeometry.ts';
import type { TextureTables } from './gltfTextures.ts';

/**
 * The meshes the built nodes use, each checked on first use and renumbered into the loader's
 * JSON: triangle primitives only (modes TRIANGLES, TRIANGLE_STRIP, TRIANGLE_FAN), with their
 * POSITION, NORMAL and indices, Draco compression, and a material of factors (colour,
 * metalness, roughness, emission, alpha, sides) and, when textures are read, its base-colour,
 * metallic-roughness, normal, occlusion and emissive textures (gltfTextures.ts) with the
 * TEXCOORD_n sets they read, checked like POSITION. Vertex colours, morph targets, skins and
 * material extensions are not handed on: navigation needs the shape, and the drawing each
 * surface's look. A primitive without triangles is dropped.
 */

const MODE_NAMES = ['POINTS', 'LINES', 'LINE_LOOP', 'LINE_STRIP', 'TRIANGLES', 'TRIANGLE_STRIP', 'TRIANGLE_FAN'];
const DRACO = 'KHR_draco_mesh_compression';
const ALPHA_MODES = ['OPAQUE', 'MASK', 'BLEND'];

/** A built mesh: its output index, the triangles of one instance, and the three objects one instance makes. */
export interface MeshUse {
  out: number;
  triangles: number;
  objects: number;
}

export class MeshTables {
  readonly meshes: JsonObject[] = [];
  readonly materials: JsonObject[] = [];
  /** Whether a built primitive is Draco-compressed. */
  usesDraco = false;
  /** What the Draco data of each output buffer view may decode to (the most any primitive announces). */
  readonly dracoCounts = new Map<number, DracoCounts>();
  readonly meshCount: number;
  private readonly meshDefs: JsonObject[];
  private readonly materialDefs: JsonObject[];
  private readonly meshOut = new Map<number, MeshUse | null>();
  private readonly materialOut = new Map<number, number>();
  /** The texture coordinate sets each output material's textures read. */
  private readonly materialSets = new Map<number, Set<number>>();

  /**
   * `quantized`: the file declares KHR_mesh_quantization (positions, normals and texture
   * coordinates may be integers). `textures`: null reads no texture field at all.
   */
  constructor(
    json: JsonObject,
    private readonly geometry: GeometryTables,
    private readonly quantized: boolean,
    private readonly textures: TextureTables | null,
  ) {
    this.meshDefs = objects(json, 'meshes');
    this.materialDefs = objects(json, 'materials');
    this.meshCount = this.meshDefs.length;
  }

  /** Mesh `at` as built (checked on first use); null when it has no triangles. */
  mesh(at: number): MeshUse | null {
    if (this.meshOut.has(at)) return this.meshOut.get(at)!;
    const def = this.meshDefs[at];
    const primitives: JsonObject[] = [];
    let triangles = 0;
    array(def.primitives, `meshes[${at}].primitives`, false).forEach((v, k) => {
      const built = this.primitive(v, `meshes[${at}].primitives[${k}]`);
      if (built === null) return;
      primitives.push(built.out);
      triangles += built.triangles;
    });
    let use: MeshUse | null = null;
    if (primitives.length > 0) {
      this.meshes.push({ ...(name(def.name) !== undefined ? { name: name(def.name) } : {}), primitives });
      // One Mesh per primitive, and a Group around them when there are several.
      use = { out: this.meshes.length - 1, triangles, objects: primitives.length + (primitives.length > 1 ? 1 : 0) };
    }
    this.meshOut.set(at, use);
    return use;
  }

  private primitive(v: unknown, p: string): { out: JsonObject; triangles: number } | null {
    const prim = object(v, p);
    const mode = prim.mode ?? 4;
    if (!Number.isInteger(mode) || (mode as number) < 0 || (mode as number) > 6)
      throw new FormatProblem(`${p}.mode: unknown mode ${shown(mode)}`);
    if ((mode as number) < 4) throw new FormatProblem(`${p} is not made of triangles (mode ${MODE_NAMES[mode as number]})`);
    const attributes = object(prim.attributes, `${p}.attributes`);
    const position = this.geometry.info(attributes.POSITION, `${p}.attributes.POSITION`);
    this.checkVector(
      position.info,
      position.at,
      `${p}.attributes.POSITION`,
      'positions',
      this.quantized ? [5126, 5120, 5121, 5122, 5123] : [5126],
    );
    const indices = prim.indices === undefined ? null : this.geometry.info(prim.indices, `${p}.indices`);
    if (indices !== null) {
      const { info, at } = indices;
      if (info.type !== 'SCALAR') throw new FormatProblem(`${p}.indices: accessor ${at} has type ${info.type}; indices must be SCALAR`);
      if (![5121, 5123, 5125].includes(info.componentType))
        throw new FormatProblem(
          `${p}.indices: accessor ${at} has componentType ${COMPONENT_NAMES[info.componentType]}; indices must be unsigned integers`,
        );
    }
    const n = (indices ?? position).info.count;
    const triangles = mode === 4 ? Math.floor(n / 3) : Math.max(0, n - 2);
    if (triangles === 0) return null;

    const out: JsonObject = {};
    const material =
      prim.material === undefined ? undefined : this.material(index(prim.material, this.materialDefs.length, `${p}.material`, 'material'));
    const extensions = isObject(prim.extensions) ? prim.extensions : {};
    if (extensions[DRACO] !== undefined) {
      // The decoder yields positions and triangles: the accessors give only type, count and bounds.
      const draco = object(extensions[DRACO], `${p}.extensions.${DRACO}`);
      const view = this.geometry.viewRef(draco.bufferView, `${p}.extensions.${DRACO}.bufferView`);
      const ids = object(draco.attributes, `${p}.extensions.${DRACO}.attributes`);
      const id = count(ids.POSITION, `${p}.extensions.${DRACO}.attributes.POSITION`);
      // The decoder is held to the counts the accessors announce; their decoded sizes are counted now.
      const vertices = position.info.count;
      this.geometry.spend(
        12 * triangles + 12 * vertices,
        `${p}.extensions.${DRACO}: decoding ${triangles} triangles and ${vertices} vertices`,
      );
      const known = this.dracoCounts.get(view);
      this.dracoCounts.set(view, {
        triangles: Math.max(triangles, known?.triangles ?? 0),
        vertices: Math.max(vertices, known?.vertices ?? 0),
      });
      out.attributes = { POSITION: this.geometry.metadata(position.at) };
      out.extensions = { [DRACO]: { bufferView: view, attributes: { POSITION: id } } };
      this.usesDraco = true;
    } else {
      const attrs: JsonObject = { POSITION: this.geometry.accessor(position.at, true) };
      if (attributes.NORMAL !== undefined) {
        const normal = this.geometry.info(attributes.NORMAL, `${p}.attributes.NORMAL`);
        this.checkVector(normal.info, normal.at, `${p}.attributes.NORMAL`, 'normals', this.quantized ? [5126, 5120, 5122] : [5126]);
        if (normal.info.count !== position.info.count)
          throw new FormatProblem(
            `${p}.attributes.NORMAL: accessor ${normal.at} has ${normal.info.count} elements, POSITION has ${position.info.count}`,
          );
        attrs.NORMAL = this.geometry.accessor(normal.at);
      }
      // The texture coordinates the material's textures read (Draco data yields positions only).
      for (const set of material === undefined ? [] : this.materialSets.get(material)!) {
        const key = `TEXCOORD_${set}`;
        if (attributes[key] !== undefined) attrs[key] = this.texcoords(attributes[key], `${p}.attributes.${key}`, position.info.count);
      }
      out.attributes = attrs;
      if (indices !== null) out.indices = this.geometry.accessor(indices.at);
    }
    if (mode !== 4) {
      out.mode = mode;
      // The loader lists a strip's or fan's vertices, then its triangles, as numbers (8 bytes) and then typed (4 bytes).
      this.geometry.spend(12 * (n + 3 * triangles), `${p}: the triangle list of ${MODE_NAMES[mode as number]} (${triangles} triangles)`);
    }
    if (material !== undefined) out.material = material;
    return { out, triangles };
  }

  /** A VEC3 attribute of one of `types` (component types). */
  private checkVector(info: AccessorInfo, at: number, p: string, what: string, types: number[]): void {
    if (info.type !== 'VEC3') throw new FormatProblem(`${p}: accessor ${at} has type ${info.type}; ${what} must be VEC3`);
    if (!types.includes(info.componentType)) {
      const allowed =
        types.length === 1
          ? 'FLOAT VEC3 (or a quantized type under KHR_mesh_quantization)'
          : `${types.map((t) => COMPONENT_NAMES[t]).join(', ')} VEC3`;
      throw new FormatProblem(`${p}: accessor ${at} has componentType ${COMPONENT_NAMES[info.componentType]}; ${what} must be ${allowed}`);
    }
  }

  /** Texture coordinates `v` at `p`, of `positions` elements like POSITION: the output accessor. */
  private texcoords(v: unknown, p: string, positions: number): number {
    const { info, at } = this.geometry.info(v, p);
    if (info.type !== 'VEC2') throw new FormatProblem(`${p}: accessor ${at} has type ${info.type}; texture coordinates must be VEC2`);
    // glTF: FLOAT, or normalized UNSIGNED_BYTE or UNSIGNED_SHORT; KHR_mesh_quantization adds (un)signed bytes and shorts.
    const t = info.componentType;
    const allowed =
      t === 5126 || (info.normalized && (t === 5121 || t === 5123)) || (this.quantized && [5120, 5121, 5122, 5123].includes(t));
    if (!allowed)
      throw new FormatProblem(
        `${p}: accessor ${at} has componentType ${COMPONENT_NAMES[t]}; texture coordinates must be FLOAT, or normalized UNSIGNED_BYTE or UNSIGNED_SHORT (others under KHR_mesh_quantization)`,
      );
    if (info.count !== positions) throw new FormatProblem(`${p}: accessor ${at} has ${info.count} elements, POSITION has ${positions}`);
    return this.geometry.accessor(at);
  }

  /** Material `at`: its factors, and its textures when they are read. */
  private material(at: number): number {
    const known = this.materialOut.get(at);
    if (known !== undefined) return known;
    const def = this.materialDefs[at];
    const p = `materials[${at}]`;
    const out: JsonObject = {};
    if (name(def.name) !== undefined) out.name = name(def.name);
    const pbr = def.pbrMetallicRoughness === undefined ? {} : object(def.pbrMetallicRoughness, `${p}.pbrMetallicRoughness`);
    const baseColorFactor = numbers(pbr.baseColorFactor, 4, `${p}.pbrMetallicRoughness.baseColorFactor`);
    const metallicFactor = finite(pbr.metallicFactor, `${p}.pbrMetallicRoughness.metallicFactor`);
    const roughnessFactor = finite(pbr.roughnessFactor, `${p}.pbrMetallicRoughness.roughnessFactor`);
    out.pbrMetallicRoughness = { baseColorFactor, metallicFactor, roughnessFactor };
    const emissiveFactor = numbers(def.emissiveFactor, 3, `${p}.emissiveFactor`);
    if (emissiveFactor !== undefined) out.emissiveFactor = emissiveFactor;
    if (def.doubleSided === true) out.doubleSided = true;
    if (def.alphaMode !== undefined) {
      if (typeof def.alphaMode !== 'string' || !ALPHA_MODES.includes(def.alphaMode))
        throw new FormatProblem(`${p}.alphaMode: ${shown(def.alphaMode)} is not OPAQUE, MASK or BLEND`);
      out.alphaMode = def.alphaMode;
    }
    const alphaCutoff = finite(def.alphaCutoff, `${p}.alphaCutoff`);
    if (alphaCutoff !== undefined) out.alphaCutoff = alphaCutoff;
    const sets = new Set<number>();
    if (this.textures !== null) {
      const textures = this.textures;
      const take = (into: JsonObject, key: string, from: JsonObject, path: string, kind: 'normal' | 'occlusion' | null = null) => {
        const use = textures.ref(from[key], `${path}.${key}`, kind);
        if (use === undefined) return;
        into[key] = use.ref;
        sets.add(use.set);
      };
      const outPbr = out.pbrMetallicRoughness as JsonObject;
      take(outPbr, 'baseColorTexture', pbr, `${p}.pbrMetallicRoughness`);
      take(outPbr, 'metallicRoughnessTexture', pbr, `${p}.pbrMetallicRoughness`);
      take(out, 'normalTexture', def, p, 'normal');
      take(out, 'occlusionTexture', def, p, 'occlusion');
      take(out, 'emissiveTexture', def, p);
    }
    this.materials.push(out);
    const k = this.materials.length - 1;
    this.materialOut.set(at, k);
    this.materialSets.set(k, sets);
    return k;
  }
}
