/**
 * Classes and memberships: a teacher's classes with their join codes, who is in them, and the
 * append-only record of every join and leave. Rows never leave this file: callers get records.
 */
import { randomInt } from 'node:crypto';
import type { Db } from './db.ts';
import { isId } from './ids.ts';

export interface ClassRecord {
  id: string;
  teacherId: string;
  name: string;
  joinCode: string;
  createdAt: Date;
}

export interface ClassSummaryRecord extends ClassRecord {
  learnerCount: number;
}

export interface ClassMemberRecord {
  userId: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  joinedAt: Date;
}

export interface MembershipChangeRecord {
  classId: string;
  userId: string;
  change: 'joined' | 'left';
  actorId: string;
  recordedAt: Date;
}

/** Letters and digits a student cannot misread (no 0/O, 1/I/L). */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 8;

/** A fresh random join code, e.g. `K7QM2XPA`. */
export function newJoinCode(): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  return code;
}

function toClass(row: {
  id: string;
  teacher_id: string;
  name: string;
  join_code: string;
  created_at: Date;
}): ClassRecord {
  return {
    id: String(row.id),
    teacherId: String(row.teacher_id),
    name: row.name,
    joinCode: row.join_code,
    createdAt: new Date(row.created_at),
  };
}

const classColumns = ['id', 'teacher_id', 'name', 'join_code', 'created_at'] as const;

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string })?.code === '23505';
}

/** Creates a class with a fresh join code (a new code is drawn if one is taken). */
export async function createClass(db: Db, input: { teacherId: string; name: string }): Promise<ClassRecord> {
  for (let attempt = 1; ; attempt++) {
    try {
      const row = await db
        .insertInto('classes')
        .values({ teacher_id: input.teacherId, name: input.name, join_code: newJoinCode() })
        .returning(classColumns)
        .executeTakeFirstOrThrow();
      return toClass(row);
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 5) throw err;
    }
  }
}

/** A class by id, or null. */
export async function findClass(db: Db, id: string): Promise<ClassRecord | null> {
  if (!isId(id)) return null;
  const row = await db.selectFrom('classes').select(classColumns).where('id', '=', id).executeTakeFirst();
  return row ? toClass(row) : null;
}

/** A class by its join code (upper-case), or null. */
export async function findClassByJoinCode(db: Db, joinCode: string): Promise<ClassRecord | null> {
  const row = await db
    .selectFrom('classes')
    .select(classColumns)
    .where('join_code', '=', joinCode.toUpperCase())
    .executeTakeFirst();
  return row ? toClass(row) : null;
}

/** A teacher's classes (every class when `teacherId` is null: the admin's view), oldest first, with member counts. */
export async function listClasses(db: Db, teacherId: string | null): Promise<ClassSummaryRecord[]> {
  let query = db
    .selectFrom('classes')
    .select([
      'classes.id',
      'classes.teacher_id',
      'classes.name',
      'classes.join_code',
      'classes.created_at',
      (eb) =>
        eb
          .selectFrom('class_members')
          .select((m) => m.fn.countAll<string>().as('n'))
          .whereRef('class_members.class_id', '=', 'classes.id')
          .as('learner_count'),
    ])
    .orderBy('classes.created_at')
    .orderBy('classes.id');
  if (teacherId !== null) query = query.where('classes.teacher_id', '=', teacherId);
  const rows = await query.execute();
  return rows.map((r) => ({ ...toClass(r), learnerCount: Number(r.learner_count ?? 0) }));
}

/** The members of a class, in the order they joined. */
export async function classMembers(db: Db, classId: string): Promise<ClassMemberRecord[]> {
  if (!isId(classId)) return [];
  const rows = await db
    .selectFrom('class_members')
    .innerJoin('users', 'users.id', 'class_members.user_id')
    .select(['users.id', 'users.username', 'users.first_name', 'users.last_name', 'class_members.joined_at'])
    .where('class_members.class_id', '=', classId)
    // An erased learner leaves the class table and its export; the teacher's replay shows them anonymous.
    .where('users.erased_at', 'is', null)
    .orderBy('class_members.joined_at')
    .orderBy('users.id')
    .execute();
  return rows.map((r) => ({
    userId: String(r.id),
    username: r.username,
    firstName: r.first_name,
    lastName: r.last_name,
    joinedAt: new Date(r.joined_at),
  }));
}

/** True when the learner is a member of one of the teacher's classes. */
export async function teacherHasLearner(db: Db, teacherId: string, learnerId: string): Promise<boolean> {
  if (!isId(teacherId) || !isId(learnerId)) return false;
  const row = await db
    .selectFrom('class_members')
    .innerJoin('classes', 'classes.id', 'class_members.class_id')
    .select('class_members.user_id')
    .where('classes.teacher_id', '=', teacherId)
    .where('class_members.user_id', '=', learnerId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Appends a join or a leave to the class's membership log (in the transaction that made it). */
export async function recordMembershipChange(
  trx: Db,
  change: Omit<MembershipChangeRecord, 'recordedAt'>,
): Promise<void> {
  await trx
    .insertInto('class_membership_changes')
    .values({
      class_id: change.classId,
      user_id: change.userId,
      change: change.change,
      actor_id: change.actorId,
    })
    .execute();
}

/**
 * Adds a learner to a class and records the change, in one transaction. Joining a class one is already
 * in changes nothing and records nothing (`joined: false`).
 */
export async function addClassMember(
  db: Db,
  input: { classId: string; userId: string; actorId: string },
): Promise<{ joined: boolean }> {
  return db.transaction().execute(async (trx) => {
    const added = await trx
      .insertInto('class_members')
      .values({ class_id: input.classId, user_id: input.userId })
      .onConflict((oc) => oc.columns(['class_id', 'user_id']).doNothing())
      .returning('user_id')
      .execute();
    if (added.length === 0) return { joined: false };
    await recordMembershipChange(trx, { ...input, change: 'joined' });
    return { joined: true };
  });
}

/** Removes a learner from a class and records the change; `left: false` when they were not in it. */
export async function removeClassMember(
  db: Db,
  input: { classId: string; userId: string; actorId: string },
): Promise<{ left: boolean }> {
  if (!isId(input.classId)) return { left: false };
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('class_members')
      .where('class_id', '=', input.classId)
      .where('user_id', '=', input.userId)
      .returning('user_id')
      .execute();
    if (removed.length === 0) return { left: false };
    await recordMembershipChange(trx, { ...input, change: 'left' });
    return { left: true };
  });
}

/** Every join and leave of a class, oldest first. */
export async function membershipChanges(db: Db, classId: string): Promise<MembershipChangeRecord[]> {
  if (!isId(classId)) return [];
  const rows = await db
    .selectFrom('class_membership_changes')
    .select(['class_id', 'user_id', 'change', 'actor_id', 'recorded_at'])
    .where('class_id', '=', classId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    classId: String(r.class_id),
    userId: String(r.user_id),
    change: r.change,
    actorId: String(r.actor_id),
    recordedAt: new Date(r.recorded_at),
  }));
}
