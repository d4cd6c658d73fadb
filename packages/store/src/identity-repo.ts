import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { Db } from './db.ts';

const scrypt = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 } as const;

/** scrypt with a random salt, stored as `scrypt$N$r$p$salt$hash` (base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, SCRYPT.keylen, {
    N: SCRYPT.N,
    r: SCRYPT.r,
    p: SCRYPT.p,
    maxmem: 64 * 1024 * 1024,
  });
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export type Role = 'student' | 'teacher' | 'admin';

export interface UserRecord {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  profileImageUrl: string | null;
  roles: Role[];
  characterThreshold: number;
  createdAt: Date;
  updatedAt: Date;
}

const userColumns = [
  'id',
  'username',
  'first_name',
  'last_name',
  'email',
  'profile_image_url',
  'roles',
  'character_threshold',
  'created_at',
  'updated_at',
] as const;

function toUser(row: {
  id: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  profile_image_url: string | null;
  roles: string[];
  character_threshold: number;
  created_at: Date;
  updated_at: Date;
}): UserRecord {
  return {
    id: String(row.id),
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    profileImageUrl: row.profile_image_url,
    roles: row.roles as Role[],
    characterThreshold: row.character_threshold,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/** Creates an account; null when the username is taken. */
export async function createUser(
  db: Db,
  input: {
    username: string;
    passwordHash: string | null;
    firstName?: string | undefined;
    lastName?: string | undefined;
    email?: string | undefined;
    roles: Role[];
  },
): Promise<UserRecord | null> {
  const row = await db
    .insertInto('users')
    .values({
      username: input.username,
      password_hash: input.passwordHash,
      first_name: input.firstName ?? null,
      last_name: input.lastName ?? null,
      email: input.email ?? null,
      roles: input.roles,
      oidc_subject: null,
      profile_image_url: null,
    })
    .onConflict((oc) => oc.column('username').doNothing())
    .returning(userColumns)
    .executeTakeFirst();
  return row ? toUser(row) : null;
}

export async function findUserById(db: Db, id: string): Promise<UserRecord | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  const row = await db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
  return row ? toUser(row) : null;
}

export async function findCredentials(
  db: Db,
  username: string,
): Promise<{ user: UserRecord; passwordHash: string | null } | null> {
  const row = await db
    .selectFrom('users')
    .select([...userColumns, 'password_hash'])
    .where('username', '=', username)
    .executeTakeFirst();
  return row ? { user: toUser(row), passwordHash: row.password_hash } : null;
}

export async function setRoles(db: Db, userId: string, roles: Role[]): Promise<UserRecord | null> {
  const row = await db
    .updateTable('users')
    .set({ roles: [...new Set(roles)], updated_at: new Date() })
    .where('id', '=', userId)
    .returning(userColumns)
    .executeTakeFirst();
  return row ? toUser(row) : null;
}

export async function setRolesByUsername(
  db: Db,
  username: string,
  roles: Role[],
): Promise<UserRecord | null> {
  const row = await db
    .updateTable('users')
    .set({ roles: [...new Set(roles)], updated_at: new Date() })
    .where('username', '=', username)
    .returning(userColumns)
    .executeTakeFirst();
  return row ? toUser(row) : null;
}

// ----------------------------------------------------------------------------------------------
// Sessions: the cookie holds a random token; the table holds its SHA-256, never the token itself.
// ----------------------------------------------------------------------------------------------

const DAY = 24 * 60 * 60 * 1000;
export const SESSION_DAYS = { normal: 7, rememberMe: 90, inactivity: 30 } as const;

/** A session's id: the SHA-256 of its token (the table and the session notices carry this, never the token). */
export const sessionDigest = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: Db,
  userId: string,
  rememberMe: boolean,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(
    now.getTime() + (rememberMe ? SESSION_DAYS.rememberMe : SESSION_DAYS.normal) * DAY,
  );
  await db
    .insertInto('sessions')
    .values({
      id: sessionDigest(token),
      user_id: userId,
      remember_me: rememberMe,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

/** A live session: its user, its id (the token's digest) and when it ends at the latest. */
export interface ResolvedSession {
  user: UserRecord;
  sessionId: string;
  expiresAt: Date;
}

/**
 * The signed-in user of a session token, or null when it is unknown, expired, or idle for 30 days.
 * Refreshes the last-seen time at most every five minutes, so reads stay reads.
 */
export async function resolveSession(
  db: Db,
  token: string,
  now = new Date(),
): Promise<ResolvedSession | null> {
  const id = sessionDigest(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.expires_at',
      'sessions.last_seen_at',
      'users.id',
      'users.username',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.profile_image_url',
      'users.roles',
      'users.character_threshold',
      'users.created_at',
      'users.updated_at',
    ])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const lastSeen = new Date(row.last_seen_at).getTime();
  if (
    new Date(row.expires_at).getTime() <= now.getTime() ||
    now.getTime() - lastSeen > SESSION_DAYS.inactivity * DAY
  ) {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    return null;
  }
  if (now.getTime() - lastSeen > 5 * 60 * 1000) {
    await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
  }
  return { user: toUser(row), sessionId: row.session_id, expiresAt: new Date(row.expires_at) };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionDigest(token)).execute();
}

/** The account of a school sign-in (by the provider's subject), created on the first sign-in. */
export async function findOrCreateOidcUser(
  db: Db,
  identity: {
    subject: string;
    email: string | null;
    firstName: string | null;
    lastName: string | null;
    picture: string | null;
  },
  roles: Role[],
): Promise<UserRecord> {
  const existing = await db
    .selectFrom('users')
    .select(userColumns)
    .where('oidc_subject', '=', identity.subject)
    .executeTakeFirst();
  if (existing) return toUser(existing);
  const username = `sso-${createHash('sha256').update(identity.subject).digest('hex').slice(0, 16)}`;
  const row = await db
    .insertInto('users')
    .values({
      username,
      password_hash: null,
      oidc_subject: identity.subject,
      first_name: identity.firstName,
      last_name: identity.lastName,
      email: identity.email,
      profile_image_url: identity.picture,
      roles,
    })
    .onConflict((oc) => oc.column('oidc_subject').doNothing())
    .returning(userColumns)
    .executeTakeFirst();
  if (row) return toUser(row);
  // Two first sign-ins raced: the other one created the account.
  return toUser(
    await db
      .selectFrom('users')
      .select(userColumns)
      .where('oidc_subject', '=', identity.subject)
      .executeTakeFirstOrThrow(),
  );
}
