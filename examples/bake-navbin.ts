/**
 * Headless baking in Node: load a mesh file (Draco and meshopt GLBs decode with no wiring; Draco
 * in Node uses the draco3d package), build a NavWorld (grid grown by the agent radius,
 * automatic waypoints), and write the grid and the waypoint graph as a .navbin a game loads
 * with `navWorldFromNavbin(bytes)` (navlab/three: paths between world points, no meshes
 * needed) or reads with `readNavbin` (navlab).
 *
 *   npx tsx --tsconfig examples/tsconfig.json examples/bake-navbin.ts level.glb level.navbin [cellSize] [agentRadius]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { writeNavbin } from 'navlab';
import { importMesh } from 'navlab/import';
import { autoWaypoints, NavWorld } from 'navlab/three';

const [input, output, cell = '0.25', radius = '0.1'] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: bake-navbin.ts <mesh.glb|.gltf|.obj|.stl> <out.navbin> [cellSize] [agentRadius]');
  process.exit(2);
}
const cellSize = Number(cell);
const agentRadius = Number(radius);

const mesh = await importMesh(basename(input), new Uint8Array(readFileSync(input)));
const nav = NavWorld.fromObject3D(mesh.object, { cellSize, agentRadius, waypoints: autoWaypoints });
const graph = nav.waypoints!.graph();

const bytes = writeNavbin({
  settings: { agentRadius, maxLinkDistance: Infinity, neighborhood: 26, cornerCutting: 'forbid' },
  grid: nav.grid,
  graph: {
    ids: Array.from({ length: graph.count }, (_, i) => `w${i}`),
    positions: graph.positions,
    offsets: graph.offsets,
    targets: graph.targets,
    costs: graph.costs,
  },
});
writeFileSync(output, bytes);
nav.dispose();
console.log(
  JSON.stringify({
    out: output,
    bytes: bytes.byteLength,
    dims: [nav.grid.X, nav.grid.Y, nav.grid.Z],
    waypoints: graph.count,
    links: graph.linkCount,
  }),
);
