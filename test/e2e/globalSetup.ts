/**
 * Global setup of the e2e project (vitest.config.ts): one headless Chromium and one build of the
 * app (`vite build --mode e2e`: the shipped build plus the editor's test hook, served by `vite
 * preview`) for every e2e file, started once before the first file and stopped after the last.
 * A built app starts faster than the dev server's hundreds of modules, in every test. Files get
 * them through `inject` (harness.ts: connectBrowser, sharedApp); each file connects on its own,
 * opens its own browser contexts and closes only those. Only the e2e project has this setup, so
 * unit test runs never start a browser.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, chromiumPath, startPreview } from './harness.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's websocket endpoint (`chromium.connect`). */
    e2eBrowser: string;
    /** The shared built app's URL (ends with '/'). */
    e2eAppUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cacheDir = mkdtempSync(join(tmpdir(), 'navlab-vite-cache-'));
  const [browser, app] = await Promise.all([
    chromium.launchServer({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] }),
    startPreview(cacheDir, 'e2e'),
  ]);
  project.provide('e2eBrowser', browser.wsEndpoint());
  project.provide('e2eAppUrl', app.url);
  return async () => {
    await Promise.allSettled([browser.close(), app.close()]);
    rmSync(cacheDir, { recursive: true, force: true });
  };
}
