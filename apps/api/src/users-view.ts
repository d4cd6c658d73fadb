import type { User } from '@wenyan/contracts';
import { levelForXp } from '@wenyan/domain';
import type { Db, UserRecord } from '@wenyan/store';

/** Hong Kong's calendar day (YYYY-MM-DD) as the start of that day in Hong Kong, as an instant. */
function dayToTimestamp(day: string | null): string | null {
  return day ? new Date(`${day}T00:00:00+08:00`).toISOString() : null;
}

/** The user as the API shows them: the account plus their projected totals. */
export async function loadUserView(db: Db, user: UserRecord): Promise<User> {
  const [totals, account] = await Promise.all([
    db
      .selectFrom('user_totals')
      .select(['total_xp', 'streak_days', 'last_active_date', 'last_active_at'])
      .where('user_id', '=', user.id)
      .executeTakeFirst(),
    // The school is personal data: it lives in the account, not in the log or the read models.
    db.selectFrom('users').select('school_name').where('id', '=', user.id).executeTakeFirst(),
  ]);
  const totalXP = totals?.total_xp ?? 0;
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    profileImageUrl: user.profileImageUrl,
    schoolName: account?.school_name ?? null,
    totalXP,
    level: levelForXp(totalXP),
    streakDays: totals?.streak_days ?? 0,
    lastActiveDate: totals?.last_active_at
      ? new Date(totals.last_active_at).toISOString()
      : dayToTimestamp(totals?.last_active_date ?? null),
    characterThreshold: user.characterThreshold,
    roles: user.roles,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
