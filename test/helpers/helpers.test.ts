import { Color, Group, type InstancedMesh, type BufferGeometry, type Material, type Object3D } from 'three';
import { describe, expect, it } from 'vitest';
import { WaypointGraph } from '../../src/core/graph/WaypointGraph.ts';
import { GridSpace } from '../../src/core/grid/GridSpace.ts';
import { VoxelGrid } from '../../src/core/grid/VoxelGrid.ts';
import { mulberry32 } from '../../src/core/math/random.ts';
import { AStarRun } from '../../src/core/search/AStarRun.ts';
import { Simulation } from '../../src/core/steering/Simulation.ts';
import { AGENTS_COLORS, AgentsHelper } from '../../src/helpers/AgentsHelper.ts';
import { SearchHelper } from '../../src/helpers/SearchHelper.ts';
import { collectVisited, gridPositions } from '../../src/core/debug/visitedNodes.ts';
import { WaypointGraphHelper } from '../../src/helpers/WaypointGraphHelper.ts';

/** Every geometry and material under `root`, each with a flag set when it is disposed. */
function watchDisposal(root: Object3D): { total: number; disposed: () => number } {
  const seen = new Set<BufferGeometry | Material>();
  root.traverse((o) => {
    const m = o as { geometry?: BufferGeometry; material?: Material | Material[] };
    if (m.geometry) seen.add(m.geometry);
    for (const mat of [m.material ?? []].flat()) seen.add(mat);
  });
  let disposed = 0;
  for (const r of seen) r.addEventListener('dispose', () => void disposed++);
  return { total: seen.size, disposed: () => disposed };
}

function instanced(root: Object3D): InstancedMesh[] {
  const out: InstancedMesh[] = [];
  root.traverse((o) => {
    if ((o as InstancedMesh).isInstancedMesh) out.push(o as InstancedMesh);
  });
  return out;
}

describe('WaypointGraphHelper', () => {
  it('draws one sphere per waypoint and one segment per link, and frees everything on dispose', () => {
    const graph = new WaypointGraph([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0], [0, 1, 1, 2, 2, 3]);
    const parent = new Group();
    const helper = new WaypointGraphHelper(graph, { radius: 0.2 });
    parent.add(helper);
    expect(helper.spheres.count).toBe(4);
    expect(helper.linksDrawn).toBe(3);
    expect(helper.links.geometry.getAttribute('position').count).toBe(6);
    // Segment k joins the two waypoints of a link.
    const p = helper.links.geometry.getAttribute('position').array;
    expect(Array.from(p.slice(0, 6))).toEqual([0, 0, 0, 1, 0, 0]);
    const watch = watchDisposal(helper);
    helper.dispose();
    expect(watch.disposed()).toBe(watch.total);
    expect(helper.parent).toBeNull();
  });

  it('handles 50,000 waypoints with the link buffer bounded by maxLinks', () => {
    const n = 50_000;
    const rnd = mulberry32(7);
    const positions = new Float64Array(3 * n).map(() => 100 * rnd());
    const pairs: number[] = [];
    for (let i = 0; i + 1 < n; i++) pairs.push(i, i + 1);
    for (let i = 0; i + 7 < n; i++) pairs.push(i, i + 7);
    const graph = new WaypointGraph(positions, pairs);
    const all = new WaypointGraphHelper(graph);
    expect(all.spheres.count).toBe(n);
    expect(all.linkCount).toBe(2 * n - 8);
    expect(all.linksDrawn).toBe(2 * n - 8);
    all.dispose();
    const capped = new WaypointGraphHelper(graph, { maxLinks: 10_000 });
    expect(capped.spheres.count).toBe(n);
    expect(capped.linksDrawn).toBe(10_000);
    expect((capped.links.geometry.getAttribute('position').array as Float32Array).byteLength).toBe(10_000 * 24);
    capped.dispose();
  });

  it('highlights one waypoint at a time', () => {
    const helper = new WaypointGraphHelper(new WaypointGraph([0, 0, 0, 1, 0, 0], [0, 1]), { color: 0xffffff, highlightColor: 0xff0000 });
    const c = new Color();
    helper.setHighlighted(1);
    expect(helper.spheres.getColorAt(1, c).getHex()).toBe(0xff0000);
    helper.setHighlighted(0);
    expect(helper.spheres.getColorAt(1, c).getHex()).toBe(0xffffff);
    expect(helper.spheres.getColorAt(0, c).getHex()).toBe(0xff0000);
    helper.dispose();
  });
});

describe('SearchHelper', () => {
  it('draws closed nodes coloured by cost (yellow to red), the open set and the path', () => {
    const grid = new VoxelGrid({ dims: [12, 12, 1] });
    const space = new GridSpace(grid, { neighborhood: 6 });
    const run = new AStarRun(space, grid.index(0, 0, 0), grid.index(11, 11, 0), { heuristic: 'zero' });
    run.step(40);
    const v = collectVisited(run.ctx, gridPositions(grid));
    let closed = 0;
    for (let i = 0; i < v.count; i++) closed += v.closed[i];
    expect(closed).toBe(40);
    const helper = new SearchHelper({ shape: 'cube', nodeSize: 0.5, pathRadius: 0.05 });
    helper.setVisited(v);
    expect(helper.counts.closed).toBe(40);
    expect(helper.counts.open).toBe(v.count - 40);
    // The closed layer's instance colours, in visit order, against each node's cost.
    const layer = instanced(helper).find((m) => m.count === 40 && m.instanceColor !== null)!;
    const colors = layer.instanceColor!.array as Float32Array;
    const byCost: { g: number; green: number; red: number }[] = [];
    for (let i = 0, k = 0; i < v.count; i++) if (v.closed[i]) byCost.push({ g: v.g[i], red: colors[3 * k], green: colors[3 * k++ + 1] });
    byCost.sort((a, b) => a.g - b.g);
    // Yellow (red and green high) at the lowest cost, red (green low) at the highest; green never rises with cost.
    expect(byCost[0].green).toBeGreaterThan(0.6);
    expect(byCost.at(-1)!.green).toBeLessThan(0.2);
    expect(byCost.at(-1)!.red).toBeGreaterThan(0.6);
    for (let k = 1; k < byCost.length; k++) expect(byCost[k].green).toBeLessThanOrEqual(byCost[k - 1].green + 1e-6);
    helper.setPath([0, 0, 0, 1, 0, 0, 1, 1, 0]);
    expect(helper.counts.segments).toBe(2);
    const watch = watchDisposal(helper);
    helper.dispose();
    expect(watch.disposed()).toBe(watch.total);
    helper.setVisited(null);
  });

  it('switches to points above the shape limit and clears on null', () => {
    const grid = new VoxelGrid({ dims: [30, 30, 1] });
    const run = new AStarRun(new GridSpace(grid), grid.index(0, 0, 0), grid.index(29, 29, 0), { heuristic: 'zero' });
    run.step(300);
    const helper = new SearchHelper({ shape: 'sphere', nodeSize: 0.5, pathRadius: 0.05, shapeLimit: 100 });
    helper.setVisited(collectVisited(run.ctx, gridPositions(grid)));
    expect(helper.counts.closed).toBe(300);
    expect(instanced(helper).every((m) => m.count <= 100)).toBe(true);
    helper.setVisited(null);
    expect(helper.counts).toEqual({ closed: 0, open: 0, segments: 0, steps: 0 });
    helper.dispose();
  });
});

describe('AgentsHelper', () => {
  const state = {
    count: 3,
    positions: [0, 0, 0, 1, 0, 0, 2, 0, 0],
    headings: [1, 0, 0, 0, 1, 0, 0, 0, 0],
    radii: [0.2, 0.3, 0.4],
    pull: [1, 0, 0, 0, 0, 0, 0, 1, 0],
    push: [0, 0, 0, 0, 0, 1, 0, 0, 0],
    arrived: [0, 1, 0],
  };

  it('draws one instanced body and nose per agent, arrived agents in their colour, force arrows on demand', () => {
    const helper = new AgentsHelper();
    helper.update(state);
    expect(helper.counts).toEqual({ agents: 3, arrows: 0 });
    const [bodies] = instanced(helper);
    const c = new Color();
    expect(bodies.getColorAt(1, c).getHex()).toBe(AGENTS_COLORS.arrived);
    expect(bodies.getColorAt(0, c).getHex()).toBe(AGENTS_COLORS.agent);
    helper.showForces = true;
    helper.update(state);
    expect(helper.counts).toEqual({ agents: 3, arrows: 6 });
    const watch = watchDisposal(helper);
    helper.dispose();
    expect(watch.disposed()).toBe(watch.total);
  });

  it('grows past its first capacity and draws a core Simulation', () => {
    const helper = new AgentsHelper();
    const n = 100;
    const many = {
      count: n,
      positions: new Float32Array(3 * n),
      headings: new Float32Array(3 * n),
      radii: new Float32Array(n).fill(0.1),
      pull: new Float32Array(3 * n),
      push: new Float32Array(3 * n),
    };
    helper.update(many);
    expect(helper.counts.agents).toBe(n);
    const sim = new Simulation({
      agents: [
        { id: 'a', start: { x: 0, y: 0, z: 0 }, goal: { x: 5, y: 0, z: 0 }, radius: 0.2, speed: 1 },
        { id: 'b', start: { x: 0, y: 2, z: 0 }, goal: { x: 5, y: 2, z: 0 }, radius: 0.2, speed: 1 },
      ],
    });
    sim.step(0.5);
    helper.updateFromSimulation(sim);
    expect(helper.counts.agents).toBe(2);
    const [bodies] = instanced(helper);
    const m = bodies.instanceMatrix.array;
    expect(m[12]).toBeCloseTo(sim.positions[0], 5);
    helper.dispose();
  });
});
