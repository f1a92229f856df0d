/**
 * The README's TypeScript examples match the types: every ```ts block that is code (it has an
 * import or a declaration) is compiled against the entries' sources. Names an example leaves to
 * the reader (`grid`, `start`, `nav`...) are not errors; anything else is (a member that does not
 * exist, an option of the wrong type, a name an entry does not export). A block written here with
 * a wrong call proves the check reports what it should.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.ts';

/** Errors about what an example leaves out, not about the API: unknown or unused names, implicit any. */
const IGNORED = new Set([2304, 2552, 18004, 6133, 6192, 6196, 6198, 7005, 7006, 7034]);
const ENTRIES: Record<string, string> = {
  navlab: 'core',
  'navlab/scene': 'scene',
  'navlab/three': 'three',
  'navlab/scene-three': 'scene-three',
  'navlab/helpers': 'helpers',
  'navlab/import': 'import',
};
/** A wrong call (VoxelGrid dims must be a triple): the check must report it. */
const WRONG = "import { VoxelGrid } from 'navlab';\nnew VoxelGrid({ dims: 8 });\n";

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)]
  .map((m) => m[1])
  .filter((b) => /^\s*(import|const|let|function|class)\b/m.test(b));
// Inside the repository (so `three` and the sources resolve); removed afterwards.
const dir = mkdtempSync(join(ROOT, '.readme-types-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** tsc's errors per file name, as [code, message]. */
function compile(files: Record<string, string>): Map<string, [number, string][]> {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const paths = Object.fromEntries(Object.entries(ENTRIES).map(([name, folder]) => [name, [`../src/${folder}/index.ts`]]));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: '../tsconfig.json',
      compilerOptions: { noEmit: true, noUnusedLocals: false, noUnusedParameters: false, paths },
      files: Object.keys(files),
    }),
  );
  let out = '';
  try {
    execFileSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', join(dir, 'tsconfig.json')], { cwd: ROOT, encoding: 'utf8' });
  } catch (e) {
    out = (e as { stdout: string }).stdout;
  }
  const errors = new Map<string, [number, string][]>();
  for (const m of out.matchAll(/([\w.-]+\.ts)\(\d+,\d+\): error TS(\d+): (.*)/g)) {
    const name = m[1].split('/').pop()!;
    errors.set(name, [...(errors.get(name) ?? []), [Number(m[2]), m[3]]]);
  }
  return errors;
}

describe("the README's TypeScript examples", () => {
  const files: Record<string, string> = { 'wrong.ts': WRONG };
  // Repository paths in an example (`./src/...`) resolve from the repository root.
  blocks.forEach((b, i) => {
    files[`block${i}.ts`] = `${b.replaceAll("'./src/", "'../src/")}\nexport {};\n`;
  });
  const errors = compile(files);

  it('are found', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(4);
  });

  it('type-check against the entries (apart from the names they leave to the reader)', () => {
    const real = blocks.flatMap((b, i) =>
      (errors.get(`block${i}.ts`) ?? [])
        .filter(([code]) => !IGNORED.has(code))
        .map(([code, text]) => `${b.split('\n')[0]}: TS${code} ${text}`),
    );
    expect(real).toEqual([]);
  });

  it('a wrong call is reported (the check can fail)', () => {
    expect((errors.get('wrong.ts') ?? []).filter(([code]) => !IGNORED.has(code)).length).toBeGreaterThan(0);
  });
}, 120_000);
