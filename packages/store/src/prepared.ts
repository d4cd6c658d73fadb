import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * Starts the text of a hot statement that each connection should prepare once and then only execute.
 * Its text must not vary with the data (parameters only), so each connection holds a few of them.
 * Planning these statements costs Postgres more than running them: pgbench's append of an answer runs
 * about 1.5 times as fast prepared as parsed and planned each time.
 */
export const PREPARED = '/* prepared */';

const names = new Map<string, string>();

/** A name per distinct text, the same in every connection (`pg` prepares it on first use). */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `wyt_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Kysely's pool over `pg`'s, where a statement whose text starts with PREPARED runs as a named
 * prepared statement of its connection (`pg` parses it once per connection); every other statement
 * runs as before.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    query: ((textOrCursor: unknown, values?: unknown[]) =>
      typeof textOrCursor === 'string' && textOrCursor.startsWith(PREPARED)
        ? client.query({ name: statementName(textOrCursor), text: textOrCursor, values })
        : client.query(textOrCursor as string, values)) as unknown as PostgresPoolClient['query'],
    release: (destroy?: boolean) => client.release(destroy),
    // Kysely reads the backend's process id to cancel a query.
    get processID() {
      return (client as unknown as { processID?: number }).processID;
    },
  });
  return {
    options: pool.options,
    Client: (pool as unknown as { Client: PostgresPool['Client'] }).Client,
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) {
        wrapped = wrap(client);
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}
