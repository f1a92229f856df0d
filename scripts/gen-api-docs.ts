/**
 * Writes the API reference (docs/api/*.md) from the package's declarations:
 *   npm run docs:api
 * test/package/apiDocs.test.ts fails when the committed pages differ from what this writes.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { emitDeclarations, renderApiDocs } from './apiDocs.ts';

const target = fileURLToPath(new URL('../docs/api/', import.meta.url));
const declarations = emitDeclarations();
mkdirSync(target, { recursive: true });
for (const f of readdirSync(target)) rmSync(target + f);
for (const [name, text] of renderApiDocs(declarations)) writeFileSync(target + name, text);
rmSync(declarations, { recursive: true, force: true });
console.log(`wrote ${target}`);
