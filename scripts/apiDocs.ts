/**
 * The API reference in docs/api, rendered from the declaration files (`.d.ts`) that the
 * package build emits. The compiler API of TypeScript 7 is a stub, so this reads the emitted
 * declarations as text: they are regular (one declaration per statement, members indented
 * four spaces, doc comments directly above), which is all this needs.
 *
 * Each entry point (navlab, navlab/scene, navlab/three, navlab/scene-three, navlab/helpers,
 * navlab/import) gets one Markdown
 * page listing what it exports, in export order, with the doc comment and signature of each
 * declaration and the public members of classes and interfaces.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Emits the package's declaration files into a fresh temporary directory and returns it. */
export function emitDeclarations(): string {
  const out = mkdtempSync(join(tmpdir(), 'navlab-dts-'));
  const tsc = join(ROOT, 'node_modules', '.bin', 'tsc');
  execFileSync(tsc, ['-p', join(ROOT, 'tsconfig.lib.json'), '--emitDeclarationOnly', '--outDir', out], { cwd: ROOT, stdio: 'inherit' });
  return out;
}

/** A package entry: its import name and its declaration file, relative to the declarations root. */
export interface ApiEntry {
  name: string;
  file: string;
  summary: string;
}

export const API_ENTRIES: readonly ApiEntry[] = [
  { name: 'navlab', file: 'core/index.d.ts', summary: 'the core: grids, graphs, search, steering (no three, no DOM)' },
  {
    name: 'navlab/scene',
    file: 'scene/index.d.ts',
    summary: 'scene documents: schema, parsing with readable errors, building core objects',
  },
  { name: 'navlab/three', file: 'three/index.d.ts', summary: 'the three.js adapter: NavWorld, BVH worlds, line of sight, voxelization' },
  {
    name: 'navlab/scene-three',
    file: 'scene-three/index.d.ts',
    summary: 'scene documents on three.js: loading its mesh files, preprocessing, automatic waypoints, simulation',
  },
  { name: 'navlab/helpers', file: 'helpers/index.d.ts', summary: 'debug drawing on three.js: waypoint graphs, searches, agents' },
  {
    name: 'navlab/import',
    file: 'import/index.d.ts',
    summary: 'mesh files: glTF (Draco, meshopt), OBJ and STL import, scenes from imported meshes',
  },
];

interface Declaration {
  name: string;
  kind: string;
  doc: string;
  signature: string;
  members: { signature: string; doc: string }[];
}

const DECL = /^export (?:declare )?(?:abstract )?(class|interface|type|function|const|let|enum) ([A-Za-z_$][\w$]*)/;

/** Doc comment text without the comment markers. */
function docText(lines: readonly string[]): string {
  return lines
    .map((l) => l.trim().replace(/^\/\*\*\s?|\s*\*\/$|^\*\s?/g, ''))
    .filter((l, i, all) => !(l === '' && (i === 0 || i === all.length - 1)))
    .join('\n')
    .trim();
}

/** The declarations of one .d.ts file, by name. */
function parseDeclarations(text: string): Map<string, Declaration> {
  const lines = text.split('\n');
  const out = new Map<string, Declaration>();
  let doc: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith('/**')) {
      doc = [];
      for (; i < lines.length; i++) {
        doc.push(lines[i]);
        if (lines[i].includes('*/')) break;
      }
      continue;
    }
    const m = DECL.exec(line);
    if (!m) {
      if (line.trim() !== '') doc = [];
      continue;
    }
    const decl: Declaration = {
      name: m[2],
      kind: m[1],
      doc: docText(doc),
      signature: line.replace(/ \{$/, '').replace(/^export (declare )?/, ''),
      members: [],
    };
    doc = [];
    if (line.endsWith('{')) {
      // A class or interface body: members at four spaces, each with its doc comment.
      let memberDoc: string[] = [];
      let pending = '';
      for (i++; i < lines.length && !lines[i].startsWith('}'); i++) {
        const l = lines[i];
        const t = l.trim();
        if (t.startsWith('/**')) {
          memberDoc = [];
          for (; i < lines.length; i++) {
            memberDoc.push(lines[i]);
            if (lines[i].includes('*/')) break;
          }
          continue;
        }
        pending += (pending ? ' ' : '') + t;
        // A member may span lines (object types); it ends at depth zero with ';'.
        const depth = (pending.match(/[{(<[]/g) ?? []).length - (pending.match(/[})>\]]/g) ?? []).length;
        if (depth > 0 || !pending.endsWith(';')) continue;
        if (!/^(private|protected)\b/.test(pending) && !/^#/.test(pending)) {
          decl.members.push({ signature: pending.replace(/;$/, ''), doc: docText(memberDoc) });
        }
        pending = '';
        memberDoc = [];
      }
    } else {
      // A one-statement declaration may still span lines: read to its ';'.
      let sig = decl.signature;
      while (!sig.trimEnd().endsWith(';') && i + 1 < lines.length) sig += `\n${lines[++i]}`;
      decl.signature = sig.replace(/;$/, '');
    }
    out.set(decl.name, decl);
  }
  return out;
}

/** The names an entry file exports, in order, each with the file that declares it. */
function exportedNames(root: string, file: string, seen = new Set<string>()): { name: string; file: string }[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const text = readFileSync(join(root, file), 'utf8');
  const result: { name: string; file: string }[] = [];
  const dts = (spec: string): string => join(dirname(file), spec.replace(/\.(ts|js)$/, '.d.ts'));
  for (const m of text.matchAll(/^export (?:type )?(\*|\{([^}]*)\}) from '([^']+)';/gm)) {
    const target = dts(m[3]);
    if (m[1] === '*') {
      result.push(...exportedNames(root, target, seen));
      continue;
    }
    for (const part of m[2]
      .split(',')
      .map((s) => s.trim().replace(/^type /, ''))
      .filter(Boolean)) {
      const [original, alias] = part.split(/\s+as\s+/);
      result.push(
        ...exportedNames(root, target, new Set(seen))
          .filter((e) => e.name === original)
          .map((e) => ({ name: alias ?? original, file: e.file })),
      );
    }
  }
  for (const name of parseDeclarations(text).keys()) result.push({ name, file });
  return result;
}

/** One Markdown page per entry, keyed by file name, plus README.md as the index. */
export function renderApiDocs(declarationsRoot: string): Map<string, string> {
  const pages = new Map<string, string>();
  const index = [
    '# navlab API reference',
    '',
    "Generated from the doc comments of the package's type declarations by `npm run docs:api`; do not edit by hand.",
    '',
  ];
  const parsed = new Map<string, Map<string, Declaration>>();
  const declarationsOf = (file: string): Map<string, Declaration> => {
    if (!parsed.has(file)) parsed.set(file, parseDeclarations(readFileSync(join(declarationsRoot, file), 'utf8')));
    return parsed.get(file)!;
  };
  for (const entry of API_ENTRIES) {
    const page = `${entry.name.replace('/', '-')}.md`;
    index.push(`- [\`${entry.name}\`](${page}): ${entry.summary}`);
    const md = [
      `# \`${entry.name}\``,
      '',
      `${entry.summary[0].toUpperCase()}${entry.summary.slice(1)}.`,
      '',
      '```ts',
      `import { ... } from '${entry.name}';`,
      '```',
      '',
    ];
    const names = exportedNames(declarationsRoot, entry.file);
    const unique = names.filter((n, i) => names.findIndex((o) => o.name === n.name) === i);
    md.push('| export | kind | summary |', '| --- | --- | --- |');
    const sections: string[] = [];
    for (const { name, file } of unique) {
      const d = declarationsOf(file).get(name);
      if (!d) continue;
      const summary = d.doc.split('\n\n')[0].replace(/\n/g, ' ').replace(/\|/g, '\\|');
      md.push(`| [\`${name}\`](#${name.toLowerCase()}) | ${d.kind} | ${summary} |`);
      sections.push(`## ${name}`, '', `<sub>${d.kind} · declared in \`${relative('.', file.replace(/\.d\.ts$/, '.ts'))}\`</sub>`, '');
      if (d.doc) sections.push(d.doc, '');
      sections.push('```ts', d.signature, '```', '');
      if (d.members.length > 0) {
        sections.push('| member | description |', '| --- | --- |');
        for (const m of d.members)
          sections.push(`| \`${m.signature.replace(/\|/g, '\\|')}\` | ${m.doc.replace(/\n/g, ' ').replace(/\|/g, '\\|')} |`);
        sections.push('');
      }
    }
    md.push('', ...sections);
    pages.set(page, `${md.join('\n').trimEnd()}\n`);
  }
  pages.set('README.md', `${index.join('\n')}\n`);
  return pages;
}

/** A public declaration or member without a doc comment: `entry: Name` or `entry: Name.member`. */
export interface Undocumented {
  /** The entry that exports it, such as `navlab/three`. */
  entry: string;
  /** `Name` for a declaration, `Name.member` for a member of a class or interface. */
  name: string;
  /** The declaration file it comes from, relative to the declarations root (`three/NavWorld.d.ts`). */
  file: string;
}

/** The name of a member from its signature: `static get foo(): T` -> foo, `constructor(...)` -> constructor. */
function memberName(signature: string): string {
  const s = signature.replace(/^(?:(?:static|readonly|abstract|get|set|public|override|accessor|async)\s+)*/, '');
  const m = /^(\[[^\]]*\]|[A-Za-z_$][\w$]*|'[^']*'|"[^"]*")/.exec(s);
  return m ? m[1] : s.slice(0, 40);
}

/**
 * Every exported declaration and every public member of an exported class, interface or object
 * type (methods, properties, getters, constructors, fields) that has no doc comment, over all entries.
 * A setter counts as documented when the getter of the same name is; the later overloads of a
 * documented member likewise.
 */
export function undocumentedMembers(declarationsRoot: string): Undocumented[] {
  const result: Undocumented[] = [];
  const parsed = new Map<string, Map<string, Declaration>>();
  const seen = new Set<string>();
  for (const entry of API_ENTRIES) {
    for (const { name, file } of exportedNames(declarationsRoot, entry.file)) {
      if (!parsed.has(file)) parsed.set(file, parseDeclarations(readFileSync(join(declarationsRoot, file), 'utf8')));
      const d = parsed.get(file)!.get(name);
      const key = `${file}#${name}`;
      if (!d || seen.has(key)) continue;
      seen.add(key);
      if (d.doc === '') result.push({ entry: entry.name, name, file });
      // Only class and interface bodies and object types (`type T = Base & {`) have members; a
      // function, a const or a function type may span lines too, its parameters are not members.
      const objectType = d.kind === 'type' && !d.signature.includes('(');
      if (d.kind !== 'class' && d.kind !== 'interface' && !objectType) continue;
      const documented = new Set<string>();
      for (const m of d.members) {
        const member = memberName(m.signature);
        if (m.doc !== '') documented.add(member);
        else if (!documented.has(member)) result.push({ entry: entry.name, name: `${name}.${member}`, file });
      }
    }
  }
  return result;
}
