/**
 * The app's layout (ARCHITECTURE.md): main.ts and nav.worker.ts are composition roots at the
 * top of src/app (nothing imports them); shell/ holds what every feature stands on and imports
 * no feature, and its folders import each other without cycles; each folder of features/
 * imports the shell, the package entries and itself, never another feature. Every file stays
 * under 400 lines.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../scene/helpers.ts';

const APP = resolve(ROOT, 'src/app');
const MAX_LINES = 400;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Relative module specifiers: imports, re-exports, dynamic import() and `new URL(..., import.meta.url)`. */
function relativeSpecifiers(source: string): string[] {
  const code = source.replace(
    /('(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`)|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g,
    (_m, str: string | undefined) => str ?? '',
  );
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g,
    /\bnew\s+URL\s*\(\s*['"`]([^'"`$]+)['"`]\s*,\s*import\.meta\.url/g,
  ];
  return patterns.flatMap((re) => [...code.matchAll(re)].map((m) => m[1])).filter((s) => s.startsWith('.'));
}

/**
 * The part of the app a path (relative to src/app) belongs to: 'shell', 'features/<name>',
 * 'root:<file>' for a top-level file, or 'outside' for anything outside src/app.
 */
function partOf(path: string): string {
  if (path.startsWith('..')) return 'outside';
  const [first, second] = path.split('/');
  if (first === 'shell') return 'shell';
  if (first === 'features') return `features/${second}`;
  return path.includes('/') ? `other:${first}` : `root:${first}`;
}

/** What an import from part `from` to part `to` breaks, or null when it is allowed. */
function importProblem(from: string, to: string): string | null {
  if (to === 'outside' || to === from) return null;
  if (from.startsWith('root:')) return null;
  if (to.startsWith('root:')) return `imports the composition root ${to.slice(5)}`;
  if (from === 'shell' && to.startsWith('features/')) return `the shell imports ${to}`;
  if (from.startsWith('features/') && to.startsWith('features/')) return `${from} imports ${to}`;
  if (from.startsWith('features/') && to === 'shell') return null;
  return `${from} imports ${to}`;
}

describe('app structure', () => {
  const files = filesUnder(APP);
  const sources = files.filter((f) => f.endsWith('.ts'));

  it('has a composition root, a shell and the four features', () => {
    const parts = new Set(files.map((f) => partOf(relative(APP, f).replace(/\\/g, '/'))));
    for (const p of ['root:main.ts', 'shell', 'features/search', 'features/agents', 'features/editor', 'features/meshes']) {
      expect(parts.has(p), p).toBe(true);
    }
    expect([...parts].filter((p) => p.startsWith('other:'))).toEqual([]);
  });

  it('the rule itself: features never import each other, the shell imports no feature', () => {
    expect(importProblem('features/search', 'features/editor')).toBe('features/search imports features/editor');
    expect(importProblem('shell', 'features/agents')).toBe('the shell imports features/agents');
    expect(importProblem('shell', 'root:main.ts')).toBe('imports the composition root main.ts');
    expect(importProblem('features/meshes', 'root:nav.worker.ts')).toBe('imports the composition root nav.worker.ts');
    expect(importProblem('features/editor', 'shell')).toBeNull();
    expect(importProblem('root:main.ts', 'features/editor')).toBeNull();
    expect(importProblem('features/search', 'outside')).toBeNull();
  });

  it('every import of src/app keeps to the layout', () => {
    expect(sources.length).toBeGreaterThan(80);
    const problems: string[] = [];
    for (const file of sources) {
      const from = relative(APP, file).replace(/\\/g, '/');
      for (const spec of relativeSpecifiers(readFileSync(file, 'utf8'))) {
        const to = relative(APP, resolve(dirname(file), spec)).replace(/\\/g, '/');
        const problem = importProblem(partOf(from), partOf(to));
        if (problem !== null) problems.push(`${from} -> ${to}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("the shell's folders import each other without cycles", () => {
    // Folder of a shell file: its first path segment under shell/ ('.' for the shell's own files).
    const folderOf = (path: string) => (path.split('/').length > 2 ? path.split('/')[1] : '.');
    const edges = new Map<string, Set<string>>();
    for (const file of sources) {
      const from = relative(APP, file).replace(/\\/g, '/');
      if (partOf(from) !== 'shell') continue;
      for (const spec of relativeSpecifiers(readFileSync(file, 'utf8'))) {
        const to = relative(APP, resolve(dirname(file), spec)).replace(/\\/g, '/');
        if (partOf(to) !== 'shell' || folderOf(to) === folderOf(from)) continue;
        edges.set(folderOf(from), (edges.get(folderOf(from)) ?? new Set()).add(folderOf(to)));
      }
    }
    expect(edges.size).toBeGreaterThan(3);
    // Peel off folders that import no remaining folder; what is left sits on a cycle.
    const left = new Set([...edges.keys(), ...[...edges.values()].flatMap((t) => [...t])]);
    for (let peeled = true; peeled; ) {
      peeled = false;
      for (const f of left) {
        if (![...(edges.get(f) ?? [])].some((t) => left.has(t))) {
          left.delete(f);
          peeled = true;
        }
      }
    }
    expect([...left].sort()).toEqual([]);
  });

  it(`every file of src/app has at most ${MAX_LINES} lines`, () => {
    const long = files
      .map((f) => ({ file: relative(ROOT, f).replace(/\\/g, '/'), lines: readFileSync(f, 'utf8').split('\n').length - 1 }))
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.file}: ${f.lines} lines`);
    expect(long).toEqual([]);
  });

  it('finds the relative imports a file can hold', () => {
    const sample = [
      "import { a } from '../shell/x.ts';",
      "import type { B } from './b.ts';",
      "export { c } from './c.ts';",
      "import './style.css';",
      "const w = new Worker(new URL('./sim.worker.ts', import.meta.url));",
      "// import { z } from '../features/z.ts';",
      "import GUI from 'lil-gui';",
    ].join('\n');
    expect(relativeSpecifiers(sample).sort()).toEqual(['../shell/x.ts', './b.ts', './c.ts', './sim.worker.ts', './style.css']);
  });
});
