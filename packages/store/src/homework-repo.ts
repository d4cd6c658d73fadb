/**
 * Homework and class leagues: the class stream's model (assignments are events on `class-<id>`,
 * appended with `handleCommand` like a learner's), its history, the learners' progress decided by the
 * domain from their own events, the weekly league figures and the class's leaderboard setting.
 */

import {
  type Assignment,
  type AssignmentEvent,
  type AssignmentProgress,
  assignmentProgress,
  CLASS_STATE_VERSION,
  type ClassState,
  evolveClass,
  initialClassState,
  type LearnerEvent,
  type SelfMarkRule,
  selfMarkRuleOf,
  strictestSelfMarkRule,
  toClassEvent,
  upcast,
} from '@wenyan/domain';
import { sql } from 'kysely';
import type { StreamModel } from './commands.ts';
import { loadState } from './commands.ts';
import type { Db } from './db.ts';
import {
  classStreamId,
  learnerEventsSince,
  readStream,
  type StoredEvent,
  xpEarnedSince,
} from './event-store.ts';
import { isId } from './ids.ts';

/** How the class stream is folded (snapshots at `CLASS_STATE_VERSION`). */
export const classModel: StreamModel<ClassState> = {
  initialState: initialClassState,
  evolve: (state, event: StoredEvent) => {
    const known = toClassEvent(event);
    return known ? evolveClass(state, known) : state;
  },
  snapshotSchema: CLASS_STATE_VERSION,
};

/** A class's assignments as its stream stands now. */
export async function loadClassAssignments(
  db: Db,
  classId: string,
): Promise<{ state: ClassState; version: number }> {
  return loadState(db, classStreamId(classId), classModel);
}

/**
 * The self-mark rule a learner answers under (issue 37): the strictest of their classes' rules
 * ('confirm' in any class, or no class at all, means 'confirm').
 */
export async function selfMarkRuleForLearner(db: Db, userId: string): Promise<SelfMarkRule> {
  const classes = await classesOfLearner(db, userId);
  const states = await Promise.all(classes.map((c) => loadClassAssignments(db, c.id)));
  return strictestSelfMarkRule(states.map(({ state }) => selfMarkRuleOf(state)));
}

export interface ClassEventRecord {
  version: number;
  event: AssignmentEvent;
  /** The assignment as it stood after this event. */
  assignment: Assignment;
}

/** Every event of a class's stream about one assignment, oldest first, with the assignment after each. */
export async function assignmentHistory(
  db: Db,
  classId: string,
  assignmentId: string,
): Promise<ClassEventRecord[]> {
  const events = await readStream(db, classStreamId(classId));
  const records: ClassEventRecord[] = [];
  let state = initialClassState;
  for (const stored of events) {
    const event = toClassEvent(stored);
    if (!event) continue;
    state = evolveClass(state, event);
    if (event.type !== 'SelfMarkRuleSet' && event.data.assignmentId === assignmentId) {
      records.push({ version: stored.version, event, assignment: state.assignments[assignmentId]! });
    }
  }
  return records;
}

/**
 * Each learner's progress on each assignment, decided by the domain (`assignmentProgress`) from the
 * learner's own events since the earliest assignment was set: by learner id, then assignment id.
 * Read from the log like the appeals, so an edit (a new task or due time) applies to work already done.
 */
export async function homeworkProgress(
  db: Db,
  learnerIds: readonly string[],
  assignments: readonly Assignment[],
): Promise<Map<string, Map<string, AssignmentProgress>>> {
  const result = new Map<string, Map<string, AssignmentProgress>>();
  if (assignments.length === 0 || learnerIds.length === 0) {
    for (const id of learnerIds) result.set(id, new Map());
    return result;
  }
  const earliest = assignments.map((a) => a.setAt).sort()[0]!;
  const byLearner = await learnerEventsSince(db, learnerIds, new Date(earliest));
  for (const learnerId of learnerIds) {
    const events: LearnerEvent[] = (byLearner.get(learnerId) ?? []).map((e) => upcast(e));
    result.set(learnerId, new Map(assignments.map((a) => [a.id, assignmentProgress(a, events)])));
  }
  return result;
}

/** The XP each learner earned since `since` (absent: none). */
export const weeklyXp = (db: Db, userIds: readonly string[], since: string) =>
  xpEarnedSince(db, userIds, new Date(since));

export interface LeagueMemberRecord {
  classId: string;
  userId: string;
  firstName: string | null;
  lastName: string | null;
  nickname: string | null;
  /** Shown only to the class's teacher, beside a name two members share. */
  username: string;
}

/** The members of the classes named (erased learners left out), with what a league may show of them. */
export async function leagueMembers(db: Db, classIds: readonly string[]): Promise<LeagueMemberRecord[]> {
  const ids = classIds.filter(isId);
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('class_members')
    .innerJoin('users', 'users.id', 'class_members.user_id')
    .select([
      'class_members.class_id',
      'users.id',
      'users.username',
      'users.first_name',
      'users.last_name',
      'users.nickname',
    ])
    .where('class_members.class_id', 'in', ids)
    .where('users.erased_at', 'is', null)
    // Teachers and admins are off the leagues unless they chose to join (issue 37).
    .where(sql<boolean>`not (users.roles && array['teacher', 'admin']::text[] and users.leaderboard_opt_out)`)
    .execute();
  return rows.map((r) => ({
    classId: String(r.class_id),
    userId: String(r.id),
    firstName: r.first_name,
    lastName: r.last_name,
    nickname: r.nickname,
    username: r.username,
  }));
}

/** The classes a learner is in, with their teacher and setting. */
export async function classesOfLearner(
  db: Db,
  userId: string,
): Promise<Array<{ id: string; name: string; teacherId: string; hideGlobalLeaderboard: boolean }>> {
  if (!isId(userId)) return [];
  const rows = await db
    .selectFrom('class_members')
    .innerJoin('classes', 'classes.id', 'class_members.class_id')
    .select(['classes.id', 'classes.name', 'classes.teacher_id', 'classes.hide_global_leaderboard'])
    .where('class_members.user_id', '=', userId)
    .orderBy('classes.id')
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    name: r.name,
    teacherId: String(r.teacher_id),
    hideGlobalLeaderboard: r.hide_global_leaderboard,
  }));
}

/** True when the learner is a member of the class. */
export async function isClassMember(db: Db, classId: string, userId: string): Promise<boolean> {
  if (!isId(classId) || !isId(userId)) return false;
  const row = await db
    .selectFrom('class_members')
    .select('user_id')
    .where('class_id', '=', classId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets whether the class's students see the global leaderboard. */
export async function setHideGlobalLeaderboard(db: Db, classId: string, hide: boolean): Promise<void> {
  await db.updateTable('classes').set({ hide_global_leaderboard: hide }).where('id', '=', classId).execute();
}

/** The class's setting (false for an unknown class). */
export async function hidesGlobalLeaderboard(db: Db, classId: string): Promise<boolean> {
  if (!isId(classId)) return false;
  const row = await db
    .selectFrom('classes')
    .select('hide_global_leaderboard')
    .where('id', '=', classId)
    .executeTakeFirst();
  return row?.hide_global_leaderboard ?? false;
}

/** True when a class the learner is in hides the global leaderboard from its students. */
export async function globalLeaderboardHiddenFor(db: Db, userId: string): Promise<boolean> {
  if (!isId(userId)) return false;
  const row = await db
    .selectFrom('class_members')
    .innerJoin('classes', 'classes.id', 'class_members.class_id')
    .select('classes.id')
    .where('class_members.user_id', '=', userId)
    .where('classes.hide_global_leaderboard', '=', true)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
