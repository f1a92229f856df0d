/**
 * Global setup of the e2e project (vitest.config.ts): one headless Chromium and one vite dev
 * server of the app for every e2e file, started once before the first file and stopped after the
 * last. Files get them through `inject` (harness.ts: connectBrowser, sharedDevServer); each file
 * connects on its own, opens its own browser contexts and closes only those. Only the e2e project
 * has this setup, so unit test runs never start a browser.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, chromiumPath, startDev } from './harness.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's websocket endpoint (`chromium.connect`). */
    e2eBrowser: string;
    /** The shared dev server's URL (ends with '/'). */
    e2eDevUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cacheDir = mkdtempSync(join(tmpdir(), 'navlab-vite-cache-'));
  const [browser, dev] = await Promise.all([
    chromium.launchServer({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] }),
    startDev(cacheDir),
  ]);
  project.provide('e2eBrowser', browser.wsEndpoint());
  project.provide('e2eDevUrl', dev.url);
  return async () => {
    await Promise.allSettled([browser.close(), dev.close()]);
    rmSync(cacheDir, { recursive: true, force: true });
  };
}
