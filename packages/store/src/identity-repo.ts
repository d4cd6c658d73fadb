import { createHash, randomBytes, randomInt, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { type Algorithm, hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { type Selectable, sql } from 'kysely';
import type { Db } from './db.ts';
import { isId } from './ids.ts';
import type { UsersTable } from './tables.ts';

const scrypt = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;

/**
 * OWASP's Password Storage Cheat Sheet's first choice: Argon2id with 19 MiB, 2 passes, 1 lane. The
 * package runs it on libuv's thread pool, so a sign-in never blocks the event loop.
 */
export const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
// The package's `Algorithm` is a const enum, which isolatedModules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;
const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;

/** Argon2id with a random salt, stored as its PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`). */
export async function hashPassword(password: string): Promise<string> {
  return argon2Hash(password, { ...ARGON2, algorithm: ARGON2ID });
}

/**
 * Whether `password` matches a stored hash: Argon2id (PHC string), or the scrypt of earlier releases
 * (`scrypt$N$r$p$salt$hash`), which `passwordNeedsRehash` then asks to replace.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) return argon2Verify(stored, password).catch(() => false);
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

/** True for a hash of an older scheme or weaker parameters: the next good sign-in stores a new one. */
export function passwordNeedsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PREFIX);
}

/**
 * The form of a username that must be unique: NFKC (full-width and compatibility forms to their plain
 * letters) and case folding (upper then lower case, so that e.g. ß and SS meet), NFKC again.
 * `RT_STU_A`, `rt_stu_a` and `ＲＴ＿ＳＴＵ＿Ａ` share one key.
 */
export function usernameKey(username: string): string {
  return username.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
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
  /** An account a teacher made for a class, until its owner replaces the one-time password. */
  mustChangePassword: boolean;
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
  'must_change_password',
  'created_at',
  'updated_at',
] as const;
/** The same columns read beside another table's (a session's). */
const joinedUserColumns = userColumns.map((column) => `users.${column}` as const);

function toUser(row: Pick<Selectable<UsersTable>, (typeof userColumns)[number]>): UserRecord {
  return {
    id: String(row.id),
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    profileImageUrl: row.profile_image_url,
    roles: row.roles as Role[],
    characterThreshold: row.character_threshold,
    mustChangePassword: row.must_change_password,
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
      username_key: usernameKey(input.username),
      password_hash: input.passwordHash,
      first_name: input.firstName ?? null,
      last_name: input.lastName ?? null,
      email: input.email ?? null,
      roles: input.roles,
      oidc_subject: null,
      profile_image_url: null,
    })
    .onConflict((oc) => oc.doNothing())
    .returning(userColumns)
    .executeTakeFirst();
  return row ? toUser(row) : null;
}

export async function findUserById(db: Db, id: string): Promise<UserRecord | null> {
  if (!isId(id)) return null;
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
    .where((eb) => eb.or([eb('username', '=', username), eb('username_key', '=', usernameKey(username))]))
    // An exact name first: accounts that collided before names were folded keep signing in by their own.
    .orderBy(sql`username = ${username}`, 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { user: toUser(row), passwordHash: row.password_hash } : null;
}

/** The roles that keep an account off the students' boards unless it chooses to join (issue 37). */
export const STAFF_ROLES: readonly Role[] = ['teacher', 'admin'];

/**
 * A newly granted teacher or admin role takes the account off the students' board and leagues (the
 * leaderboard opt-out, which the account may turn back off to join); the ranking's SQL filter follows at
 * once, the Redis ranking at the account's next projection or the caller's `remove`.
 */
async function staffOffBoards(db: Db, userIds: readonly string[], before: readonly Role[][]): Promise<void> {
  const newlyStaff = userIds.filter((_, i) => !before[i]?.some((r) => STAFF_ROLES.includes(r)));
  if (newlyStaff.length === 0) return;
  await db.updateTable('users').set({ leaderboard_opt_out: true }).where('id', 'in', newlyStaff).execute();
  await db.updateTable('user_totals').set({ ranked: false }).where('user_id', 'in', newlyStaff).execute();
}

/** Sets the roles of the account whose `column` is `value`; an account newly staff leaves the boards. */
async function setRolesWhere(
  db: Db,
  column: 'id' | 'username',
  value: string,
  roles: Role[],
): Promise<UserRecord | null> {
  const before = await db.selectFrom('users').select('roles').where(column, '=', value).executeTakeFirst();
  const row = await db
    .updateTable('users')
    .set({ roles: [...new Set(roles)], updated_at: new Date() })
    .where(column, '=', value)
    .returning(userColumns)
    .executeTakeFirst();
  if (row && roles.some((r) => STAFF_ROLES.includes(r))) {
    await staffOffBoards(db, [String(row.id)], [(before?.roles ?? []) as Role[]]);
  }
  return row ? toUser(row) : null;
}

export async function setRoles(db: Db, userId: string, roles: Role[]): Promise<UserRecord | null> {
  return setRolesWhere(db, 'id', userId, roles);
}

export async function setRolesByUsername(
  db: Db,
  username: string,
  roles: Role[],
): Promise<UserRecord | null> {
  return setRolesWhere(db, 'username', username, roles);
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
      ...joinedUserColumns,
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

/**
 * Stores a new password hash (a change, a reset, or the upgrade of an old hash at sign-in). `chosen`:
 * the owner chose it (a change or a reset), which ends a one-time password's must-change requirement.
 */
export async function setPasswordHash(
  db: Db,
  userId: string,
  passwordHash: string,
  chosen = false,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      updated_at: new Date(),
      ...(chosen ? { must_change_password: false } : {}),
    })
    .where('id', '=', userId)
    .execute();
}

/** The stored password hash of an account (null for school sign-in accounts), or undefined if none. */
export async function findPasswordHash(db: Db, userId: string): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.password_hash;
}

/**
 * Ends every session of a user but the one whose token is `keepToken` (all of them without it). The
 * caller tells the API processes to forget them (`SessionCache.forgetUser`).
 */
export async function deleteSessionsOfUser(db: Db, userId: string, keepToken?: string): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepToken !== undefined) query = query.where('id', '<>', sessionDigest(keepToken));
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ----------------------------------------------------------------------------------------------
// Password reset codes: issued by a teacher of the learner's class or an admin, shown once, stored as
// their SHA-256, one live code per learner (a new one replaces the old), used once, valid for a day.
// ----------------------------------------------------------------------------------------------

export const RESET_CODE_HOURS = 24;
// No 0/O, 1/I/L: read aloud or copied from a screen by a teacher, the code must not be misread.
const RESET_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const RESET_CODE_LENGTH = 12;

const resetDigest = (code: string) =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest('hex');

/**
 * A new one-time reset code for `userId` (replacing any earlier one), returned once: only its digest
 * is kept. Twelve characters of 31 (about 59 bits), grouped in fours for reading: `ABCD-EFGH-JKMN`.
 */
export async function issueResetCode(
  db: Db,
  userId: string,
  issuedBy: string,
  now = new Date(),
): Promise<{ code: string; expiresAt: Date }> {
  let raw = '';
  for (let i = 0; i < RESET_CODE_LENGTH; i++) raw += RESET_ALPHABET[randomInt(RESET_ALPHABET.length)];
  const code = raw.match(/.{4}/g)?.join('-') ?? raw;
  const expiresAt = new Date(now.getTime() + RESET_CODE_HOURS * 60 * 60 * 1000);
  await db
    .insertInto('password_resets')
    .values({
      user_id: userId,
      code_hash: resetDigest(code),
      issued_by: issuedBy,
      created_at: now,
      expires_at: expiresAt,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        code_hash: resetDigest(code),
        issued_by: issuedBy,
        created_at: now,
        expires_at: expiresAt,
      }),
    )
    .execute();
  return { code, expiresAt };
}

/**
 * Uses a reset code: when `code` is the live code of the account, the code is deleted (in the same
 * statement, so two uses cannot both pass) and true returned; otherwise false (wrong, used or expired).
 */
export async function consumeResetCode(
  db: Db,
  userId: string,
  code: string,
  now = new Date(),
): Promise<boolean> {
  const digest = resetDigest(code);
  const row = await db
    .deleteFrom('password_resets')
    .where('user_id', '=', userId)
    .where('code_hash', '=', digest)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
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
      username_key: usernameKey(username),
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
