/**
 * The dependency direction of docs/architecture.md, checked on every import of every source file:
 * core <- scene <- three <- import <- scene-three, helpers on three, and app and cli on the entries (never each other).
 * src/core and src/scene are engine-agnostic: no three, three-mesh-bvh, lil-gui, `node:` module
 * or Node built-in (the compiler checks the DOM side: tsconfig.core.json has no DOM lib and no
 * node types). Only the CLI may use Node built-ins; only the app may use lil-gui.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './scene/helpers.ts';

const BUILTINS = new Set(builtinModules.flatMap((m) => [m, m.split('/')[0], `node:${m}`]));

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? tsFiles(path) : e.name.endsWith('.ts') ? [path] : [];
  });
}

/** Module specifiers of static imports/exports, `import type`, dynamic import() and require(). */
function specifiers(source: string): string[] {
  // Comments out, strings kept (a string may hold '/**/' or '//', as glob patterns and URLs do).
  const code = source.replace(
    /('(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`)|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g,
    (_m, str: string | undefined) => str ?? '',
  );
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g,
    /\brequire\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g,
    // Workers and assets by URL: new URL('./x.worker.ts', import.meta.url).
    /\bnew\s+URL\s*\(\s*(?:'([^']+)'|"([^"]+)"|`([^`$]+)`)\s*,\s*import\.meta\.url/g,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) found.push(m.slice(1).find((g) => g !== undefined)!);
  // import.meta.glob('pattern' | ['pattern', '!exclusion', ...]): every pattern names files it may load.
  for (const m of code.matchAll(/\bimport\.meta\.glob(?:<[^>]*>)?\s*\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/g)) {
    for (const q of m[1].matchAll(/['"]([^'"]+)['"]/g)) found.push(q[1].replace(/^!/, ''));
  }
  return found;
}

const THREE = ['three', 'three-mesh-bvh'];
const ENTRIES = ['src/core', 'src/scene', 'src/three', 'src/import', 'src/scene-three', 'src/helpers'];
/** Each package entry's folder and the entries below it (docs/architecture.md: core <- scene <- three <- import <- scene-three; helpers on three). */
const BELOW: Record<string, string[]> = {
  'src/core': [],
  'src/scene': ['src/core'],
  'src/three': ['src/core', 'src/scene'],
  'src/import': ['src/core', 'src/scene', 'src/three'],
  'src/scene-three': ['src/core', 'src/scene', 'src/three', 'src/import'],
  'src/helpers': ['src/core', 'src/scene', 'src/three'],
  'src/app': ENTRIES,
  'src/cli': ENTRIES,
};
const LAYERS = [
  { dir: 'src/core', packages: [] as string[], builtins: false },
  { dir: 'src/scene', packages: ['zod'], builtins: false },
  { dir: 'src/three', packages: THREE, builtins: false },
  { dir: 'src/import', packages: THREE, builtins: false },
  { dir: 'src/scene-three', packages: THREE, builtins: false },
  { dir: 'src/helpers', packages: THREE, builtins: false },
  // The app also reads data files: the shipped scenes and the package version.
  { dir: 'src/app', extra: ['scenes', 'package.json'], packages: [...THREE, 'lil-gui', 'zod'], builtins: false },
  { dir: 'src/cli', packages: THREE, builtins: true },
].map((l) => ({ ...l, mayImport: [...BELOW[l.dir], l.dir, ...(l.extra ?? [])] }));

/** The cycles a depth-first walk meets in a directed graph, each as 'a -> b -> a'. */
function cyclesOf(edges: Map<string, Set<string>>): string[] {
  const cycles: string[] = [];
  const state = new Map<string, 'active' | 'done'>();
  const visit = (node: string, trail: string[]) => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'active') {
      cycles.push([...trail.slice(trail.indexOf(node)), node].join(' -> '));
      return;
    }
    state.set(node, 'active');
    for (const next of [...(edges.get(node) ?? [])].sort()) visit(next, [...trail, node]);
    state.set(node, 'done');
  };
  for (const node of [...edges.keys()].sort()) visit(node, []);
  return cycles;
}

describe('layers', () => {
  it('finds every kind of import statement', () => {
    const sample = [
      "import { a } from 'three';",
      'import type { B } from "three-mesh-bvh";',
      "export * from 'node:fs';",
      "import 'lil-gui';",
      "const m = await import('path');",
      "const c = require('child_process');",
      "import {\n  x,\n  y,\n} from 'os';",
      "// import { z } from 'worker_threads';",
      "const w = new Worker(new URL('../workers/nav.worker.ts', import.meta.url));",
      "const g = import.meta.glob<string>(['../../scenes/*.json', '!../../scenes/index.json'], { eager: true });",
    ].join('\n');
    expect(specifiers(sample)).toEqual([
      'three',
      'three-mesh-bvh',
      'node:fs',
      'os',
      'lil-gui',
      'path',
      'child_process',
      '../workers/nav.worker.ts',
      '../../scenes/*.json',
      '../../scenes/index.json',
    ]);
  });

  it('every entry of src/ is a layer checked below', () => {
    const layers = new Set(LAYERS.map((l) => l.dir));
    const unchecked = readdirSync(resolve(ROOT, 'src'))
      .map((name) => `src/${name}`)
      .filter((d) => !layers.has(d));
    expect(unchecked).toEqual([]);
  });

  it('the entries form the documented order, and app and cli use the entries, never each other', () => {
    for (const layer of LAYERS) {
      const below = layer.mayImport.filter((d) => d.startsWith('src/') && d !== layer.dir);
      const k = ENTRIES.indexOf(layer.dir);
      expect(
        below.every((d) => ENTRIES.includes(d)),
        layer.dir,
      ).toBe(true);
      if (k >= 0)
        expect(
          below.every((d) => ENTRIES.indexOf(d) < k),
          layer.dir,
        ).toBe(true);
      else expect(below, layer.dir).toEqual(ENTRIES);
    }
  });

  for (const layer of LAYERS) {
    const files = tsFiles(resolve(ROOT, layer.dir));

    it(`${layer.dir} has source files`, () => {
      expect(files.length).toBeGreaterThan(0);
    });

    it(`${layer.dir} imports nothing outside ${[...layer.mayImport, ...layer.packages, ...(layer.builtins ? ['Node built-ins'] : [])].join(', ')}`, () => {
      const problems: string[] = [];
      for (const file of files) {
        for (const spec of specifiers(readFileSync(file, 'utf8'))) {
          const where = relative(ROOT, file);
          if (BUILTINS.has(spec)) {
            if (!layer.builtins) problems.push(`${where}: imports the Node built-in '${spec}'`);
          } else if (spec.startsWith('.')) {
            const target = relative(ROOT, resolve(dirname(file), spec)).replace(/\\/g, '/');
            if (!layer.mayImport.some((d) => target === d || target.startsWith(`${d}/`)))
              problems.push(`${where}: imports '${spec}' outside ${layer.mayImport.join(', ')}`);
          } else if (!layer.packages.some((p) => spec === p || spec.startsWith(`${p}/`)))
            problems.push(`${where}: imports package '${spec}'`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
  it('the folders of src/core import each other without cycles', () => {
    // Folder of a core file: its first path segment under src/core (a top-level file is its own node).
    const core = resolve(ROOT, 'src/core');
    const folderOf = (file: string) => relative(core, file).replace(/\\/g, '/').split('/')[0];
    const edges = new Map<string, Set<string>>();
    for (const file of tsFiles(core)) {
      const from = folderOf(file);
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const to = folderOf(resolve(dirname(file), spec));
        if (to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
    }
    const cycles = cyclesOf(edges);
    expect(edges.get('search')?.has('grid')).toBe(true);
    expect(cycles).toEqual([]);
  });

  it('no file of src imports itself through others (type imports included)', () => {
    const src = resolve(ROOT, 'src');
    const edges = new Map<string, Set<string>>();
    for (const file of tsFiles(src)) {
      const from = relative(src, file);
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.') || !spec.endsWith('.ts')) continue;
        const to = relative(src, resolve(dirname(file), spec));
        if (to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
    }
    expect(edges.size).toBeGreaterThan(100);
    expect(cyclesOf(edges)).toEqual([]);
  });

  describe('package entries', () => {
    const exportsMap = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')).exports as Record<
      string,
      string | { import: string }
    >;
    /** Source file of each package entry: ./lib/x/y.js is built from src/x/y.ts. */
    const entries = new Map(
      Object.entries(exportsMap).flatMap(([name, target]) =>
        typeof target === 'string'
          ? []
          : [[name, resolve(ROOT, target.import.replace(/^\.\/lib\//, 'src/').replace(/\.js$/, '.ts'))] as const],
      ),
    );
    /** Source files whose code an entry loads: relative imports and re-exports, not `import type` / `export type`. */
    const closure = (entry: string): string[] => {
      const seen = new Set<string>();
      const visit = (file: string) => {
        if (seen.has(file)) return;
        seen.add(file);
        const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
        for (const m of code.matchAll(/\b(?:import|export)\s+(?!type\b)[^'"`;]*?\bfrom\s*'(\.[^']+)'|\bimport\s*'(\.[^']+)'/g))
          visit(resolve(dirname(file), m[1] ?? m[2]));
      };
      visit(entry);
      return [...seen].map((f) => relative(ROOT, f).replace(/\\/g, '/')).sort();
    };

    it('each entry of package.json is built from a source file', () => {
      expect([...entries.keys()]).toEqual(['.', './scene', './three', './scene-three', './helpers', './import']);
      for (const file of entries.values()) expect(readFileSync(file, 'utf8').length).toBeGreaterThan(0);
    });

    it('each entry is the index of its own folder, and loads nothing of a sibling entry', () => {
      const folders = new Map([...entries].map(([name, file]) => [name, relative(ROOT, dirname(file))]));
      expect([...folders.values()]).toEqual(['src/core', 'src/scene', 'src/three', 'src/scene-three', 'src/helpers', 'src/import']);
      for (const [name, file] of entries) {
        expect(file.endsWith('/index.ts'), name).toBe(true);
        const below = [...BELOW[folders.get(name)!], folders.get(name)!];
        expect(
          closure(file).filter((f) => !below.some((d) => f.startsWith(`${d}/`))),
          name,
        ).toEqual([]);
      }
    });

    it('navlab/three loads neither the mesh-file importers (navlab/import) nor the debug drawing (navlab/helpers)', () => {
      const three = closure(entries.get('./three')!);
      expect(three).toContain('src/three/NavWorld.ts');
      const apart = (entry: string) => closure(entries.get(entry)!).filter((f) => !f.startsWith('src/core/') && !three.includes(f));
      // What each of the two entries adds is theirs alone.
      expect(apart('./import')).toEqual(
        expect.arrayContaining(['src/import/meshImport.ts', 'src/import/gltfContainer.ts', 'src/import/importScene.ts']),
      );
      expect(apart('./helpers')).toEqual(
        expect.arrayContaining(['src/helpers/SearchHelper.ts', 'src/helpers/AgentsHelper.ts', 'src/helpers/WaypointGraphHelper.ts']),
      );
      expect(
        three.filter((f) => /meshImport|gltfContainer|dracoDecode|importScene|Helper\.ts$|searchSegments|visitedNodes/.test(f)),
      ).toEqual([]);
    });

    it('the core entry loads only src/core', () => {
      expect(closure(entries.get('.')!).filter((f) => !f.startsWith('src/core/'))).toEqual([]);
    });
  });
});
