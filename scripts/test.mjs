/**
 * `npm test` after the lint: the type check and vitest (the unit projects: package.json passes
 * `--project unit --project unit-isolated`) side by side, so both cores stay busy. Arguments go
 * to vitest (`npm test -- --reporter=json ...`). Exits 1 when either fails; the type check's
 * output is printed when it ends, so it never interleaves with vitest's lines.
 */
import { spawn } from 'node:child_process';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const typecheck = new Promise((resolve) => {
  const p = spawn(npm, ['run', '--silent', 'typecheck'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  p.stdout.on('data', (d) => (out += d));
  p.stderr.on('data', (d) => (out += d));
  p.on('close', (code) => {
    if (code === 0) console.log('type check: ok');
    else console.error(`${out}type check: failed (exit ${code})`);
    resolve(code === 0);
  });
});
const tests = new Promise((resolve) => {
  const p = spawn(npx, ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
  p.on('close', (code) => resolve(code === 0));
});
const [typesOk, testsOk] = await Promise.all([typecheck, tests]);
process.exitCode = typesOk && testsOk ? 0 : 1;
