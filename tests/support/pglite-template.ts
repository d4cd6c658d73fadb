/**
 * The in-memory (PGlite) apps' template: migrated and seeded once per run (global-setup.ts, for the
 * integration project; else by the first file that asks), dumped to a tarball in the system's temporary
 * folder and loaded by every in-memory app of the run instead of migrating and seeding its own.
 */
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { pgliteTemplatePath, writePgliteTemplate } from './global-setup.ts';

let template: Promise<Blob> | undefined;

async function loadTemplate(): Promise<Blob> {
  const runId = inject('runId');
  const saved = await readFile(pgliteTemplatePath(runId)).catch(() => null);
  return saved ? new Blob([saved]) : writePgliteTemplate(runId);
}

/** The run's migrated, seeded PGlite data folder, for `createRuntime(env, { pgliteTemplate })`. */
export function pgliteTemplate(): Promise<Blob> {
  template ??= loadTemplate();
  return template;
}
