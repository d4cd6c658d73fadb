/**
 * A browser file's own server when it needs what only the app in this process gives (a test hook of
 * `AppDeps`, an environment of its own): the real app on PGlite in memory (the run's seeded template),
 * serving the built client on a free port, and a Chromium to visit it.
 */
import type { AddressInfo } from 'node:net';
import { type AppDeps, buildApp } from '@wenyan/api/src/app.ts';
import { readApiEnv } from '@wenyan/api/src/config.ts';
import { createRuntime, type Runtime } from '@wenyan/api/src/runtime.ts';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { pgliteTemplate } from './pglite-template.ts';

export interface InProcessSite {
  runtime: Runtime;
  app: FastifyInstance;
  browser: Browser;
  /** Where the app listens (`http://127.0.0.1:<port>`). */
  url: string;
}

/**
 * Starts the site before the file's tests (`env` added to a silent log level; `grade` the app's grader
 * in place of the domain's) and closes it after them; its fields are there from the first test on.
 */
export function useInProcessSite(
  env: Record<string, string> = {},
  options: { grade?: AppDeps['grade'] } = {},
): InProcessSite {
  const site = {} as InProcessSite;
  beforeAll(async () => {
    site.runtime = await createRuntime(readApiEnv({ LOG_LEVEL: 'silent', ...env }), {
      pgliteDataDir: 'memory://',
      pgliteTemplate: await pgliteTemplate(),
    });
    site.app = await buildApp({ ...site.runtime.deps, ...options, logger: false });
    await site.app.listen({ port: 0, host: '127.0.0.1' });
    site.url = `http://127.0.0.1:${(site.app.server.address() as AddressInfo).port}`;
    site.browser = await launchBrowser();
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.app?.close();
    await site.runtime?.close();
  });
  return site;
}
