/**
 * Learner accounts for a load run, made straight in the run's database: one scrypt hash shared by all
 * (hashing thousands of passwords would take minutes of CPU before the run starts), and optionally a
 * session each, for the sockets that only watch the leaderboard. The active learners still sign in
 * through POST /api/auth/login during the run, so sign-in is measured.
 */
import { createSession, type Db, hashPassword, openDatabase, usernameKey } from '@wenyan/store';

export const LOAD_PASSWORD = 'exam season 2026';

export interface SeededAccount {
  id: string;
  username: string;
  /** `wyt_session=<token>` when a session was made for it. */
  cookie: string | null;
}

/** Creates `count` learners named `<prefix><n>` (n from 1) in the run's database, with a session each when asked. */
export async function seedAccounts(
  databaseUrl: string,
  count: number,
  options: { prefix?: string; sessions?: boolean } = {},
): Promise<SeededAccount[]> {
  const handle = await openDatabase({ databaseUrl, poolSize: 8, migrate: false });
  try {
    return await createAccounts(handle.db, count, options);
  } finally {
    await handle.close();
  }
}

/** `seedAccounts` on an open database (Postgres or PGlite). */
export async function createAccounts(
  db: Db,
  count: number,
  options: { prefix?: string; sessions?: boolean } = {},
): Promise<SeededAccount[]> {
  const prefix = options.prefix ?? 'learner';
  const hash = await hashPassword(LOAD_PASSWORD);
  const accounts: SeededAccount[] = [];
  for (let start = 1; start <= count; start += 1000) {
    const rows = [];
    for (let n = start; n < Math.min(start + 1000, count + 1); n++) {
      rows.push({
        username: `${prefix}${n}`,
        username_key: usernameKey(`${prefix}${n}`),
        password_hash: hash,
        first_name: `考生${n}`,
        last_name: null,
        email: null,
        roles: ['student'],
        oidc_subject: null,
        profile_image_url: null,
      });
    }
    const inserted = await db.insertInto('users').values(rows).returning(['id', 'username']).execute();
    for (const r of inserted) accounts.push({ id: String(r.id), username: r.username, cookie: null });
  }
  if (options.sessions) {
    for (let i = 0; i < accounts.length; i += 50) {
      await Promise.all(
        accounts.slice(i, i + 50).map(async (a) => {
          const session = await createSession(db, a.id, true);
          a.cookie = `wyt_session=${session.token}`;
        }),
      );
    }
  }
  return accounts;
}
