import type { User } from '@wenyan/contracts';
import { levelForXp } from '@wenyan/domain';
import { type Db, readSchoolName, readUserTotals, type UserRecord } from '@wenyan/store';

/** Hong Kong's calendar day (YYYY-MM-DD) as the start of that day in Hong Kong, as an instant. */
function dayToTimestamp(day: string | null): string | null {
  return day ? new Date(`${day}T00:00:00+08:00`).toISOString() : null;
}

/** The user as the API shows them: the account plus their projected totals. */
export async function loadUserView(db: Db, user: UserRecord): Promise<User> {
  const [totals, schoolName] = await Promise.all([
    readUserTotals(db, user.id),
    // The school is personal data: it lives in the account, not in the log or the read models.
    readSchoolName(db, user.id),
  ]);
  const totalXP = totals?.totalXP ?? 0;
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    profileImageUrl: user.profileImageUrl,
    schoolName,
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
    ...(user.mustChangePassword ? { mustChangePassword: true } : {}),
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
