import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, seedContent } from '@wenyan/store';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { resolveServices } from './services.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseAdminUrl: string;
    templateDatabase: string;
    redisUrl: string;
    runId: string;
  }
}

/** Replaces the database name of a Postgres URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Where a run keeps its in-memory apps' PGlite template (pglite-template.ts); removed at the end. */
export function pgliteTemplatePath(runId: string): string {
  return path.join(os.tmpdir(), `wyt-pglite-${runId}.tar`);
}

/**
 * Migrates and seeds an in-memory PGlite and writes its data folder to `pgliteTemplatePath(runId)`
 * (written aside, then renamed: a reader sees the whole file or none).
 */
export async function writePgliteTemplate(runId: string): Promise<Blob> {
  const handle = await openDatabase({ dataDir: 'memory://' });
  await seedContent(handle.db);
  const dump = await handle.dumpDataDir?.();
  await handle.close();
  if (!dump) throw new Error('PGlite could not dump its data folder');
  const file = pgliteTemplatePath(runId);
  const aside = `${file}.${process.pid}`;
  await writeFile(aside, Buffer.from(await dump.arrayBuffer()));
  await rename(aside, file);
  return dump;
}

/**
 * Once per run: find the services, create this run's template database (migrated and seeded), and
 * hand the tests the addresses. Each test file clones the template into a database of its own.
 */
export default async function setup(project: TestProject) {
  const services = await resolveServices();
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const template = `wyt_tmpl_${runId}`;
  const admin = new pg.Client({ connectionString: services.databaseUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const handle = await openDatabase({
    databaseUrl: withDatabase(services.databaseUrl, template),
    poolSize: 2,
  });
  await seedContent(handle.db);
  await handle.close();
  // The in-memory apps' template, made here rather than in the first test file's hooks (their timeout).
  if (project.name === 'integration') await writePgliteTemplate(runId);
  console.log(`[tests] services from ${services.source}; run ${runId}`);

  project.provide('databaseAdminUrl', services.databaseUrl);
  project.provide('templateDatabase', template);
  project.provide('redisUrl', services.redisUrl);
  project.provide('runId', runId);

  return async () => {
    // Drop this run's databases (the template and every clone), then stop what we started.
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`wyt_%${runId}%`],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${datname} with (force)`).catch(() => {});
    }
    await admin.end();
    await rm(pgliteTemplatePath(runId), { force: true });
    await services.stop();
  };
}
