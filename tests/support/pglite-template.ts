/**
 * The in-memory (PGlite) apps' template: migrated and seeded once per run, dumped to a tarball in the
 * system's temporary folder, and loaded by every later in-memory database of the run (each test file's
 * worker reads the file once). Migrating and seeding a fresh PGlite costs about 3 s; loading, well under 1.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { openDatabase, seedContent } from '@wenyan/store';
import { inject } from 'vitest';
import { pgliteTemplatePath } from './global-setup.ts';

let template: Promise<Blob> | undefined;

async function buildTemplate(): Promise<Blob> {
  const file = pgliteTemplatePath(inject('runId'));
  const saved = await readFile(file).catch(() => null);
  if (saved) return new Blob([saved]);
  const handle = await openDatabase({ dataDir: 'memory://' });
  await seedContent(handle.db);
  const dump = await handle.dumpDataDir?.();
  await handle.close();
  if (!dump) throw new Error('PGlite could not dump its data folder');
  // Written aside then renamed: a worker reading at the same time sees the whole file or none.
  const aside = `${file}.${process.pid}`;
  await writeFile(aside, Buffer.from(await dump.arrayBuffer()));
  await rename(aside, file);
  return dump;
}

/** The run's migrated, seeded PGlite data folder, for `createRuntime(env, { pgliteTemplate })`. */
export function pgliteTemplate(): Promise<Blob> {
  template ??= buildTemplate();
  return template;
}
