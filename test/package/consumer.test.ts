/**
 * The published package as a user gets it: `npm pack`, then `npm ci` of the tarball into a
 * fresh project outside the repository, offline (only the npm cache that the repository's own
 * `npm ci` filled), then the three entry points imported in Node and bundled by vite, and the
 * `nav` bin run from the install.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Rollup } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.ts';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let dir = '';
let project = '';
let files: string[] = [];

/** A lockfile for the consumer, so `npm ci --offline` needs no registry metadata, only cached tarballs. */
function consumerLock(tarball: string): { pkg: object; lock: object } {
  const own = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const repoLock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
  const deps: Record<string, string> = { navlab: `file:${tarball}` };
  const packages: Record<string, object> = {
    'node_modules/navlab': {
      version: own.version,
      resolved: `file:${tarball}`,
      integrity: `sha512-${createHash('sha512')
        .update(readFileSync(join(project, tarball)))
        .digest('base64')}`,
      dependencies: own.dependencies,
      peerDependencies: own.peerDependencies,
      bin: own.bin,
    },
  };
  for (const name of [...Object.keys(own.dependencies), ...Object.keys(own.peerDependencies)]) {
    const e = repoLock.packages[`node_modules/${name}`];
    if (name in own.peerDependencies) deps[name] = e.version;
    packages[`node_modules/${name}`] = {
      version: e.version,
      integrity: e.integrity,
      dependencies: e.dependencies,
      peerDependencies: e.peerDependencies,
      resolved: `https://registry.npmjs.org/${name}/-/${name.split('/').pop()}-${e.version}.tgz`,
    };
  }
  const pkg = { name: 'navlab-consumer', private: true, type: 'module', dependencies: deps };
  return {
    pkg,
    lock: { name: pkg.name, lockfileVersion: 3, requires: true, packages: { '': { name: pkg.name, dependencies: deps }, ...packages } },
  };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'navlab-pack-'));
  project = join(dir, 'consumer');
  mkdirSync(project);
  const [packed] = JSON.parse(
    execFileSync(npm, ['pack', '--json', '--pack-destination', project], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  files = packed.files.map((f: { path: string }) => f.path);
  const { pkg, lock } = consumerLock(`./${packed.filename}`);
  writeFileSync(join(project, 'package.json'), JSON.stringify(pkg, null, 2));
  writeFileSync(join(project, 'package-lock.json'), JSON.stringify(lock, null, 2));
  execFileSync(npm, ['ci', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: project, stdio: 'pipe' });
}, 240_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('ships built JavaScript with types, the docs and the examples, and no sources, tests, data or benchmarks', () => {
    expect(files).toContain('lib/core/index.js');
    expect(files).toContain('lib/core/index.d.ts');
    expect(files).toContain('lib/scene/index.d.ts');
    expect(files).toContain('lib/three/index.d.ts');
    expect(files).toContain('lib/scene-three/index.d.ts');
    expect(files).toContain('lib/helpers/index.d.ts');
    expect(files).toContain('lib/import/index.d.ts');
    expect(files).toContain('lib/cli/nav.js');
    // The README links the API reference and the examples: they ship (test/package/tarballDocs.test.ts).
    expect(files).toContain('docs/api/README.md');
    expect(files).toContain('examples/bake-navbin.ts');
    const stray = files.filter(
      (f) => /^(src|test|bench|scenes|scripts)\//.test(f) || (/\.ts$/.test(f) && !f.endsWith('.d.ts') && !f.startsWith('examples/')),
    );
    expect(stray).toEqual([]);
  });

  it('installs without tsx and without the app-only packages', () => {
    for (const absent of ['tsx', 'lil-gui', 'vite', 'vitest']) expect(existsSync(join(project, 'node_modules', absent))).toBe(false);
  });

  it('imports navlab, navlab/scene, navlab/three, navlab/scene-three, navlab/helpers and navlab/import in Node and finds a path', () => {
    writeFileSync(
      join(project, 'use.mjs'),
      `
      import { VoxelGrid, queryGrid } from 'navlab';
      import * as core from 'navlab';
      import { parseScene, buildVoxelGrid } from 'navlab/scene';
      import { ObstacleWorld, NavWorld, waypointList } from 'navlab/three';
      import { WaypointGraphHelper } from 'navlab/helpers';
      import { meshFormat, importScene } from 'navlab/import';
      import { preprocessScene, createSceneSimulation } from 'navlab/scene-three';
      import { BoxGeometry, Group, Mesh, Vector3 } from 'three';
      const grid = new VoxelGrid({ dims: [8, 8, 8] });
      for (let y = 0; y < 7; y++) for (let z = 0; z < 8; z++) grid.setBlocked(4, y, z, true);
      const r = queryGrid(grid, [0, 0, 0], [7, 0, 0]);
      const doc = parseScene({ version: 1, name: 'w', bounds: { min: [0, 0, 0], max: [4, 4, 4] },
        waypoints: [{ id: 'a', position: [0.5, 0.5, 0.5] }, { id: 'b', position: [3.5, 3.5, 3.5] }],
        obstacles: [{ id: 'o', shape: 'box', position: [2, 2, 2], size: [1, 1, 1] }],
        agents: [{ id: 'x', start: 'a', goal: 'b', radius: 0.2, speed: 1 }] });
      const world = ObstacleWorld.fromScene(doc);
      const pre = preprocessScene(doc);
      const sim = createSceneSimulation(doc, { preprocess: pre });
      const root = new Group();
      root.add(new Mesh(new BoxGeometry(1, 4, 4)));
      const nav = NavWorld.fromObject3D(root, { cellSize: 0.5, waypoints: waypointList([new Vector3(0, 2.5, 0)]) });
      const p = nav.findPath(new Vector3(-1, 0, 0), new Vector3(1, 0, 0));
      const helper = new WaypointGraphHelper(nav.waypoints.graph());
      const internals = ['OPEN', 'CLOSED', 'PAGE_BITS', 'FlatHeap', 'addScaled', 'tripleDistance'].filter((n) => n in core);
      console.log(JSON.stringify({ status: r.status, cost: r.cost, waypoints: doc.waypoints.length, grid: buildVoxelGrid(doc) === null, world: typeof world,
        nav: p.status, corners: p.points.length, spheres: helper.spheres.count, internals, links: pre.graph.linkCount, simAgents: sim.simulation.agentCount,
        format: meshFormat('level.glb'), importScene: typeof importScene }));
    `,
    );
    const out = JSON.parse(execFileSync(process.execPath, ['use.mjs'], { cwd: project, encoding: 'utf8' }));
    expect(out.status).toBe('found');
    expect(out.cost).toBeGreaterThan(7);
    expect(out.waypoints).toBe(2);
    expect(out.world).toBe('object');
    expect(out.nav).toBe('found');
    expect(out.corners).toBeGreaterThan(2);
    expect(out.spheres).toBe(1);
    expect(out.internals).toEqual([]);
    expect(out.links).toBe(0); // the box stands on the one line between the two waypoints
    expect(out.simAgents).toBe(1);
    expect(out.format).toBe('glb');
    expect(out.importScene).toBe('function');
  });

  it('imports Draco and meshopt GLBs in Node with no decoder wiring (draco3d installed as the optional peer), bakes and loads a .navbin', () => {
    expect(existsSync(join(project, 'node_modules/draco3d'))).toBe(true);
    const meshes = join(ROOT, 'test/data/meshes');
    writeFileSync(
      join(project, 'draco.mjs'),
      `
      import { readFileSync } from 'node:fs';
      import { writeNavbin } from 'navlab';
      import { importMesh } from 'navlab/import';
      import { NavWorld, navWorldFromNavbin } from 'navlab/three';
      import { Box3, Vector3 } from 'three';
      const draco = await importMesh('draco.glb', readFileSync(${JSON.stringify(join(meshes, 'draco.glb'))}));
      const meshopt = await importMesh('meshopt.glb', readFileSync(${JSON.stringify(join(meshes, 'meshopt.glb'))}));
      const bounds = new Box3().setFromObject(draco.object).expandByScalar(1);
      const nav = NavWorld.fromObject3D(draco.object, { cellSize: 0.25, bounds });
      const bytes = writeNavbin({ settings: { agentRadius: 0, maxLinkDistance: Infinity, neighborhood: 26, cornerCutting: 'forbid' },
        grid: nav.grid, graph: { ids: [], positions: [], offsets: [0], targets: [], costs: [] } });
      const baked = navWorldFromNavbin(bytes);
      const p = baked.findPath(bounds.min.clone().addScalar(0.5), bounds.max.clone().subScalar(0.5));
      console.log(JSON.stringify({ draco: draco.triangles, meshopt: meshopt.triangles, status: p.status, corners: p.points.length }));
    `,
    );
    const out = JSON.parse(execFileSync(process.execPath, ['draco.mjs'], { cwd: project, encoding: 'utf8' }));
    expect(out).toMatchObject({ draco: 12, meshopt: 12, status: 'found' });
    expect(out.corners).toBeGreaterThanOrEqual(2);
  });

  it('type-checks a TypeScript user against the shipped declarations', () => {
    // A three.js user has @types/three; lend the repository's type packages for that.
    symlinkSync(join(ROOT, 'node_modules/@types'), join(project, 'node_modules/@types'), 'dir');
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
        },
        files: ['use.ts'],
      }),
    );
    writeFileSync(
      join(project, 'use.ts'),
      [
        "import { VoxelGrid, queryGrid, type PathReport } from 'navlab';",
        "import { parseScene, type SceneDocument } from 'navlab/scene';",
        "import { ObstacleWorld } from 'navlab/three';",
        'const report: PathReport = queryGrid(new VoxelGrid({ dims: [4, 4, 4] }), [0, 0, 0], [3, 3, 3]);',
        'const doc: SceneDocument = parseScene({ version: 1 });',
        'const world: ObstacleWorld = ObstacleWorld.fromScene(doc);',
        '// The one deliberate error: proves the types are real, not `any`.',
        'const wrong: string = report.cost;',
        'console.log(world, wrong);',
      ].join('\n'),
    );
    const r = spawnSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', project], { cwd: project, encoding: 'utf8' });
    expect(r.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/^use\.ts\(8,7\): error TS2322: Type 'number' is not assignable to type 'string'/),
    ]);
  });

  it('runs the nav bin from the install, on built JavaScript', () => {
    const r = spawnSync(
      join(project, 'node_modules/.bin/nav'),
      ['path', join(ROOT, 'test/data/Simple.3dmap'), '--from', '56,76,52', '--to', '48,85,45', '--json'],
      { encoding: 'utf8' },
    );
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'found', expanded: expect.any(Number) });
    expect(Math.abs(JSON.parse(r.stdout).cost - 15.317108287336765)).toBeLessThan(1e-9);
  });

  it('bundles with vite: the core entry pulls in no three, the three entry no zod, the scene-three entry works', async () => {
    const bundle = async (code: string): Promise<string[]> => {
      writeFileSync(join(project, 'entry.js'), code);
      const out = (await build({
        root: project,
        configFile: false,
        logLevel: 'error',
        build: { write: false, lib: { entry: join(project, 'entry.js'), formats: ['es'] } },
      })) as Rollup.RollupOutput[];
      return out[0].output.flatMap((c) => ('moduleIds' in c ? c.moduleIds : []));
    };
    const core = await bundle(
      `import { VoxelGrid, queryGrid } from 'navlab';\nexport const r = queryGrid(new VoxelGrid({ dims: [2, 2, 2] }), [0, 0, 0], [1, 1, 1]);\n`,
    );
    expect(core.some((id) => id.includes('/navlab/lib/core/'))).toBe(true);
    expect(core.filter((id) => /node_modules\/(three|three-mesh-bvh|zod)\//.test(id))).toEqual([]);
    const three = await bundle(`import { ObstacleWorld } from 'navlab/three';\nexport { ObstacleWorld };\n`);
    expect(three.some((id) => id.includes('/node_modules/three-mesh-bvh/'))).toBe(true);
    // Everything navlab/three exports, and still no scene validation: that is navlab/scene-three's.
    const all = await bundle(`export * from 'navlab/three';\n`);
    expect(all.some((id) => id.includes('/navlab/lib/three/NavWorld.js'))).toBe(true);
    expect(all.filter((id) => /node_modules\/zod\/|\/navlab\/lib\/scene\/(schema|validate)\.js/.test(id))).toEqual([]);
    // Nor the mesh-file importers (navlab/import) or the debug drawing (navlab/helpers).
    expect(
      all.filter((id) =>
        /\/navlab\/lib\/three\/(meshImport|gltfContainer|dracoDecode|importScene|SearchHelper|AgentsHelper|WaypointGraphHelper)\.js|\/loaders\//.test(
          id,
        ),
      ),
    ).toEqual([]);
    const imports = await bundle(`export * from 'navlab/import';\n`);
    expect(imports.some((id) => id.includes('/navlab/lib/import/gltfContainer.js'))).toBe(true);
    const sceneThree = await bundle(`export * from 'navlab/scene-three';\n`);
    expect(sceneThree.some((id) => id.includes('/node_modules/zod/'))).toBe(true);
  });
});
