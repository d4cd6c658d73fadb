import type { Leaderboard, LeaderboardEntry } from '@wenyan/contracts';
import { effectiveStreakDays } from '@wenyan/domain';
import type { Db, LeaderboardIndex } from '@wenyan/store';

export const TOP_SIZE = 10;

type EntryRow = {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  profile_image_url: string | null;
  school_name: string | null;
  nickname: string | null;
  total_xp: number;
  completed_lessons: number;
  average_accuracy: number;
  streak_days: number;
  last_active_at: Date | null;
};

/** Reads leaderboard entries (figures and names) for some learners. */
export async function entryRows(db: Db, userIds: readonly string[]): Promise<Map<string, EntryRow>> {
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
      'users.school_name',
      'users.nickname',
      'user_totals.total_xp',
      'user_totals.completed_lessons',
      'user_totals.average_accuracy',
      'user_totals.streak_days',
      'user_totals.last_active_at',
    ])
    .where('user_totals.user_id', 'in', [...userIds])
    .execute();
  return new Map(rows.map((r) => [String(r.id), { ...r, id: String(r.id) }]));
}

/** One entry as the contract shows it; other learners' emails stay private. */
export function toEntry(row: EntryRow, rank: number, viewerId: string | null, now: string): LeaderboardEntry {
  return {
    id: row.id,
    // A learner with a nickname is shown by it alone: no real name, picture or school.
    firstName: row.nickname ?? row.first_name,
    lastName: row.nickname ? null : row.last_name,
    email: row.id === viewerId ? row.email : null,
    profileImageUrl: row.nickname ? null : row.profile_image_url,
    schoolName: row.nickname ? null : row.school_name,
    totalXP: row.total_xp,
    completedLessons: row.completed_lessons,
    averageAccuracy: Math.min(100, Math.max(0, row.average_accuracy)),
    streakDays: effectiveStreakDays(
      row.streak_days,
      row.last_active_at ? new Date(row.last_active_at).toISOString() : null,
      now,
    ),
    rank,
  };
}

/** The top ten with their entries (shared by every viewer of one tick). */
export async function readTop(db: Db, index: LeaderboardIndex) {
  const ids = await index.top(TOP_SIZE);
  const rows = await entryRows(db, ids);
  const top = ids.flatMap((id, i) => {
    const row = rows.get(id);
    return row ? [{ row, rank: i + 1 }] : [];
  });
  return top;
}

/** GET /api/leaderboard for one viewer: the top ten, their own place, the number of learners. */
export async function readLeaderboard(
  db: Db,
  index: LeaderboardIndex,
  version: number,
  viewerId: string,
): Promise<Leaderboard> {
  const now = new Date().toISOString();
  const [top, ranks, total, mine] = await Promise.all([
    readTop(db, index),
    index.ranks([viewerId]),
    index.total(),
    entryRows(db, [viewerId]),
  ]);
  const rank = ranks.get(viewerId);
  const row = mine.get(viewerId);
  return {
    version,
    top: top.map((t) => toEntry(t.row, t.rank, viewerId, now)),
    me: rank && row ? { entry: toEntry(row, rank, viewerId, now), rank } : null,
    total,
  };
}
