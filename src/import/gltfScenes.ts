import { LIMITS } from '../core/limits.ts';
import { FormatProblem } from './formatProblem.ts';
import { array, index, name, numbers, objects, type JsonObject } from './gltfFields.ts';

/**
 * The node hierarchy of a glTF asset, checked without recursion: every node of every scene
 * (not only the default one), so that no file can make a walk recurse without end. glTF
 * requires the nodes to form disjoint strict trees: each node has at most one parent, no node
 * is its own ancestor, and each scene lists roots only, once each. navlab also bounds the depth
 * at LIMITS.gltfNodeDepth (a root is at depth 1), since three builds the hierarchy recursively.
 */

/** A node as the loader gets it: its transform, mesh and children (input indices). */
export interface NodeDef {
  name?: string;
  mesh?: number;
  children: number[];
  matrix?: number[];
  translation?: number[];
  rotation?: number[];
  scale?: number[];
}

export interface CheckedNodes {
  nodes: NodeDef[];
  /** The nodes the default scene builds (input indices), each parent before its children; empty without scenes. */
  built: number[];
  /** The default scene's roots and name; null when the asset has no scene. */
  scene: { roots: number[]; name?: string } | null;
}

/** Checks `json.nodes` and `json.scenes`; `meshCount` bounds node mesh references. */
export function checkNodes(json: JsonObject, meshCount: number): CheckedNodes {
  const defs = objects(json, 'nodes');
  const n = defs.length;
  const nodes = defs.map((d, i): NodeDef => {
    const p = `nodes[${i}]`;
    const node: NodeDef = { children: array(d.children, `${p}.children`).map((c, k) => index(c, n, `${p}.children[${k}]`, 'node')) };
    if (name(d.name) !== undefined) node.name = name(d.name);
    if (d.mesh !== undefined) node.mesh = index(d.mesh, meshCount, `${p}.mesh`, 'mesh');
    const matrix = numbers(d.matrix, 16, `${p}.matrix`);
    if (matrix !== undefined) node.matrix = matrix;
    else {
      const translation = numbers(d.translation, 3, `${p}.translation`);
      const rotation = numbers(d.rotation, 4, `${p}.rotation`);
      const scale = numbers(d.scale, 3, `${p}.scale`);
      if (translation !== undefined) node.translation = translation;
      if (rotation !== undefined) node.rotation = rotation;
      if (scale !== undefined) node.scale = scale;
    }
    return node;
  });

  // At most one parent each: then the children lists hold at most n entries in all.
  const parent = new Int32Array(n).fill(-1);
  nodes.forEach((node, i) => {
    for (const c of node.children) {
      if (parent[c] === i) throw new FormatProblem(`nodes[${i}].children lists node ${c} twice`);
      if (parent[c] !== -1) throw new FormatProblem(`nodes[${c}] has two parents: nodes[${parent[c]}] and nodes[${i}]`);
      parent[c] = i;
    }
  });

  // Depth from the parentless nodes, with an explicit stack; a node never reached is on a cycle or below one.
  const depth = new Int32Array(n);
  const stack: number[] = [];
  for (let i = 0; i < n; i++) {
    if (parent[i] !== -1) continue;
    depth[i] = 1;
    stack.push(i);
    while (stack.length > 0) {
      const at = stack.pop()!;
      for (const c of nodes[at].children) {
        depth[c] = depth[at] + 1;
        if (depth[c] > LIMITS.gltfNodeDepth)
          throw new FormatProblem(
            `nodes[${c}] is ${depth[c]} levels deep; the node hierarchy is limited to ${LIMITS.gltfNodeDepth} levels`,
          );
        stack.push(c);
      }
    }
  }
  const unreached = depth.indexOf(0);
  if (unreached !== -1) {
    // Going up from it, the first node met twice is on the cycle.
    const seen = new Set<number>();
    let at = unreached;
    while (!seen.has(at)) {
      seen.add(at);
      at = parent[at];
    }
    throw new FormatProblem(`nodes[${at}] is its own ancestor (the node hierarchy has a cycle)`);
  }

  const scenes = objects(json, 'scenes');
  const listed = new Int32Array(n).fill(-1);
  const roots = scenes.map((s, k) =>
    array(s.nodes, `scenes[${k}].nodes`).map((v, r) => {
      const p = `scenes[${k}].nodes[${r}]`;
      const i = index(v, n, p, 'node');
      if (parent[i] !== -1) throw new FormatProblem(`${p}: node ${i} is not a root (it is a child of nodes[${parent[i]}])`);
      if (listed[i] === k) throw new FormatProblem(`${p}: node ${i} is listed twice`);
      listed[i] = k;
      return i;
    }),
  );
  if (json.scene !== undefined) index(json.scene, scenes.length, 'scene', 'scene');
  if (scenes.length === 0) return { nodes, built: [], scene: null };
  const chosen = (json.scene as number | undefined) ?? 0;

  const built: number[] = [];
  for (let r = roots[chosen].length - 1; r >= 0; r--) stack.push(roots[chosen][r]);
  while (stack.length > 0) {
    const at = stack.pop()!;
    built.push(at);
    for (let k = nodes[at].children.length - 1; k >= 0; k--) stack.push(nodes[at].children[k]);
  }
  const sceneName = name(scenes[chosen].name);
  return { nodes, built, scene: { roots: roots[chosen], ...(sceneName !== undefined ? { name: sceneName } : {}) } };
}
