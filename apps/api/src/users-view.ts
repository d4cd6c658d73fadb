import type { User } from '@wenyan/contracts';
import { levelForXp } from '@wenyan/domain';
import { type Db, readUserTotals, type UserRecord } from '@wenyan/store';

/** Hong Kong's calendar day (YYYY-MM-DD) as the start of that day in Hong Kong, as an instant. */
function dayToTimestamp(day: string | null): string | null {
  return day ? new Date(`${day}T00:00:00+08:00`).toISOString() : null;
}

/** The user as the API shows them: the account plus their projected totals. */
export async function loadUserView(db: Db, user: UserRecord): Promise<User> {
  const totals = await readUserTotals(db, user.id);
  const totalXP = totals?.totalXP ?? 0;
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    profileImageUrl: user.profileImageUrl,
    schoolName: totals?.schoolName ?? null,
    totalXP,
    level: levelForXp(totalXP),
    streakDays: totals?.streakDays ?? 0,
    lastActiveDate: totals?.lastActiveAt
      ? totals.lastActiveAt.toISOString()
      : dayToTimestamp(totals?.lastActiveDate ?? null),
    completedLessons: totals?.completedLessons ?? 0,
    averageAccuracy: totals?.averageAccuracy ?? 0,
    characterThreshold: user.characterThreshold,
    roles: user.roles,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
