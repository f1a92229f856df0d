/**
 * The worker thread behind `runNav` (cli.ts): runs `nav` command lines in-process, through
 * src/cli/main.ts, one at a time. A request comes on `port`; the answer is posted back and the
 * shared flag set and notified, so the caller can block on it (Atomics.wait) and stay
 * synchronous. Errors that escape a run (an unhandled rejection or exception while it runs or
 * right after) are appended to its stderr and make its exit code 70, as an internal error.
 */
import { type MessagePort, workerData } from 'node:worker_threads';
import { main } from '../../src/cli/main.ts';
import type { NavResult } from './cli.ts';

const { port, flag } = workerData as { port: MessagePort; flag: Int32Array };

const escaped: string[] = [];
const record = (what: string) => (e: unknown) => escaped.push(`${what}: ${(e as Error)?.stack ?? String(e)}`);
process.on('unhandledRejection', record('unhandled rejection'));
process.on('uncaughtException', record('uncaught exception'));

async function run(args: string[]): Promise<NavResult> {
  let stdout = '';
  let stderr = '';
  let code: number;
  try {
    code = await main(args, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
  } catch (e) {
    record('main threw')(e);
    code = 70;
  }
  // Let rejections the run left behind surface before answering.
  await new Promise((resolve) => setImmediate(resolve));
  if (escaped.length > 0) {
    stderr += `${escaped.splice(0).join('\n')}\n`;
    code = 70;
  }
  return { code, stdout, stderr };
}

port.on('message', async (args: string[]) => {
  port.postMessage(await run(args));
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});
