/**
 * Size by use: each consumer program of bench/sizeByUse.ts, bundled as a library (vite,
 * minified, tree-shaken; three and three-mesh-bvh external) and gzipped, stays within its byte
 * budget. Bundles are deterministic for a given source tree, so these are exact byte checks,
 * one vite build per program. `npm run bench` prints them against the budgets (bench/run.ts).
 */
import { describe, expect, it } from 'vitest';
import { measureProgram, SIZE_PROGRAMS } from '../../bench/sizeByUse.ts';

describe('size by use', () => {
  it.each(SIZE_PROGRAMS.map((p) => [p.name, p] as const))('%s fits its budget', async (_name, program) => {
    const size = await measureProgram(program.source);
    // A program over its budget is held at its ceiling (see SizeProgram.ceiling).
    const bound = program.ceiling?.bytes ?? program.budget;
    expect(size.gzip, `${size.gzip} B gzipped; modules:\n${size.modules.join('\n')}`).toBeLessThanOrEqual(bound);
  });

  it('a NavWorld without waypoints carries neither the placement, the visibility graph, the simulation, the drawing, the voxel layer and obstacles of a scene world nor the .navbin reader', async () => {
    const nav = SIZE_PROGRAMS.find((p) => p.name.startsWith('NavWorld'))!;
    const { modules } = await measureProgram(nav.source);
    expect(modules).toContain('src/three/NavWorld.ts'); // the measure sees what it bundles
    const unused = [
      'src/core/graph/autoWaypoints.ts',
      'src/core/graph/visibility.ts',
      'src/core/steering/Simulation.ts',
      'src/three/NavSimulation.ts',
      'src/three/ObstacleWorld.ts',
      'src/three/CollisionWorld.ts',
      'src/three/VoxelSurface.ts',
      'src/three/primitives.ts',
      'src/three/centreFill.ts',
      'src/three/navbinWorld.ts',
      'src/core/io/navbin.ts',
      'src/three/ObstacleDrawing.ts',
      'src/three/VoxelChunks.ts',
      'src/scene/build.ts',
    ];
    expect(modules.filter((m) => unused.includes(m))).toEqual([]);
  });

  it('a plain grid query carries no component check; one made with it does', async () => {
    const [plain, checked] = SIZE_PROGRAMS.filter((p) => p.name.startsWith('grid query'));
    const components = ['src/core/grid/freeComponents.ts', 'src/core/search/componentCheck.ts'];
    expect((await measureProgram(plain.source)).modules.filter((m) => components.includes(m))).toEqual([]);
    expect((await measureProgram(checked.source)).modules.filter((m) => components.includes(m))).toEqual(components);
  });
});
