import type { Leaderboard, LeaderboardEntry } from '@wenyan/contracts';
import { effectiveStreakDays } from '@wenyan/domain';
import {
  type Db,
  type LeaderboardEntryRecord,
  type LeaderboardIndex,
  readLeaderboardEntries,
} from '@wenyan/store';

export const TOP_SIZE = 10;

/** Reads leaderboard entries (figures and names) for some learners. */
export const entryRows = readLeaderboardEntries;

/** One entry as the contract shows it; other learners' emails stay private. */
export function toEntry(
  row: LeaderboardEntryRecord,
  rank: number,
  viewerId: string | null,
  now: string,
): LeaderboardEntry {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.id === viewerId ? row.email : null,
    profileImageUrl: row.profileImageUrl,
    schoolName: row.schoolName,
    totalXP: row.totalXP,
    completedLessons: row.completedLessons,
    averageAccuracy: Math.min(100, Math.max(0, row.averageAccuracy)),
    streakDays: effectiveStreakDays(row.streakDays, row.lastActiveAt?.toISOString() ?? null, now),
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
