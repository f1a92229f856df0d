/**
 * The package carries its docs: the API reference (docs/api), the examples and every file the
 * README links are in the tarball, and the relative links and imports inside the shipped docs
 * and examples resolve inside it. Reads `npm pack --dry-run` (no build: the file list is what
 * package.json "files" selects; lib/ is covered by consumer.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.ts';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const [packed] = JSON.parse(
  execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }),
) as [{ files: { path: string }[] }];
const files = new Set(packed.files.map((f) => f.path));

/** Whether a path (relative to the package root) is a shipped file, or a folder holding one. */
function shipped(path: string): boolean {
  const p = normalize(path).replace(/\/$/, '');
  return files.has(p) || [...files].some((f) => f.startsWith(`${p}/`));
}

/** The relative link targets of a Markdown text (links and images; no URLs, no in-page anchors). */
function markdownLinks(text: string): string[] {
  const out: string[] = [];
  // Code spans and blocks may show link syntax that is not a link.
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  for (const m of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) out.push(m[1]);
  for (const m of prose.matchAll(/^\[[^\]]+\]:\s*(\S+)/gm)) out.push(m[1]);
  for (const m of prose.matchAll(/<(?:a|img)\s[^>]*(?:href|src)="([^"]+)"/g)) out.push(m[1]);
  return out.filter((l) => !/^([a-z][a-z0-9+.-]*:|#|\/\/)/i.test(l)).map((l) => decodeURI(l.replace(/[#?].*$/, '')));
}

describe('the tarball carries the docs', () => {
  it('finds the links of a Markdown text (the parser the checks below use)', () => {
    expect(
      markdownLinks('[a](docs/a.md) ![s](docs/s.png "t") [u](https://x.org/y) [h](#top) [d](examples/) `[c](no.md)`\n[r]: docs/r.md#x'),
    ).toEqual(['docs/a.md', 'docs/s.png', 'examples/', 'docs/r.md']);
  });

  it('ships every file the README links into the repository', () => {
    const links = markdownLinks(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    expect(links.length).toBeGreaterThan(5);
    expect(links).toContain('docs/api/README.md');
    expect(links.filter((l) => !shipped(l))).toEqual([]);
  });

  it('ships the whole API reference and every example', () => {
    for (const dir of ['docs/api', 'examples']) {
      const local = readdirSync(join(ROOT, dir)).map((f) => `${dir}/${f}`);
      expect(local.length).toBeGreaterThan(3);
      expect(
        local.filter((f) => !files.has(f)),
        dir,
      ).toEqual([]);
    }
  });

  it('the links inside the shipped Markdown files resolve inside the tarball', () => {
    const broken: string[] = [];
    for (const f of [...files].filter((p) => p.endsWith('.md'))) {
      for (const l of markdownLinks(readFileSync(join(ROOT, f), 'utf8'))) {
        const target = normalize(join(dirname(f), l));
        if (target.startsWith('..') || !shipped(target)) broken.push(`${f} -> ${l}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("the examples' relative imports resolve inside the tarball", () => {
    const broken: string[] = [];
    const examples = [...files].filter((p) => p.startsWith('examples/') && /\.(ts|html)$/.test(p));
    for (const f of examples) {
      const text = readFileSync(join(ROOT, f), 'utf8');
      for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*|src=)["'](\.{1,2}\/[^"']+)["']/g)) {
        const target = normalize(join(dirname(f), m[1].replace(/\?.*$/, '')));
        if (!files.has(target)) broken.push(`${f} -> ${m[1]}`);
      }
    }
    expect(examples.length).toBeGreaterThan(3);
    expect(broken).toEqual([]);
  });
});
