/**
 * The engine-agnostic boundary (ARCHITECTURE.md): src/core imports only src/core; src/scene
 * imports only src/core, src/scene and zod. In particular neither may import three,
 * three-mesh-bvh, lil-gui, a `node:` module or a Node built-in. The compiler checks the DOM
 * side (tsconfig.core.json has no DOM lib and no node types).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.ts';

const BANNED = /^(three|three-mesh-bvh|lil-gui)(\/|$)|^node:/;
const BUILTINS = new Set(builtinModules.flatMap((m) => [m, m.split('/')[0]]));

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? tsFiles(path) : e.name.endsWith('.ts') ? [path] : [];
  });
}

/** Module specifiers of static imports/exports, `import type`, dynamic import() and require(). */
function specifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g,
    /\brequire\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) found.push(m[1]);
  return found;
}

const LAYERS = [
  { dir: 'src/core', mayImport: ['src/core'], packages: [] as string[] },
  { dir: 'src/scene', mayImport: ['src/core', 'src/scene'], packages: ['zod'] },
];

describe('engine-agnostic boundary', () => {
  it('finds every kind of import statement', () => {
    const sample = [
      "import { a } from 'three';",
      "import type { B } from \"three-mesh-bvh\";",
      "export * from 'node:fs';",
      "import 'lil-gui';",
      "const m = await import('path');",
      "const c = require('child_process');",
      "import {\n  x,\n  y,\n} from 'os';",
      "// import { z } from 'worker_threads';",
    ].join('\n');
    expect(specifiers(sample)).toEqual(['three', 'three-mesh-bvh', 'node:fs', 'os', 'lil-gui', 'path', 'child_process']);
  });

  for (const layer of LAYERS) {
    const files = tsFiles(resolve(ROOT, layer.dir));

    it(`${layer.dir} has source files`, () => {
      expect(files.length).toBeGreaterThan(0);
    });

    it(`${layer.dir} imports nothing outside ${[...layer.mayImport, ...layer.packages].join(', ')}`, () => {
      const problems: string[] = [];
      for (const file of files) {
        for (const spec of specifiers(readFileSync(file, 'utf8'))) {
          const where = relative(ROOT, file);
          if (BANNED.test(spec) || BUILTINS.has(spec)) problems.push(`${where}: imports '${spec}' (three, lil-gui and Node built-ins are not allowed here)`);
          else if (spec.startsWith('.')) {
            const target = relative(ROOT, resolve(dirname(file), spec)).replace(/\\/g, '/');
            if (!layer.mayImport.some((d) => target === d || target.startsWith(`${d}/`))) problems.push(`${where}: imports '${spec}' outside ${layer.mayImport.join(', ')}`);
          } else if (!layer.packages.some((p) => spec === p || spec.startsWith(`${p}/`))) problems.push(`${where}: imports package '${spec}'`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
