/**
 * Once per browser run: one Chromium and one server (the API serving the built client, embedded mode, on
 * a clone of the run's template database) for every browser test file. Their addresses go to the test
 * workers through the environment, set before the workers start: `launchBrowser` connects to the
 * Chromium, `startWorld()` (no extra environment) hands out the server. Files keep apart by their own
 * browser contexts and accounts.
 */

import pg from 'pg';
import type { BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { launchBrowserServer, SHARED_CHROMIUM } from './browser.ts';
import { withDatabase } from './global-setup.ts';
import { SHARED_SERVER, type SharedServer, startServer } from './server.ts';

export default async function setup(project: TestProject) {
  const { databaseAdminUrl: adminUrl, templateDatabase, runId } = project.getProvidedContext();
  const name = `wyt_${runId}_world`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${templateDatabase}`);
  await admin.end();
  const databaseUrl = withDatabase(adminUrl, name);
  // No hook timeout here: a loaded machine may take long to start it (the whole run waits on it anyway).
  const server = await startServer({ databaseUrl, healthTimeoutMs: 300_000 });
  let chromium: BrowserServer;
  try {
    chromium = await launchBrowserServer();
  } catch (err) {
    await server.stop();
    throw err;
  }
  process.env[SHARED_CHROMIUM] = chromium.wsEndpoint();
  const shared: SharedServer = { url: server.url, port: server.port, databaseUrl, env: server.env };
  process.env[SHARED_SERVER] = JSON.stringify(shared);

  return async () => {
    delete process.env[SHARED_CHROMIUM];
    delete process.env[SHARED_SERVER];
    await server.stop();
    await chromium.close();
    // global-setup.ts drops the run's databases, this one included.
  };
}
