import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOCKING } from '../vitest.config.ts';
import { ROOT } from './support/cli.ts';

/** Every test file under test/, relative to the repository. */
function testFiles(dir = join(ROOT, 'test')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [relative(ROOT, join(dir, e.name))] : [],
  );
}

describe('the test configuration', () => {
  it('runs every unit file that mocks a module (vi.mock) isolated, and only those', () => {
    // Unit files share their worker's modules; a mock would reach only modules imported after it.
    const mocking = testFiles().filter(
      (f) => !f.startsWith('test/e2e/') && /\bvi\.(mock|doMock)\(/.test(readFileSync(join(ROOT, f), 'utf8')),
    );
    expect(mocking.sort()).toEqual([...MOCKING].sort());
  });
});
