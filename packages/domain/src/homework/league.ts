/**
 * Class leagues: XP earned in the current Hong Kong week (Monday 00:00 to the next Monday 00:00,
 * UTC+8 all year), ranked within the class, and the name a learner shows in a league.
 */
import { isChineseName, personName } from '../profile/profile.ts';
import { HONG_KONG_UTC_OFFSET_MS, toEpochMs } from '../time/hong-kong.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instant the Hong Kong week of `instant` began: its Monday 00:00 in Hong Kong, as UTC ISO.
 *
 * @example hongKongWeekStart('2026-11-22T16:00:00Z') // '2026-11-22T16:00:00.000Z' (Mon 23 Nov 00:00 HK)
 */
export function hongKongWeekStart(instant: string | number): string {
  const local = toEpochMs(instant) + HONG_KONG_UTC_OFFSET_MS;
  const midnight = local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
  // getUTCDay of the local midnight: 0 Sunday … 6 Saturday; Monday starts the week.
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS - HONG_KONG_UTC_OFFSET_MS).toISOString();
}

/** The instant the next Hong Kong week begins (when the league resets). */
export function nextHongKongWeekStart(instant: string | number): string {
  return new Date(toEpochMs(hongKongWeekStart(instant)) + 7 * DAY_MS).toISOString();
}

export interface LeagueMember {
  readonly userId: string;
  readonly weeklyXp: number;
  /** The learner's real name and leaderboard nickname, as the account holds them. */
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly nickname: string | null;
  /** The sign-in name: only the class's teacher is shown it, beside a name two members share. */
  readonly username?: string | null;
  /** Flagged this week for answers beyond the pace (pace/pace.ts): off the league until reviewed. */
  readonly flagged?: boolean;
}

/**
 * The name a learner shows in a league to someone who is not the class's teacher: their leaderboard
 * nickname when they chose one, else their given name and the first character of their family name in
 * the name's own order (「陳志明」, 「Chi Ming C.」), else 「同學」 and their place in the class. Never the
 * username.
 */
export function leagueName(member: LeagueMember, place: number): string {
  const nickname = member.nickname?.trim();
  if (nickname) return nickname;
  const first = member.firstName?.trim();
  const last = member.lastName?.trim();
  if (!first) return `同學 ${place}`;
  if (!last) return first;
  const initial = [...last][0]!;
  return isChineseName(member) ? `${initial}${first}` : `${first} ${initial}.`;
}

/** The name the class's teacher sees: the full name (`personName`), or null when the account has none. */
export function teacherLeagueName(member: LeagueMember): string | null {
  return personName(member) || null;
}

export interface LeagueStanding {
  readonly userId: string;
  readonly rank: number;
  readonly weeklyXp: number;
}

/**
 * The league's order: most XP this week first, ties share a rank and are listed by user id. A learner
 * flagged for answers beyond the pace waits for review off the league (issue 37).
 */
export function leagueStandings(members: readonly LeagueMember[]): LeagueStanding[] {
  const sorted = members
    .filter((m) => m.flagged !== true)
    .sort(
      (a, b) =>
        b.weeklyXp - a.weeklyXp || Number(a.userId) - Number(b.userId) || a.userId.localeCompare(b.userId),
    );
  let rank = 0;
  let previous: number | null = null;
  return sorted.map((m, i) => {
    if (m.weeklyXp !== previous) rank = i + 1;
    previous = m.weeklyXp;
    return { userId: m.userId, rank, weeklyXp: m.weeklyXp };
  });
}
