#!/usr/bin/env node
/**
 * `nav`: navlab's command line. Run with `npm run --silent nav -- <command> ...`.
 * With --json, stdout carries only JSON; messages go to stderr. Exit codes: 0 ok,
 * 1 bad input (missing file, malformed data), 2 bad usage. The commands run in `main`
 * (main.ts); this bin only hands it the process's arguments and streams.
 */
import { main } from './main.ts';

process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  stderrIsTTY: process.stderr.isTTY === true,
});
