/**
 * Teachers running their classes: teacher invitations (one-time codes, SHA-256 at rest), a learner's
 * own classes, and accounts made for a whole class (one-time passwords, Argon2id like every password).
 */
import { createHash, randomInt } from 'node:crypto';
import { personName } from '@wenyan/domain';
import { sql } from 'kysely';
import { recordMembershipChange } from './class-repo.ts';
import type { Db } from './db.ts';
import { createUser, type Role, type UserRecord, usernameKey } from './identity-repo.ts';
import { isId } from './ids.ts';

const DAY = 24 * 60 * 60 * 1000;

// No 0/O, 1/I/L: a code read aloud or copied from a slip must not be misread.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** Twelve characters of 31 (about 59 bits), grouped in fours: `ABCD-EFGH-JKMN`. */
export function newOneTimeCode(): string {
  let raw = '';
  for (let i = 0; i < 12; i++) raw += ALPHABET[randomInt(ALPHABET.length)];
  return raw.match(/.{4}/g)?.join('-') ?? raw;
}

/** The digest an invitation code is stored as: dashes, spaces and case do not matter. */
const invitationDigest = (code: string) =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest('hex');

export type InvitationStatus = 'open' | 'redeemed' | 'revoked' | 'expired';

export interface TeacherInvitationRecord {
  id: string;
  note: string;
  status: InvitationStatus;
  createdAt: Date;
  expiresAt: Date;
  redeemedBy: string | null;
  redeemedAt: Date | null;
}

function toInvitation(
  row: {
    id: string;
    note: string;
    created_at: Date;
    expires_at: Date;
    redeemed_at: Date | null;
    revoked_at: Date | null;
    redeemed_username: string | null;
  },
  now: Date,
): TeacherInvitationRecord {
  const expiresAt = new Date(row.expires_at);
  const status: InvitationStatus =
    row.redeemed_at !== null
      ? 'redeemed'
      : row.revoked_at !== null
        ? 'revoked'
        : expiresAt.getTime() <= now.getTime()
          ? 'expired'
          : 'open';
  return {
    id: String(row.id),
    note: row.note,
    status,
    createdAt: new Date(row.created_at),
    expiresAt,
    redeemedBy: row.redeemed_username,
    redeemedAt: row.redeemed_at === null ? null : new Date(row.redeemed_at),
  };
}

function invitationQuery(db: Db) {
  return db
    .selectFrom('teacher_invitations')
    .leftJoin('users', 'users.id', 'teacher_invitations.redeemed_by')
    .select([
      'teacher_invitations.id',
      'teacher_invitations.note',
      'teacher_invitations.created_at',
      'teacher_invitations.expires_at',
      'teacher_invitations.redeemed_at',
      'teacher_invitations.revoked_at',
      'users.username as redeemed_username',
    ]);
}

/** A new invitation, valid for `days`; its code is returned this once (only its digest is kept). */
export async function createTeacherInvitation(
  db: Db,
  input: { createdBy: string; note: string; days: number },
  now = new Date(),
): Promise<{ invitation: TeacherInvitationRecord; code: string }> {
  const code = newOneTimeCode();
  const row = await db
    .insertInto('teacher_invitations')
    .values({
      code_hash: invitationDigest(code),
      note: input.note,
      created_by: input.createdBy,
      expires_at: new Date(now.getTime() + input.days * DAY),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const invitation = await invitationQuery(db)
    .where('teacher_invitations.id', '=', row.id)
    .executeTakeFirstOrThrow();
  return { invitation: toInvitation(invitation, now), code };
}

/** Every invitation, newest first (at most 200). */
export async function listTeacherInvitations(db: Db, now = new Date()): Promise<TeacherInvitationRecord[]> {
  const rows = await invitationQuery(db).orderBy('teacher_invitations.id', 'desc').limit(200).execute();
  return rows.map((r) => toInvitation(r, now));
}

/**
 * Revokes an open invitation. `null` when there is none by that id; the record unchanged (its status
 * says why) when it was no longer open.
 */
export async function revokeTeacherInvitation(
  db: Db,
  id: string,
  now = new Date(),
): Promise<{ revoked: boolean; invitation: TeacherInvitationRecord } | null> {
  if (!isId(id)) return null;
  const updated = await db
    .updateTable('teacher_invitations')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('redeemed_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  const row = await invitationQuery(db).where('teacher_invitations.id', '=', id).executeTakeFirst();
  return row ? { revoked: updated !== undefined, invitation: toInvitation(row, now) } : null;
}

/**
 * Redeems an invitation for `userId`: when the code is open it is marked used (in the same statement,
 * so two redemptions cannot both pass) and the account gains the teacher role; else false. Runs in the
 * caller's transaction when given one (a sign-up with a code: no account without its role).
 */
export async function redeemTeacherInvitation(
  db: Db,
  userId: string,
  code: string,
  now = new Date(),
): Promise<UserRecord['roles'] | null> {
  const used = await db
    .updateTable('teacher_invitations')
    .set({ redeemed_by: userId, redeemed_at: now })
    .where('code_hash', '=', invitationDigest(code))
    .where('redeemed_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  if (!used) return null;
  const row = await db
    .updateTable('users')
    .set({
      roles: sql<string[]>`array_append(array_remove(roles, 'teacher'::text), 'teacher'::text)`,
      updated_at: now,
    })
    .where('id', '=', userId)
    .returning('roles')
    .executeTakeFirstOrThrow();
  return row.roles as Role[];
}

/**
 * A sign-up with an invitation code: the account and the redemption in one transaction, so a wrong
 * code leaves no account behind. Null when the username is taken.
 */
export async function createInvitedTeacher(
  db: Db,
  account: Parameters<typeof createUser>[1],
  code: string,
): Promise<UserRecord | null | 'invalid-invitation'> {
  try {
    return await db.transaction().execute(async (trx) => {
      const user = await createUser(trx, account);
      if (!user) return null;
      const roles = await redeemTeacherInvitation(trx, user.id, code);
      if (!roles) throw new InvalidInvitation();
      return { ...user, roles };
    });
  } catch (err) {
    if (err instanceof InvalidInvitation) return 'invalid-invitation';
    throw err;
  }
}

class InvalidInvitation extends Error {}

// ----------------------------------------------------------------------------------------------
// A learner's classes
// ----------------------------------------------------------------------------------------------

export interface MyClassRecord {
  id: string;
  name: string;
  teacherName: string;
  joinedAt: Date;
}

/** The classes a user is a member of, with their teachers' display names, in the order joined. */
export async function classesWithTeachers(db: Db, userId: string): Promise<MyClassRecord[]> {
  if (!isId(userId)) return [];
  const rows = await db
    .selectFrom('class_members')
    .innerJoin('classes', 'classes.id', 'class_members.class_id')
    .innerJoin('users', 'users.id', 'classes.teacher_id')
    .select([
      'classes.id',
      'classes.name',
      'class_members.joined_at',
      'users.username',
      'users.first_name',
      'users.last_name',
      'users.erased_at',
    ])
    .where('class_members.user_id', '=', userId)
    .orderBy('class_members.joined_at')
    .orderBy('classes.id')
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    name: r.name,
    teacherName:
      r.erased_at !== null
        ? '老師'
        : personName({ firstName: r.first_name, lastName: r.last_name }) || r.username,
    joinedAt: new Date(r.joined_at),
  }));
}

// ----------------------------------------------------------------------------------------------
// Accounts for a class
// ----------------------------------------------------------------------------------------------

export interface NewClassAccount {
  userId: string;
  name: string;
  username: string;
}

/**
 * Accounts for students of a class, in one transaction (all or none): each named `name`, with a
 * generated username `c<class>-<nn>` (the next free numbers), the given password hash, the must-change
 * flag, the student role, and a membership of the class recorded as made by the teacher.
 */
export async function createClassAccounts(
  db: Db,
  input: {
    classId: string;
    teacherId: string;
    students: ReadonlyArray<{ name: string; passwordHash: string }>;
  },
): Promise<NewClassAccount[]> {
  return db.transaction().execute(async (trx) => {
    const made: NewClassAccount[] = [];
    const earlier = await trx
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('created_for_class', '=', input.classId)
      .executeTakeFirstOrThrow();
    let next = Number(earlier.n) + 1;
    for (const student of input.students) {
      for (;;) {
        const username = `c${input.classId}-${String(next).padStart(2, '0')}`;
        next++;
        const row = await trx
          .insertInto('users')
          .values({
            username,
            username_key: usernameKey(username),
            password_hash: student.passwordHash,
            first_name: student.name,
            last_name: null,
            email: null,
            roles: ['student'],
            oidc_subject: null,
            profile_image_url: null,
            must_change_password: true,
            created_for_class: input.classId,
          })
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) continue;
        const userId = String(row.id);
        await trx.insertInto('class_members').values({ class_id: input.classId, user_id: userId }).execute();
        await recordMembershipChange(trx, {
          classId: input.classId,
          userId,
          change: 'joined',
          actorId: input.teacherId,
        });
        made.push({ userId, name: student.name, username });
        break;
      }
    }
    return made;
  });
}
