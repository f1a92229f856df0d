import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emitDeclarations, renderApiDocs, undocumentedMembers } from '../../scripts/apiDocs.ts';
import { ROOT } from '../support/cli.ts';

const declarations = emitDeclarations();
afterAll(() => rmSync(declarations, { recursive: true, force: true }));

describe('docs/api', () => {
  const pages = renderApiDocs(declarations);

  it('is what `npm run docs:api` writes from the current sources', () => {
    const dir = join(ROOT, 'docs/api');
    expect(readdirSync(dir).sort(), 'docs/api is stale: run npm run docs:api').toEqual([...pages.keys()].sort());
    for (const [name, text] of pages)
      expect(readFileSync(join(dir, name), 'utf8'), `docs/api/${name} is stale: run npm run docs:api`).toBe(text);
  });

  it('documents every export of each entry with its doc comment', () => {
    const core = pages.get('navlab.md')!;
    expect(core).toContain('## VoxelGrid');
    expect(core).toContain('A box of voxels, each free or blocked');
    expect(core).toMatch(/\| `isBlocked\(x: number, y: number, z: number\): boolean` \| Blocked voxels and everything outside/);
    expect(core).not.toMatch(/\| `private /);
    expect(pages.get('navlab-three.md')).toContain('## ObstacleWorld');
    expect(pages.get('navlab-scene.md')).toContain('## parseScene');
    expect(pages.get('navlab-import.md')).toContain('## importScene');
    expect(pages.get('navlab-import.md')).toContain('## importMesh');
    expect(pages.get('navlab-helpers.md')).toContain('## SearchHelper');
    for (const page of ['navlab-three.md', 'navlab-scene-three.md'])
      expect(pages.get(page)).not.toMatch(/## (importScene|importMesh|SearchHelper)\n/);
  });

  it('gives every export a doc comment, and exports no internals', () => {
    const undocumented: string[] = [];
    for (const [name, text] of pages) {
      if (name === 'README.md') continue;
      for (const m of text.matchAll(/^\| \[`([^`]+)`\]\([^)]*\) \| [a-z]+ \| (.*) \|$/gm)) if (m[2].trim() === '') undocumented.push(m[1]);
      for (const internal of [
        'OPEN',
        'CLOSED',
        'PAGE_BITS',
        'FlatHeap',
        'addScaled',
        'tripleDistance',
        'unitSoup',
        'triangleOverlapsBox',
      ]) {
        expect(text, `${name} exports ${internal}`).not.toContain(`## ${internal}\n`);
      }
    }
    expect(undocumented.sort()).toEqual([]);
  });

  it('gives every public member a doc comment: methods, properties, getters, constructors, interface fields', () => {
    const missing = undocumentedMembers(declarations).map((u) => `${u.entry}: ${u.name} (${u.file})`);
    expect(missing).toEqual([]);
  });

  it('finds an undocumented member (the check above can fail)', () => {
    const root = mkdtempSync(join(tmpdir(), 'navlab-undoc-'));
    try {
      mkdirSync(join(root, 'core'));
      writeFileSync(
        join(root, 'core/index.d.ts'),
        [
          '/** A thing. */',
          'export declare class Thing {',
          '    /** Documented. */',
          '    readonly a: number;',
          '    readonly b: number;',
          '    /** Its size. */',
          '    get size(): number;',
          '    set size(v: number);',
          '    private secret;',
          '    constructor(a: number);',
          '}',
          'export interface Bare {',
          '    field: string;',
          '}',
          '/** An object type. */',
          'export type Obj = Thing & {',
          '    readonly f: number;',
          '};',
          '/** A function type: its parameter object has no members to document. */',
          'export type Fn = (a: {',
          '    x: number;',
          '}) => void;',
          '',
        ].join('\n'),
      );
      for (const entry of ['scene', 'three', 'scene-three', 'helpers', 'import']) {
        mkdirSync(join(root, entry));
        writeFileSync(join(root, entry, 'index.d.ts'), '');
      }
      expect(undocumentedMembers(root).map((u) => u.name)).toEqual(['Thing.b', 'Thing.constructor', 'Bare', 'Bare.field', 'Obj.f']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
