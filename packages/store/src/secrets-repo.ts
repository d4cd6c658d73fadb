/** The deployment's own keys (migration 0018), one per purpose, shared by every process. */
import { randomBytes } from 'node:crypto';
import type { Db } from './db.ts';

/**
 * The 32-byte key kept under `name`, made by the first process that finds none. Two processes starting
 * at once both try; the primary key keeps the first, and both read it.
 */
export async function ensureServerSecret(db: Db, name: string): Promise<Buffer> {
  const read = async () =>
    (await db.selectFrom('server_secrets').select('secret').where('name', '=', name).executeTakeFirst())
      ?.secret;
  const stored = await read();
  if (stored) return Buffer.from(stored, 'base64url');
  await db
    .insertInto('server_secrets')
    .values({ name, secret: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const kept = await read();
  if (!kept) throw new Error(`the server secret ${name} could not be stored`);
  return Buffer.from(kept, 'base64url');
}
