/**
 * `npm run verify`: every `verify:*` script of package.json, one after the other (the exhaustive
 * checks `npm run test:all` runs a sample of, and the full Moving AI data). Prints one line per script
 * and exits 1 when any failed; a failing script does not stop the others.
 * Usage: npm run verify [-- NAME ...]   (NAME: a script without its `verify:` prefix)
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const scripts = Object.keys((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts)
  .filter((name) => name.startsWith('verify:'))
  .sort();
const only = process.argv.slice(2);
for (const name of only)
  if (!scripts.includes(`verify:${name}`)) {
    console.error(`verify: no script verify:${name} (there are: ${scripts.join(', ')})`);
    process.exit(2);
  }
const chosen = only.length === 0 ? scripts : scripts.filter((s) => only.includes(s.slice('verify:'.length)));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const results: [string, number | null, number][] = [];
for (const name of chosen) {
  console.log(`\n== npm run ${name}`);
  const t0 = performance.now();
  const r = spawnSync(npm, ['run', '--silent', name], { cwd: ROOT, stdio: 'inherit' });
  results.push([name, r.status, (performance.now() - t0) / 1000]);
}
console.log('\nverify:');
for (const [name, status, s] of results)
  console.log(`  ${status === 0 ? 'ok  ' : 'FAIL'}  ${name}  (${s.toFixed(1)} s${status === 0 ? '' : `, exit ${status}`})`);
process.exitCode = results.every(([, status]) => status === 0) ? 0 : 1;
