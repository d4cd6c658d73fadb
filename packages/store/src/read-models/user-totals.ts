/** The `user_totals` read model: a learner's totals, and the leaderboard's entries. */
import type { Db } from '../db.ts';

/** A learner's projected totals. */
export interface UserTotalsRecord {
  totalXP: number;
  streakDays: number;
  /** The Hong Kong day of the last activity (YYYY-MM-DD). */
  lastActiveDate: string | null;
  lastActiveAt: Date | null;
  schoolName: string | null;
  completedLessons: number;
  averageAccuracy: number;
}

/** The learner's totals, or null before their first projected event. */
export async function readUserTotals(db: Db, userId: string): Promise<UserTotalsRecord | null> {
  const row = await db
    .selectFrom('user_totals')
    .select([
      'total_xp',
      'streak_days',
      'last_active_date',
      'last_active_at',
      'school_name',
      'completed_lessons',
      'average_accuracy',
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    totalXP: row.total_xp,
    streakDays: row.streak_days,
    lastActiveDate: row.last_active_date,
    lastActiveAt: row.last_active_at ? new Date(row.last_active_at) : null,
    schoolName: row.school_name,
    completedLessons: row.completed_lessons,
    averageAccuracy: row.average_accuracy,
  };
}

/** A leaderboard entry's figures and the learner's public name. */
export interface LeaderboardEntryRecord extends UserTotalsRecord {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  profileImageUrl: string | null;
}

/** Leaderboard entries (figures and names) of some learners, by id. */
export async function readLeaderboardEntries(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, LeaderboardEntryRecord>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_totals')
    .innerJoin('users', 'users.id', 'user_totals.user_id')
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.profile_image_url',
      'user_totals.school_name',
      'user_totals.total_xp',
      'user_totals.completed_lessons',
      'user_totals.average_accuracy',
      'user_totals.streak_days',
      'user_totals.last_active_date',
      'user_totals.last_active_at',
    ])
    .where('user_totals.user_id', 'in', [...userIds])
    .execute();
  return new Map(
    rows.map((r) => [
      String(r.id),
      {
        id: String(r.id),
        firstName: r.first_name,
        lastName: r.last_name,
        email: r.email,
        profileImageUrl: r.profile_image_url,
        schoolName: r.school_name,
        totalXP: r.total_xp,
        completedLessons: r.completed_lessons,
        averageAccuracy: r.average_accuracy,
        streakDays: r.streak_days,
        lastActiveDate: r.last_active_date,
        lastActiveAt: r.last_active_at ? new Date(r.last_active_at) : null,
      },
    ]),
  );
}
