/**
 * A class's weekly league as a viewer sees it: the members ranked by the XP they earned since Monday
 * 00:00 in Hong Kong; the class's teacher sees full names (and the usernames of members who share a
 * name), everyone else league names (and a namesake tag, `tellNamesakesApart`).
 */
import type { ClassLeague } from '@wenyan/contracts';
import {
  hongKongWeekStart,
  type LeagueMember,
  leagueName,
  leagueStandings,
  nextHongKongWeekStart,
  teacherLeagueName,
  tellNamesakesApart,
} from '@wenyan/domain';
import { type ClassRecord, type Db, leagueMembers, weeklyXp } from '@wenyan/store';
import { readFairPlay } from '../../learner/fair-play.ts';

interface Viewer {
  id: string;
  roles: readonly string[];
}

/** The members and this week's XP of some classes, read in two queries (the hub reads many at once). */
export async function readLeagueFigures(
  db: Db,
  classIds: readonly string[],
  now: string,
): Promise<Map<string, LeagueMember[]>> {
  const members = await leagueMembers(db, classIds);
  const userIds = [...new Set(members.map((m) => m.userId))];
  const weekStart = hongKongWeekStart(now);
  const [xp, fairPlay] = await Promise.all([
    weeklyXp(db, userIds, weekStart),
    readFairPlay(db, userIds, now),
  ]);
  const byClass = new Map<string, LeagueMember[]>(classIds.map((id) => [id, []]));
  for (const m of members) {
    byClass.get(m.classId)?.push({
      ...m,
      weeklyXp: xp.get(m.userId) ?? 0,
      flagged: (fairPlay.get(m.userId)?.flags.length ?? 0) > 0,
    });
  }
  return byClass;
}

/** The league of a class for a viewer who may see it, from figures already read. */
export function leagueView(
  found: ClassRecord,
  members: readonly LeagueMember[],
  viewer: Viewer,
  now: string,
): ClassLeague {
  const byId = new Map(members.map((m) => [m.userId, m]));
  const fullNames = found.teacherId === viewer.id;
  // Flagged learners are not in the standings (leagueStandings): they wait for review.
  const standings = leagueStandings(members);
  // Two members may show the same name: the teacher sees their usernames, everyone else a tag.
  const names = tellNamesakesApart(
    standings.map((s, i) => {
      const member = byId.get(s.userId)!;
      return {
        id: s.userId,
        name: (fullNames && teacherLeagueName(member)) || leagueName(member, i + 1),
        username: fullNames ? member.username : null,
      };
    }),
  );
  return {
    classId: found.id,
    className: found.name,
    weekStart: hongKongWeekStart(now),
    resetsAt: nextHongKongWeekStart(now),
    entries: standings.map((s, i) => ({
      rank: s.rank,
      name: names[i]!,
      weeklyXp: s.weeklyXp,
      isMe: s.userId === viewer.id,
    })),
  };
}

/** May the viewer see the class's league: its teacher, an admin, or a member. */
export function mayViewLeague(found: ClassRecord, members: readonly LeagueMember[], viewer: Viewer): boolean {
  return (
    found.teacherId === viewer.id ||
    viewer.roles.includes('admin') ||
    members.some((m) => m.userId === viewer.id)
  );
}

/** The class's league for the viewer, or null when they may not see it. */
export async function readClassLeague(
  db: Db,
  found: ClassRecord,
  viewer: Viewer,
  now: string,
): Promise<ClassLeague | null> {
  const members = (await readLeagueFigures(db, [found.id], now)).get(found.id) ?? [];
  if (!mayViewLeague(found, members, viewer)) return null;
  return leagueView(found, members, viewer, now);
}
