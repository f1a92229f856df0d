/**
 * Running `nav` from tests, in this process: `runNav` (synchronous, through a worker thread that
 * stays up for the test file) and `runNavHere` (async, in the calling thread). Both call the
 * CLI's in-process entry, src/cli/main.ts, with collecting writers: the same code and bytes as
 * the bin, without starting node and tsx for every call. test/cli/bin.test.ts runs the real bin.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { main } from '../../src/cli/main.ts';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What a run of `nav` gave: its exit code and everything it wrote to stdout and stderr. */
export interface NavResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** How long `runNav` waits for one command (as the spawned CLI's timeout did). */
const TIMEOUT_MS = 120_000;

/** Paths in tests are relative to the repository root, as they were for the spawned CLI. */
function checkCwd(what: string): void {
  if (process.cwd() !== ROOT) throw new Error(`${what}: run the tests from the repository root (${ROOT}), not ${process.cwd()}`);
}

/** `nav <args>` in this thread: `main` with collecting writers. */
export async function runNavHere(args: string[]): Promise<NavResult> {
  checkCwd('runNavHere');
  let stdout = '';
  let stderr = '';
  const code = await main(args, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
  return { code, stdout, stderr };
}

interface NavThread {
  worker: Worker;
  port: MessagePort;
  flag: Int32Array;
}

let thread: NavThread | null = null;

/** The worker thread that runs commands for `runNav` (started on first use; tsx loads the sources there). */
function navThread(): NavThread {
  if (thread !== null) return thread;
  const { port1, port2 } = new MessageChannel();
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const script = new URL('./navWorker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((api) => { api.register(); return import(${JSON.stringify(script)}); });`;
  const worker = new Worker(boot, { eval: true, workerData: { port: port2, flag }, transferList: [port2] });
  // Neither keeps the test process alive; a thread that stopped is replaced on the next call.
  worker.unref();
  port1.unref();
  const started: NavThread = { worker, port: port1, flag };
  worker.on('exit', () => {
    if (thread === started) thread = null;
  });
  thread = started;
  return started;
}

/**
 * Runs `nav <args>` the way users do (same entry, same output bytes and exit codes) and captures
 * its streams; synchronous, like the spawned process it replaces. A command that takes longer than
 * two minutes gives code -1 and its thread is stopped.
 */
export function runNav(args: string[]): NavResult {
  checkCwd('runNav');
  if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) throw new TypeError('runNav: args must be an array of strings');
  const t = navThread();
  Atomics.store(t.flag, 0, 0);
  t.port.postMessage(args);
  if (Atomics.wait(t.flag, 0, 0, TIMEOUT_MS) === 'timed-out') {
    thread = null;
    void t.worker.terminate();
    return { code: -1, stdout: '', stderr: `runNav: nav ${args.join(' ')} took more than ${TIMEOUT_MS / 1000} s` };
  }
  const answer = receiveMessageOnPort(t.port);
  if (answer === undefined) throw new Error('runNav: the worker signalled an answer but sent none');
  return answer.message as NavResult;
}

/** stdout as JSON lines (every line must parse). */
export const jsonLines = (stdout: string): Record<string, unknown>[] =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
